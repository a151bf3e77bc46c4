#!/usr/bin/env python3
"""Benchmark: warplint against `clang++-22 -fsyntax-only` on the same files with the same
compile command (the one warplint prints with --verbose), so the difference is warplint's
own work: the checks, the clang-tidy machinery, the emitters.

    scripts/bench.py [-n RUNS] [--cpu] [--warplint build/bin/warplint] [--wl-arg ARG]...
                     [--json OUT] FILE... [-- ARGS]
    scripts/bench.py --combine OUT.json...        (one summary over several runs)
    scripts/bench.py --sample N --seed S DIR...   (print a reproducible sample of .cu files)

Each file's two commands run interleaved (warplint, clang, clang, warplint, ...), so a change
in the machine's load hits both alike. Prints, per file, the median wall time and the peak
resident memory of each tool and their ratios, then the median, 90th percentile and maximum
of the per-file time ratios and the largest memory ratio, with the load average (uptime) at
the start and the end. Times whole processes (os.wait4), start-up included. A benchmark, not
a test: nothing here fails on a number.

--cpu computes the ratios from user+sys CPU time (os.wait4's rusage, which includes the
children a process waited for: exact mode's nvcc and ptxas) instead of wall time: on a shared,
loaded machine wall time measures the other workloads, CPU time much less so. Wall time stays
the default for a quiet machine. --wl-arg passes an option to warplint only (before the file),
e.g. --wl-arg=--config={CheckOptions: {warplint-register-pressure.Exact: off}}.

Where clang -fsyntax-only stops at a header it cannot find ("fatal error: ... file not found"),
clang is given the recovery warplint makes (cc1's -MG: the missing header is skipped and the
rest of the file parsed), and the file's line says "(clang -MG)"; --clang-stops turns that off."""
import argparse
import json
import os
import random
import re
import statistics
import subprocess
import sys
import time


def run(cmd, cwd=None):
    """(wall s, user+sys CPU s, peak resident MiB, exit code) of one process."""
    start = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd)
    _, status, usage = os.wait4(p.pid, 0)
    return (time.monotonic() - start, usage.ru_utime + usage.ru_stime,
            usage.ru_maxrss / 1024.0, os.waitstatus_to_exitcode(status))


def load():
    return os.getloadavg()


def percentile(xs, p):
    xs = sorted(xs)
    if not xs:
        return float("nan")
    k = (len(xs) - 1) * p
    lo = int(k)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def summary(rows, loads, cpu=False):
    wk, ck = ("wl_cpu", "clang_cpu") if cpu else ("wl_s", "clang_s")
    rows = [r for r in rows if wk in r]
    if not rows:
        return
    tr = [r[wk] / r[ck] for r in rows]
    mr = [r["wl_mib"] / r["clang_mib"] for r in rows]
    tw = sum(r[wk] for r in rows)
    tc = sum(r[ck] for r in rows)
    print("%d files; %s ratio median %.3f, p90 %.3f, max %.3f (%s); total %.1f s / %.1f s = %.3f"
          % (len(rows), "CPU (user+sys)" if cpu else "wall time", statistics.median(tr),
             percentile(tr, 0.9), max(tr),
             os.path.basename(rows[tr.index(max(tr))]["file"]), tw, tc, tw / tc))
    print("peak memory ratio median %.3f, max %.3f (%s)"
          % (statistics.median(mr), max(mr), os.path.basename(rows[mr.index(max(mr))]["file"])))
    if loads:
        print("load average (1, 5, 15 min): " +
              "; ".join("%.2f %.2f %.2f" % tuple(l) for l in loads))


def sample(dirs, n, seed):
    files = []
    for d in dirs:
        for root, subdirs, names in os.walk(d):
            subdirs.sort()
            files += [os.path.join(root, f) for f in sorted(names) if f.endswith(".cu")]
    random.Random(seed).shuffle(files)
    for f in sorted(files[:n]):
        print(f)


