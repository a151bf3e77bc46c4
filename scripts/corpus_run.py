#!/usr/bin/env python3
"""Lints every CUDA file of one or more directories with warplint, one process per file,
and records per file: clean / findings / partial / failed / crash / timeout, the findings
per check and priority, kernels analysed, and the wall time. Prints the summary table.

  scripts/corpus_run.py --warplint build/bin/warplint DIR [DIR ...] [-- <compiler args>]
      [--include-dirs auto] [-j 2] [--timeout 300] [--json out.json] [--clang clang++-22]

Each file's wall time, CPU time (user+sys, with the children a process waited for: exact
mode's nvcc and ptxas) and peak resident memory are recorded. With --clang, each file's own
compile command (the one warplint prints with --verbose) also goes through
`clang++-22 -fsyntax-only`, and the summary gives the CPU-time and peak-memory ratios over
the files (median, p90, max): warplint's own cost over the parse. As in scripts/bench.py,
where clang stops at a header it cannot find, it gets the recovery warplint makes (cc1's
-MG). CPU time, not wall time: corpora are run on shared machines. scripts/bench.py is the
benchmark (interleaved, repeated runs); this is one pass over everything.

Status of a file, from warplint's exit code and its JSON report (README "Exit codes"):
  clean     exit 0
  findings  exit 1, every kernel and device function analysed
  partial   exit 4, or exit 1 with compiler errors outside the device code
  failed    exit 3 (a kernel or device function not analysed, or nothing analysable)
  crash     killed by a signal, or any other exit code
  timeout   still running after --timeout seconds
With --headers, headers with device code (.cuh always; .h, .hpp, .inl holding __global__ or
__device__) are linted too, as a pre-commit hook passes a changed header: warplint analyses
each through a file that includes it.
With --include-dirs auto, every directory of the given trees that holds a header (.h, .cuh,
.hpp) is passed as -I, so that a corpus without a build system parses as it would in one.
"""
import argparse
import collections
import concurrent.futures
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time

CUDA_EXTS = (".cu",)
HEADER_EXTS = (".h", ".cuh", ".hpp", ".inl")


def has_device_code(path):
    try:
        with open(path, "rb") as f:
            text = f.read(1 << 20)
    except OSError:
        return False
    return b"__global__" in text or b"__device__" in text


def cuda_files(dirs, headers=False):
    out = []
    for d in dirs:
        if os.path.isfile(d):
            out.append(os.path.abspath(d))
            continue
        for root, subdirs, files in os.walk(d):
            subdirs[:] = sorted(s for s in subdirs if not s.startswith("."))
            for f in sorted(files):
                path = os.path.abspath(os.path.join(root, f))
                if f.endswith(CUDA_EXTS) or (headers and (
                        f.endswith(".cuh") or
                        (f.endswith(HEADER_EXTS) and has_device_code(path)))):
                    out.append(path)
    return out


def header_dirs(dirs):
    out = []
    for d in dirs:
        for root, subdirs, files in os.walk(d):
            subdirs[:] = sorted(s for s in subdirs if not s.startswith("."))
            if any(f.endswith(HEADER_EXTS) for f in files):
                out.append(os.path.abspath(root))
    return out


def run(cmd, timeout, cwd=None):
    """(wall s, user+sys CPU s, peak resident MiB, exit code or None on timeout, stderr)."""
    with tempfile.TemporaryFile() as err:
        start = time.monotonic()
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err, cwd=cwd)
        killed = []
        timer = threading.Timer(timeout, lambda: (killed.append(1), p.kill()))
        timer.start()
        _, status, usage = os.wait4(p.pid, 0)
        timer.cancel()
        p.returncode = os.waitstatus_to_exitcode(status)
        wall = time.monotonic() - start
        err.seek(0)
        text = err.read().decode("utf-8", "replace")
    return (wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0,
            None if killed else p.returncode, text)


def clang_usage(clang, verbose_stderr, timeout, cwd):
    """clang -fsyntax-only on the compile command warplint printed (--verbose), with cc1's
    -MG where clang stops at a missing header (warplint skips it: the same recovery)."""
    m = re.search(r"^warplint: [^:]+: (?!target )(\S+) (.*)$", verbose_stderr, re.M)
    if not m:
        return None
    cmd = [clang] + m.group(2).split() + ["-fsyntax-only"]
    wall, cpu, mib, rc, err = run(cmd, timeout, cwd)
    mg = False
    if re.search(r"fatal error: .* file not found", err):
        mg = True
        wall, cpu, mib, rc, err = run(cmd + ["-Xclang", "-MG", "-Xclang", "-dependency-file",
                                             "-Xclang", os.devnull, "-Xclang", "-MT",
                                             "-Xclang", "x"], timeout, cwd)
    return {"clangSeconds": round(wall, 3), "clangCpuSeconds": round(cpu, 3),
            "clangPeakMiB": round(mib, 1), "clangExit": rc, "clangMG": mg}


