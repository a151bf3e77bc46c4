#!/usr/bin/env python3
"""Per kernel: Nsight Compute's branch counters and the SASS branch instructions.

usage: summarize.py NAME.ncu.csv NAME.sass  -> CSV on stdout:
kernel,branch_targets,divergent_targets,threads_per_inst,sass_bra,sass_bssy,duration_ns
(duration_ns: Nsight Compute's gpu__time_duration.sum, recorded since session 12)
"""
import collections
import csv
import io
import re
import subprocess
import sys


def kernels(csv_path):
    txt = open(csv_path).read()
    rows = list(csv.reader(io.StringIO(txt[txt.index('"ID"'):])))
    hdr = rows[0]
    ki, mi, vi = (hdr.index(h) for h in ("Kernel Name", "Metric Name", "Metric Value"))
    out = collections.OrderedDict()
    for r in rows[1:]:
        if len(r) > vi:
            name = r[ki].split("(")[0].replace("void ", "")
            out.setdefault(name, {})[r[mi]] = r[vi].replace(",", "")
    return out


def sass_counts(sass_path):
    counts = {}
    for f in re.split(r"\n\s+Function : ", open(sass_path).read())[1:]:
        mangled = f.split("\n")[0].strip()
        name = subprocess.run(["c++filt", mangled], capture_output=True,
                              text=True).stdout.strip().split("(")[0]
        name = name.replace("void ", "")
        counts[name] = (len(re.findall(r"\bBRA\b", f)), len(re.findall(r"\bBSSY\b", f)))
    return counts


def main():
    k = kernels(sys.argv[1])
    s = sass_counts(sys.argv[2])
    w = csv.writer(sys.stdout, lineterminator="\n")
    w.writerow(["kernel", "branch_targets", "divergent_targets", "threads_per_inst",
                "sass_bra", "sass_bssy", "duration_ns"])
    for name, m in k.items():
        bra, bssy = s.get(name, ("", ""))
        w.writerow([name, m.get("smsp__sass_branch_targets.sum"),
                    m.get("smsp__sass_branch_targets_threads_divergent.sum"),
                    m.get("smsp__thread_inst_executed_per_inst_executed.ratio"), bra, bssy,
                    m.get("gpu__time_duration.sum", "")])


if __name__ == "__main__":
    main()
