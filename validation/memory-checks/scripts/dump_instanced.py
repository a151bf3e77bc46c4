#!/usr/bin/env python3
"""Dumps every instanced (per-instruction) metric of an ncu report as CSV.

Usage: dump_instanced.py <report.ncu-rep> <out.csv>
Columns: result,kernel,metric,pc,value,file,line. Uses Nsight Compute's own
Python report interface (extras/python/ncu_report.py of the ncu install).
"""
import glob
import os
import sys

for d in sorted(glob.glob("/opt/nvidia/nsight-compute/*/extras/python")) + \
        sorted(glob.glob("/usr/local/cuda*/nsight-compute*/extras/python")):
    sys.path.append(d)
import ncu_report  # noqa: E402

ctx = ncu_report.load_report(sys.argv[1])
n = 0
with open(sys.argv[2], "w") as out:
    out.write("result,kernel,metric,pc,value,file,line\n")
    for r in range(ctx.num_ranges()):
        rng = ctx.range_by_idx(r)
        for a in range(rng.num_actions()):
            act = rng.action_by_idx(a)
            where = {}
            for name in act.metric_names():
                m = act.metric_by_name(name)
                k = m.num_instances() if m is not None else 0
                if not k:
                    continue
                corr = m.correlation_ids()
                for i in range(k):
                    try:
                        pc = corr.as_uint64(i)
                        v = m.as_double(i)
                    except Exception:
                        continue
                    if pc not in where:
                        try:
                            si = act.source_info(pc)
                            where[pc] = (os.path.basename(si.file_name()), si.line())
                        except Exception:
                            where[pc] = ("", "")
                    f, ln = where[pc]
                    out.write(f"{n},{act.name()},{name},{pc:#x},{v},{f},{ln}\n")
            n += 1
print("instanced: results", n)
