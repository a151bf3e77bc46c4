#!/usr/bin/env python3
"""Compares warplint-local-memory-array's verdict on each kernel with what nvcc did.

Usage: compare_local_verdicts.py <warplint output> <recorded ptxas -v output>
A kernel is in local memory for nvcc when ptxas gives it a stack frame; for warplint when a
warplint-local-memory-array warning names it ("of 'kernel'") or a __device__ helper it
calls (helpers are listed in HELPERS below the warning's function name). Prints one line per
kernel and exits 1 on any disagreement.
"""
import re
import sys

# Functions inlined into a kernel: a finding in one counts for that kernel.
HELPERS = {"pick": "local_via_helper"}


def main():
    findings = set()
    for line in open(sys.argv[1]):
        m = re.search(r"warning: per-thread array '\w+' of '(\w+)'.*\[warplint-local-memory-array\]", line)
        if m:
            findings.add(HELPERS.get(m.group(1), m.group(1)))
    stack, cur = {}, None
    for line in open(sys.argv[2]):
        m = re.search(r"Compiling entry function '(\w+)'", line)
        if m:
            cur = m.group(1)
        m = re.search(r"(\d+) bytes stack frame", line)
        if m and cur:
            stack[cur] = int(m.group(1))
    bad = 0
    for k in sorted(stack):
        nvcc = stack[k] > 0
        ours = k in findings
        ok = nvcc == ours
        bad += not ok
        print("%-28s nvcc: %-9s warplint: %-9s %s" % (k, "local" if nvcc else "registers",
                                                      "local" if ours else "registers",
                                                      "ok" if ok else "MISMATCH"))
    unknown = findings - set(stack)
    for k in sorted(unknown):
        print("%-28s has a finding but no ptxas record: MISMATCH" % k)
    sys.exit(1 if bad or unknown or not stack else 0)


if __name__ == "__main__":
    main()
