#!/usr/bin/env python3
"""Compiles sources with -fsyntax-only, using the flags the build uses for another one.

    syntax_only.py BUILD_DIR REFERENCE_SOURCE [-I DIR]... SOURCE...

Reads BUILD_DIR/compile_commands.json, takes REFERENCE_SOURCE's command (a file of the same
target, so the same include roots and definitions), drops its source and output, adds the
-I directories first, and compiles one file that #includes every SOURCE (their headers are
parsed once). For test/tool/add-new-check.test: the files the scaffold writes compile
against the real headers without a rebuild.
"""
import json
import os
import shlex
import subprocess
import sys
import tempfile


def main():
    build, ref = sys.argv[1:3]
    extra = [a for a in sys.argv[3:] if a.startswith("-I")]
    sources = [os.path.abspath(a) for a in sys.argv[3:] if not a.startswith("-I")]
    with open(os.path.join(build, "compile_commands.json")) as f:
        entries = json.load(f)
    ref = os.path.realpath(ref)
    entry = next((e for e in entries if os.path.realpath(e["file"]) == ref), None)
    if entry is None:
        sys.exit("syntax_only.py: %s is not in %s/compile_commands.json" % (ref, build))
    args = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
    out = [args[0]] + extra
    skip = False
    for a in args[1:]:
        if skip:
            skip = False
        elif a == "-o":
            skip = True
        elif a == "-c" or os.path.realpath(os.path.join(entry["directory"], a)) == ref:
            continue
        else:
            out.append(a)
    with tempfile.NamedTemporaryFile("w", suffix=".cpp", delete=False) as f:
        f.write("".join('#include "%s"\n' % s for s in sources))
        unity = f.name
    try:
        return subprocess.call(out + ["-fsyntax-only", unity], cwd=entry["directory"])
    finally:
        os.unlink(unity)


if __name__ == "__main__":
    sys.exit(main())
