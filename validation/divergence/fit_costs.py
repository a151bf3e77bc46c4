#!/usr/bin/env python3
"""Refits warplint-divergent-branch's predication threshold on the issue-13 probes.

Reads results/probes13.sass (cuobjdump -sass of probes13.cu built with nvcc 13.0 -O3
-arch=sm_90, recorded on an H100 by run.sh; results/probes13.csv has the branch counters)
and, per probe kernel, decides from the SASS whether nvcc branched around the
`if (threadIdx.x % 2)` body (a BSSY/BRA pair) or predicated it, and how many SASS
instructions the body is (between the branch and its BSYNC; or the predicated
instructions). Runs warplint-dump --divergence on probes13.cu (hermetic, the stand-in
headers in include/) for warplint's estimate of the same body, and prints per probe:

  kernel  measured(predicated|branched)  sass_body  warplint_cost  unpredicable  verdict

then, for each candidate threshold T, how many probes the rule "branched iff unpredicable
or cost > T" gets right, and the T it keeps (the largest of the best, so that warplint
stays quiet wherever it can). Probes whose body has an unpredicable construct (atomic,
loop, call, division slow path) are judged by that flag, not by T.

usage: fit_costs.py --dump build/bin/warplint-dump
"""
import argparse
import csv
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FALLBACK = os.path.join(ROOT, "lib", "Frontend", "fallback")
ARGS = ["-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_90", "-nocudalib",
        "-nocudainc", "-Wno-unknown-cuda-version", "-isystem", FALLBACK, "-isystem",
        os.path.join(HERE, "include"), "-include", "cuda_runtime.h", "-include",
        os.path.join(HERE, "include", "probe_extras.h")]
INSN = re.compile(r"^\s+/\*[0-9a-f]{4}\*/\s+(.*?)\s*;")


def sass_bodies(path):
    """kernel -> (branched, body instructions)."""
    out, name, insns = {}, None, []

    def close():
        if not name:
            return
        ops = [i for i in insns if not i.startswith("NOP")]
        if any(o.startswith("BSSY") for o in ops):
            start = next(k for k, o in enumerate(ops) if re.match(r"@!?P\d+ BRA", o))
            end = next(k for k, o in enumerate(ops) if o.startswith("BSYNC"))
            out[name] = (True, end - start - 1)
        else:
            out[name] = (False, sum(1 for o in ops if re.match(r"@!?P\d ", o)
                                    and "BRA" not in o and "EXIT" not in o))
    for line in open(path):
        m = re.search(r"Function : _Z\d+(\w+?)P", line)
        if m:
            close()
            name, insns = m.group(1), []
            continue
        m = INSN.match(line)
        if m and name:
            insns.append(m.group(1))
    close()
    return out


def estimates(dump):
    """kernel -> (cost, unpredicable) of the outermost branch of each probe."""
    src = os.path.join(HERE, "probes13.cu")
    r = subprocess.run([dump, "--divergence", src, "--"] + ARGS, capture_output=True,
                       text=True)
    out = {}
    for line in r.stdout.splitlines():
        m = re.search(r": (q_\w+): .* branch if: .* cost=(\d+)(.*)$", line)
        if m and m.group(1) not in out:
            out[m.group(1)] = (int(m.group(2)), "unpredicable" in m.group(3))
    return out


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--dump", required=True)
    args = p.parse_args()
    sass = sass_bodies(os.path.join(HERE, "results", "probes13.sass"))
    est = estimates(args.dump)
    counters = {r["kernel"]: r for r in
                csv.DictReader(open(os.path.join(HERE, "results", "probes13.csv")))}
    rows = []
    for k in counters:
        if k not in sass or k not in est:
            print("%-20s missing (sass: %s, warplint: %s)" % (k, k in sass, k in est))
            continue
        branched, body = sass[k]
        cost, unpred = est[k]
        rows.append((k, branched, body, cost, unpred))
        print("%-20s %-10s sass_body=%-3d warplint_cost=%-3d %s" % (
            k, "branched" if branched else "predicated", body, cost,
            "unpredicable" if unpred else ""))
    best = None
    for t in range(0, 31):
        right = sum(1 for (_, b, _, c, u) in rows if b == (u or c > t))
        if best is None or right >= best[1]:
            best = (t, right) if best is None or right > best[1] or t > best[0] else best
        print("T=%-2d right %d of %d" % (t, right, len(rows)))
    print("kept: PredicationThreshold %d (%d of %d probes right)" % (best[0], best[1],
                                                                     len(rows)))
    wrong = [r[0] for r in rows if r[1] != (r[4] or r[3] > best[0])]
    print("wrong at the kept threshold: %s" % (", ".join(wrong) or "none"))


if __name__ == "__main__":
    sys.exit(main())
