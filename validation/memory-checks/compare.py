#!/usr/bin/env python3
"""warplint's predictions against the H200 measurements of the memory-check kernels.

Runs build/bin/warplint-dump over every kernels/*.cu (hermetic: the bundled CUDA
declarations, lib/Frontend/fallback, no toolkit, no GPU), matches each prediction to
the measured rows of results/h200-sm90/per_access.csv (the manifest's accesses of
interest) and prints one table row per manifest row:

  kernel [launch], file:line, op, space, block, params, measured, warplint, agree?

"measured" is sectors per request (global) or wavefronts per request (shared) from
Nsight Compute's per-instruction source counters; "warplint" is the per_request
column of `warplint-dump --csv` (the number warplint's checks print).

Matching. A manifest row (launch label, kernel, file, line, ld|st, space, blockDim)
takes the predictions of the same file, line, kernel, space and blockDim whose op is
the same (or `ldst`, a read-modify-write, which is both) and whose constant kernel
arguments (warplint-dump's params) equal the literal arguments of that launch (read
from the launch statement before the `H.record("label", ...)` call in the kernel
file). A row marked k/n in the manifest (two accesses of the same kind on one line)
takes the k-th such prediction in column order; its measured value is the group of
SASS instructions (per_instruction.csv) with the value the manifest expects, or the
one named in VECTORISED below.

Verdicts:
  yes                 |warplint - measured| <= 0.01
  NO                  a comparable prediction that disagrees
  different quantity  the two numbers do not count the same thing:
                        - the compiler merged 4-byte source accesses into one wider
                          instruction (LDS.128): measured per 16-byte instruction,
                          warplint per 4-byte source access;
                        - loops whose active lanes change per iteration (the
                          reductions): measured per active request summed over all
                          iterations, warplint evaluates the first iteration.
  not predicted       warplint-dump lists the access with no number; its reason
  not listed          warplint-dump does not list the access at all

Usage:
  compare.py                      run warplint-dump, print the table and the summary
  compare.py --recorded           use the recorded predictions/ instead of running
  compare.py --write              also record the predictions under predictions/
  compare.py --toolkit            parse with the installed CUDA toolkit (cooperative
                                  groups need it), not the bundled declarations
  compare.py --check              exit 1 if a comparable prediction disagrees, or if a
                                  row that agrees in the recorded predictions no longer
                                  does (a regression of the analysis)
"""
import argparse
import collections
import concurrent.futures
import csv
import io
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
KERNELS = os.path.join(HERE, "kernels")
# The measured runs, earliest first: an access measured in several runs is taken from
# the first (the H200 run of the original suite; the H100 run added the real-code shapes
# of issue 12 and re-measured the rest: docs/validation-memory-checks.md).
RESULTS = [os.path.join(HERE, "results", "h200-sm90"), os.path.join(HERE, "results", "h100-sm90")]
PREDICTIONS = os.path.join(HERE, "predictions")
TOLERANCE = 0.01

# Lines with two shared loads of which nvcc merged one into LDS.128 (8 instructions
# of 16 bytes for the 32 iterations of the unrolled loop). The SASS shows which: the
# LDS.128 addresses step by 16 bytes ([R], [R+0x10] ... [R+0x70]), a row of the tile
# (aTile[threadIdx.y][i]); the other access, a column (tile[i][threadIdx.x]), steps
# by 128 bytes and stays 32 LDS. Maps (file, line) to the k of the merged access.
VECTORISED = {
    ("guide_matmul.cu", 50): 1,
    ("guide_matmul.cu", 79): 1,
    ("guide_matmul.cu", 95): 1,
}


# ----- warplint-dump -----

def dump_args(args):
    if args.toolkit:  # the installed CUDA toolkit's headers, found by warplint itself
        return ["--"] + args.extra
    return ["--", "-nocudainc", "-isystem", os.path.join(ROOT, "lib", "Frontend", "fallback"),
            "-include", "cuda_runtime.h"] + args.extra


