#!/usr/bin/env python3
"""Fails when a source file includes a header from a layer above its own.

warplint's layers, lowest first (docs/architecture.md, "Layers"):

  Symbolic   expressions over thread symbols, lane evaluation   LLVM Support only
  Hardware   GPU models, occupancy, request pricing             LLVM Support only
  Findings   the finding model and its emitters                 LLVM only
  Frontend   toolkit, command lines, clang AST -> Symbolic      + clang
  Analysis   per-kernel facts from the clang AST                + clang
  checks     one file per check                                 + clang-tidy
  tools      the binary, the plugin, the dump tool              anything

A file may include its own layer and the layers below, except that checks/ never includes
Frontend: a check decides and words what lib/Analysis found, and analyses nothing itself. The build gives each library only
those include directories (CMakeLists.txt, "Layers"), but Debian installs LLVM's and clang's
headers in one directory, and a build with another LLVM layout may not separate them, so
this script is what guarantees that lib/Symbolic and lib/Hardware stay free of clang.
Unit tests under unittests/<Layer> belong to that layer (plus GoogleTest), so the tests of
the clang-free core stay clang-free too. unittests/TestSupport is code only the tests use
(the expression parser): clang-free like Symbolic, and included as "TestSupport/<File>.h" by tests only, never by the product.

Usage: check_layers.py [--root DIR]; prints one line per violation and exits 1, or prints
a summary and exits 0.
"""
import argparse
import os
import re
import sys

LAYERS = ["Symbolic", "Hardware", "Findings", "Frontend", "Analysis", "checks", "tools"]
RANK = {name: i for i, name in enumerate(LAYERS)}

# Layers below a layer that it may still not include, and why.
SKIPPED = {"checks": {"Frontend": "checks read facts from Analysis, not Frontend"}}

# Where each layer's sources live, relative to the repository root.
LAYER_DIRS = [
    ("lib/Symbolic", "Symbolic"),
    ("lib/Hardware", "Hardware"),
    ("lib/Findings", "Findings"),
    ("lib/Frontend", "Frontend"),
    ("lib/Analysis", "Analysis"),
    ("checks", "checks"),
    ("tools", "tools"),
]
# Not C++ of warplint's: the bundled CUDA declarations that analysed code includes.
SKIP_DIRS = ["lib/Frontend/fallback"]
SOURCE_SUFFIXES = (".h", ".cpp", ".def", ".inc")

# External include roots: the lowest layer that may use each.
EXTERNAL = {
    "llvm": "Symbolic",
    "llvm-c": "Symbolic",
    "clang": "Frontend",
    "clang-c": "Frontend",
    "clang-tidy": "checks",
    "yaml-cpp": "tools",
    # POSIX system headers (<sys/wait.h>): the C library, like <unistd.h>.
    "sys": "Symbolic",
}
# "LLVM Support only": the clang-free layers use LLVM's support library, not its IR or
# code generation.
LLVM_SUPPORT_ONLY = {"Symbolic", "Hardware"}
LLVM_SUPPORT_PREFIXES = ("llvm/ADT/", "llvm/Support/", "llvm/Config/")
# Files CMake generates into a layer's build directory (included without a directory).
GENERATED = {"Hardware": {"BuiltinModels.inc"}, "checks": {"CheckHeaders.inc"}}
TEST_ONLY_ROOTS = {"gtest", "gmock", "TestSupport"}
# Test-support libraries under unittests/ and the layer whose rules they follow.
TEST_SUPPORT_DIRS = {"TestSupport": "Symbolic"}

INCLUDE_RE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def layer_of(rel):
    """The layer of a repository-relative source path, or None."""
    for d in SKIP_DIRS:
        if rel.startswith(d + "/"):
            return None
    parts = rel.split("/")
    if parts[0] == "unittests" and len(parts) > 2 and parts[1] in TEST_SUPPORT_DIRS:
        return TEST_SUPPORT_DIRS[parts[1]]
    if parts[0] == "unittests" and len(parts) > 2 and parts[1] in RANK:
        return parts[1]
    for d, name in LAYER_DIRS:
        if rel.startswith(d + "/"):
            return name
    return None


def check_include(layer, rel, kind, target):
    """Why including \\p target from \\p rel (in \\p layer) is not allowed, or None."""
    is_test = rel.startswith("unittests/")
    root = target.split("/", 1)[0]
    if "/" not in target:
        if kind == "<":
            return None  # the standard library (and other one-file system headers)
        # A file next to this one, or one CMake generates for this layer.
        if target in GENERATED.get(layer, ()) or os.path.exists(
                os.path.join(ROOT, os.path.dirname(rel), target)):
            return None
        return 'name the layer: "%s/%s"' % (layer, target)
    if target.startswith("../") or target.startswith("./"):
        return "relative include; name the layer instead"
    if root == "lib":
        return 'write "%s", not "lib/%s"' % (target[4:], target[4:])
    if root in RANK:
        if RANK[root] > RANK[layer]:
            return "%s is above %s" % (root, layer)
        return SKIPPED.get(layer, {}).get(root)
    if root in EXTERNAL:
        lowest = EXTERNAL[root]
        if RANK[layer] < RANK[lowest]:
            return "%s/ headers are not allowed below %s (this file is in %s)" % (
                root, lowest, layer)
        if layer in LLVM_SUPPORT_ONLY and root == "llvm" and not target.startswith(
                LLVM_SUPPORT_PREFIXES):
            return "%s is LLVM Support only (llvm/ADT, llvm/Support, llvm/Config)" % layer
        return None
    if root in TEST_ONLY_ROOTS:
        return None if is_test else "%s/ is for unittests only" % root
    return "unknown include root %s/: add it to scripts/check_layers.py" % root


def main():
    global ROOT
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=os.path.join(os.path.dirname(__file__), ".."),
                    help="repository root (default: this script's parent)")
    args = ap.parse_args()
    ROOT = os.path.abspath(args.root)
    violations = []
    files = 0
    for top in ["lib", "checks", "tools", "unittests"]:
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, top)):
            dirnames.sort()
            for fn in sorted(filenames):
                if not fn.endswith(SOURCE_SUFFIXES):
                    continue
                path = os.path.join(dirpath, fn)
                rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
                layer = layer_of(rel)
                if layer is None:
                    continue
                files += 1
                with open(path, encoding="utf-8", errors="replace") as f:
                    for n, line in enumerate(f, 1):
                        m = INCLUDE_RE.match(line)
                        if not m:
                            continue
                        why = check_include(layer, rel, m.group(1), m.group(2))
                        if why:
                            violations.append("%s:%d: %s includes %s%s%s: %s" % (
                                rel, n, layer, m.group(1), m.group(2),
                                ">" if m.group(1) == "<" else '"', why))
    for v in violations:
        print(v)
    if violations:
        print("%d layering violation(s) in %d files" % (len(violations), files))
        return 1
    print("layers ok: %d files" % files)
    return 0


ROOT = "."
if __name__ == "__main__":
    sys.exit(main())
