#!/usr/bin/env python3
"""Confusion table of warplint --confirm runs: per program and check, how many
findings the GPU confirmed, refuted, did not exercise, left inconclusive or
cannot measure, and the hot lines no finding covered.

Usage: confusion.py RESULTS_DIR   (the JSON reports run_on_gpu.sh wrote)
"""
import collections
import glob
import json
import os
import sys

VERDICTS = ["confirmed", "refuted", "not-exercised", "inconclusive", "not-measured"]


def main():
    d = sys.argv[1]
    rows = []
    totals = collections.Counter()
    per_check = collections.defaultdict(collections.Counter)
    unflagged = []
    for path in sorted(glob.glob(os.path.join(d, "*.json"))):
        name = os.path.basename(path)[:-5]
        try:
            r = json.load(open(path))
        except (OSError, ValueError):
            continue
        c = collections.Counter()
        for f in r.get("findings", []):
            v = f.get("measured", {}).get("verdict", "none")
            c[v] += 1
            per_check[f["check"].replace("warplint-", "")][v] += 1
        conf = r.get("confirm", {})
        for u in conf.get("unflagged", []):
            unflagged.append((name, u))
            per_check["(unflagged) " + u["kind"]]["unflagged"] += 1
        rows.append((name, c, len(conf.get("unflagged", [])),
                     conf.get("launchesProfiled", 0)))
        totals.update(c)
    print("| Program | " + " | ".join(VERDICTS) + " | unflagged hot lines | launches |")
    print("|---" * (len(VERDICTS) + 3) + "|")
    for name, c, u, n in rows:
        print(f"| {name} | " + " | ".join(str(c[v]) for v in VERDICTS) + f" | {u} | {n} |")
    print()
    print("| Check | " + " | ".join(VERDICTS) + " | unflagged |")
    print("|---" * (len(VERDICTS) + 2) + "|")
    for chk in sorted(per_check):
        c = per_check[chk]
        print(f"| {chk} | " + " | ".join(str(c[v]) for v in VERDICTS) + f" | {c['unflagged']} |")
    print()
    for name, u in unflagged:
        print(f"- {name}: {u.get('relativeFile', u['file'])}:{u['line']} "
              f"({u['kind']}): {u['summary']}")


if __name__ == "__main__":
    main()
