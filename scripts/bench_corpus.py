#!/usr/bin/env python3
"""Benchmark of speed as users run it (issue 36): warplint with its default settings (exact
mode with the toolkit found, the result cache on but cold: a fresh $XDG_CACHE_HOME per run)
against `clang++-22 -fsyntax-only` with warplint's own compile command, over every .cu file of
the given source trees, each run from inside its tree (its git repository), as a pre-commit hook
or a CI job runs it; then the cost of one self-contained kernel file inside a generated git
repository of 30,000 headers against the same file alone.

    scripts/bench_corpus.py [--warplint BIN]... [--json OUT] TREE[:ARGS]...
    scripts/bench_corpus.py --repo-only [--warplint BIN]...

e.g. scripts/bench_corpus.py --warplint /work/base16/bin/warplint --warplint build/bin/warplint \\
         /work/corpus/cuda-samples:"-I Common" /work/corpus/gpu-rodinia \\
         /work/corpus/PolyBench-ACC:"-I CUDA/utilities"

Several --warplint binaries are timed on the same files, interleaved with one clang run per
file, so that a before/after comparison sees the same load. Times are user+sys CPU of the whole
process and its children (os.wait4: exact mode's nvcc and ptxas count), the memory is the peak
resident set of the largest process. Prints, per binary, the median, 90th percentile and
maximum of the per-file CPU ratios, the total ratio, and the median and maximum peak memory
ratio. A benchmark, not a test: nothing here fails on a number. Public tools only (python 3,
git, clang++-22)."""
import argparse
import concurrent.futures
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import percentile  # noqa: E402


def run(cmd, cwd=None, env=None):
    """(wall s, user+sys CPU s of the process and the children it waited for, peak resident
    MiB, exit code) of one process."""
    start = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd,
                         env=env)
    _, status, usage = os.wait4(p.pid, 0)
    return (time.monotonic() - start, usage.ru_utime + usage.ru_stime,
            usage.ru_maxrss / 1024.0, os.waitstatus_to_exitcode(status))


