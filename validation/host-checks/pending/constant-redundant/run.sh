#!/bin/bash
# Builds and runs kernels.cu on the GPU; the CSV goes to stdout and OUTDIR/constant-redundant.csv,
# then compare.py checks it against predictions.csv. Usage: run.sh [OUTDIR]   (needs nvcc, sm_90)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/results}
mkdir -p "$out"
nvcc -O3 -arch=sm_90 -std=c++17 --extended-lambda -o "$out/constant_redundant" "$here/kernels.cu"
"$out/constant_redundant" | tee "$out/constant-redundant.csv"
cuobjdump -sass "$out/constant_redundant" > "$out/constant_redundant_sm90.sass" || true
python3 "$here/compare.py" "$here/predictions.csv" "$out/constant-redundant.csv" | tee "$out/compare.txt"