def main():
    argv = sys.argv[1:]
    extra = []
    if "--" in argv:
        i = argv.index("--")
        argv, extra = argv[:i], argv[i + 1:]
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=5)
    ap.add_argument("--warplint", default=os.path.join(
        os.path.dirname(__file__), "..", "build", "bin", "warplint"))
    ap.add_argument("--clang", default="clang++-22")
    ap.add_argument("--cpu", action="store_true",
                    help="ratios of user+sys CPU time instead of wall time")
    ap.add_argument("--clang-stops", action="store_true",
                    help="no -MG for clang where a header is missing (it then stops there)")
    ap.add_argument("--wl-arg", action="append", default=[],
                    help="an option for warplint only (repeatable)")
    ap.add_argument("--json", help="write the per-file medians here")
    ap.add_argument("--combine", action="store_true",
                    help="the files are --json outputs: print one summary over them")
    ap.add_argument("--sample", type=int, help="print N .cu files of the DIRs (with --seed)")
    ap.add_argument("--seed", type=int, default=14)
    ap.add_argument("files", nargs="+")
    a = ap.parse_args(argv)
    if a.sample:
        return sample(a.files, a.sample, a.seed)
    if a.combine:
        rows, loads = [], []
        for f in a.files:
            with open(f) as h:
                d = json.load(h)
            rows += d["files"]
            loads += d["load"]
        return summary(rows, loads, a.cpu)
    loads = [load()]
    unit = "cpu" if a.cpu else "s"
    print("%-40s %10s %10s %7s %10s %10s %7s" % ("file", "warplint " + unit, "clang " + unit,
                                                 "ratio", "wl MiB", "clang MiB", "ratio"))
    rows = []
    for f in a.files:
        f = os.path.abspath(f)
        wl = [a.warplint, "--quiet"] + a.wl_arg + [f, "--"] + extra
        v = subprocess.run([a.warplint, "--verbose", "--quiet"] + a.wl_arg + [f, "--"] + extra,
                           capture_output=True, text=True)
        # The compile command's line (--verbose also prints the target decision,
        # "warplint: FILE: target sm_90, ...", before it).
        m = re.search(r"^warplint: [^:]+: (?!target )(\S+) (.*)$", v.stderr, re.M)
        if not m:
            print("%-40s no compile command (exit %d)" % (os.path.basename(f)[:40],
                                                           v.returncode))
            continue
        clang = [a.clang] + m.group(2).split() + ["-fsyntax-only"]
        # warplint recovers from a header it cannot find (the preprocessor skips it, as -MG
        # does: docs/compatibility.md) and parses the rest of the file; clang -fsyntax-only
        # stops at the fatal error, which makes its side of the comparison shorter than
        # warplint's (Parboil: every file includes parboil.h, which includes the missing
        # <CL/cl.h>). Like with like: the same recovery for clang, cc1's -MG (which needs a
        # dependency file).
        mg = False
        if not a.clang_stops:
            probe = subprocess.run(clang, capture_output=True, text=True)
            if re.search(r"fatal error: .* file not found", probe.stderr):
                clang += ["-Xclang", "-MG", "-Xclang", "-dependency-file", "-Xclang",
                          os.devnull, "-Xclang", "-MT", "-Xclang", "x"]
                mg = True
        w, c = [], []
        for i in range(a.n):
            # Interleaved, and the order alternates, so neither tool always runs
            # right after the other has warmed the page cache.
            if i % 2 == 0:
                w.append(run(wl))
                c.append(run(clang))
            else:
                c.append(run(clang))
                w.append(run(wl))
        mw, mc = statistics.median(x[0] for x in w), statistics.median(x[0] for x in c)
        uw, uc = statistics.median(x[1] for x in w), statistics.median(x[1] for x in c)
        rw, rc = max(x[2] for x in w), max(x[2] for x in c)
        rows.append({"file": f, "clang_mg": mg,
                     "wl_s": mw, "clang_s": mc, "wl_cpu": uw, "clang_cpu": uc,
                     "wl_mib": rw, "clang_mib": rc,
                     "wl_runs": [x[0] for x in w], "clang_runs": [x[0] for x in c],
                     "wl_cpu_runs": [x[1] for x in w], "clang_cpu_runs": [x[1] for x in c]})
        tw, tc = (uw, uc) if a.cpu else (mw, mc)
        print("%-40s %10.3f %10.3f %7.2f %10.1f %10.1f %7.2f%s"
              % (os.path.basename(f)[:40], tw, tc, tw / tc, rw, rc, rw / rc,
                 " (clang -MG)" if mg else ""), flush=True)
    loads.append(load())
    if a.json:
        with open(a.json, "w") as h:
            json.dump({"files": rows, "load": loads, "warplint": a.warplint, "args": extra,
                       "wl_args": a.wl_arg, "n": a.n}, h, indent=1)
    if rows:
        summary(rows, loads, a.cpu)


if __name__ == "__main__":
    main()