def commands(warplint, tree, files, extra):
    """Each file's compile command as warplint adjusts it (--export-compile-commands)."""
    out = subprocess.run([warplint, "--quiet", "--export-compile-commands=-"] + files + ["--"]
                         + extra, cwd=tree, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("cannot export the compile commands of %s: %s" % (tree, out.stderr))
    return {c["file"]: c["arguments"] for c in json.loads(out.stdout)}


def clang_command(clang, args, file):
    # The exported command starts with warplint's clang-tool stand-in; -fsyntax-only replaces
    # the job. warplint recovers from a missing header as cc1's -MG does: the same for clang.
    cmd = [clang] + args[1:] + ["-fsyntax-only"]
    probe = subprocess.run(cmd, capture_output=True, text=True)
    if "file not found" in probe.stderr:
        cmd += ["-Xclang", "-MG", "-Xclang", "-dependency-file", "-Xclang", os.devnull,
                "-Xclang", "-MT", "-Xclang", "x"]
    return cmd


def wl_run(warplint, file, extra, cwd):
    """One cold run with the default settings: a fresh user cache directory ($XDG_CACHE_HOME:
    the result cache and exact mode's ptxas cache both start empty, so that no run profits
    from another's)."""
    cache = tempfile.mkdtemp(prefix="wl-bench-cache-")
    env = dict(os.environ, XDG_CACHE_HOME=cache)
    env.pop("WARPLINT_CACHE_DIR", None)
    try:
        return run([warplint, "--quiet", file, "--"] + extra, cwd=cwd, env=env)
    finally:
        shutil.rmtree(cache, ignore_errors=True)


def report(name, rows, key):
    tr = [r[key] / r["clang_cpu"] for r in rows if r["clang_cpu"] > 0]
    mr = [r[key + "_mib"] / r["clang_mib"] for r in rows]
    worst = max(rows, key=lambda r: r[key] / r["clang_cpu"])
    print("%s: %d files; CPU ratio median %.3f, p90 %.3f, max %.3f (%s); total %.1f s / %.1f s"
          " = %.3f; peak memory ratio median %.3f, max %.3f"
          % (name, len(tr), statistics.median(tr), percentile(tr, 0.9), max(tr),
             os.path.basename(worst["file"]), sum(r[key] for r in rows),
             sum(r["clang_cpu"] for r in rows),
             sum(r[key] for r in rows) / sum(r["clang_cpu"] for r in rows),
             statistics.median(mr), max(mr)))


def repo_case(binaries, n=5, headers=30000):
    """One self-contained kernel file (a kernel, its launch, main) alone, and inside a git
    repository of `headers` headers that include each other (what the includer search would
    read)."""
    top = tempfile.mkdtemp(prefix="wl-bench-repo-")
    kernel = ("__global__ void scale(float *a, float s, int n) {\n"
              "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
              "  if (i < n) a[i] *= s;\n}\n"
              "void run(float *a, int n) { scale<<<(n + 255) / 256, 256>>>(a, 2.0f, n); }\n"
              "int main() { run(nullptr, 0); }\n")
    try:
        alone = os.path.join(top, "alone")
        repo = os.path.join(top, "repo")
        os.makedirs(alone)
        for i in range(headers):
            d = os.path.join(repo, "include", "m%03d" % (i // 300))
            os.makedirs(d, exist_ok=True)
            with open(os.path.join(d, "h%05d.h" % i), "w") as h:
                h.write("#pragma once\n#include \"h%05d.h\"\n#include <vector>\nint f%d();\n"
                        % ((i + 1) % headers, i))
        os.makedirs(os.path.join(repo, "src"))
        for d in (alone, os.path.join(repo, "src")):
            with open(os.path.join(d, "scale.cu"), "w") as h:
                h.write(kernel)
        subprocess.run(["git", "init", "-q", repo], check=True)
        for name, b in binaries:
            res = {}
            for where, d in (("alone", alone), ("repo", os.path.join(repo, "src"))):
                runs = [wl_run(b, "scale.cu", [], d) for _ in range(n)]
                res[where] = (statistics.median(r[1] for r in runs),
                              statistics.median(r[0] for r in runs))
            print("%s: one kernel file alone %.3f s CPU (%.3f s wall), inside a git repository "
                  "of %d headers %.3f s CPU (%.3f s wall): %+.1f%% CPU"
                  % (name, res["alone"][0], res["alone"][1], headers, res["repo"][0],
                     res["repo"][1], 100 * (res["repo"][0] / res["alone"][0] - 1)), flush=True)
    finally:
        shutil.rmtree(top, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--warplint", action="append", default=[])
    ap.add_argument("--clang", default="clang++-22")
    ap.add_argument("--json", help="write the per-file figures here")
    ap.add_argument("--repo-only", action="store_true", help="only the 30,000-header case")
    ap.add_argument("--repo-runs", type=int, default=5)
    ap.add_argument("--every", type=int, default=1,
                    help="time every Nth .cu file of each tree (sorted by path) only")
    ap.add_argument("-j", "--jobs", type=int, default=1,
                    help="files timed at once (CPU times are per process)")
    ap.add_argument("trees", nargs="*", help="TREE or TREE:ARGS (compiler arguments)")
    a = ap.parse_args()
    bins = a.warplint or [os.path.join(os.path.dirname(__file__), "..", "build", "bin",
                                       "warplint")]
    named = [("warplint %d (%s)" % (i, b), os.path.abspath(b)) for i, b in enumerate(bins)]
    rows = []
    if not a.repo_only:
        for spec in a.trees:
            tree, _, args = spec.partition(":")
            tree = os.path.abspath(tree)
            extra = args.split()
            files = []
            for root, dirs, names in os.walk(tree):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                files += [os.path.relpath(os.path.join(root, f), tree)
                          for f in sorted(names) if f.endswith(".cu")]
            files = files[::a.every]
            cmds = commands(named[0][1], tree, files, extra)

            def one(f, tree=tree, extra=extra, cmds=cmds):
                absf = os.path.join(tree, f)
                if absf not in cmds:
                    return f, None
                clang = clang_command(a.clang, cmds[absf], absf)
                row = {"file": absf}
                c = run(clang, cwd=tree)
                row["clang_cpu"], row["clang_mib"] = c[1], c[2]
                for i, (_, b) in enumerate(named):
                    w = wl_run(b, f, extra, tree)
                    row["wl%d" % i], row["wl%d_mib" % i] = w[1], w[2]
                return f, row

            with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
                for f, row in pool.map(one, files):
                    if row is None:
                        print("%s: no compile command" % f)
                        continue
                    rows.append(row)
                    print("%-60s clang %6.2f s %6.0f MiB; " % (f[-60:], row["clang_cpu"],
                                                               row["clang_mib"]) +
                          "; ".join("%6.2f s %5.2fx %6.0f MiB"
                                    % (row["wl%d" % i],
                                       row["wl%d" % i] / max(row["clang_cpu"], 1e-3),
                                       row["wl%d_mib" % i]) for i in range(len(named))),
                          flush=True)
        if a.json:
            with open(a.json, "w") as h:
                json.dump({"binaries": bins, "files": rows}, h, indent=1)
        for i, (name, _) in enumerate(named):
            if rows:
                report(name, rows, "wl%d" % i)
    repo_case(named, a.repo_runs)


if __name__ == "__main__":
    main()
