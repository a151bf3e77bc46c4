"""Prints the files of a clang-format report in the order their output appears, and fails
when one file's lines (its findings and their notes) are interleaved with another's."""
import os
import re
import sys

runs = []
for line in open(sys.argv[1]):
    m = re.match(r"(/\S+?\.(?:cu|cuh)):\d+:\d+: (warning|error|note): ", line)
    if not m or m.group(2) == "note":
        continue  # a note belongs to the warning above it
    name = os.path.basename(m.group(1))
    if not runs or runs[-1] != name:
        runs.append(name)
assert len(runs) == len(set(runs)), "a file's output is interleaved: %s" % runs
print(" ".join(runs))
