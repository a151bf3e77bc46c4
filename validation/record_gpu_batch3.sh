#!/usr/bin/env bash
# Session 5, first device call: the memory suite re-measured whole with values_i12b.cu (issue
# 12's second part: integers on two branches, pointer/offset after the loop, doubling strides in
# while and do-while loops, far fields of an array of structures), and the L2/DRAM traffic of the
# two array-of-structure kernels. Writes under $OUT as it goes.
set -uo pipefail
OUT=${OUT:-$PWD/out}; mkdir -p "$OUT"
T0=$(date +%s); stamp() { echo "[$(( $(date +%s) - T0 ))s] $*"; }
stamp memory
rm -rf validation/memory-checks/bin
SOURCE_TIMEOUT=300 validation/memory-checks/run_on_gpu.sh "$OUT/mem" > "$OUT/mem.log" 2>&1; tail -3 "$OUT/mem.log"
rm -f "$OUT"/mem/*.ncu-rep
stamp l2
NCU=$(command -v ncu || ls -d /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda/bin/ncu 2>/dev/null | head -1)
"$NCU" --clock-control none --kernel-name regex:'^(aosFar|aosSum)$' --csv --print-units base \
  --metrics dram__bytes_read.sum,dram__bytes_write.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum \
  validation/memory-checks/bin/memchecks > "$OUT/l2_values_i12b.csv" 2>&1
grep -c lts__ "$OUT/l2_values_i12b.csv"
stamp done
