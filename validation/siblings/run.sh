#!/usr/bin/env bash
# On a GPU machine: builds siblings.cu, lists its global loads in SASS, and records
# L1 requests/sectors and L2 sectors per kernel with Nsight Compute. Output in $1.
set -euo pipefail
out=${1:-.}
here=$(cd "$(dirname "$0")" && pwd)
nvcc -O3 -arch=sm_90 -o /tmp/siblings "$here/siblings.cu"
cuobjdump -sass /tmp/siblings | grep -E "Function|LDG" > "$out/sass.txt"
ncu --clock-control none --csv --metrics \
  l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,lts__t_sectors_srcunit_tex_op_read.sum \
  /tmp/siblings > "$out/ncu.csv"
python3 - "$out/ncu.csv" <<'PY' | tee "$out/summary.txt"
import csv, sys, collections
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 10]
h = rows[0]; k = h.index("Kernel Name"); m = h.index("Metric Name"); v = h.index("Metric Value")
d = collections.defaultdict(dict)
for r in rows[1:]:
    d[r[k].split("(")[0]][r[m]] = float(r[v].replace(",", ""))
print("%-14s %10s %12s %12s %10s" % ("kernel", "L1 req", "L1 sectors", "L2 sectors", "L1/L2"))
for name, x in d.items():
    rq = x["l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"]
    l1 = x["l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"]
    l2 = x["lts__t_sectors_srcunit_tex_op_read.sum"]
    print("%-14s %10d %12d %12d %10.2f" % (name, rq, l1, l2, l1 / l2 if l2 else 0))
PY
