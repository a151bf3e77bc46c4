#!/usr/bin/env python3
"""Reduces one program's Nsight Compute exports to per-line measurements (no source text).

Usage: reduce.py DIR PROJECT COMMIT PROJECT_ROOT PROGRAM_DIR [--header] [--remap OLD=NEW] >> lines.tsv

DIR holds what `warplint --confirm --confirm-dir DIR` keeps: source.csv (`ncu --import R --csv
--page source --print-source cuda,sass`) and raw.csv (`--page raw --print-units base
--print-metric-instances details`). One row per profiled kernel launch and source line of the
project's own files; the columns are COLUMNS below. Counters are sums over the SASS instructions
ncu attributes to the line, split by kind:

  g_ld_*/g_st_*  global loads/stores: L1 tag requests, L2 theoretical sectors and their ideal,
                 and the worst instruction's sectors over its ideal;
  s_ld_*/s_st_*  shared loads/stores: L1 wavefronts and the conflict-free ideal
                 (memory_l1_wavefronts_shared{,_ideal} per instruction from the raw page;
                 where a launch lacks them, "L1 Conflicts Shared N-Way" times the executions,
                 against the executions times the wavefronts a conflict-free access of that width
                 needs: 1 up to 32 bits, 2 for 64, 4 for 128; s_src says which), and the worst
                 instruction's ratio;
  br_exec/br_div branch instructions executed (warp level) and their divergent targets;
  local/fp64     local-memory and FP64 warp instructions executed;
  k_*            the launch's totals (instructions, global sectors, shared wavefronts).
"""
import csv
import hashlib
import os
import re
import sys

csv.field_size_limit(1 << 30)
COLUMNS = ["project", "commit", "path", "line", "blob", "kernel", "inst",
           "g_ld_req", "g_ld_sec", "g_ld_ideal", "g_ld_worst",
           "g_st_req", "g_st_sec", "g_st_ideal", "g_st_worst",
           "s_ld_wf", "s_ld_ideal", "s_st_wf", "s_st_ideal", "s_worst", "s_src",
           "br_exec", "br_div", "local", "fp64", "k_inst", "k_sectors", "k_wavefronts"]
FP64_OPS = {"DADD", "DMUL", "DFMA", "DSETP", "DMNMX", "DSET"}


def num(cell):
    s = (cell or "").replace(",", "").strip()
    if s in ("", "-"):
        return 0.0
    try:
        return float(s)
    except ValueError:
        return 0.0


def opcode(text):
    t = text.strip()
    if t.startswith("@"):
        t = t.split(None, 1)[1] if " " in t else ""
    return re.split(r"[ .]", t, 1)[0]


def base_name(fn):
    depth, out = 0, ""
    s = fn
    # Drop the parameter list and template arguments; keep the last name.
    i = s.find("(")
    if i >= 0:
        s = s[:i]
    for ch in s:
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif depth == 0:
            out += ch
    return out.split()[-1].split("::")[-1] if out.split() else fn


def read_source(path):
    """[(function, file, {line: [instruction dict]})] in launch order."""
    launches = []
    cols = None
    cur = None
    fname = ""
    line = 0
    with open(path, newline="", errors="replace") as f:
        for r in csv.reader(f):
            if not r:
                continue
            first = r[0].strip()
            if first.startswith("=="):
                continue
            if first in ("File Path", "File Name"):
                fname = r[1] if len(r) > 1 else ""
                cols = None
                continue
            if first in ("Function Name", "Kernel Name"):
                fn = r[1] if len(r) > 1 else ""
                if cur is None or cur["fn"] != fn or fname in cur["files"]:
                    cur = {"fn": fn, "files": {}}
                    launches.append(cur)
                cur["files"].setdefault(fname, {})
                cols = None
                line = 0
                continue
            if first == "Line No":
                cols = {}
                for i, h in enumerate(r):
                    h = h.strip()
                    if h == "Address" and "Address" not in cols:
                        cols["Address"] = i
                        cols["Text"] = i + 1
                    elif h not in cols:
                        cols[h] = i
                continue
            if cols is None or cur is None:
                continue
            if first:
                try:
                    line = int(first)
                except ValueError:
                    pass
                continue
            a = r[cols["Address"]].strip() if cols["Address"] < len(r) else ""
            if not a or a == "..." or line == 0:
                continue
            try:
                addr = int(a, 0)
            except ValueError:
                continue
            g = lambda name: num(r[cols[name]]) if name in cols and cols[name] < len(r) else 0.0
            t = lambda name: r[cols[name]].strip() if name in cols and cols[name] < len(r) else ""
            insts = cur["files"][fname].setdefault(line, {})
            if addr in insts:
                continue  # ncu repeats a line's instructions
            insts[addr] = {
                "text": t("Text"), "inst": g("Instructions Executed"), "space": t("Address Space"),
                "op": t("Access Operation"), "size": g("Access Size"),
                "req": g("L1 Tag Requests Global"), "nway": g("L1 Conflicts Shared N-Way"),
                "sec": g("L2 Theoretical Sectors Global"), "ideal": g("L2 Theoretical Sectors Global Ideal"),
                "div": g("Divergent Branches"),
            }
    return launches


