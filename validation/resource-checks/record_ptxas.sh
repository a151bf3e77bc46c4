#!/bin/sh
# Records what nvcc and ptxas make of one source file, for warplint tests to replay without
# a CUDA toolkit (CI). Usage: record_ptxas.sh <file.cu> <out-prefix> [arch]
# Writes <out-prefix>.ptx (nvcc -ptx -lineinfo) and <out-prefix>.ptxas.txt (ptxas -v); the
# same two commands the exact mode of warplint-register-pressure runs. nvcc runs in the
# source's directory on its base name, so the recording holds no absolute path.
set -eu
src=$1; out=$2; arch=${3:-sm_90}
bin=${CUDA_PATH:-/usr/local/cuda}/bin
out=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")
cd "$(dirname "$src")"
"$bin/nvcc" -ptx -lineinfo -arch="$arch" --expt-relaxed-constexpr --extended-lambda \
  -o "$out.ptx" "$(basename "$src")"
"$bin/ptxas" -v -arch="$arch" "$out.ptx" -o /dev/null 2> "$out.ptxas.txt"
# The compile-time line changes from run to run: drop it.
sed -i '/Compile time/d' "$out.ptxas.txt"
