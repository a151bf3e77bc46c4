#!/usr/bin/env python3
"""Counts SASS instructions per kernel in `cuobjdump -sass` listings.

Writes one CSV row per function: file, kernel, instructions (every instruction but NOP and
the trailing BRA-to-self), fp64 (FP64 instructions, see FP64 below), and the FP64 opcodes.

FP64 instructions are the ones the FP64 units execute or that convert to or from double:
  DADD DMUL DFMA DSETP DMNMX DSET DMMA       double arithmetic and comparison
  any opcode with an .F64 part               F2F.F64.F32, F2F.F32.F64, I2F.F64, F2I.F64,
                                             FRND.F64 (conversions and rounding)
  MUFU.RCP64H MUFU.RSQ64H                    double reciprocal / rsqrt seeds
Plain moves of 64-bit registers (MOV, IMAD.MOV.U32 on halves) are not FP64 work.

usage: count_sass.py results/sm90-sass/*.sass.txt > results/sm90-sass/counts.csv
"""
import csv
import os
import re
import sys

FUNC = re.compile(r"^\s+Function : (\S+)")
INSN = re.compile(r"^\s+/\*([0-9a-f]{4,})\*/\s+(@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)")
FP64_OPS = re.compile(r"^(DADD|DMUL|DFMA|DSETP|DMNMX|DSET|DMMA)(\.|$)")


def is_fp64(op):
    if FP64_OPS.match(op):
        return True
    if ".F64" in op:
        return True
    return op in ("MUFU.RCP64H", "MUFU.RSQ64H")


def count(path):
    rows = []
    name = None
    insns = []
    def flush():
        if name is None:
            return
        ops = [o for o in insns if o != "NOP"]
        # The final 'BRA self' that pads every function.
        while ops and ops[-1] == "BRA":
            ops.pop()
            break
        fp = [o for o in ops if is_fp64(o)]
        kinds = {}
        for o in fp:
            kinds[o] = kinds.get(o, 0) + 1
        rows.append((os.path.basename(path).split(".")[0], name, len(ops), len(fp),
                     " ".join("%s:%d" % kv for kv in sorted(kinds.items()))))
    for line in open(path):
        m = FUNC.match(line)
        if m:
            flush()
            name = m.group(1)
            insns = []
            continue
        m = INSN.match(line)
        if m and name:
            insns.append(m.group(3))
    flush()
    return rows


def main():
    w = csv.writer(sys.stdout, lineterminator="\n")
    w.writerow(["file", "kernel", "instructions", "fp64", "fp64_opcodes"])
    rows = []
    for p in sys.argv[1:]:
        rows += count(p)
    for r in sorted(rows):
        w.writerow(r)


if __name__ == "__main__":
    main()
