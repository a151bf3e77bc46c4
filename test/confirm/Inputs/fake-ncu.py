#!/usr/bin/env python3
"""A stand-in for Nsight Compute's ncu, for testing warplint --confirm without a
GPU. FAKE_NCU_MODE picks what the profiling run does: "ok" runs the program and
writes a report, "perm", "nogpu", "fail", "none" print what ncu 2025.3 prints
in those cases. `--import R --page source|raw` prints the recorded pages of
FAKE_NCU_DATA (a directory with source.csv.gz and raw.csv.gz).
Every invocation is appended to FAKE_NCU_LOG when set.
"""
import gzip
import os
import subprocess
import sys

args = sys.argv[1:]
if os.environ.get("FAKE_NCU_LOG"):
    with open(os.environ["FAKE_NCU_LOG"], "a") as f:
        f.write(" ".join(args) + "\n")
if args == ["--version"]:
    print("NVIDIA (R) Nsight Compute Command Line Profiler\n"
          "Version 2025.3.1.0 (build 36398880) (public-release)")
    sys.exit(0)
if "--import" in args:
    page = args[args.index("--page") + 1]
    data = os.environ["FAKE_NCU_DATA"]
    with gzip.open(os.path.join(data, page + ".csv.gz"), "rt") as f:
        sys.stdout.write(f.read())
    sys.exit(0)
mode = os.environ.get("FAKE_NCU_MODE", "ok")
out = args[args.index("-o") + 1]
prog = args[args.index("/bin/sh"):]
print("==WARNING== Note: Running with unmodified GPU clocks.")
if mode == "perm":
    print("==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to "
          "access NVIDIA GPU Performance Counters on the target device 0.")
    sys.exit(1)
if mode == "nogpu":
    print("==ERROR== No supported GPU found")
    print("probe: no CUDA-capable device is detected")
    print("==WARNING== No kernels were profiled.")
    sys.exit(1)
rc = subprocess.call(prog)
if mode == "none" or rc != 0:
    if rc != 0:
        print("==ERROR== The application returned an error code (%d)." % rc)
    print("==WARNING== No kernels were profiled.")
    sys.exit(rc or 0)
open(out + ".ncu-rep", "w").close()
print("==PROF== Report: " + out + ".ncu-rep")
