#!/usr/bin/env python3
"""Runs one check test through both front ends and checks every diagnostic.

Modelled on clang-tidy's check_clang_tidy.py. The test file holds the expectations:

    k<<<1, 100>>>(a);
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: block size 100 is ... [warplint-...]
    // CHECK-NOTES:    :[[@LINE-2]]:10: note: each block ...

Both front ends run: the warplint binary and clang-tidy-22 with the plugin. For each:
  * the warnings must match the CHECK-MESSAGES lines, and any warning or error that no
    CHECK-MESSAGES line accounts for fails the test (FileCheck --implicit-check-not);
  * when the file has CHECK-NOTES lines, warnings and notes are checked the same way;
and the two front ends must print identical diagnostics.
"""
import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile

DIAG = re.compile(r"^(.*?):(\d+):(\d+): (warning|error|note): ")


def diagnostics(output, src):
    keep = []
    for line in output.splitlines():
        m = DIAG.match(line)
        if m:
            # Paths are written relative to nothing: FileCheck patterns start at ':line'.
            keep.append(line[len(m.group(1)):] if os.path.samefile(m.group(1), src)
                        or m.group(1) == src else line)
    return keep


def filecheck(args, src, lines, prefix, implicit):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        name = f.name
    cmd = [args.filecheck, src, "--input-file=" + name, "--check-prefix=" + prefix,
           "--match-full-lines=false", "--strict-whitespace"]
    for pattern in implicit:
        cmd.append("--implicit-check-not=" + pattern)
    r = subprocess.run(cmd, capture_output=True, text=True)
    os.unlink(name)
    if r.returncode != 0:
        sys.stderr.write("FileCheck %s failed:\n%s\n--- input ---\n%s\n"
                         % (prefix, r.stderr, "\n".join(lines)))
        return False
    return True


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--warplint", required=True)
    p.add_argument("--clang-tidy", required=True)
    p.add_argument("--plugin", required=True)
    p.add_argument("--filecheck", required=True)
    p.add_argument("--cuda-args", required=True)
    p.add_argument("--checks", default="-*,warplint-*")
    p.add_argument("--config", default=None)
    p.add_argument("--compare-only", action="store_true",
                   help="for files without CHECK lines: only require that both front "
                        "ends print the same, non-empty, diagnostics")
    p.add_argument("source")
    p.add_argument("extra", nargs="*", help="extra compiler arguments")
    args = p.parse_args()

    src = os.path.abspath(args.source)
    text = open(src).read()
    has_messages = "CHECK-MESSAGES" in text
    has_notes = "CHECK-NOTES" in text
    compiler = shlex.split(args.cuda_args) + args.extra
    common = ["-checks=" + args.checks]
    if args.config:
        common.append("-config=" + args.config)

    runs = {
        "warplint": [args.warplint, "--no-snippets", "--quiet"] + common + [src, "--"]
        + compiler,
        "clang-tidy": [args.clang_tidy, "--load=" + args.plugin, "--quiet"] + common
        + [src, "--"] + compiler,
    }
    outputs = {}
    ok = True
    for name, cmd in runs.items():
        r = subprocess.run(cmd, capture_output=True, text=True)
        lines = diagnostics(r.stdout, src)
        outputs[name] = lines
        if r.returncode not in (0, 1):
            sys.stderr.write("%s exited with %d\n%s\n%s\n" % (name, r.returncode,
                                                              r.stdout, r.stderr))
            ok = False
            continue
        warnings = [l for l in lines if ": note: " not in l]
        if args.compare_only:
            if not warnings:
                sys.stderr.write("%s: no diagnostics\n" % name)
                ok = False
        elif not has_messages and not has_notes:
            if warnings:
                sys.stderr.write("%s: unexpected diagnostics:\n%s\n"
                                 % (name, "\n".join(warnings)))
                ok = False
        elif has_messages:
            ok &= filecheck(args, src, warnings, "CHECK-MESSAGES",
                            ["{{warning|error}}:"])
        if has_notes:
            ok &= filecheck(args, src, lines, "CHECK-NOTES",
                            ["{{warning|error|note}}:"])
    if outputs.get("warplint") != outputs.get("clang-tidy"):
        sys.stderr.write("the front ends disagree:\n--- warplint ---\n%s\n"
                         "--- clang-tidy --load ---\n%s\n"
                         % ("\n".join(outputs.get("warplint", [])),
                            "\n".join(outputs.get("clang-tidy", []))))
        ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
