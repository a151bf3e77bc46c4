#!/usr/bin/env bash
# Builds the validation suite and measures it on the GPU of this machine.
#
#   validation/run_on_gpu.sh [output dir]      (default: validation/results/new)
#
# Needs nvcc (CUDA 12.4 or newer), Nsight Compute (ncu) and a GPU. Binaries in
# validation/bin are reused when present (they can be built on a machine
# without a GPU with `validation/run_on_gpu.sh --build-only`). Writes:
#   ncu_patterns.csv  ncu's raw counters, one row per pattern kernel
#   occupancy.csv     cudaOccupancyMaxActiveBlocksPerMultiprocessor per config
#   device.csv        cudaGetDeviceProperties fields a hardware model needs
#   sass_summary.txt  the memory instructions of every pattern kernel
#   env.txt           GPU, driver, nvcc and ncu versions
# Counters are read with --clock-control none (leave the card's clocks alone).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ARCH=${ARCH:-sm_90}
NVCC=${NVCC:-nvcc}
command -v "$NVCC" >/dev/null || NVCC=/usr/local/cuda/bin/nvcc
BIN=$HERE/bin
mkdir -p "$BIN"

build() {
  python3 "$HERE/suite/gen_suite.py" "$HERE/suite" "$BIN/patterns.cu"
  "$NVCC" -O3 -arch=$ARCH -cudart static -o "$BIN/patterns" "$BIN/patterns.cu"
  for N in 16 24 32 40 48 56 64 72 80 96 128 168 200 255; do
    "$NVCC" -O3 -arch=$ARCH -maxrregcount=$N -DREGS=$N -Xptxas -v \
      -c "$HERE/suite/occupancy_kernels.cu" -o "$BIN/occ_r$N.o" \
      2>"$BIN/ptxas_r$N.txt" &
  done
  wait
  "$NVCC" -O3 -arch=$ARCH -cudart static -o "$BIN/occupancy" \
    "$HERE/suite/occupancy_main.cu" "$BIN"/occ_r*.o
}

if [[ "${1:-}" == "--build-only" ]]; then
  build
  exit 0
fi
[[ -x "$BIN/patterns" && -x "$BIN/occupancy" ]] || build

OUTDIR=${1:-$HERE/results/new}
mkdir -p "$OUTDIR"
NCU=${NCU:-ncu}
command -v "$NCU" >/dev/null || NCU=$(ls -d /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda/bin/ncu 2>/dev/null | head -1)

{
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv
  "$NVCC" --version | tail -2
  "$NCU" --version | tail -1
} >"$OUTDIR/env.txt" 2>&1 || true

# 1. Plain run: every pattern kernel launches and finishes without error.
"$BIN/patterns"

# 2. Occupancy API over all configurations, plus device properties.
"$BIN/occupancy" "$OUTDIR"

# 3. SASS of the pattern kernels: one memory instruction of each kind.
if command -v cuobjdump >/dev/null; then
  cuobjdump -sass "$BIN/patterns" |
    grep -E 'Function :|LDG|STG|LDS|STS|\bLD\.|\bST\.' >"$OUTDIR/sass_summary.txt" || true
fi

# 4. Hardware counters. Keep only the metrics this ncu knows on this chip.
WANT="l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum
l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
l1tex__t_requests_pipe_lsu_mem_global_op_st.sum
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
smsp__sass_inst_executed_op_shared_ld.sum
smsp__sass_inst_executed_op_shared_st.sum
smsp__sass_inst_executed_op_global_ld.sum
smsp__sass_inst_executed_op_global_st.sum
l1tex__t_requests_pipe_lsu_mem_global_op_ld.max
smsp__sass_thread_inst_executed_op_global_ld.sum
smsp__sass_thread_inst_executed_op_shared_ld.sum"
"$NCU" --query-metrics >"$OUTDIR/ncu_metrics_available.txt" 2>&1 || true
METRICS=""
for M in $WANT; do
  if grep -q "^${M%.*}\b" "$OUTDIR/ncu_metrics_available.txt"; then
    METRICS="$METRICS${METRICS:+,}$M"
  else
    echo "ncu does not know $M: skipped" >&2
  fi
done
rm -f "$OUTDIR/ncu_metrics_available.txt"
# If the query's format was not understood, ask for them all.
[[ -n "$METRICS" ]] || METRICS=$(echo $WANT | tr ' ' ',')
"$NCU" --clock-control none --metrics "$METRICS" -f -o "$OUTDIR/patterns" \
  "$BIN/patterns"
"$NCU" --import "$OUTDIR/patterns.ncu-rep" --csv --page raw \
  --print-units base >"$OUTDIR/ncu_patterns.csv"
rm -f "$OUTDIR/patterns.ncu-rep"
echo "done: $(($(wc -l <"$OUTDIR/ncu_patterns.csv") - 2)) pattern rows, $(($(wc -l <"$OUTDIR/occupancy.csv") - 1)) occupancy rows"
