#!/usr/bin/env bash
# The lit suite on an AddressSanitizer + UndefinedBehaviorSanitizer build of warplint
# (-DWARPLINT_SANITIZE=ON) in its own build directory, build-sanitize/. Run by
# .github/workflows/sanitizers.yml; not part of .ci/run, which it would make several times
# slower. Needs libclang-rt-22-dev (the sanitizer runtimes; scripts/install-deps.sh --sanitizers).
# The same build has -DWARPLINT_FUZZ=ON, so scripts/fuzz.sh runs the libFuzzer target from it
# without compiling every library a second time (libFuzzer's coverage instrumentation makes the
# suite somewhat slower; it changes nothing it reports).
#
#   scripts/sanitize.sh                  # the unit tests, then the whole lit suite
#   scripts/sanitize.sh tool checks/uncoalesced-access.cu   # parts of the lit suite (paths
#                                                           # under test/), no unit tests
#
# Environment: JOBS (build and lit workers, default nproc), WARPLINT_SANITIZE_BUILD (the build
# directory). A sanitizer report fails the test it happens in: ASan exits 86 and UBSan 87,
# codes apart from warplint's own 0-5, and every UBSan error is fatal; LeakSanitizer is on for
# warplint's binaries (off only in clang-tidy-22, which is not ours: test/clang-tidy-asan.in).
# The script exits 0 when every test passed, 1 when a unit test or lit test failed.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${WARPLINT_SANITIZE_BUILD:-$here/build-sanitize}
jobs=${JOBS:-$(nproc)}
if [ ! -f "$build/build.ninja" ]; then
  # -O1 keeps the instrumented build and the tests quick enough; -DNDEBUG as Debian's LLVM.
  cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" -DWARPLINT_SANITIZE=ON -DWARPLINT_FUZZ=ON \
    ${CMAKE_ARGS:-} > /dev/null
fi
export ASAN_OPTIONS="exitcode=86:detect_leaks=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1"
export UBSAN_OPTIONS="exitcode=87:halt_on_error=1:print_stacktrace=1"
lit=$(command -v lit || echo /usr/lib/llvm-22/bin/lit)
[ -x "$lit" ] || lit=/usr/lib/llvm-22/bin/lit
if [ $# -gt 0 ]; then
  cmake --build "$build" -j "$jobs" --target warplint warplint-dump warplintTidyPlugin
  tests=()
  for t in "$@"; do tests+=("$build/test/$t"); done
  exec "$lit" -sv -j "$jobs" "${tests[@]}"
fi
# Everything: the unit tests (GoogleTest, through ctest), the fuzz target (so that it keeps
# building) and the lit suite.
cmake --build "$build" -j "$jobs"
status=0
(cd "$build" && ctest -j "$jobs" --output-on-failure -E '^lit$') || status=1
"$lit" -sv -j "$jobs" "$build/test" || status=1
exit "$status"
