#!/usr/bin/env bash
# Runs the libFuzzer target (tools/fuzz/warplint-fuzz.cpp) for a while: mutated CUDA sources,
# seeded with the lit suite's .cu files, through every warplint check, with ASan and UBSan.
#
#   scripts/fuzz.sh [SECONDS]        # default 600; one job, nice -n 10
#
# Builds build-fuzz/ (-DWARPLINT_FUZZ=ON; needs libclang-rt-22-dev) unless WARPLINT_FUZZ_BUILD
# names a build that has bin/warplint-fuzz. The corpus grows in build-fuzz/fuzz-corpus;
# crashes, timeouts and out-of-memory inputs land in build-fuzz/fuzz-artifacts (turn each one
# into a regression test under test/, then delete it). Caps per input: 20 s, 2 GiB, 64 KiB.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${WARPLINT_FUZZ_BUILD:-$here/build-fuzz}
seconds=${1:-600}
if [ ! -x "$build/bin/warplint-fuzz" ]; then
  [ -f "$build/build.ninja" ] ||
    cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" -DWARPLINT_FUZZ=ON > /dev/null
  cmake --build "$build" -j "${JOBS:-$(nproc)}" --target warplint-fuzz
fi
seeds="$build/fuzz-seeds"
mkdir -p "$seeds" "$build/fuzz-corpus" "$build/fuzz-artifacts"
# Several tests share a name (dump/fp64.cu, checks/fp64.cu): the seed is named by its path.
(cd "$here/test" && find . -name '*.cu' -size -64k | while read -r f; do
   cp "$f" "$seeds/$(echo "${f#./}" | tr / _)"; done)
export ASAN_OPTIONS="detect_leaks=1:exitcode=86"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:exitcode=87"
exec nice -n 10 "$build/bin/warplint-fuzz" -max_total_time="$seconds" -timeout=20 \
  -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
  -artifact_prefix="$build/fuzz-artifacts/" "$build/fuzz-corpus" "$seeds"