def run_dump(dump, path, args):
    """(csv text, text-mode text, stderr) for one kernel file, paths made relative. The
    text form (reasons, derived indices, assumptions) is run when recording, or when
    some access of the file has no prediction (for its reason)."""
    def run(mode):
        cmd = [dump] + mode + [path] + dump_args(args)
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True)
        return p.stdout, p.stderr
    csv_out, err = run(["--csv"])
    need_text = args.write or any(r["status"] != "ok"
                                  for r in csv.DictReader(io.StringIO(csv_out)))
    txt_out = run([])[0] if need_text else ""
    prefix = os.path.dirname(path) + os.sep
    rel = lambda s: s.replace(prefix, "kernels/").replace(ROOT + os.sep, "")
    return csv_out, rel(txt_out), rel(err)


TEXT_HEAD = re.compile(
    r"^(?P<path>\S+?):(?P<line>\d+):(?P<col>\d+): (?P<kernel>.+?): "
    r"(?P<space>global|shared) (?P<op>ld|st|ldst) (?P<width>\d+)B, blockDim (?P<block>\S+) "
    r"\((?P<inside>.*?)\): (?P<rest>.*)$")


def parse_text(text):
    """warplint-dump's text form: per access, the reason (if no prediction), the
    derived index and the assumptions."""
    recs = []
    for line in text.splitlines():
        m = TEXT_HEAD.match(line)
        if m:
            rest = m.group("rest")
            recs.append({"line": int(m.group("line")), "col": int(m.group("col")),
                         "kernel": m.group("kernel"), "op": m.group("op"),
                         "reason": rest[len("no prediction: "):]
                         if rest.startswith("no prediction: ") else "",
                         "index": "", "assumptions": []})
        elif recs and line.startswith("  index: "):
            recs[-1]["index"] = line[len("  index: "):]
        elif recs and line.startswith("  "):
            recs[-1]["assumptions"].append(line.strip())
    return recs


def load_predictions(csv_text, txt_text):
    rows = list(csv.DictReader(io.StringIO(csv_text)))
    recs = parse_text(txt_text)
    by_key = collections.defaultdict(list)
    for r in recs:
        by_key[(r["line"], r["col"], r["kernel"], r["op"])].append(r)
    preds = []
    for r in rows:
        p = dict(r)
        p["line"], p["column"] = int(r["line"]), int(r["column"])
        p["width"] = int(r["width"])
        p["per_request"] = float(r["per_request"])
        p["params_dict"] = dict(kv.split("=", 1) for kv in r["params"].split(";") if kv)
        # The text form lists the same accesses in the same order; take the next
        # record of the same access.
        cand = by_key.get((p["line"], p["column"], r["kernel"], r["op"]))
        t = cand.pop(0) if cand else {"reason": "", "index": "", "assumptions": []}
        p["reason"] = t["reason"] or ("no prediction" if r["status"] != "ok" else "")
        p["index"] = t["index"]
        p["assumptions"] = t["assumptions"]
        preds.append(p)
    return preds


def predictions(args):
    """{file name: (csv text, text-mode text, stderr text)} for every kernels/*.cu."""
    files = sorted(f for f in os.listdir(KERNELS) if f.endswith(".cu"))
    out = {}
    if args.recorded:
        for f in files:
            stem = os.path.join(PREDICTIONS, f[:-3])
            read = lambda p: open(p).read() if os.path.exists(p) else ""
            out[f] = (read(stem + ".csv"), read(stem + ".txt"), read(stem + ".stderr"))
        return out
    if not os.access(args.dump, os.X_OK):
        sys.exit("compare.py: no warplint-dump at %s (build it: ninja -C build warplint-dump)"
                 % args.dump)
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futs = {f: pool.submit(run_dump, args.dump, os.path.join(KERNELS, f), args)
                for f in files}
        for f in files:
            out[f] = futs[f].result()
    return out


def write_predictions(raw):
    os.makedirs(PREDICTIONS, exist_ok=True)
    for f, (c, t, e) in raw.items():
        stem = os.path.join(PREDICTIONS, f[:-3])
        for ext, text in ((".csv", c), (".txt", t), (".stderr", e)):
            if text:
                with open(stem + ext, "w") as fh:
                    fh.write(text)
            elif os.path.exists(stem + ext):
                os.remove(stem + ext)


