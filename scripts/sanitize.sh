#!/usr/bin/env bash
# The lit suite on an AddressSanitizer + UndefinedBehaviorSanitizer build of warplint
# (-DWARPLINT_SANITIZE=ON) in its own build directory, build-sanitize/. Run by
# .github/workflows/sanitizers.yml; not part of .ci/run, which it would make several times
# slower. Needs libclang-rt-22-dev (the sanitizer runtimes; scripts/install-deps.sh --sanitizers).
#
#   scripts/sanitize.sh                  # the whole lit suite
#   scripts/sanitize.sh tool checks/uncoalesced-access.cu   # parts of it (paths under test/)
#
# Environment: JOBS (build and lit workers, default nproc), WARPLINT_SANITIZE_BUILD (the build
# directory). A sanitizer report fails the test it happens in: ASan exits 86 and UBSan 87,
# codes apart from warplint's own 0-5, and every UBSan error is fatal. The script's exit code
# is lit's: 0 when every test passed, 1 otherwise.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${WARPLINT_SANITIZE_BUILD:-$here/build-sanitize}
jobs=${JOBS:-$(nproc)}
if [ ! -f "$build/build.ninja" ]; then
  # -O1 keeps the instrumented build and the tests quick enough; -DNDEBUG as Debian's LLVM.
  cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" -DWARPLINT_SANITIZE=ON ${CMAKE_ARGS:-} > /dev/null
fi
cmake --build "$build" -j "$jobs" --target warplint warplint-dump warplintTidyPlugin
export ASAN_OPTIONS="exitcode=86:detect_leaks=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1"
export UBSAN_OPTIONS="exitcode=87:halt_on_error=1:print_stacktrace=1"
lit=$(command -v lit || echo /usr/lib/llvm-22/bin/lit)
[ -x "$lit" ] || lit=/usr/lib/llvm-22/bin/lit
tests=()
for t in "$@"; do tests+=("$build/test/$t"); done
[ ${#tests[@]} -gt 0 ] || tests=("$build/test")
exec "$lit" -sv -j "$jobs" "${tests[@]}"
