#!/bin/bash
# Records cudaOccupancyMaxActiveBlocksPerMultiprocessor for the launches of
# warplint-launch-occupancy's tests and compares with predictions.csv. Needs nvcc and a GPU.
# Usage: validation/host-checks/pending/occupancy/run.sh [outdir]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/results}
mkdir -p "$out"
nvcc -O3 -arch=sm_90 -o "$out/occupancy" "$here/occupancy.cu"
"$out/occupancy" | tee "$out/measured.csv"
python3 "$here/compare.py" "$here/predictions.csv" "$out/measured.csv" | tee "$out/compare.txt"
rm -f "$out/occupancy"