def read_raw(path):
    """[(function, {metric: {address: value}})] in launch order."""
    out = []
    if not os.path.exists(path):
        return out
    with open(path, newline="", errors="replace") as f:
        rows = [r for r in csv.reader(f) if r and not r[0].startswith("==")]
    if not rows:
        return out
    header = rows[0]
    if "Kernel Name" not in header:
        return out
    k = header.index("Kernel Name")
    wanted = {"memory_l1_wavefronts_shared", "memory_l1_wavefronts_shared_ideal",
              "smsp__branch_targets_threads_divergent"}
    for r in rows[1:]:
        if k >= len(r) or not r[k] or r[k] == header[k]:
            continue
        inst = {}
        for i, h in enumerate(header):
            if h in wanted and i < len(r):
                cell = r[i]
                m = re.match(r"^\s*[\d,.]+\s*\((.*)\)\s*$", cell)
                vals = {}
                if m:
                    for part in m.group(1).split("; "):
                        if ": " in part:
                            pc, v = part.split(": ", 1)
                            try:
                                vals[int(pc.strip(), 0)] = vals.get(int(pc.strip(), 0), 0) + num(v)
                            except ValueError:
                                pass
                inst[h] = (num(cell.split("(")[0]), vals)
        out.append((r[k], inst))
    return out


def blob_id(path):
    data = open(path, "rb").read()
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()[:12]


def main():
    d, project, commit, root, progdir = sys.argv[1:6]
    # --remap OLD=NEW: the exports were recorded with the sources under OLD.
    remap = [a.split("=", 1) for a in sys.argv[6:] if "=" in a]
    if "--header" in sys.argv[6:]:
        print("\t".join(COLUMNS))
    root = os.path.realpath(root)
    launches = read_source(os.path.join(d, "source.csv"))
    raw = read_raw(os.path.join(d, "raw.csv"))
    seen = {}
    w = csv.writer(sys.stdout, delimiter="\t", lineterminator="\n")
    blobs = {}
    for L in launches:
        # Both pages list the report's launches in launch order; they spell signatures
        # differently ("k<(int)128>(gmx::V *)" and "k<128>(V *)"), so match by name.
        key = base_name(L["fn"])
        nth = seen.get(key, 0)
        seen[key] = nth + 1
        R = [x for x in raw if base_name(x[0]) == key]
        inst_metrics = R[nth][1] if nth < len(R) else {}
        wf = inst_metrics.get("memory_l1_wavefronts_shared", (0, {}))[1]
        wfi = inst_metrics.get("memory_l1_wavefronts_shared_ideal", (0, {}))[1]
        have_wf = "memory_l1_wavefronts_shared" in inst_metrics
        k_inst = k_sec = k_wf = 0.0
        rows = []
        for fname, lines in L["files"].items():
            p = fname if os.path.isabs(fname) else os.path.join(progdir, fname)
            for old, new in remap:
                if p.startswith(old.rstrip("/") + "/"):
                    p = new.rstrip("/") + p[len(old.rstrip("/")):]
            p = os.path.realpath(p)
            rel = os.path.relpath(p, root)
            inside = not rel.startswith("..") and os.path.exists(p)
            for ln, insts in lines.items():
                c = dict.fromkeys(COLUMNS[6:-3], 0.0)
                c["s_src"] = "wf" if have_wf else "nway"
                for a, I in insts.items():
                    n = I["inst"]
                    c["inst"] += n
                    k_inst += n
                    if I["space"].startswith("Global") and I["op"] in ("Load", "Store"):
                        kk = "g_ld" if I["op"] == "Load" else "g_st"
                        c[kk + "_req"] += I["req"]
                        c[kk + "_sec"] += I["sec"]
                        c[kk + "_ideal"] += I["ideal"]
                        k_sec += I["sec"]
                        if I["ideal"] > 0:
                            c[kk + "_worst"] = max(c[kk + "_worst"], I["sec"] / I["ideal"])
                    if I["space"] == "Shared" and I["op"] in ("Load", "Store") and n > 0:
                        kk = "s_ld" if I["op"] == "Load" else "s_st"
                        if have_wf and a in wf:
                            got, ideal = wf.get(a, 0.0), wfi.get(a, 0.0)
                        else:
                            per = 1 if I["size"] <= 32 else (2 if I["size"] <= 64 else 4)
                            got, ideal = max(I["nway"], 1) * n, per * n
                        c[kk + "_wf"] += got
                        c[kk + "_ideal"] += ideal
                        k_wf += got
                        if ideal > 0:
                            c["s_worst"] = max(c["s_worst"], got / ideal)
                    op = opcode(I["text"])
                    if op in ("BRA", "BRX", "JMP", "JMX"):
                        c["br_exec"] += n
                        c["br_div"] += I["div"]
                    if I["space"] == "Local":
                        c["local"] += n
                    if op in FP64_OPS or (op in ("F2F", "I2F", "F2I", "MUFU", "FRND") and
                                          (".F64" in I["text"] or "64H" in I["text"])):
                        c["fp64"] += n
                if inside:
                    if p not in blobs:
                        blobs[p] = blob_id(p)
                    rows.append((rel, ln, blobs[p], c))
        for rel, ln, blob, c in sorted(rows, key=lambda x: (x[0], x[1])):
            if c["inst"] <= 0:
                continue
            vals = [project, commit[:12], rel, ln, blob, base_name(L["fn"])]
            for col in COLUMNS[6:-3]:
                v = c[col]
                vals.append(v if isinstance(v, str) else ("%.4g" % v if col.endswith("worst") else "%d" % round(v)))
            vals += ["%d" % k_inst, "%d" % k_sec, "%d" % k_wf]
            w.writerow(vals)


if __name__ == "__main__":
    main()
