#!/usr/bin/env bash
# README command 1: install the dependencies, build, and run warplint on the bundled example
# (text to the terminal, SARIF to build/vector_add.sarif). warplint exits 1 when it finds
# something, which is the point of the example; this script exits 0 when all went well.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
"$here/scripts/install-deps.sh"
"$here/scripts/build.sh"
cd "$here"
status=0
build/bin/warplint examples/vector_add.cu || status=$?
build/bin/warplint examples/vector_add.cu --format=sarif -o build/vector_add.sarif || true
if [ "$status" -ne 1 ]; then
  echo "quickstart: expected one finding in examples/vector_add.cu (exit 1), got exit $status" >&2
  exit 1
fi
echo "quickstart: ok (SARIF report in build/vector_add.sarif)"
