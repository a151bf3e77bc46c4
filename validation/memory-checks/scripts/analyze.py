#!/usr/bin/env python3
"""Joins a measured run with manifest.csv.

Usage: analyze.py <run dir> [manifest.csv]
Reads launches.csv, ncu_raw.csv, ncu_instanced.csv and ncu_source.csv of the
run dir and writes there:
  per_kernel.csv       per launch, from the hardware counters (ncu raw page):
                       global ld/st sectors per request, shared ld/st
                       wavefronts per request (per shared instruction)
  per_instruction.csv  every memory instruction of every launch, from the
                       source counters: file:line, SASS, executed (warp-level
                       requests), sectors, ideal sectors, wavefronts, ideal
  per_access.csv       each manifest row with its measured value: the line's
                       sectors (or wavefronts) over its executed instructions;
                       for `a & b` rows the distinct per-instruction values
  summary.md           the per_access table in Markdown (for the docs)
"""
import collections
import csv
import os
import re
import sys

RUN = sys.argv[1]
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MANIFEST = sys.argv[2] if len(sys.argv) > 2 else os.path.join(HERE, "manifest.csv")


def num(s):
    s = (s or "").replace(",", "").strip()
    try:
        return float(s)
    except ValueError:
        return None


def ratio(a, b):
    return round(a / b, 3) if a is not None and b else None


launches = list(csv.DictReader(open(os.path.join(RUN, "launches.csv"))))

# 1. Hardware counters per launch.
raw = list(csv.reader(open(os.path.join(RUN, "ncu_raw.csv"))))
hdr, data = raw[0], raw[2:]
col = {h: i for i, h in enumerate(hdr)}
assert len(data) == len(launches), (len(data), len(launches))
M = {
    "gld_sec": "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
    "gld_req": "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
    "gst_sec": "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
    "gst_req": "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum",
    "gld_inst": "smsp__sass_inst_executed_op_global_ld.sum",
    "gst_inst": "smsp__sass_inst_executed_op_global_st.sum",
    "sld_wf": "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    "sst_wf": "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    "sld_inst": "smsp__sass_inst_executed_op_shared_ld.sum",
    "sst_inst": "smsp__sass_inst_executed_op_shared_st.sum",
    "sld_req": "l1tex__t_requests_pipe_lsu_mem_shared_op_ld.sum",
    "sst_req": "l1tex__t_requests_pipe_lsu_mem_shared_op_st.sum",
    "sld_conf": "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
    "sst_conf": "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
}
per_kernel = []
for l, r in zip(launches, data):
    name = r[col["Kernel Name"]]
    base = re.sub(r"<.*", "", l["kernel"])
    assert re.sub(r"^void ", "", name).startswith(base), (name, l["kernel"])
    v = {k: num(r[col[m]]) if m in col else None for k, m in M.items()}
    per_kernel.append(dict(
        n=l["n"], label=l["label"], kernel=l["kernel"],
        block=f'{l["bx"]}x{l["by"]}x{l["bz"]}', grid=f'{l["gx"]}x{l["gy"]}x{l["gz"]}',
        **{k: (int(x) if x is not None else "") for k, x in v.items()},
        gld_sec_per_req=ratio(v["gld_sec"], v["gld_req"]),
        gst_sec_per_req=ratio(v["gst_sec"], v["gst_req"]),
        sld_wf_per_inst=ratio(v["sld_wf"], v["sld_inst"]),
        sst_wf_per_inst=ratio(v["sst_wf"], v["sst_inst"])))
with open(os.path.join(RUN, "per_kernel.csv"), "w", newline="") as fh:
    w = csv.DictWriter(fh, fieldnames=list(per_kernel[0].keys()))
    w.writeheader()
    w.writerows(per_kernel)

# 2. Source counters per instruction (the full exports are large: the first
#    analysis writes *_memory.csv with the memory instructions' rows only,
#    and later runs read those when the full files are gone).
def src_path(stem):
    full = os.path.join(RUN, stem + ".csv")
    return full if os.path.exists(full) else os.path.join(RUN, stem + "_memory.csv")


