#!/usr/bin/env python3
"""Checks that every place naming warplint's version agrees with CMakeLists.txt's project
VERSION: `warplint --version`, the CHANGELOG's newest release section, the README's and
docs/integrations.md's pre-commit `rev: vX.Y.Z` and `@vX.Y.Z` action references, the example
workflow, and the man page. With --tag vX.Y.Z (the release workflow passes the pushed tag),
the tag must name that version too. docs/releasing.md.

Usage: check_release.py [--root DIR] [--warplint BIN] [--tag TAG]
Prints one line per place checked; exits 1 on the first disagreement."""
import argparse
import os
import re
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    ap.add_argument("--warplint", help="the built binary, to compare its --version")
    ap.add_argument("--tag", help="the release tag, e.g. v0.1.0")
    args = ap.parse_args()
    root = args.root

    def read(rel):
        with open(os.path.join(root, rel)) as f:
            return f.read()

    def fail(msg):
        print("error: " + msg)
        sys.exit(1)

    m = re.search(r"project\(warplint VERSION (\d+\.\d+\.\d+)", read("CMakeLists.txt"))
    if not m:
        fail("CMakeLists.txt: no project(warplint VERSION X.Y.Z)")
    version = m.group(1)
    print("CMakeLists.txt: %s" % version)
    if args.tag is not None:
        if args.tag != "v" + version:
            fail("tag %s does not name version %s (CMakeLists.txt)" % (args.tag, version))
        print("tag: %s" % args.tag)
    if args.warplint:
        out = subprocess.run([args.warplint, "--version"], capture_output=True, text=True).stdout
        if ("warplint version %s\n" % version) not in out:
            fail("%s --version says %r, not %s" % (args.warplint, out.split("\n")[0], version))
        print("warplint --version: %s" % version)
    changelog = read("CHANGELOG.md")
    newest = re.search(r"^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}$", changelog, re.M)
    if not newest or newest.group(1) != version:
        fail("CHANGELOG.md: the newest release section is %s, not '## [%s] - YYYY-MM-DD'"
             % (newest.group(1) if newest else "missing", version))
    print("CHANGELOG.md: [%s]" % version)
    for rel in ("README.md", "docs/integrations.md", "docs/releasing.md",
                "examples/ci/github-workflow.yml"):
        text = read(rel)
        refs = re.findall(r"(?:rev: |warplint@)v(\d+\.\d+\.\d+)", text)
        refs += re.findall(r"^\s*version: (\d+\.\d+\.\d+)", text, re.M)
        if not refs:
            fail("%s: names no version (rev: vX.Y.Z, warplint@vX.Y.Z or version: X.Y.Z)" % rel)
        bad = sorted({r for r in refs if r != version})
        if bad:
            fail("%s: names %s, not %s" % (rel, ", ".join(bad), version))
        if re.search(r"warplint@v\d+\b(?!\.)", text):
            fail("%s: a floating @vN reference; pin @v%s" % (rel, version))
        print("%s: %d references to %s" % (rel, len(refs), version))
    man = re.search(r'^\.TH WARPLINT 1 "[^"]*" "warplint ([^"]+)"', read("docs/man/warplint.1"), re.M)
    if not man or man.group(1) != version:
        fail("docs/man/warplint.1: version %s, not %s (run scripts/gen_manpage.py)"
             % (man.group(1) if man else "missing", version))
    print("docs/man/warplint.1: %s" % version)
    return 0


if __name__ == "__main__":
    sys.exit(main())
