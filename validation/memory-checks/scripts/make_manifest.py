#!/usr/bin/env python3
"""Builds manifest.csv from the kernel sources.

Every access of interest carries a marker comment on its line:
  // @access <op> <space> <verdicts> [; <op> <space> <verdicts>]...
op is ld, st or ld+st; space is global or shared; verdicts is either one
`verdict:expected` for every launch of the kernel, `a:x & b:y` for two
accesses of the same kind on the line (e.g. a broadcast and a coalesced load
in one expression), or `label=verdict:expected` tokens, one per launch label
(template instantiations, runtime strides). `expected` is sectors per request
(global) or wavefronts per request (shared) under the simple model the guide
describes ('-' when it varies). Launches are read from the
`H.record("label", "kernel", grid, block[, smem])` calls, which follow every
launch in program order.

Usage: make_manifest.py [kernels dir] [manifest.csv]
"""
import csv
import glob
import os
import re
import sys

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KDIR = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "kernels")
OUT = sys.argv[2] if len(sys.argv) > 2 else os.path.join(HERE, "manifest.csv")
ORDER = ["guide_copy", "guide_matmul", "transpose", "reduction", "locals_loops",
         "helpers_macros_templates", "structs_vectors", "pointers_ldg_cg",
         "broadcast_gather", "blocks_2d", "shared_basic", "shared_tiles",
         "shared_wide", "real_code", "iterations_guards_fields", "values_i12b"]
GUIDE = {"global": "GM 9.2.1 / G23 3.2.1 (High)",
         "shared": "GM 9.2.2 / G23 3.2.2.1 (Medium)"}


def split_args(s):
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
            continue
        depth += ch in "(<"
        depth -= ch in ")>"
        cur += ch
    out.append(cur.strip())
    return out


def dim(s):
    m = re.fullmatch(r"dim3\((.*)\)", s)
    parts = [p.strip() for p in (m.group(1).split(",") if m else [s])]
    parts = [str(eval(p)) for p in parts] + ["1", "1"]
    return "x".join(parts[:3])


def main():
    accesses = {}  # kernel -> list of (file, line, op, space, verdicts)
    launches = []
    for stem in ORDER:
        path = os.path.join(KDIR, stem + ".cu")
        kernel = None
        for ln, text in enumerate(open(path), 1):
            m = re.search(r"__global__\s+void\s+(\w+)\s*\(", text)
            if m:
                kernel = m.group(1)
            m = re.search(r"//\s*@access\s+(.*)$", text)
            if m:
                for group in m.group(1).split(";"):
                    f = group.split()
                    ops, space, rest = f[0], f[1], " ".join(f[2:])
                    for op in ops.split("+"):
                        accesses.setdefault(kernel, []).append(
                            (os.path.basename(path), ln, op, space, rest))
            m = re.search(r'H\.record\((.*)\);', text)
            if m:
                a = split_args(m.group(1))
                launches.append(dict(label=a[0].strip('"'), kernel=a[1].strip('"'),
                                     grid=dim(a[2]), block=dim(a[3]),
                                     smem=a[4] if len(a) > 4 else "0",
                                     file=os.path.basename(path)))
    rows = []
    for n, l in enumerate(launches):
        base = re.sub(r"<.*", "", l["kernel"])
        for (f, ln, op, space, rest) in accesses.get(base, []):
            if "=" in rest:
                picked = [t.split("=", 1)[1] for t in rest.split()
                          if t.split("=", 1)[0] == l["label"]]
                if not picked:
                    continue
                specs = picked
            else:
                specs = [s.strip() for s in rest.split("&")]
            for k, spec in enumerate(specs):
                verdict, expected = spec.rsplit(":", 1)
                rows.append(dict(
                    launch=n, label=l["label"], kernel=l["kernel"], file=f,
                    line=ln, op=op, space=space,
                    access=f"{k + 1}/{len(specs)}" if len(specs) > 1 else "",
                    blockDim=l["block"], gridDim=l["grid"], smem=l["smem"],
                    guide_verdict=verdict, expected_per_request=expected,
                    guide_section=GUIDE[space]))
    with open(OUT, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)
    print(f"{len(launches)} launches, {len(rows)} access rows -> {OUT}")


main()