# ----- launches in the kernel files -----

LAUNCH = re.compile(r"\b([A-Za-z_]\w*)\s*(<[^<>;]*>)?\s*<<<([^;]*?)>>>\s*\(([^;]*?)\)\s*;")
COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
RECORD = re.compile(r'H\.record\(\s*"([^"]+)"\s*,\s*"([^"]+)"')
KERNEL_DECL = re.compile(r"__global__\s+void\s+([A-Za-z_]\w*)\s*\(([^)]*)\)", re.S)
INT_LITERAL = re.compile(r"^\(?\s*(-?\d+)[uUlL]*\s*\)?$")


def split_args(s):
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "(<[{":
            depth += 1
        elif ch in ")>]}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def launch_params(path):
    """{label: {param name: literal value}} for the launches of one kernel file."""
    src = COMMENT.sub(" ", open(path).read())
    names = {}
    for m in KERNEL_DECL.finditer(src):
        names[m.group(1)] = [re.findall(r"[A-Za-z_]\w*", p)[-1] if re.findall(r"[A-Za-z_]\w*", p)
                             else "" for p in split_args(m.group(2))]
    launches = [(m.start(), m.group(1), split_args(m.group(4))) for m in LAUNCH.finditer(src)]
    out = {}
    for r in RECORD.finditer(src):
        before = [l for l in launches if l[0] < r.start()]
        if not before:
            continue
        _, kernel, actuals = before[-1]
        params = {}
        for name, actual in zip(names.get(kernel, []), actuals):
            lit = INT_LITERAL.match(actual)
            if lit:
                params[name] = lit.group(1)
        out[r.group(1)] = params
    return out


# ----- the comparison -----

def norm_block(b):
    parts = b.split("x")
    while len(parts) > 1 and parts[-1] == "1":
        parts.pop()
    return "x".join(parts)


def num(s):
    try:
        return float(s)
    except (TypeError, ValueError):
        return None


def fmt(v):
    if v is None:
        return ""
    return ("%.3f" % v).rstrip("0").rstrip(".") if v != int(v) else "%d" % v


