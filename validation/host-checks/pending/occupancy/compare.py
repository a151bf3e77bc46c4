#!/usr/bin/env python3
"""Joins predictions.csv (warplint) with measured.csv (the CUDA occupancy API) by case:
prints one line per case and exits 1 when an active-block count differs."""
import csv
import sys

pred = {r["case"]: r for r in csv.DictReader(open(sys.argv[1]))}
bad = 0
for m in csv.DictReader(open(sys.argv[2])):
    p = pred.get(m["case"])
    if not p:
        continue
    ok = int(p["active_blocks"]) == int(m["active_blocks"])
    bad += not ok
    print(f'{m["case"]}: predicted {p["active_blocks"]} blocks ({p["limiter"]}, '
          f'{p["registers"]} registers estimated), measured {m["active_blocks"]} '
          f'({m["registers"]} registers) {"agree" if ok else "DISAGREE"}')
sys.exit(1 if bad else 0)
