#!/usr/bin/env python3
"""Draw a reproducible random sample of one check's findings from warplint JSON reports, for
reading and classifying by hand (docs/evaluation.md's divergence samples).

    scripts/sample_findings.py --check warplint-divergent-branch --seed 1124 -n 40 A.json B.json...

Findings are keyed by (report, file, line, column) and sorted before the draw, so the same
reports and seed give the same sample on any machine. Prints one line per finding: its number
in the sorted population, the report's name, file:line, priority, confidence and message."""
import argparse
import json
import os
import random


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--check", required=True)
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("-n", type=int, default=40)
    p.add_argument("reports", nargs="+")
    o = p.parse_args()
    pop = []
    for r in o.reports:
        data = json.load(open(r))
        for f in data["findings"] if isinstance(data, dict) else data:
            if f["check"] == o.check:
                name = f.get("relativeFile") or f["file"]
                pop.append((os.path.basename(r), name, f["line"], f["column"], f))
    pop.sort(key=lambda x: x[:4])
    picked = sorted(random.Random(o.seed).sample(range(len(pop)), min(o.n, len(pop))))
    print("population %d, sample %d, seed %d" % (len(pop), len(picked), o.seed))
    for i in picked:
        rep, name, line, _, f = pop[i]
        print("%3d %s %s:%d %s %s %s" % (i + 1, rep, name, line, f["priority"],
                                         f.get("confidence", ""), f["message"][:160]))


if __name__ == "__main__":
    main()
