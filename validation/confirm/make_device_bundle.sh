#!/usr/bin/env bash
# Packs build/bin/warplint with the LLVM 22 libraries it loads into one
# tarball that unpacks under / on a machine without LLVM 22 (the GPU machine
# the --confirm validation runs on: Ubuntu 24.04, no LLVM). libz3 and libxml2,
# which libLLVM links but warplint never calls, are replaced by stubs
# (mkstub.py) to keep the bundle small; RUNPATH points at /opt/warplint/lib so
# nothing else on that machine (ncu, nvcc) sees these libraries.
#   validation/confirm/make_device_bundle.sh OUT.tar.xz
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=$(realpath -m "${1:?output tarball}")
S=$(mktemp -d)
trap 'rm -rf "$S"' EXIT
L=$S/opt/warplint/lib
mkdir -p "$L" "$S/opt/warplint/bin" "$S/usr/lib/llvm-22/lib/clang/22"
SYS=/usr/lib/x86_64-linux-gnu
for f in libLLVM.so.22.1 libclang-cpp.so.22.1 libyaml-cpp.so.0.7 libffi.so.8 \
         libedit.so.2 libbsd.so.0 libmd.so.0; do
  cp -L "$SYS/$f" "$L/$f"
done
python3 "$ROOT/validation/confirm/mkstub.py" $SYS/libz3.so.4 libz3.so.4 "$L/libz3.so.4"
python3 "$ROOT/validation/confirm/mkstub.py" $SYS/libxml2.so.2 libxml2.so.2 "$L/libxml2.so.2"
rm -f "$L"/*.c "$L"/*.map
cp "$ROOT/build/bin/warplint" "$S/opt/warplint/bin/"
cp -r "$ROOT/build/share" "$S/opt/warplint/"
for f in "$S/opt/warplint/bin/warplint" "$L/libLLVM.so.22.1" "$L/libclang-cpp.so.22.1" "$L/libedit.so.2"; do
  patchelf --set-rpath /opt/warplint/lib "$f"
done
cp -r /usr/lib/llvm-22/lib/clang/22/include "$S/usr/lib/llvm-22/lib/clang/22/"
tar -C "$S" -cf - opt usr | xz -6 -T2 >"$OUT"
ls -la "$OUT"
