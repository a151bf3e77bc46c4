#!/usr/bin/env python3
"""grouping_diff.py BEFORE.json AFTER.json: what one-finding-per-cause did to a run.

Each finding of BEFORE (warplint --format=json) is
  kept    - a finding of the same check at the same location in AFTER,
  merged  - its location is a note of an AFTER finding of the same check ("also here",
            "also for", or a note of the same line), i.e. a related location now,
  gone    - neither (other changes between the two binaries);
AFTER findings that BEFORE did not have at their location are new. Prints the counts per
check and the first few gone/new findings to read.
"""
import collections
import json
import sys


def load(path):
    return json.load(open(path))["findings"]


def main():
    before, after = load(sys.argv[1]), load(sys.argv[2])
    primary = {(f["check"], f["file"], f["line"], f["column"]) for f in after}
    related = set()
    for f in after:
        for n in f.get("notes", []):
            related.add((f["check"], n["file"], n["line"], n["column"]))
            related.add((f["check"], n["file"], n["line"], None))
    stats = collections.defaultdict(collections.Counter)
    gone = []
    for f in before:
        key = (f["check"], f["file"], f["line"], f["column"])
        if key in primary:
            stats[f["check"]]["kept"] += 1
        elif key in related or (f["check"], f["file"], f["line"], None) in related:
            stats[f["check"]]["merged"] += 1
        else:
            stats[f["check"]]["gone"] += 1
            gone.append(f)
    old = {(f["check"], f["file"], f["line"], f["column"]) for f in before}
    new = [f for f in after if (f["check"], f["file"], f["line"], f["column"]) not in old]
    for f in new:
        stats[f["check"]]["new"] += 1
    print("%-40s %6s %6s %6s %6s" % ("check", "kept", "merged", "gone", "new"))
    tot = collections.Counter()
    for c in sorted(stats):
        s = stats[c]
        tot.update(s)
        print("%-40s %6d %6d %6d %6d" % (c.replace("warplint-", ""), s["kept"], s["merged"], s["gone"], s["new"]))
    print("%-40s %6d %6d %6d %6d" % ("total", tot["kept"], tot["merged"], tot["gone"], tot["new"]))
    print("findings: %d -> %d" % (len(before), len(after)))
    for label, fs in (("gone", gone), ("new", new)):
        for f in fs[:8]:
            print("%s: %s:%d:%d %s: %s" % (label, f["file"], f["line"], f["column"],
                                          f["check"], f["message"][:140]))


if __name__ == "__main__":
    main()
