#!/usr/bin/env python3
"""Benchmark of the result cache (docs/caching.md): one warplint command run without the cache
(--no-cache), with an empty cache (cold) and again with the cache the cold run filled (warm),
interleaved round by round so that a change in the machine's load hits all three alike.

    scripts/bench_cache.py [-n ROUNDS] [--warm-runs K] [--cwd DIR] [--json OUT] -- WARPLINT ARGS...

Each round empties a fresh cache directory (given to warplint as $WARPLINT_CACHE_DIR), runs
the command with --no-cache, then cold, then K times warm. Prints the median wall time, CPU
time (user + system) and peak resident memory of each kind, the cache's size on disk after
the cold run, whether the warm runs' stdout and exit code equal the cold run's, and the load
average (uptime) at the start and the end. Times whole processes (os.wait4), start-up
included. A benchmark, not a test: nothing here fails on a number."""
import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def run(cmd, env, cwd):
    start = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, cwd=cwd)
    out = p.stdout.read()
    _, status, usage = os.wait4(p.pid, 0)
    return {"wall_s": time.monotonic() - start,
            "cpu_s": usage.ru_utime + usage.ru_stime,
            "rss_mib": usage.ru_maxrss / 1024.0,
            "exit": os.waitstatus_to_exitcode(status),
            "stdout_sha256": hashlib.sha256(out).hexdigest()}


def du(path):
    total = files = 0
    for root, _, names in os.walk(path):
        for n in names:
            total += os.path.getsize(os.path.join(root, n))
            files += 1
    return total, files


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", type=int, default=3, help="rounds (default 3)")
    ap.add_argument("--warm-runs", type=int, default=1, help="warm runs per round (default 1)")
    ap.add_argument("--cwd", default=None, help="directory to run in")
    ap.add_argument("--json", help="write every run here")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cmd = a.command[1:] if a.command[:1] == ["--"] else a.command
    if not cmd:
        ap.error("no command")
    loads = [os.getloadavg()]
    runs = {"off": [], "cold": [], "warm": []}
    sizes = []
    same = True
    for r in range(a.n):
        cache = tempfile.mkdtemp(prefix="warplint-bench-cache-")
        env = dict(os.environ, WARPLINT_CACHE_DIR=cache)
        try:
            runs["off"].append(run([cmd[0], "--no-cache"] + cmd[1:], env, a.cwd))
            cold = run(cmd, env, a.cwd)
            runs["cold"].append(cold)
            sizes.append(du(cache))
            for _ in range(a.warm_runs):
                warm = run(cmd, env, a.cwd)
                runs["warm"].append(warm)
                same &= (warm["stdout_sha256"], warm["exit"]) == (cold["stdout_sha256"], cold["exit"])
            same &= (runs["off"][-1]["stdout_sha256"], runs["off"][-1]["exit"]) == \
                (cold["stdout_sha256"], cold["exit"])
        finally:
            shutil.rmtree(cache, ignore_errors=True)
        print("round %d: off %.2f s, cold %.2f s, warm %s s" % (
            r + 1, runs["off"][-1]["wall_s"], runs["cold"][-1]["wall_s"],
            ", ".join("%.3f" % w["wall_s"] for w in runs["warm"][-a.warm_runs:])), flush=True)
    loads.append(os.getloadavg())
    print("%-5s %8s %8s %9s %5s" % ("", "wall s", "CPU s", "peak MiB", "runs"))
    for kind, rs in runs.items():
        print("%-5s %8.3f %8.3f %9.1f %5d" % (
            kind, statistics.median(x["wall_s"] for x in rs), statistics.median(x["cpu_s"] for x in rs),
            statistics.median(x["rss_mib"] for x in rs), len(rs)))
    wc, ww = statistics.median(x["wall_s"] for x in runs["cold"]), statistics.median(x["wall_s"] for x in runs["warm"])
    print("warm / cold wall time: %.4f (%.0fx faster)" % (ww / wc, wc / ww))
    print("cache after the cold run: %.1f KiB in %d entries" % (
        statistics.median(s[0] for s in sizes) / 1024.0, statistics.median(s[1] for s in sizes)))
    print("stdout and exit code: off = cold = warm: %s" % ("yes" if same else "NO"))
    print("load average (1, 5, 15 min): " + "; ".join("%.2f %.2f %.2f" % tuple(l) for l in loads))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"command": cmd, "runs": runs, "sizes": sizes, "loads": loads, "same": same}, f, indent=1)
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