def instruction_groups(per_instruction, m):
    """The SASS instructions measured for a manifest row, grouped by opcode and value."""
    groups = collections.OrderedDict()
    for r in per_instruction.get((m["label"], m["file"], m["line"], m["space"], m["op"]), []):
        opcode = r["sass"].split()[0]
        key = (opcode, int(r["bits"]), float(r["per_request"]))
        groups.setdefault(key, 0)
        groups[key] += 1
    return [{"opcode": k[0], "bytes": k[1] // 8, "value": k[2], "count": c}
            for k, c in groups.items()]


def compare(measured, per_instruction, preds, launches):
    rows = []
    for m in measured:
        f, line = m["file"], int(m["line"])
        params = launches.get(f, {}).get(m["label"], {})
        cands = [p for p in preds.get(f, [])
                 if p["line"] == line and p["kernel"] == m["kernel"] and p["space"] == m["space"]
                 and p["op"] in (m["op"], "ldst") and norm_block(p["block"]) ==
                 norm_block(m["blockDim"])
                 and all(p["params_dict"].get(k, v) == v for k, v in params.items())]
        cands.sort(key=lambda p: p["column"])
        row = {"m": m, "preds": [], "measured": None, "measured_text": "", "warplint": None,
               "verdict": "", "note": ""}
        groups = instruction_groups(per_instruction, m)
        part = m["access"]
        if part:  # k/n: one of several accesses of this kind on the line
            k, n = (int(x) for x in part.split("/"))
            if len(cands) == n:
                cands = [cands[k - 1]]
            siblings = [s for s in measured if s["label"] == m["label"] and s["file"] == f
                        and s["line"] == m["line"] and s["op"] == m["op"]
                        and s["space"] == m["space"]]
            mine = None
            if VECTORISED.get((f, line)) is not None:
                wide = [g for g in groups if g["bytes"] > 4]
                narrow = [g for g in groups if g["bytes"] <= 4]
                mine = (wide if VECTORISED[(f, line)] == k else narrow or wide)[0]
            else:
                # The group whose value the manifest expects, taking each group once.
                free = list(groups)
                for s in siblings:
                    exp = num(s["expected_per_request"])
                    hit = next((g for g in free if exp is not None
                                and abs(g["value"] - exp) <= TOLERANCE), None)
                    if hit:
                        free.remove(hit)
                    if s is m:
                        mine = hit or (free[0] if free else None)
                        break
            if mine:
                row["measured"] = mine["value"]
                row["measured_text"] = "%s (%dx %s)" % (fmt(mine["value"]), mine["count"],
                                                        mine["opcode"])
                groups = [mine]
        else:
            active = num(m["per_active_request"])
            if active is not None:
                row["measured"] = active
                row["measured_text"] = "%s per active request" % fmt(active)
            else:
                row["measured"] = num(m["measured_per_request"])
                row["measured_text"] = fmt(row["measured"])
        row["preds"] = cands
        if not cands:
            row["verdict"] = "not listed"
            row["note"] = "warplint-dump lists no %s %s access on this line" % (
                m["space"], m["op"])
            rows.append(row)
            continue
        if len(set(p["params"] for p in cands)) > 1:
            row["verdict"] = "ambiguous match"
            row["note"] = "predictions for several launches: " + params_text(row)
            rows.append(row)
            continue
        failed = [p for p in cands if p["status"] != "ok"]
        if failed:
            row["verdict"] = "not predicted"
            row["note"] = failed[0]["reason"]
            rows.append(row)
            continue
        values = sorted(set(round(p["per_request"], 6) for p in cands))
        row["warplint"] = sum(p["per_request"] for p in cands) / len(cands)
        if len(values) > 1:
            row["note"] = "mean of %d accesses (%s)" % (len(cands), ", ".join(map(fmt, values)))
        width = max(p["width"] for p in cands)
        wide = [g for g in groups if g["bytes"] > width]
        agrees = row["measured"] is not None and abs(row["warplint"] - row["measured"]) <= TOLERANCE
        if wide:
            row["verdict"] = "different quantity"
            row["note"] = ("compiled to %s: per %d-byte instruction, warplint per %d-byte access"
                           % (wide[0]["opcode"], wide[0]["bytes"], width)
                           + ("; the numbers coincide" if agrees else ""))
        elif num(m["per_active_request"]) is not None and not agrees:
            row["verdict"] = "different quantity"
            row["note"] = ("measured per active request over all loop iterations; "
                           "warplint evaluates the first iteration")
        elif row["measured"] is None:
            row["verdict"] = "no measurement"
        else:
            row["verdict"] = "yes" if agrees else "NO"
        rows.append(row)
    return rows


def params_text(row):
    ps = sorted(set(p["params"] for p in row["preds"]))
    return " ".join(ps).replace(";", " ")


def table(rows):
    out = ["| # | kernel [launch] | file:line | op | space | block | params | measured "
           "| warplint | agree? |", "|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        m = r["m"]
        label = m["kernel"] + ("" if m["label"] == m["kernel"] else " [%s]" % m["label"])
        op = m["op"] + (" (%s)" % m["access"] if m["access"] else "")
        verdict = r["verdict"]
        if r["note"]:
            verdict += ": " + r["note"].replace("|", "\\|")
        out.append("| %s | %s | %s:%s | %s | %s | %s | %s | %s | %s | %s |" % (
            m["launch"], label, m["file"], m["line"], op, m["space"],
            norm_block(m["blockDim"]), params_text(r), r["measured_text"],
            fmt(r["warplint"]), verdict))
    return "\n".join(out)


def summary(rows):
    c = collections.Counter(r["verdict"] for r in rows)
    compared = c["yes"] + c["NO"]
    reasons = collections.Counter(r["note"] for r in rows
                                  if r["verdict"] in ("not predicted", "not listed"))
    lines = ["%d rows: %d compared, %d agree, %d differ, %d different quantity, "
             "%d not predicted (%d with a reason, %d not listed)"
             % (len(rows), compared, c["yes"], c["NO"], c["different quantity"],
                c["not predicted"] + c["not listed"], c["not predicted"], c["not listed"])]
    for reason, n in sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0])):
        lines.append("  %2d  %s" % (n, reason))
    return "\n".join(lines)