# ncu_source.csv gives the SASS text,
#    address space and operation of each address (each result is printed
#    twice in a row by this ncu: keep every other block).
blocks, cur = [], None
src_rows = list(csv.reader(open(src_path("ncu_source"))))
for r in src_rows:
    if r and r[0] == "Kernel Name":
        cur = {"name": r[1], "rows": {}}
        blocks.append(cur)
    elif r and r[0] == "Address":
        cur["hdr"] = {h: i for i, h in enumerate(r)}
    elif r and r[0].startswith("0x"):
        h = cur["hdr"]
        cur["rows"][int(r[0], 16)] = dict(
            sass=r[1].strip(), space=r[h["Address Space"]],
            op=r[h["Access Operation"]], size=r[h["Access Size"]])
if len(blocks) == 2 * len(launches):
    blocks = blocks[::2]
assert len(blocks) == len(launches), (len(blocks), len(launches))

inst = collections.defaultdict(dict)  # (result, pc) -> metrics
inst_rows = list(csv.DictReader(open(src_path("ncu_instanced"))))
for r in inst_rows:
    if r["metric"] not in ("inst_executed", "memory_l1_tag_requests_global",
                           "memory_l2_theoretical_sectors_global",
                           "memory_l2_theoretical_sectors_global_ideal",
                           "memory_l1_wavefronts_shared",
                           "memory_l1_wavefronts_shared_ideal"):
        continue
    key = (int(r["result"]), int(r["pc"], 16))
    inst[key][r["metric"]] = float(r["value"])
    inst[key]["file"], inst[key]["line"] = r["file"], r["line"]

per_inst = []
for (res, pc), m in sorted(inst.items()):
    s = blocks[res]["rows"].get(pc)
    if not s or s["space"] not in ("Global", "Shared"):
        continue
    ex = m.get("inst_executed", 0)
    if s["space"] == "Global":
        val, ideal = m.get("memory_l2_theoretical_sectors_global", 0), \
            m.get("memory_l2_theoretical_sectors_global_ideal", 0)
    else:
        val, ideal = m.get("memory_l1_wavefronts_shared", 0), \
            m.get("memory_l1_wavefronts_shared_ideal", 0)
    per_inst.append(dict(
        n=res, label=launches[res]["label"], file=m["file"], line=m["line"],
        pc=hex(pc), sass=s["sass"], space=s["space"].lower(),
        op={"Load": "ld", "Store": "st"}.get(s["op"], s["op"]), bits=s["size"],
        executed=int(ex), l1_tag_requests=int(m.get("memory_l1_tag_requests_global", 0)),
        value=int(val), ideal=int(ideal), per_request=ratio(val, ex),
        ideal_per_request=ratio(ideal, ex)))
memkeys = {(p["n"], int(p["pc"], 16)) for p in per_inst}
if os.path.exists(os.path.join(RUN, "ncu_source.csv")):
    with open(os.path.join(RUN, "ncu_source_memory.csv"), "w", newline="") as fh:
        w = csv.writer(fh)
        space = None
        for r in src_rows:
            if r and r[0] == "Address":
                space = r.index("Address Space")
            if not r or not r[0].startswith("0x") or r[space] in ("Global", "Shared"):
                w.writerow(r)
