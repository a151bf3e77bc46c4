#!/usr/bin/env bash
# On the GPU machine: runs `warplint --confirm` on the probe, the project's
# hardware validation programs and public programs, keeping every ncu export
# (the replays CI runs come from here) and the JSON reports.
#   validation/confirm/run_on_gpu.sh WARPLINT OUTDIR [CORPUS]
# CORPUS holds cuda-samples/ and gpu-rodinia/ checkouts (fetched, never
# committed); without it only the repository's own programs run. PARTS
# (default "own public errors") selects what runs; each program gets
# RUN_TIMEOUT seconds (default 240).
set -uo pipefail
WL=$(realpath "${1:?warplint binary}")
O=$(realpath -m "${2:?output dir}")
CORPUS=${3:+$(realpath "$3")}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$O"
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  nvcc --version | tail -1; ncu --version | tail -1; } >"$O/env.txt" 2>&1
PARTS=${PARTS:-own public errors}
want() { [[ " $PARTS " == *" $1 "* ]]; }
run() { # name, then warplint arguments
  local name=$1; shift
  local t0=$(date +%s)
  timeout "${RUN_TIMEOUT:-240}" "$WL" --confirm --confirm-dir "$O/$name" --format=json -o "$O/$name.json" "$@" \
    >"$O/$name.log" 2>&1
  local rc=$?
  echo "$name: rc=$rc $(( $(date +%s) - t0 )) s" | tee -a "$O/summary.txt"
  rm -f "$O/$name/program" "$O/$name/report.ncu-rep"
}
if want own; then
# 1. The probe: one kernel per finding kind (warplint builds it).
(cd "$ROOT/validation/confirm/probe" && run probe probe.cu -- -I.)
# 2. The memory-check validation suite (its own main, many launches).
MK=$ROOT/validation/memory-checks/kernels
(cd "$MK" && run memchecks --confirm-launches 400 \
  --confirm-build "nvcc -O3 -std=c++17 -arch=sm_90 -lineinfo -o /tmp/memchecks $MK/*.cu" \
  --confirm-run /tmp/memchecks $MK/*.cu -- -std=c++17 -I"$MK")
# 3. The divergence validation files, through their harness.
for t in divergent-branch divergent-branch-shapes; do
  f=$ROOT/test/checks/$t.cu
  (cd "$ROOT" && run "div-$t" --confirm-launches 400 \
    --confirm-build "nvcc -O3 -arch=sm_90 -lineinfo -DTEST_FILE='\"$f\"' -o /tmp/$t $ROOT/validation/divergence/harness.cu" \
    --confirm-run /tmp/$t "$f" --)
done
fi
if want public && [[ -n "$CORPUS" ]]; then
  CS=$CORPUS/cuda-samples
  if [[ -z "${ONLY:-}" || "$ONLY" == cs ]]; then
  T=$CS/Samples/6_Performance/transpose
  (cd "$T" && run cs-transpose --confirm-all-kernels --confirm-first-launch --confirm-launches 400 \
    --confirm-build "nvcc -O3 -arch=sm_90 -lineinfo -I$CS/Common -o /tmp/transpose $T/transpose.cu" \
    --confirm-run "/tmp/transpose" "$T/transpose.cu" -- -I"$CS/Common")
  R=$CS/Samples/2_Concepts_and_Techniques/reduction
  (cd "$R" && run cs-reduction --confirm-all-kernels --confirm-first-launch --confirm-launches 400 \
    --confirm-build "nvcc -O3 -arch=sm_90 -lineinfo -I$CS/Common -o /tmp/reduction $R/reduction.cpp $R/reduction_kernel.cu" \
    --confirm-run "/tmp/reduction" "$R/reduction_kernel.cu" -- -I"$CS/Common")
  fi
  N=$CORPUS/gpu-rodinia/cuda/nw
  (cd "$N" && run rodinia-nw --confirm-first-launch --confirm-launches 400 \
    --confirm-build "nvcc -O3 -arch=sm_90 -lineinfo -o /tmp/needle $N/needle.cu" \
    --confirm-run "/tmp/needle 2048 10" "$N/needle.cu" --)
  B=$CORPUS/gpu-rodinia/cuda/backprop
  (cd "$B" && run rodinia-backprop --confirm-launches 400 \
    --confirm-build "nvcc -O3 -arch=sm_90 -lineinfo -DcudaThreadSynchronize=cudaDeviceSynchronize -o /tmp/backprop $B/backprop_cuda.cu $B/backprop.c $B/facetrain.c $B/imagenet.c" \
    --confirm-run "/tmp/backprop 65536" "$B/backprop_cuda.cu" --)
fi
# 4. Error paths: no lineinfo, a failing program, no ncu.
want errors && (cd "$ROOT/validation/confirm/probe" && nvcc -O3 -arch=sm_90 -o /tmp/noline probe.cu &&
  "$WL" --confirm --confirm-run /tmp/noline probe.cu -- -I. >"$O/err-noline.log" 2>&1; echo "noline rc=$?" >>"$O/summary.txt"
  "$WL" --confirm --confirm-run /bin/false probe.cu -- -I. >"$O/err-false.log" 2>&1; echo "false rc=$?" >>"$O/summary.txt"
  "$WL" --confirm --ncu /nonexistent/ncu probe.cu -- -I. >"$O/err-noncu.log" 2>&1; echo "noncu rc=$?" >>"$O/summary.txt"
  CUDA_VISIBLE_DEVICES=-1 "$WL" --confirm probe.cu -- -I. >"$O/err-nogpu.log" 2>&1; echo "nogpu rc=$?" >>"$O/summary.txt")
cat "$O/summary.txt"