def key(row):
    m = row["m"]
    return (m["launch"], m["file"], m["line"], m["op"], m["space"], m["access"])


def load_all(raw):
    preds = {}
    for f, (c, t, _) in raw.items():
        for p in load_predictions(c, t):
            preds.setdefault(p["file"], []).append(p)
    return preds


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dump", default=os.path.join(ROOT, "build", "bin", "warplint-dump"),
                    help="the warplint-dump binary")
    ap.add_argument("--recorded", action="store_true",
                    help="read predictions/ instead of running warplint-dump")
    ap.add_argument("--write", action="store_true", help="record the predictions under predictions/")
    ap.add_argument("--check", action="store_true",
                    help="exit 1 on a disagreement or on a regression against predictions/")
    ap.add_argument("--toolkit", action="store_true",
                    help="parse with the installed CUDA toolkit instead of the bundled "
                    "declarations (not hermetic; never with --write or --check)")
    ap.add_argument("--summary-only", action="store_true", help="print only the summary")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--results", action="append", default=None,
                    help="a measured run (repeatable; earlier runs win per access)")
    ap.add_argument("extra", nargs="*", help="more arguments for the parse (after --)")
    args = ap.parse_args()
    if args.toolkit and (args.write or args.check or args.recorded):
        ap.error("--toolkit is for a look only: the recorded predictions are hermetic")

    measured, seen = [], set()
    per_instruction = collections.defaultdict(list)
    for run in args.results or RESULTS:
        taken = set()  # (label, file, line) of the accesses this run measures first
        for r in csv.DictReader(open(os.path.join(run, "per_access.csv"))):
            k = (r["label"], r["kernel"], r["file"], r["line"], r["op"], r["access"])
            if k not in seen:
                seen.add(k)
                measured.append(r)
                taken.add((r["label"], r["file"], r["line"]))
        for r in csv.DictReader(open(os.path.join(run, "per_instruction.csv"))):
            if (r["label"], r["file"], r["line"]) in taken:
                per_instruction[(r["label"], r["file"], r["line"], r["space"], r["op"])].append(r)
    launches = {f: launch_params(os.path.join(KERNELS, f))
                for f in os.listdir(KERNELS) if f.endswith(".cu")}

    raw = predictions(args)
    if args.write:
        write_predictions(raw)
    for f, (c, t, e) in sorted(raw.items()):
        if e.strip():
            first = next((l for l in e.splitlines() if "error" in l), e.splitlines()[0])
            print("note: %s: %s" % (f, first.strip()), file=sys.stderr)
    rows = compare(measured, per_instruction, load_all(raw), launches)
    if not args.summary_only:
        print(table(rows))
        print()
    print(summary(rows))

    if not args.check:
        return 0
    failures = ["%s:%s %s %s [%s]: %s, warplint %s, measured %s"
                % (r["m"]["file"], r["m"]["line"], r["m"]["op"], r["m"]["space"],
                   r["m"]["label"], r["verdict"], fmt(r["warplint"]), r["measured_text"])
                for r in rows if r["verdict"] in ("NO", "ambiguous match")]
    if not args.recorded:
        rec_args = argparse.Namespace(**vars(args))
        rec_args.recorded = True
        recorded = compare(measured, per_instruction, load_all(predictions(rec_args)), launches)
        now = {key(r): r for r in rows}
        for r in recorded:
            n = now.get(key(r))
            if r["verdict"] == "yes" and n is not None and n["verdict"] != "yes":
                failures.append("%s:%s %s %s [%s]: agreed in predictions/, now %s%s"
                                % (r["m"]["file"], r["m"]["line"], r["m"]["op"], r["m"]["space"],
                                   r["m"]["label"], n["verdict"], (": " + n["note"]) if n["note"] else ""))
        gained = sum(1 for r in recorded
                     if r["verdict"] != "yes" and now.get(key(r), {}).get("verdict") == "yes")
        if gained:
            print("note: %d rows agree now that did not in predictions/: re-record with --write"
                  % gained, file=sys.stderr)
    for f in failures:
        print("FAIL: " + f, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
