#!/usr/bin/env bash
# Configures (once) and builds warplint in build/ with Ninja and clang++-22.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
if [ ! -f "$here/build/build.ninja" ]; then
  cmake -S "$here" -B "$here/build" -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null
fi
cmake --build "$here/build" -j "$(nproc)"
