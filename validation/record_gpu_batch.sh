#!/usr/bin/env bash
# One device call that records everything the session-3 issues (12 value analysis, 13
# divergence precision, 18 calibration) need from a GPU: SASS and branch counters of the
# divergence probes and shapes, the memory-check suite (with the real-code shapes) under
# Nsight Compute, L2/DRAM traffic of the array-of-structures kernel, the accumulator SASS,
# and the device properties/occupancy of validation/run_on_gpu.sh. Everything is packed
# into $OUT/batch.tgz (the device tool returns few files).
#   validation/record_gpu_batch.sh        (on the GPU machine, from the repository root)
set -uo pipefail
OUT=${OUT:-$PWD/out}; mkdir -p "$OUT"
R=$OUT/batch; mkdir -p "$R/div" "$R/acc"
T0=$(date +%s)
stamp() { echo "[$(( $(date +%s) - T0 ))s] $*"; }
stamp divergence
OUT=$R/div validation/divergence/run.sh validation/divergence/probes13.cu validation/divergence/shapes13.cu
for n in probes13 shapes13; do
  python3 validation/divergence/summarize.py "$R/div/$n.ncu.csv" "$R/div/$n.sass" > "$R/div/$n.csv" 2>"$R/div/$n.sum.err"
done
stamp accumulator
nvcc -O3 -arch=sm_90 -cubin -o /tmp/acc.cubin validation/accumulator/gemm_accumulate.cu && \
  cuobjdump -sass /tmp/acc.cubin > "$R/acc/gemm_accumulate.sass"
nvcc -O3 -arch=sm_90 -Xptxas -v -c -o /tmp/acc.o validation/accumulator/gemm_accumulate.cu 2> "$R/acc/ptxas.txt"
stamp memory
SOURCE_TIMEOUT=240 validation/memory-checks/run_on_gpu.sh "$R/mem" > "$R/mem.log" 2>&1
tail -3 "$R/mem.log"
stamp aos-traffic
ncu --clock-control none -k regex:'aosSum|structByValue|whileColumn|mergedByteStore' \
  --metrics lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,dram__bytes_read.sum,dram__bytes_write.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum \
  --csv validation/memory-checks/bin/memchecks > "$R/mem_traffic.csv" 2>"$R/mem_traffic.err"
stamp suite
timeout 200 validation/run_on_gpu.sh "$R/suite" > "$R/suite.log" 2>&1; echo "suite rc=$?"
stamp pack
rm -f "$R"/mem/*.ncu-rep "$R"/suite/*.ncu-rep
tar czf "$OUT/batch.tgz" -C "$OUT" batch
ls -la "$OUT/batch.tgz"; stamp done
