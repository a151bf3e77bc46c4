#!/usr/bin/env python3
"""Writes predictions.csv from warplint-dump --occupancy on occupancy.cu (the launches of
predictedLaunches(), each named by its '// case:' comment).
Usage: make_predictions.py WARPLINT_DUMP [FALLBACK_INCLUDE_DIR] > predictions.csv"""
import os
import re
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
src = os.path.join(here, "occupancy.cu")
dump = sys.argv[1]
inc = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "../../../../lib/Frontend/fallback")
args = ["-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_90", "-nocudalib", "-nocudainc",
        "-Wno-unknown-cuda-version", "-isystem", inc, "-include", "cuda_runtime.h"]
out = subprocess.run([dump, "--occupancy", src, "--"] + args, capture_output=True, text=True).stdout  # main() needs the real toolkit; the launches parse with the fallback
cases = {}
for n, line in enumerate(open(src), 1):
    m = re.search(r"// case: (\S+)", line)
    if m:
        cases[n] = m.group(1)
print("case,kernel,block,dynamic_shared,registers,static_shared,active_blocks,limiter,occupancy")
pat = re.compile(r"^occupancy\.cu:(\d+): (\w+) on \S+: block (\d+), (\d+) registers.*?, (\d+) B static \+ "
                 r"(\d+) B dynamic shared: (\d+) blocks/SM, limited by ([A-Za-z ]+?) \(.*?threads \(([\d.]+)%\)")
for line in out.splitlines():
    m = pat.match(line)
    if m and int(m.group(1)) in cases:
        ln, k, b, r, st, dy, ab, lim, occ = m.groups()
        print(f"{cases[int(ln)]},{k},{b},{dy},{r},{st},{ab},{lim},{float(occ) / 100:.4f}")
