#!/usr/bin/env bash
# Records Nsight Compute's views of the probe program into $1 (a folder):
# the raw material the --confirm parser is written and replay-tested against.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
O=${1:?output dir}
mkdir -p "$O"
NCU=$(command -v ncu || ls -d /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda/bin/ncu 2>/dev/null | head -1)
{ nvidia-smi --query-gpu=name,driver_version --format=csv; nvcc --version | tail -2; "$NCU" --version; echo "ncu=$NCU"; } >"$O/env.txt" 2>&1
"$NCU" --help >"$O/ncu_help.txt" 2>&1
cd "$HERE"
nvcc -O3 -arch=sm_90 -lineinfo -o /tmp/probe probe.cu 2>&1
nvcc -O3 -arch=sm_90 -o /tmp/probe_noline probe.cu 2>&1
/tmp/probe >"$O/run.txt" 2>&1
S=$(date +%s.%N)
"$NCU" --clock-control none --section SourceCounters --section LaunchStats \
  -f -o /tmp/p /tmp/probe >"$O/ncu_profile.log" 2>&1
echo "profile seconds: $(echo "$(date +%s.%N) - $S" | bc)" >>"$O/env.txt"
for ps in cuda sass cuda,sass; do
  "$NCU" --import /tmp/p.ncu-rep --csv --page source --print-source $ps \
    >"$O/src_${ps/,/_}.csv" 2>"$O/src_${ps/,/_}.err"
done
"$NCU" --import /tmp/p.ncu-rep --csv --page details >"$O/details.csv" 2>&1
"$NCU" --import /tmp/p.ncu-rep --csv --page raw --print-units base >"$O/raw.csv" 2>&1
# Kernel filter, no lineinfo, a failing program.
"$NCU" --clock-control none --section SourceCounters -k 'regex:^(stridedCopy|bankConflict)$' \
  -f -o /tmp/pk /tmp/probe >"$O/ncu_filter.log" 2>&1
"$NCU" --import /tmp/pk.ncu-rep --csv --page source --print-source cuda >"$O/src_filter.csv" 2>&1
"$NCU" --clock-control none --section SourceCounters -f -o /tmp/pn /tmp/probe_noline >"$O/ncu_noline.log" 2>&1
"$NCU" --import /tmp/pn.ncu-rep --csv --page source --print-source cuda >"$O/src_noline.csv" 2>&1
"$NCU" --clock-control none --section SourceCounters -f -o /tmp/pf /bin/false >"$O/ncu_false.log" 2>&1; echo "rc false: $?" >>"$O/env.txt"
"$NCU" --clock-control none --section SourceCounters -f -o /tmp/pt /bin/true >"$O/ncu_true.log" 2>&1; echo "rc true: $?" >>"$O/env.txt"
"$NCU" --clock-control none --section SourceCounters -f -o /tmp/px /nonexistent >"$O/ncu_missing.log" 2>&1; echo "rc missing: $?" >>"$O/env.txt"
"$NCU" --list-sections >"$O/sections.txt" 2>&1
"$NCU" --query-metrics --chip gh100 >"$O/metrics_gh100.txt" 2>&1
cp /tmp/p.ncu-rep "$O/probe.ncu-rep"
ls -la "$O"
