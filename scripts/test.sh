#!/usr/bin/env bash
# README command 2: builds if needed and runs the whole test suite (GoogleTest unit tests
# and the lit suite, through ctest).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
"$here/scripts/build.sh"
cd "$here/build"
ctest --output-on-failure -j "$(nproc)"
