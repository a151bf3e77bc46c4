#!/usr/bin/env bash
# Second device call of session 3 (after the merges of issues 12, 13, 15): the memory
# suite again (now with iterations_guards_fields.cu), the divergence shapes lit test under
# the harness, the host-check programs, and the SASS of the reduction's modulo. Packs
# everything into $OUT/batch2.tgz.
set -uo pipefail
OUT=${OUT:-$PWD/out}; mkdir -p "$OUT"
R=$OUT/batch2; mkdir -p "$R/div" "$R/host"
T0=$(date +%s); stamp() { echo "[$(( $(date +%s) - T0 ))s] $*"; }
stamp divergence
OUT=$R/div validation/divergence/run.sh test/checks/divergent-branch-shapes.cu
python3 validation/divergence/summarize.py "$R/div/divergent-branch-shapes.ncu.csv" "$R/div/divergent-branch-shapes.sass" > "$R/div/divergent-branch-shapes.csv"
cat "$R/div/divergent-branch-shapes.csv"
stamp host
timeout 200 validation/host-checks/run.sh "$R/host" > "$R/host/run.log" 2>&1; echo "host rc=$?"; cat "$R/host/host-checks.csv" 2>/dev/null | head -40
rm -f "$R/host/host_checks"
nvcc -O3 -arch=sm_90 -cubin -o /tmp/rm.cubin validation/host-checks/reduction_modulo.cu && cuobjdump -sass /tmp/rm.cubin > "$R/host/reduction_modulo.sass"
grep -cE "IMAD.HI|I2F|F2I|IDIV|LOP3" "$R/host/reduction_modulo.sass"
stamp memory
rm -rf validation/memory-checks/bin
SOURCE_TIMEOUT=240 validation/memory-checks/run_on_gpu.sh "$R/mem" > "$R/mem.log" 2>&1; tail -3 "$R/mem.log"
rm -f "$R"/mem/*.ncu-rep
stamp pack
tar czf "$OUT/batch2.tgz" -C "$OUT" batch2; ls -la "$OUT/batch2.tgz"; stamp done
