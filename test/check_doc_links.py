#!/usr/bin/env python3
"""Fails on a placeholder URL anywhere in the source tree: a link to a repository or host
that does not exist (the documentation example hosts of RFC 2606, a "your-org" repository,
an upper-case stand-in for a repository name). Usage: check_doc_links.py SOURCE_ROOT"""
import os
import re
import sys

# Built from pieces, so that this file does not match itself.
PLACEHOLDER = re.compile(
    r"https?://(?:[\w.-]+\.)?example\.(?:com|org|net)\b"
    r"|https?://[^\s)\"'>]*\b(?:your" r"-org|OWNER|ACTION_" r"REPOSITORY)\b")
SKIP_DIRS = {".git", ".tools", "node_modules", "__pycache__", ".cache"}


def main():
    root = sys.argv[1]
    bad = 0
    for d, dirs, files in os.walk(root):
        rel_dir = os.path.relpath(d, root)
        dirs[:] = [x for x in dirs if x not in SKIP_DIRS and
                   not (rel_dir == "." and x.startswith("build"))]
        for name in files:
            path = os.path.join(d, name)
            try:
                text = open(path, encoding="utf-8").read()
            except (UnicodeDecodeError, OSError):
                continue
            for n, line in enumerate(text.splitlines(), 1):
                for m in PLACEHOLDER.finditer(line):
                    print("%s:%d: placeholder URL %s" % (os.path.relpath(path, root), n,
                                                         m.group(0)))
                    bad += 1
    print("placeholder URLs: %d" % bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
