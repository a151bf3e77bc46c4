#!/usr/bin/env bash
# Builds the memory-check validation kernels and measures them on this
# machine's GPU with Nsight Compute.
#
#   validation/memory-checks/run_on_gpu.sh [--build-only] [output dir]
#
# Default output dir: validation/memory-checks/results/new. Needs nvcc (CUDA
# 12.4+; measured with 13.0), ncu, cuobjdump/nvdisasm and a GPU; the binary in
# bin/ is reused when present (build it without a GPU with --build-only).
# Writes into the output dir:
#   env.txt            GPU, driver, nvcc and ncu versions, clocks
#   launches.csv       one row per launch: n,label,kernel,grid,block,smem
#   run.txt            the plain run's output (result checks included)
#   ncu_raw.csv        ncu's per-launch counters (--page raw), one row a launch
#   sass_lineinfo.txt  nvdisasm of every kernel with CUDA source lines
#   ncu_source.csv     per-SASS-instruction source counters (ncu source page)
#   ncu_instanced.csv  the same per instruction with file:line (ncu_report)
# then scripts/analyze.py joins them with manifest.csv into results tables.
# Counters are read with --clock-control none: the card's clocks are left as
# they are.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ARCH=${ARCH:-sm_90}
NVCC=${NVCC:-nvcc}
command -v "$NVCC" >/dev/null || NVCC=/usr/local/cuda/bin/nvcc
BIN=$HERE/bin
mkdir -p "$BIN"

build() {
  "$NVCC" -O3 -std=c++17 -arch=$ARCH -lineinfo -cudart static \
    -o "$BIN/memchecks" "$HERE"/kernels/*.cu
}

if [[ "${1:-}" == "--build-only" ]]; then
  build
  exit $?
fi
[[ -x "$BIN/memchecks" ]] || build || exit 1

OUTDIR=${1:-$HERE/results/new}
mkdir -p "$OUTDIR"
NCU=${NCU:-ncu}
command -v "$NCU" >/dev/null || NCU=$(ls -d /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda/bin/ncu 2>/dev/null | head -1)
CUDABIN=$(dirname "$(command -v "$NVCC")")

{
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv
  "$NVCC" --version | tail -2
  "$NCU" --version | tail -1
} >"$OUTDIR/env.txt" 2>&1

# 1. Plain run: every launch succeeds; the launch order and the result checks.
"$BIN/memchecks" >"$OUTDIR/run.txt" 2>&1 || { cat "$OUTDIR/run.txt"; exit 1; }
{ echo "n,label,kernel,gx,gy,gz,bx,by,bz,smem"
  grep '^launch,' "$OUTDIR/run.txt" | cut -d, -f2-; } >"$OUTDIR/launches.csv"
grep '^check,' "$OUTDIR/run.txt"

# 2. SASS with source lines (which instruction each access became).
TMP=$(mktemp -d)
(cd "$TMP" && "$CUDABIN/cuobjdump" -xelf all "$BIN/memchecks" >/dev/null 2>&1)
for f in "$TMP"/*.cubin; do
  "$CUDABIN/nvdisasm" -g -c "$f"
done >"$OUTDIR/sass_lineinfo.txt" 2>&1
rm -rf "$TMP"

# 3. Per-launch counters (the metrics the first validation suite used).
METRICS=l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,\
l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,\
l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,\
l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,\
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,\
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,\
l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,\
l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,\
smsp__sass_inst_executed_op_shared_ld.sum,\
smsp__sass_inst_executed_op_shared_st.sum,\
smsp__sass_inst_executed_op_global_ld.sum,\
smsp__sass_inst_executed_op_global_st.sum,\
l1tex__t_requests_pipe_lsu_mem_shared_op_ld.sum,\
l1tex__t_requests_pipe_lsu_mem_shared_op_st.sum
"$NCU" --clock-control none --metrics "$METRICS" -f -o "$OUTDIR/raw" \
  "$BIN/memchecks" >"$OUTDIR/ncu_raw.log" 2>&1
"$NCU" --import "$OUTDIR/raw.ncu-rep" --csv --page raw --print-units base \
  >"$OUTDIR/ncu_raw.csv"
rm -f "$OUTDIR/raw.ncu-rep"
echo "ncu raw rows: $(($(wc -l <"$OUTDIR/ncu_raw.csv") - 2))"

# 4. Per-instruction source counters: attribute sectors and wavefronts to the
#    SASS instruction, hence to the source line, in kernels with several
#    accesses.
timeout ${SOURCE_TIMEOUT:-300} "$NCU" --clock-control none --section SourceCounters \
  -f -o "$OUTDIR/src" "$BIN/memchecks" >"$OUTDIR/ncu_src.log" 2>&1
"$NCU" --import "$OUTDIR/src.ncu-rep" --csv --page source --print-source sass \
  >"$OUTDIR/ncu_source.csv" 2>"$OUTDIR/ncu_source.err"
echo "ncu source rows: $(wc -l <"$OUTDIR/ncu_source.csv")"
# The same counters through ncu's Python report interface, with file:line.
python3 "$HERE/scripts/dump_instanced.py" "$OUTDIR/src.ncu-rep" \
  "$OUTDIR/ncu_instanced.csv" >"$OUTDIR/ncu_instanced.log" 2>&1
tail -2 "$OUTDIR/ncu_instanced.log"
echo done
