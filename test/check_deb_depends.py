#!/usr/bin/env python3
"""Checks a Debian package's Depends against what dpkg-shlibdeps computes for its ELF files:
every package dpkg-shlibdeps names is in Depends, with a version constraint at least as strict.
Usage: check_deb_depends.py DEPENDS SHLIBDEPS_OUTPUT (the "shlibs:Depends=..." line).
Prints one line per dependency; exits 1 on the first one missing or looser."""
import re
import subprocess
import sys


def parse(text):
    out = {}
    for item in text.split(","):
        m = re.match(r"\s*([a-z0-9][a-z0-9+.-]*)(?::\w+)?\s*(?:\(\s*>=\s*([^)\s]+)\s*\))?\s*$", item)
        if not m:
            sys.exit("error: cannot parse dependency %r" % item)
        out[m.group(1)] = m.group(2)
    return out


ours = parse(sys.argv[1])
line = open(sys.argv[2]).read().strip()
theirs = parse(line.split("=", 1)[1])
for pkg, ver in sorted(theirs.items()):
    if pkg not in ours:
        print("error: dpkg-shlibdeps needs %s, Depends lacks it" % pkg)
        sys.exit(1)
    if ver and not (ours[pkg] and subprocess.call(
            ["dpkg", "--compare-versions", ours[pkg], "ge", ver]) == 0):
        print("error: %s: Depends says >= %s, dpkg-shlibdeps >= %s" % (pkg, ours[pkg], ver))
        sys.exit(1)
    print("%s: ok (%s)" % (pkg, ">= " + ours[pkg] if ours[pkg] else "any"))
