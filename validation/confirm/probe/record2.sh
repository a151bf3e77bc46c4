#!/usr/bin/env bash
# Second recording: branch-target metrics correlated in the source view,
# instanced raw metrics, kernel-name filters on a template, and whether the
# warplint binary built on Debian 12 runs on the GPU machine.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
O=${1:?output dir}
mkdir -p "$O"
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
{ cat /etc/os-release | head -3; ldd --version | head -1; } >"$O/os.txt" 2>&1
cd "$HERE"
nvcc -O3 -arch=sm_90 -lineinfo -o /tmp/probe probe.cu 2>&1
BR=smsp__sass_branch_targets_threads_divergent,smsp__sass_branch_targets_threads_uniform,smsp__sass_branch_targets
"$NCU" --clock-control none --section SourceCounters --section LaunchStats --metrics $BR \
  -f -o /tmp/p2 /tmp/probe >"$O/ncu_profile2.log" 2>&1
"$NCU" --import /tmp/p2.ncu-rep --csv --page source --print-source cuda,sass >"$O/src2_cuda_sass.csv" 2>"$O/src2.err"
"$NCU" --import /tmp/p2.ncu-rep --csv --page raw --print-units base \
  --print-metric-instances details >"$O/raw2_instances.csv" 2>&1
"$NCU" --import /tmp/p2.ncu-rep --csv --page raw --print-units base >"$O/raw2.csv" 2>&1
"$NCU" --clock-control none --section SourceCounters -k 'regex:^(templated|predicated)(<.*>)?$' \
  -c 5 -f -o /tmp/p3 /tmp/probe >"$O/ncu_filter_tmpl.log" 2>&1
"$NCU" --clock-control none --section SourceCounters --kernel-name-base demangled -k 'regex:^templated<' \
  -f -o /tmp/p4 /tmp/probe >"$O/ncu_filter_tmpl2.log" 2>&1
ls -la "$O"
