#!/usr/bin/env python3
"""Lists the loops of each kernel in a cuobjdump -sass listing: every backward branch
'BRA target' from address A closes a loop body [target, A]; prints its instruction count
and how many loads (LDG) it holds, i.e. elements per iteration. usage: loop_bodies.py FILE"""
import re, sys
FUNC = re.compile(r"^\s+Function : (\S+)")
INSN = re.compile(r"^\s+/\*([0-9a-f]{4,})\*/\s+(@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)(.*)")
name, insns = None, []
def report():
    if not name: return
    addrs = [a for a, _, _ in insns]
    for a, op, rest in insns:
        m = re.match(r"\s*(0x[0-9a-f]+)", rest)
        if op == "BRA" and m and int(m.group(1), 16) < a:
            t = int(m.group(1), 16)
            body = [o for b, o, _ in insns if t <= b <= a and o != "NOP"]
            print("%-28s loop %#06x-%#06x: %3d instructions, %d LDG" % (
                name, t, a, len(body), sum(o.startswith("LDG") for o in body)))
for line in open(sys.argv[1]):
    m = FUNC.match(line)
    if m:
        report(); name, insns = m.group(1), []; continue
    m = INSN.match(line)
    if m and name:
        insns.append((int(m.group(1), 16), m.group(3), m.group(4)))
report()
