#!/usr/bin/env python3
"""Compiles unroll13.cu to PTX with nvcc (sm_90) and prints, per kernel, whether its loop
was unrolled in full (no backward branch left) and the PTX instruction count.
usage: unroll13.py [--nvcc PATH]   (writes nothing; compare with results/unroll13.txt)"""
import argparse, os, re, subprocess, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ap = argparse.ArgumentParser()
ap.add_argument("--nvcc", default="/usr/local/cuda/bin/nvcc")
args = ap.parse_args()
with tempfile.TemporaryDirectory() as d:
    ptx = os.path.join(d, "u.ptx")
    subprocess.run([args.nvcc, "-arch=sm_90", "-ptx", "-o", ptx,
                    os.path.join(HERE, "unroll13.cu")], check=True)
    text = open(ptx).read()
for m in re.finditer(r"\.entry (\w+)\((.*?)\n\}", text, re.S):
    name = re.sub(r"^_Z\d+", "", m.group(1)).split("P")[0]
    body = m.group(2)
    labels = {}
    lines = body.split("\n")
    for n, l in enumerate(lines):
        lm = re.match(r"^(\$L__BB\w+):", l)
        if lm:
            labels[lm.group(1)] = n
    backward = any(re.search(r"bra(\.uni)?\s+(\$L__BB\w+);", l) and
                   labels.get(re.search(r"(\$L__BB\w+);", l).group(1), n + 1) < n
                   for n, l in enumerate(lines))
    insts = sum(1 for l in lines if l.strip().endswith(";") and not l.strip().startswith("."))
    print("%-6s %-13s %d PTX instructions" % (name, "loop" if backward else "unrolled", insts))
