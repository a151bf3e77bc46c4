#!/usr/bin/env python3
"""Reads warplint's --format=json on stdin; prints one line per finding:
"LINE PRIORITY CONFIDENCE notes=N" (N counts the notes, the priority note excluded), for
FileCheck to check the per-finding priority and confidence and how findings are grouped."""
import json
import sys

data = json.load(sys.stdin)
items = data["findings"] if isinstance(data, dict) else data
for f in items:
    print("%d %s %s notes=%d" % (f["line"], f["priority"], f["confidence"], len(f["notes"])))
