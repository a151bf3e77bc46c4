#!/usr/bin/env bash
# Installs everything warplint needs to build and test, from Debian's packages (bookworm
# with LLVM 22 in bookworm-security), plus Microsoft's SARIF validator from npm when npm is
# available (the SARIF test uses it; without it that one test is skipped). pre-commit (Debian's,
# with python3-yaml) runs the hook test offline. chromium renders the HTML report headless in
# its test (test/tool/html-report.test). `--sanitizers` adds the sanitizer and libFuzzer
# runtimes (libclang-rt-22-dev) for scripts/sanitize.sh and tools/fuzz (not needed by .ci/run).
set -euo pipefail
extra=""
if [ "${1:-}" = --sanitizers ]; then extra=libclang-rt-22-dev; fi
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends \
  clang-22 libclang-22-dev llvm-22-dev llvm-22-tools clang-tidy-22 \
  libyaml-cpp-dev googletest libgtest-dev cmake ninja-build python3 ca-certificates git \
  pre-commit chromium $extra \
  > /dev/null
here=$(cd "$(dirname "$0")/.." && pwd)
if command -v npm > /dev/null && [ ! -x "$here/.tools/node_modules/.bin/sarif-multitool" ]; then
  mkdir -p "$here/.tools"
  (cd "$here/.tools" && npm install --silent --no-audit --no-fund @microsoft/sarif-multitool \
     > /dev/null 2>&1) || echo "note: SARIF validator not installed; its test will be skipped"
fi
echo "dependencies installed"