if os.path.exists(os.path.join(RUN, "ncu_instanced.csv")):
    with open(os.path.join(RUN, "ncu_instanced_memory.csv"), "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(inst_rows[0].keys()))
        w.writeheader()
        w.writerows(r for r in inst_rows
                    if r["metric"].startswith("memory_l") or
                    (r["metric"] == "inst_executed" and (int(r["result"]), int(r["pc"], 16)) in memkeys))
with open(os.path.join(RUN, "per_instruction.csv"), "w", newline="") as fh:
    w = csv.DictWriter(fh, fieldnames=list(per_inst[0].keys()))
    w.writeheader()
    w.writerows(per_inst)

# 3. Manifest rows with their measurement.
by_line = collections.defaultdict(list)
for p in per_inst:
    by_line[(p["n"], p["file"], str(p["line"]), p["space"], p["op"])].append(p)
rows = []
for m in csv.DictReader(open(MANIFEST)):
    ps = [p for p in by_line.get((int(m["launch"]), m["file"], m["line"], m["space"], m["op"]), [])
          if p["executed"]]
    ex = sum(p["executed"] for p in ps)
    val = sum(p["value"] for p in ps)
    ideal = sum(p["ideal"] for p in ps)
    groups = collections.Counter(p["per_request"] for p in ps)
    k = per_kernel[int(m["launch"])]
    hw = {("global", "ld"): k["gld_sec_per_req"], ("global", "st"): k["gst_sec_per_req"],
          ("shared", "ld"): k["sld_wf_per_inst"], ("shared", "st"): k["sst_wf_per_inst"]}
    if m["access"]:  # several accesses of this kind on the line: by SASS
        g2 = collections.Counter((p["sass"].split()[0], p["per_request"]) for p in ps)
        measured = " / ".join(f"{v} ({c}x {o})" for (o, v), c in sorted(g2.items()))
        ideal_pr, n_sass = None, len(ps)
    else:
        measured, ideal_pr, n_sass = ratio(val, ex), ratio(ideal, ex), len(ps)
    # Warps whose lanes are all predicated off execute the instruction but
    # make no request; the hardware's instruction count (smsp__sass_inst_...)
    # leaves them out. Where the line's count differs, derive the line's
    # active requests from the kernel's count minus the other lines'.
    hw_inst = \
        k[("g" if m["space"] == "global" else "s") + ("ld" if m["op"] == "ld" else "st") + "_inst"]
    same = [p for p in per_inst if p["n"] == int(m["launch"]) and p["space"] == m["space"] and p["op"] == m["op"]]
    others = sum(p["executed"] for p in same if not (p["file"] == m["file"] and str(p["line"]) == m["line"]))
    active = ratio(val, hw_inst - others) if hw_inst != "" and sum(p["executed"] for p in same) != hw_inst \
        and hw_inst - others > 0 else ""
    rows.append(dict(m, sass_instructions=n_sass, requests=ex, measured_per_request=measured,
                     ncu_ideal_per_request=ideal_pr, per_active_request=active,
                     distinct_per_instruction=" | ".join(f"{v} x{c}" for v, c in sorted(groups.items())),
                     kernel_hw_per_request=hw[(m["space"], m["op"])]))
with open(os.path.join(RUN, "per_access.csv"), "w", newline="") as fh:
    w = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
    w.writeheader()
    w.writerows(rows)

# Compact Markdown table: the load and store of one line merge when equal.
def short(d):
    parts = d.split("x")
    while len(parts) > 1 and parts[-1] == "1":
        parts.pop()
    return "x".join(parts)


merged = []
for r in rows:
    key = (r["launch"], r["file"], r["line"], r["space"], r["access"], r["guide_verdict"],
           r["expected_per_request"], str(r["measured_per_request"]))
    if merged and merged[-1][0] == key:
        merged[-1][1]["op"] = "ld+st"
        continue
    merged.append((key, dict(r)))
with open(os.path.join(RUN, "summary.md"), "w") as fh:
    fh.write("| # | kernel [launch] | file:line | access | block | grid | guide verdict | expected | measured | ncu ideal | kernel hw |\n")
    fh.write("|---|---|---|---|---|---|---|---|---|---|---|\n")
    for _, r in merged:
        lab = r["kernel"] if r["label"] == r["kernel"] else f'{r["kernel"]} [{r["label"]}]'
        acc = f' ({r["access"]})' if r["access"] else ""
        meas = r["measured_per_request"]
        if r["per_active_request"] != "":
            meas = f'{r["per_active_request"]} per active request ({meas} per executed)'
        fh.write(f'| {r["launch"]} | {lab} | {r["file"]}:{r["line"]} | {r["op"]} {r["space"]}{acc} | '
                 f'{short(r["blockDim"])} | {short(r["gridDim"])} | {r["guide_verdict"]} | '
                 f'{r["expected_per_request"]} | {meas} | {r["ncu_ideal_per_request"] or ""} | '
                 f'{r["kernel_hw_per_request"]} |\n')
print(f"per_kernel {len(per_kernel)}, per_instruction {len(per_inst)}, per_access {len(rows)}")
