#!/usr/bin/env python3
"""warplint-divergent-branch's verdicts against the H200 measurements.

For each test file in results/ (FILE.csv: Nsight Compute's branch counters per kernel,
recorded with run.sh + summarize.py), runs warplint with the default options on the same
source (hermetic: the bundled CUDA declarations, no toolkit, no GPU), assigns each
warplint-divergent-branch finding to the kernel that contains it, and prints per kernel:

  kernel, measured divergent targets / branch targets, measured verdict, warplint, agree?

A kernel counts as divergent in hardware when at least 1% of its executed branch targets
were divergent (smsp__sass_branch_targets_threads_divergent / smsp__sass_branch_targets):
good_atomicQueue's single divergent target among 536, the warp that crosses the queue's
capacity, is a tail, not a divergent kernel. Disagreements must be listed, with the
reason, in explained.txt.

usage: compare.py --warplint build/bin/warplint [--check] [--model uniformity]

--model uniformity runs warplint-divergent-branch with its uniformity model (issue 35) instead
of the default one; without --check it only prints the comparison.
"""
import argparse
import csv
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SOURCES = {
    "divergent-branch": os.path.join(ROOT, "test", "checks", "divergent-branch.cu"),
    "divergent-branch-options": os.path.join(ROOT, "test", "checks",
                                             "divergent-branch-options.cu"),
    "probes": os.path.join(HERE, "probes.cu"),
    # Issue 13 (H100, nvcc 13.0; the stand-in cuda_fp16.h and the two builtins the
    # bundled header lacks come from include/).
    "shapes13": os.path.join(HERE, "shapes13.cu"),
    "probes13": os.path.join(HERE, "probes13.cu"),
    # The issue-13 lit test's kernels, measured in the second batch (record_gpu_batch2.sh).
    "divergent-branch-shapes": os.path.join(ROOT, "test", "checks",
                                            "divergent-branch-shapes.cu"),
    # Issue 13's second round (H100, nvcc 13.0, session 4).
    "divergent-branch-precision": os.path.join(ROOT, "test", "checks",
                                               "divergent-branch-precision.cu"),
    # Issue 13's tenth round (H100, nvcc 13.0, session 12): the shapes the sample read as
    # real but cheap, each beside a costly variant.
    "cheap10": os.path.join(HERE, "cheap10.cu"),
    # Issue 13's eleventh round (H100, nvcc 13.0, session 13): the last tile reached
    # through a helper's parameter, and a helper's geometric loop on a lane-varying
    # argument.
    "tile11": os.path.join(HERE, "tile11.cu"),
    # The same round: loads at warp-uniform addresses, warp-strided loops.
    "warp11": os.path.join(HERE, "warp11.cu"),
    # The same round: loops left by a break at an index's bound.
    "break11": os.path.join(HERE, "break11.cu"),
}
INCLUDE = os.path.join(HERE, "include")
EXTRA = {
    "shapes13": ["-isystem", INCLUDE],
    "divergent-branch-shapes": ["-isystem", INCLUDE],
    "probes13": ["-isystem", INCLUDE, "-include",
                 os.path.join(INCLUDE, "probe_extras.h")],
}


def kernel_lines(path):
    """(first line, name) of every __global__ definition, in order."""
    spans = []
    for n, line in enumerate(open(path), 1):
        m = (re.search(r"__global__\s+void\s+(\w+)\s*\(", line) or
             re.match(r"PROBE\((\w+),", line))  # probes13.cu's kernel macro
        if m:
            spans.append((n, m.group(1)))
    return spans


def findings(warplint, path, extra=(), model=None):
    cmd = [warplint, "--cuda-path=none", "--format=json", "--quiet",
           "-checks=-*,warplint-divergent-branch", path]
    if model:
        cmd.append("--config={CheckOptions: {warplint-divergent-branch.Model: %s}}" % model)
    if extra:
        cmd += ["--"] + list(extra)
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode not in (0, 1):
        sys.exit("warplint failed on %s:\n%s" % (path, r.stderr))
    data = json.loads(r.stdout)
    items = data["findings"] if isinstance(data, dict) else data
    out = []
    for f in items:
        via = [re.search(r"called from kernel '(\w+)'", n["message"]) for n in f["notes"]]
        via = [m.group(1) for m in via if m]
        out.append((f["line"], via[0] if via else None))
    return out


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--warplint", required=True)
    p.add_argument("--check", action="store_true")
    p.add_argument("--model", default=None)
    args = p.parse_args()
    explained = {}
    for line in open(os.path.join(HERE, "explained.txt")):
        if line.strip() and not line.startswith("#"):
            f, k, why = line.split(" ", 2)
            explained[(f, k)] = why.strip()
    rows, bad, used = 0, [], set()
    agree = 0
    for name, src in SOURCES.items():
        spans = kernel_lines(src)
        lines = findings(args.warplint, src, EXTRA.get(name, ()), args.model)
        reported = set()
        for ln, via in lines:
            owner = [k for (start, k) in spans if start <= ln]
            if via:
                reported.add(via)
            elif owner:
                reported.add(owner[-1])
        for r in csv.DictReader(open(os.path.join(HERE, "results", name + ".csv"))):
            kernel = r["kernel"].split("<")[0]
            targets, div = int(r["branch_targets"]), int(r["divergent_targets"])
            measured = targets > 0 and div / targets >= 0.01
            predicted = kernel in reported
            ok = measured == predicted
            key = (os.path.basename(src), kernel)
            note = ""
            if not ok:
                if key in explained:
                    note = "explained: " + explained[key]
                    used.add(key)
                else:
                    bad.append(key)
                    note = "UNEXPLAINED"
            else:
                agree += 1
                if key in explained:
                    bad.append(key)
                    note = "listed in explained.txt but agrees now"
            rows += 1
            print("%-26s %-24s %5d/%-6d %-9s %-9s %s %s" % (
                name, r["kernel"], div, targets, "divergent" if measured else "uniform",
                "reported" if predicted else "quiet", "yes" if ok else "NO", note))
    print("%d kernels: %d agree, %d explained, %d unexplained" %
          (rows, agree, len(used), len(bad)))
    if args.check and bad:
        print("FAIL: %s" % ", ".join("%s %s" % k for k in bad))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
