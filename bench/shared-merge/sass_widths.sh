#!/bin/sh
# Compiles probes.cu for sm_90 and prints, per kernel, the shared-memory
# instructions nvcc issued (LDS/STS with their width suffix).
# Usage: bench/shared-merge/sass_widths.sh [NVCC]   (needs cuobjdump beside nvcc)
set -e
NVCC=${1:-nvcc}
D=$(dirname "$0")
T=${TMPDIR:-/tmp}/shared-merge.$$
mkdir -p "$T"
"$NVCC" -O3 -arch=sm_90 -cubin -o "$T/probes.cubin" "$D/probes.cu"
CUOBJDUMP=$(dirname "$(command -v "$NVCC")")/cuobjdump
[ -x "$CUOBJDUMP" ] || CUOBJDUMP=cuobjdump
"$CUOBJDUMP" -sass "$T/probes.cubin" | awk '
  /Function :/ { if (name != "") print name ":" list; name = $3; list = "" }
  / (LDS|STS)(\.[A-Z0-9]+)* / {
    for (i = 1; i <= NF; i++) if ($i ~ /^(LDS|STS)/) { list = list " " $i; break } }
  END { if (name != "") print name ":" list }' | sort
rm -rf "$T"
