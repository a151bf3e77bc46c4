#!/bin/bash
# Builds and runs the host-check measurements; the CSV goes to stdout and to
# results/<gpu>.csv. Needs nvcc and a GPU.  Usage: validation/host-checks/run.sh [outdir]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/results}
mkdir -p "$out"
nvcc -O3 -arch=sm_90 -o "$out/host_checks" "$here/host_checks.cu"
"$out/host_checks" | tee "$out/host-checks.csv"
