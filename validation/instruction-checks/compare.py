#!/usr/bin/env python3
"""Replays warplint's instruction checks against what nvcc really emitted.

Every kernel in kernels/*.cu carries a marker on its first line that states the check's
verdict: '@fp64 finding|clean|intended' (warplint-double-precision), '@slow finding|clean'
(warplint-slow-math-function), '@div finding|clean' (warplint-integer-division), '@loop
finding|clean' (warplint-unsigned-loop-counter). manifest.csv joins the markers with the SASS
of each kernel (results/sm90-sass: nvcc 13.0 -O3 -arch=sm_90, cuobjdump -sass, counted by
scripts/count_sass.py): instructions and FP64 instructions.

This script runs warplint over the kernels (hermetic: the bundled CUDA declarations, no GPU)
and, per kernel, checks that
  * warplint reports a finding of the file's check exactly where the marker says 'finding';
  * for warplint-double-precision, the verdict agrees with the SASS: a finding has FP64
    instructions, a clean kernel has none, an 'intended' (double data) kernel has FP64 and
    no finding.
Exit status 1 on any disagreement.

  compare.py --warplint build/bin/warplint            # check (what the lit test runs)
  compare.py --write-manifest                         # rebuild manifest.csv from markers + counts
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
FILES = {
    "double_precision.cu": ("fp64", "warplint-double-precision"),
    "slow_math.cu": ("slow", "warplint-slow-math-function"),
    "integer_division.cu": ("div", "warplint-integer-division"),
    "loop_counter.cu": ("loop", "warplint-unsigned-loop-counter"),
}
KERNEL = re.compile(r"(?:__global__ void\s+|^K\()(\w+)")


def kernels(path, tag):
    """(name, first line, last line, verdict) per kernel, in file order."""
    lines = open(path).read().split("\n")
    out = []
    for n, line in enumerate(lines, 1):
        m = re.search(r"// @%s (\w+)" % tag, line)
        if not m:
            continue
        k = KERNEL.search(line)
        if not k:
            sys.exit("%s:%d: marker without a kernel" % (path, n))
        end = n
        if not line.startswith("K("):
            while end < len(lines) and not lines[end - 1].startswith("}"):
                end += 1
        out.append((k.group(1), n, end, m.group(1)))
    return out


def owner(ks, line):
    """The kernel a finding at this line belongs to: helpers above a kernel belong to it."""
    for name, first, last, _ in ks:
        if line <= last:
            return name
    return None


def write_manifest():
    counts = {}
    with open(os.path.join(HERE, "results", "sm90-sass", "counts.csv")) as f:
        for r in csv.DictReader(f):
            counts[(r["file"], r["kernel"])] = r
    rows = []
    for fname, (tag, check) in FILES.items():
        stem = fname[:-3]
        for name, first, _, verdict in kernels(os.path.join(HERE, "kernels", fname), tag):
            c = counts.get((stem, name))
            if not c:  # template kernels are mangled: _Z12div_templateILi64E...
                c = next((v for (fs, k), v in counts.items()
                          if fs == stem and re.match(r"_Z\d+%s" % name, k)), None)
            if not c:
                sys.exit("no SASS for %s %s" % (stem, name))
            rows.append([fname, name, first, check, verdict, c["instructions"], c["fp64"],
                         c["fp64_opcodes"]])
    with open(os.path.join(HERE, "manifest.csv"), "w") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["file", "kernel", "line", "check", "verdict", "sass_instructions",
                    "sass_fp64", "fp64_opcodes"])
        w.writerows(rows)
    print("wrote %d rows" % len(rows))


def run_warplint(args, path, check):
    mock = os.path.join(ROOT, "lib", "Frontend", "fallback")
    cmd = [args.warplint, "--quiet", "--format=json", "-checks=-*," + check, path, "--",
           "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_90", "-nocudalib",
           "-nocudainc", "-Wno-unknown-cuda-version", "-isystem", mock, "-include",
           "cuda_runtime.h"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode not in (0, 1):
        sys.exit("warplint failed on %s:\n%s%s" % (path, r.stdout, r.stderr))
    return json.loads(r.stdout)["findings"]


def check(args):
    manifest = {}
    with open(os.path.join(HERE, "manifest.csv")) as f:
        for r in csv.DictReader(f):
            manifest[(r["file"], r["kernel"])] = r
    total = agree = 0
    failures = []
    for fname, (tag, check_id) in FILES.items():
        path = os.path.join(HERE, "kernels", fname)
        ks = kernels(path, tag)
        found = {}
        for f in run_warplint(args, path, check_id):
            name = owner(ks, f["line"])
            found.setdefault(name, []).append(f)
        for name, first, _, verdict in ks:
            total += 1
            row = manifest.get((fname, name))
            if not row:
                failures.append("%s %s: not in manifest.csv" % (fname, name))
                continue
            reported = bool(found.get(name))
            fp64 = int(row["sass_fp64"])
            problems = []
            if row["verdict"] != verdict:
                problems.append("marker '%s' but manifest '%s'" % (verdict, row["verdict"]))
            if reported != (verdict == "finding"):
                problems.append("warplint %s, marker '%s'" %
                                ("reports it" if reported else "is silent", verdict))
            if tag == "fp64":
                if verdict in ("finding", "intended") and fp64 == 0:
                    problems.append("no FP64 in the SASS")
                if verdict == "clean" and fp64 != 0:
                    problems.append("%d FP64 instructions in the SASS" % fp64)
            line = "%-18s %-28s %-9s warplint:%-6s sass: %4s instructions, %3d fp64" % (
                fname[:-3], name, verdict, "report" if reported else "-",
                row["sass_instructions"], fp64)
            if problems:
                failures.append("%s  FAIL: %s" % (line, "; ".join(problems)))
            else:
                agree += 1
            if not args.summary_only:
                print(line + ("  FAIL: " + "; ".join(problems) if problems else ""))
    print("%d kernels: %d agree, %d differ" % (total, agree, total - agree))
    for f in failures:
        print("FAIL: " + f)
    return 1 if failures else 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--warplint", default=os.path.join(ROOT, "build", "bin", "warplint"))
    p.add_argument("--write-manifest", action="store_true")
    p.add_argument("--summary-only", action="store_true")
    args = p.parse_args()
    if args.write_manifest:
        write_manifest()
        return 0
    return check(args)


if __name__ == "__main__":
    sys.exit(main())
