#!/usr/bin/env python3
"""Prints the facts of warplint's JSON output (findings[].facts) one line per fact, for
FileCheck: the dump of what the HTML report draws (test/tool/facts-json.test).
Usage: dump_facts.py REPORT.json"""
import json
import sys


def lanes(view, key):
    out = []
    for l in view["lanes"]:
        if not l["active"]:
            out.append("-")
        elif key == "sectors":
            s = l["sectors"]
            out.append(str(s[0]) if s[0] == s[1] else "%d-%d" % tuple(s))
        else:
            out.append(str(l["bank"]) + ("!" if l["conflict"] else ""))
    return " ".join(out)


def view(v, space):
    if space == "global":
        print("  %s %s: %d sectors (ideal %d), %d lines, %d of %d bytes used" %
              (v["role"], v["label"], v["sectors"], v["idealSectors"], v["lines"],
               v["usefulBytes"], v["fetchedBytes"]))
        print("    sectors: " + lanes(v, "sectors"))
    else:
        print("  %s %s: %d-way, %d wavefronts (ideal %d)" %
              (v["role"], v["label"], v["degree"], v["wavefronts"], v["idealWavefronts"]))
        print("    banks: " + lanes(v, "banks"))


report = json.load(open(sys.argv[1]))
for f in report["findings"]:
    facts = f.get("facts")
    if not facts:
        continue
    print("%s:%d %s in %s" % (f["relativeFile"], f["line"], f["check"], facts.get("function", "?")))
    b = facts.get("blockShape")
    if b:
        print("  block %dx%dx%d from %s%s" % (b["x"], b["y"], b["z"], b["origin"],
                                              " at " + b["where"] if "where" in b else ""))
    for a in facts.get("assumptions", []):
        print("  assumption: " + a)
    a = facts.get("access")
    if a:
        print("  %s %s of %s, %d bytes, stride %s, %s per request (ideal %s)" %
              (a["space"], a["access"], a["array"], a["widthBytes"], a["strideBytes"],
               a["perRequest"], a["idealPerRequest"]))
        for v in a["views"]:
            view(v, a["space"])
        if "ideal" in a:
            view(a["ideal"], a["space"])
        if "iterations" in a:
            print("  iterations: " + "; ".join("%s %s" % (i["label"], i["perRequest"])
                                             for i in a["iterations"]))
        if "padded" in a:
            p = a["padded"]
            print("  padded %s %s -> %s: %d-way" % (p["array"], p["before"], p["after"], p["degree"]))
            if "view" in p:
                view(p["view"], "shared")
    d = facts.get("divergence")
    if d:
        print("  %s '%s': %d of %d warps diverge%s" %
              (d["kind"], d["condition"], d["divergentWarps"], d["warps"],
               " (iteration %s)" % d["iteration"] if "iteration" in d else ""))
        for w in d["perWarp"]:
            print("    warp %d: %s of %d lanes" % (w["warp"], w["takenMask"], w["lanes"]))
    r = facts.get("resources")
    if r:
        print("  %s: %d threads, %d registers, %d blocks, %d of %d warps, limiter %s" %
              (r["arch"], r["threadsPerBlock"], r["registersPerThread"], r["activeBlocks"],
               r["activeWarps"], r["maxWarps"], r["limiter"]))
        for b in r["bars"]:
            print("    %s: %d per block, %d of %d used, allows %s%s" %
                  (b["resource"], b["perBlock"], b["used"], b["perSM"], b["blocksAllowed"],
                   " (limiter)" if b["limiter"] else ""))
