#!/usr/bin/env bash
# On the GPU machine: builds the harness for each test file, dumps SASS, and profiles every
# kernel with Nsight Compute. Writes to $OUT (or ./out): <name>.sass, <name>.ncu.csv.
# Usage: validation/divergence/run.sh test/checks/divergent-branch.cu [...]
set -u
out=${OUT:-out}; mkdir -p "$out"
here=$(cd "$(dirname "$0")" && pwd)
metrics=gpu__time_duration.sum,smsp__sass_branch_targets.sum,smsp__sass_branch_targets_threads_divergent.sum,smsp__thread_inst_executed_per_inst_executed.ratio,smsp__sass_inst_executed.sum
for t in "$@"; do
  name=$(basename "$t" .cu)
  nvcc -O3 -arch=sm_90 -DTEST_FILE="\"$(realpath "$t")\"" -o "/tmp/$name" "$here/harness.cu" 2>&1 | tail -5
  cuobjdump -sass "/tmp/$name" > "$out/$name.sass"
  timeout 300 ncu --clock-control none --metrics "$metrics" --csv "/tmp/$name" > "$out/$name.ncu.csv" 2> "$out/$name.ncu.err"
  echo "$name: ncu rc=$? rows=$(wc -l < "$out/$name.ncu.csv")"
done
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
ncu --version | tail -1
