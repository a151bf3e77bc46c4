#!/usr/bin/env bash
# Runs the libFuzzer target (tools/fuzz/warplint-fuzz.cpp) for a while: mutated CUDA sources,
# seeded with the lit suite's .cu files, through every warplint check, with ASan and UBSan.
#
#   scripts/fuzz.sh [SECONDS]        # default 600; one job, nice -n 10
#
# Uses build-sanitize/, the instrumented build scripts/sanitize.sh makes (-DWARPLINT_SANITIZE=ON
# -DWARPLINT_FUZZ=ON; needs libclang-rt-22-dev), and builds it if needed; WARPLINT_FUZZ_BUILD
# names another. The corpus grows in BUILD/fuzz-corpus; crashes, leaks, timeouts and
# out-of-memory inputs land in BUILD/fuzz-artifacts (turn each one into a regression test under
# test/, then delete it). Caps per input: 60 s (WARPLINT_FUZZ_TIMEOUT; the largest seeds take
# 10-20 s instrumented on a loaded 2-core machine), 2 GiB, 64 KiB. tools/fuzz/cuda.dict (CUDA
# keywords, launch syntax, intrinsics) is the mutation dictionary; WARPLINT_FUZZ_DICT= (empty)
# runs without one. Extra arguments after SECONDS go to libFuzzer (-seed=1, -runs=N, ...).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${WARPLINT_FUZZ_BUILD:-$here/build-sanitize}
seconds=${1:-600}
shift $(($# > 0 ? 1 : 0))
dict=${WARPLINT_FUZZ_DICT-$here/tools/fuzz/cuda.dict}
[ -f "$build/build.ninja" ] ||
  cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" -DWARPLINT_SANITIZE=ON -DWARPLINT_FUZZ=ON \
    ${CMAKE_ARGS:-} > /dev/null
# Up to date with the sources (a no-op when it is).
cmake --build "$build" -j "${JOBS:-$(nproc)}" --target warplint-fuzz
seeds="$build/fuzz-seeds"
mkdir -p "$seeds" "$build/fuzz-corpus" "$build/fuzz-artifacts"
# Several tests share a name (dump/fp64.cu, checks/fp64.cu): the seed is named by its path.
(cd "$here/test" && find . -name '*.cu' -size -64k | while read -r f; do
   cp "$f" "$seeds/$(echo "${f#./}" | tr / _)"; done)
export ASAN_OPTIONS="detect_leaks=1:exitcode=86"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:exitcode=87"
exec nice -n 10 "$build/bin/warplint-fuzz" -max_total_time="$seconds" \
  -timeout="${WARPLINT_FUZZ_TIMEOUT:-60}" -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
  ${dict:+-dict="$dict"} -artifact_prefix="$build/fuzz-artifacts/" "$@" \
  "$build/fuzz-corpus" "$seeds"
