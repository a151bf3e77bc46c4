#!/usr/bin/env python3
"""Benchmark: warplint against `clang++-22 -fsyntax-only` on the same files with the same
compile command (the one warplint prints with --verbose), so the difference is warplint's
own work: the checks, the clang-tidy machinery, the emitters.

    scripts/bench.py [-n RUNS] [--warplint build/bin/warplint] FILE... [-- COMPILER ARGS]

Prints, per file and in total, the median wall time and peak resident memory of each tool
and their ratio. Times whole processes (os.wait4), start-up included."""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time


def run(cmd):
    start = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    return time.monotonic() - start, usage.ru_maxrss / 1024.0, os.waitstatus_to_exitcode(status)


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
    ap.add_argument("files", nargs="+")
    a = ap.parse_args(argv)
    print("%-40s %10s %10s %7s %10s %10s %7s" % ("file", "warplint s", "clang s", "ratio",
                                                 "wl MiB", "clang MiB", "ratio"))
    tw = tc = 0.0
    for f in a.files:
        wl = [a.warplint, "--quiet", f, "--"] + extra
        v = subprocess.run([a.warplint, "--verbose", "--quiet", f, "--"] + extra,
                           capture_output=True, text=True)
        # The compile command's line (--verbose also prints the target decision,
        # "warplint: FILE: target sm_90, ...", before it).
        m = re.search(r"^warplint: [^:]+: (?!target )(\S+) (.*)$", v.stderr, re.M)
        if not m:
            sys.exit("no compile command for %s:\n%s" % (f, v.stderr))
        clang = [a.clang] + m.group(2).split() + ["-fsyntax-only"]
        w = [run(wl) for _ in range(a.n)]
        c = [run(clang) for _ in range(a.n)]
        mw, mc = statistics.median(x[0] for x in w), statistics.median(x[0] for x in c)
        rw, rc = max(x[1] for x in w), max(x[1] for x in c)
        tw += mw
        tc += mc
        print("%-40s %10.3f %10.3f %7.2f %10.1f %10.1f %7.2f"
              % (os.path.basename(f)[:40], mw, mc, mw / mc, rw, rc, rw / rc))
    print("%-40s %10.3f %10.3f %7.2f" % ("total (medians)", tw, tc, tw / tc))


if __name__ == "__main__":
    main()