def lint(warplint, path, args, timeout, clang=None):
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as tmp:
        report = tmp.name
    # --no-cache: the runner measures the analysis; an answer from warplint's result cache
    # (docs/caching.md) would time a file read.
    cmd = [warplint, "--quiet", "--no-cache", "--format=json", "-o", report, path, "--"] + args
    if clang:
        cmd.insert(1, "--verbose")
    rec = {"file": path, "findings": 0, "byCheck": {}, "byPriority": {}}
    wall, cpu, mib, rc, stderr = run(cmd, timeout, os.path.dirname(path))
    if rc is None:
        rec.update(status="timeout", seconds=timeout, exit=None)
        os.unlink(report)
        return rec
    rec["seconds"] = round(wall, 3)
    rec["cpuSeconds"] = round(cpu, 3)
    rec["peakMiB"] = round(mib, 1)
    rec["exit"] = rc
    if clang:
        rec.update(clang_usage(clang, stderr, timeout, os.path.dirname(path)) or {})
    data = None
    try:
        with open(report) as f:
            data = json.load(f)
    except (OSError, ValueError):
        pass
    os.unlink(report)
    analysis = (data or {}).get("analysis", [{}])
    a = analysis[0] if analysis else {}
    rec["kernels"] = a.get("kernels", 0)
    rec["kernelsAnalysed"] = a.get("kernelsAnalysed", 0)
    rec["compilerErrors"] = a.get("compilerErrors", 0)
    if data:
        for f in data.get("findings", []):
            rec["findings"] += 1
            rec["byCheck"][f["check"]] = rec["byCheck"].get(f["check"], 0) + 1
            rec["byPriority"][f["priority"]] = rec["byPriority"].get(f["priority"], 0) + 1
    if rc == 0:
        rec["status"] = "clean"
    elif rc == 1:
        rec["status"] = "partial" if a.get("status") == "partial" else "findings"
    elif rc == 4:
        rec["status"] = "partial"
    elif rc == 3:
        rec["status"] = "failed"
    else:
        rec["status"] = "crash"
        rec["stderr"] = stderr[-2000:]
    return rec


def percentile(xs, p):
    xs = sorted(xs)
    k = (len(xs) - 1) * p
    lo = int(k)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def ratios(records, mine, theirs):
    """median, p90, max and the file of the max of mine/theirs over the records with both."""
    rs = [(r[mine] / r[theirs], r["file"]) for r in records
          if r.get(mine) and r.get(theirs)]
    if not rs:
        return None
    top = max(rs)
    return (statistics.median(x for x, _ in rs), percentile([x for x, _ in rs], 0.9),
            top[0], os.path.basename(top[1]), len(rs))


def main():
    argv = sys.argv[1:]
    extra = []
    if "--" in argv:
        i = argv.index("--")
        argv, extra = argv[:i], argv[i + 1:]
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("dirs", nargs="+")
    p.add_argument("--warplint", default="warplint")
    p.add_argument("-j", type=int, default=os.cpu_count() or 1)
    p.add_argument("--timeout", type=int, default=300)
    p.add_argument("--include-dirs", choices=["none", "auto"], default="none")
    p.add_argument("--headers", action="store_true",
                   help="also lint headers with device code (.cuh; .h/.hpp/.inl with "
                        "__global__ or __device__)")
    p.add_argument("--json", help="write every file's record here")
    p.add_argument("--clang", metavar="CLANG",
                   help="also run CLANG -fsyntax-only on each file's compile command and "
                        "print the CPU-time and peak-memory ratios")
    opts = p.parse_args(argv)

    # Each file is linted from its own directory (relative includes of a corpus without a
    # build system resolve from there): the binary's path must not be relative.
    if os.sep in opts.warplint:
        opts.warplint = os.path.abspath(opts.warplint)
    files = cuda_files(opts.dirs, opts.headers)
    args = list(extra)
    if opts.include_dirs == "auto":
        args += ["-I" + d for d in header_dirs([d for d in opts.dirs if os.path.isdir(d)])]
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, opts.j)) as pool:
        records = list(pool.map(
            lambda f: lint(opts.warplint, f, args, opts.timeout, opts.clang), files))

    statuses = ["clean", "findings", "partial", "failed", "crash", "timeout"]
    count = collections.Counter(r["status"] for r in records)
    by_check = collections.Counter()
    by_prio = collections.Counter()
    for r in records:
        by_check.update(r["byCheck"])
        by_prio.update(r["byPriority"])
    kernels = sum(r.get("kernels", 0) for r in records)
    analysed = sum(r.get("kernelsAnalysed", 0) for r in records)
    print("| files | " + " | ".join(statuses) +
          " | kernels analysed | findings | seconds | CPU seconds | peak MiB (max) |")
    print("|---" * (len(statuses) + 6) + "|")
    print("| %d | %s | %d of %d | %d | %.1f | %.1f | %.1f |" % (
        len(records), " | ".join(str(count.get(s, 0)) for s in statuses), analysed, kernels,
        sum(r["findings"] for r in records), sum(r.get("seconds") or 0 for r in records),
        sum(r.get("cpuSeconds") or 0 for r in records),
        max([r.get("peakMiB") or 0 for r in records] or [0])))
    print()
    if opts.clang:
        t = ratios(records, "cpuSeconds", "clangCpuSeconds")
        m = ratios(records, "peakMiB", "clangPeakMiB")
        if t and m:
            print("against %s -fsyntax-only, %d files: CPU time ratio median %.3f, p90 %.3f, "
                  "max %.3f (%s); peak memory ratio median %.3f, max %.3f (%s)"
                  % (opts.clang, t[4], t[0], t[1], t[2], t[3], m[0], m[2], m[3]))
            print()
    print("| check | findings |\n|---|---|")
    for c, n in sorted(by_check.items()):
        print("| %s | %d |" % (c, n))
    print()
    print("| priority | findings |\n|---|---|")
    for c in ("High", "Medium", "Low"):
        print("| %s | %d |" % (c, by_prio.get(c, 0)))
    for r in records:
        if r["status"] in ("crash", "timeout"):
            print("%s: %s" % (r["status"], r["file"]), file=sys.stderr)
    if opts.json:
        with open(opts.json, "w") as f:
            json.dump(records, f, indent=1, sort_keys=True)
    return 1 if count.get("crash") or count.get("timeout") else 0


if __name__ == "__main__":
    sys.exit(main())
