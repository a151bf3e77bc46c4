#!/usr/bin/env python3
"""Checks the measured CSV of kernels.cu against predictions.csv's rules."""
import csv, sys
m = {}
for r in csv.DictReader(open(sys.argv[2])):
    m[(r["check"], r["case"], r["param"])] = float(r["ms"])
c = lambda k: m[("constant-memory-serialization", "addresses_per_warp", str(k))]
rows = []
rows.append(("constant linear (32/8 >= 2.5 and 8/2 >= 2.5)", c(32) / c(8) >= 2.5 and c(8) / c(2) >= 2.5,
             "32/8 = %.2f, 8/2 = %.2f" % (c(32) / c(8), c(8) / c(2))))
rows.append(("constant small (2 <= 1.5 x 1)", c(2) <= 1.5 * c(1), "2/1 = %.2f" % (c(2) / c(1))))
s = m[("redundant-global-load", "simpleMultiply", "32")]
t = m[("redundant-global-load", "sharedABMultiply", "1")]
rows.append(("simpleMultiply slower than sharedAB, ratio < 8", s > t and s / t < 8, "ratio %.2f" % (s / t)))
for name, ok, why in rows:
    print("%s,%s,%s" % (name, "agrees" if ok else "DISAGREES", why))
