#!/bin/bash
# measure.sh PROGRAMS.tsv SRCROOT OUTDIR [SECONDS]
#
# On a machine with an NVIDIA GPU, nvcc and ncu: builds each program of PROGRAMS.tsv (columns
# as select_programs.py writes them) with -lineinfo for $ARCH (default sm_90), runs it under
# Nsight Compute with the arguments `warplint --confirm --confirm-all-kernels` uses (source
# counters, launch statistics and occupancy, clocks untouched, the first launch of each kernel),
# keeps the two exports `--confirm-dir` keeps (source.csv, raw.csv, ncu.log) under
# OUTDIR/exports/PROJECT/PROGRAM, and appends their per-line reduction (reduce.py: counters only,
# no source text) to OUTDIR/lines.tsv. SRCROOT holds one checkout per project, named by the
# first column. Programs are built in parallel and profiled in the list's order until
# SECONDS (default 3000) have passed; OUTDIR/status.tsv says what happened to each. JOBS
# programs (default 6) run side by side, each stopped after PER_PROGRAM seconds (default 30).
set -u
list=$1; top=$(realpath "$2"); out=$(realpath -m "$3"); budget=${4:-3000}
export ARCH=${ARCH:-sm_90}
jobs=${JOBS:-6}; per_program=${PER_PROGRAM:-30}
here=$(dirname "$(realpath "$0")")
ncu=${NCU:-ncu}
mkdir -p "$out/exports" "$out/build"
start=$(date +%s)
[ -f "$out/lines.tsv" ] || python3 -c "import sys; sys.path.insert(0, '$here'); import reduce; print('\t'.join(reduce.COLUMNS))" > "$out/lines.tsv"
touch "$out/status.tsv"

build_one() {  # index project program build
  local i=$1 project=$2 prog=$3 cmd=$4
  local dir="$top/$project/$prog"
  ( cd "$dir" && ROOT="$top/$project" NVCC_APPEND_FLAGS="-lineinfo" timeout 300 /bin/sh -c "$cmd" ) > "$out/build/$i.log" 2>&1
  echo $? > "$out/build/$i.rc"
}
export -f build_one
export top out
tail -n +2 "$list" | awk -F'\t' '{print NR"\t"$1"\t"$4"\t"$5}' |
  while IFS=$'\t' read -r i project prog cmd; do printf '%s\0%s\0%s\0%s\0' "$i" "$project" "$prog" "$cmd"; done |
  xargs -0 -n 4 -P "$(nproc)" bash -c 'build_one "$@"' _ &
builder=$!

profile_one() {  # index project commit program run
  local i=$1 project=$2 commit=$3 prog=$4 run=$5
  local now=$(date +%s)
  if [ $((now - start)) -ge "$budget" ]; then echo -e "$project\t$prog\tnot run (time)" >> "$out/status.tsv"; return; fi
  while [ ! -f "$out/build/$i.rc" ]; do sleep 0.2; done
  if [ "$(cat "$out/build/$i.rc")" != 0 ]; then echo -e "$project\t$prog\tbuild failed" >> "$out/status.tsv"; return; fi
  local dir="$top/$project/$prog"
  local w="$out/exports/$project/$(echo "$prog ${run%% *}" | tr '/ .' '___')"
  mkdir -p "$w"
  now=$(date +%s)
  local left=$((budget - (now - start)))
  local limit=$(( left < per_program ? left : per_program ))
  # A program still running at the limit is stopped: ncu writes the launches profiled so far.
  ( cd "$dir" && timeout -k 10 $limit "$ncu" --clock-control none --section SourceCounters \
      --section LaunchStats --section Occupancy --kernel-id '::regex:.*:1' --launch-count 50 \
      -f -o "$w/report" /bin/sh -c "$run" ) > "$w/ncu.log" 2>&1
  local rc=$?
  if [ ! -f "$w/report.ncu-rep" ]; then echo -e "$project\t$prog\tno report (exit $rc)" >> "$out/status.tsv"; return; fi
  "$ncu" --import "$w/report.ncu-rep" --csv --page source --print-source cuda,sass > "$w/source.csv" 2>/dev/null
  "$ncu" --import "$w/report.ncu-rep" --csv --page raw --print-units base --print-metric-instances details > "$w/raw.csv" 2>/dev/null
  rm -f "$w/report.ncu-rep"
  python3 "$here/reduce.py" "$w" "$project" "$commit" "$top/$project" "$dir" > "$w/lines.tsv"
  echo -e "$project\t$prog\tmeasured (exit $rc)\t$(wc -l < "$w/lines.tsv") lines\t$(( $(date +%s) - now )) s" >> "$out/status.tsv"
}
export -f profile_one
export start budget per_program here ncu
# Source counters are instrumented counts (requests, sectors, wavefronts, branch targets):
# programs running side by side do not change them, and ncu serialises the replays itself.
tail -n +2 "$list" | awk -F'\t' '{print NR"\t"$1"\t"$3"\t"$4"\t"$6}' |
  while IFS=$'\t' read -r i project commit prog run; do printf '%s\0%s\0%s\0%s\0%s\0' "$i" "$project" "$commit" "$prog" "$run"; done |
  xargs -0 -n 5 -P "$jobs" bash -c 'profile_one "$@"' _
cat "$out"/exports/*/*/lines.tsv >> "$out/lines.tsv" 2>/dev/null
kill $builder 2>/dev/null
wait 2>/dev/null
exit 0
