#!/usr/bin/env python3
"""Scores warplint's findings against the hardware's per-line measurements.

  score.py lint  --programs programs.tsv --src SRCROOT --warplint BIN --out DIR [--jobs N]
  score.py score --programs programs.tsv --src SRCROOT --measured lines.tsv --out DIR
                 [--details FILE]

`lint` runs warplint with its default settings (`--format=json --no-cache`, nothing else) on the
files of every program, in the program's folder with the program's compiler arguments, and keeps
one JSON report per program in DIR. `score` reads them and the measured lines (reduce.py's
columns) and prints, per check, the verdict of every site a finding names (its line or range and
each "also here" note) and the recall of the measured hot lines:

  warplint-uncoalesced-global-access  a site's accesses of the finding's kind (load or store)
      need >= 1.5x the ideal L2 sectors (worst instruction): confirmed; <= 1.1x: at the ideal
      (refuted); between: inconclusive. A hot line: a load or store kind of the line needs
      >= 1.5x its ideal sectors and moves >= 1% of the launch's global sectors.
  warplint-shared-bank-conflict       the same with L1 shared wavefronts against the
      conflict-free ideal (an 8- or 16-byte access's extra wavefronts are not a conflict); a hot
      line: >= 1.5x the ideal and >= 1% of the launch's shared wavefronts.
  warplint-divergent-branch           confirmed when a branch of the site had divergent targets;
      refuted when its branches ran without any, or the line ran without a branch (the body was
      predicated); a hot line: divergent targets >= 10% of its branch executions and >= 1% of
      the launch's instructions.

A site whose lines did not run in any profiled launch is "not exercised", and one whose lines
ran without an access of the finding's kind (nvcc kept the value in a register or attributed the
instruction to another line) is "unattributed": neither is judged.
Precision = confirmed / (confirmed + inconclusive + refuted); recall = hot lines with a site of
the check on them / hot lines.
"""
import argparse
import collections
import csv
import json
import os
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

CHECKS = {
    "uncoalesced": "warplint-uncoalesced-global-access",
    "bank": "warplint-shared-bank-conflict",
    "divergent": "warplint-divergent-branch",
}


def programs(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    return rows


def key(p):
    return "%s__%s__%s" % (p["project"], p["program"].replace("/", "_"),
                           p["files"].replace(" ", "+").replace("/", "_"))


def lint(args):
    os.makedirs(args.out, exist_ok=True)

    def one(p):
        root = os.path.realpath(os.path.join(args.src, p["project"]))
        folder = os.path.join(root, p["program"])
        out = os.path.join(args.out, key(p) + ".json")
        if os.path.exists(out) and not args.force:
            return
        cargs = [a.replace("$ROOT", root) for a in shlex.split(p["args"])]
        cmd = [args.warplint, "--format=json", "--no-cache", "-o", out] + \
            p["files"].split() + ["--"] + cargs
        with open(out + ".log", "w") as log:
            try:
                rc = subprocess.call(cmd, cwd=folder, stdout=log, stderr=log, timeout=600)
            except subprocess.TimeoutExpired:
                rc = "timeout"
            log.write("\nexit %s\n" % rc)

    with ThreadPoolExecutor(args.jobs) as ex:
        list(ex.map(one, programs(args.programs)))


def load_measured(path):
    """(project, path, line) -> list of row dicts (one per kernel launch)."""
    by_line = collections.defaultdict(list)
    seen = set()
    with open(path, newline="") as f:
        for r in csv.DictReader(f, delimiter="\t"):
            sig = tuple(r.values())
            if sig in seen:
                continue  # the same launch measured twice
            seen.add(sig)
            for k, v in r.items():
                if k not in ("project", "commit", "path", "blob", "kernel", "s_src"):
                    r[k] = float(v)
            by_line[(r["project"], r["path"], int(r["line"]))].append(r)
    return by_line


def hot_lines(by_line):
    hot = {c: set() for c in CHECKS}
    for k, rows in by_line.items():
        for r in rows:
            for kind in ("g_ld", "g_st"):
                sec, ideal = r[kind + "_sec"], r[kind + "_ideal"]
                if ideal > 0 and sec >= 1.5 * ideal and sec >= 0.01 * r["k_sectors"]:
                    hot["uncoalesced"].add(k)
            for kind in ("s_ld", "s_st"):
                wf, ideal = r[kind + "_wf"], r[kind + "_ideal"]
                if ideal > 0 and wf >= 1.5 * ideal and wf >= 0.01 * r["k_wavefronts"]:
                    hot["bank"].add(k)
            if r["br_exec"] > 0 and r["br_div"] >= 0.1 * r["br_exec"] and \
                    r["inst"] >= 0.01 * r["k_inst"]:
                hot["divergent"].add(k)
    return hot


def sites(finding, root):
    """[(path relative to the project, first line, last line)] the finding names."""
    def rel(f):
        return os.path.relpath(os.path.realpath(f), root)
    out = [(rel(finding["file"]), finding["line"], max(finding.get("endLine", 0), finding["line"]))]
    for n in finding.get("notes", []):
        if n.get("message", "").startswith("also here: "):
            out.append((rel(n["file"]), n["line"], n["line"]))
    return out


def verdict(check, kind, project, path, first, last, by_line):
    rows = [r for ln in range(first, last + 1) for r in by_line.get((project, path, ln), [])]
    if not rows or sum(r["inst"] for r in rows) <= 0:
        return "not exercised", 0
    if check == "divergent":
        br = sum(r["br_exec"] for r in rows)
        div = sum(r["br_div"] for r in rows)
        if div > 0:
            return "confirmed", div / max(br, 1)
        return "refuted", 0
    if check == "uncoalesced":
        kinds = ["g_ld"] if kind == "load" else ["g_st"] if kind == "store" else ["g_ld", "g_st"]
        worst = max((r[k + "_worst"] for r in rows for k in kinds if r[k + "_ideal"] > 0), default=None)
    else:
        kinds = ["s_ld"] if kind == "load" else ["s_st"] if kind == "store" else ["s_ld", "s_st"]
        worst = None
        for r in rows:
            for k in kinds:
                if r[k + "_ideal"] > 0:
                    x = r[k + "_wf"] / r[k + "_ideal"]
                    # One shared instruction of the kind: its own worst ratio is exact.
                    other = [o for o in ("s_ld", "s_st") if o != k and r[o + "_ideal"] > 0]
                    if not other and r["s_worst"] > 0:
                        x = r["s_worst"]
                    worst = x if worst is None else max(worst, x)
    if worst is None:
        return "unattributed", 0  # the line ran, but ncu put no access of the kind on it
    if worst >= 1.5:
        return "confirmed", worst
    if worst <= 1.1:
        return "refuted", worst
    return "inconclusive", worst


def score(args):
    by_line = load_measured(args.measured)
    hot = hot_lines(by_line)
    measured_projects = {k[0] for k in by_line}
    stats = {c: collections.Counter() for c in CHECKS}
    covered = {c: set() for c in CHECKS}
    details = []
    judged = set()
    lint_failed = 0
    for p in programs(args.programs):
        if p["project"] not in measured_projects:
            continue
        root = os.path.realpath(os.path.join(args.src, p["project"]))
        path = os.path.join(args.out, key(p) + ".json")
        try:
            report = json.load(open(path))
        except (OSError, ValueError):
            lint_failed += 1
            continue
        for f in report.get("findings", []):
            for c, name in CHECKS.items():
                if f["check"] != name:
                    continue
                kind = (f.get("facts", {}).get("access", {}) or {}).get("access", "")
                for (rel, a, b) in sites(f, root):
                    site = (c, p["project"], rel, a, b, kind)
                    if site in judged:
                        continue  # a header's finding seen from two programs
                    judged.add(site)
                    v, x = verdict(c, kind, p["project"], rel, a, b, by_line)
                    stats[c][v] += 1
                    if v not in ("not exercised", "unattributed"):
                        for ln in range(a, b + 1):
                            covered[c].add((p["project"], rel, ln))
                    details.append("\t".join([c, v, "%.3g" % x, p["project"], rel, str(a), f["priority"],
                                              f["message"][:160]]))
    lines = ["| check | sites judged | confirmed | inconclusive | at the ideal (refuted) | not exercised "
             "| unattributed | precision | hot lines | found | recall |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for c, name in CHECKS.items():
        s = stats[c]
        j = s["confirmed"] + s["inconclusive"] + s["refuted"]
        found = len(hot[c] & covered[c])
        lines.append("| %s | %d | %d | %d | %d | %d | %d | %s | %d | %d | %s |" % (
            name, j, s["confirmed"], s["inconclusive"], s["refuted"], s["not exercised"],
            s["unattributed"],
            "%.2f" % (s["confirmed"] / j) if j else "-", len(hot[c]), found,
            "%.2f" % (found / len(hot[c])) if hot[c] else "-"))
    print("\n".join(lines))
    if lint_failed:
        print("\n%d programs without a report" % lint_failed)
    if args.details:
        with open(args.details, "w") as f:
            f.write("\n".join(sorted(details)) + "\n")
            for c in CHECKS:
                for k in sorted(hot[c] - covered[c]):
                    rows = by_line[k]
                    f.write("missed\t%s\t%s\t%s\t%d\t%s\n" % (c, k[0], k[1], k[2], "; ".join(
                        "%s ld %d/%d st %d/%d shld %d/%d shst %d/%d br %d/%d" % (
                            r["kernel"], r["g_ld_sec"], r["g_ld_ideal"], r["g_st_sec"], r["g_st_ideal"],
                            r["s_ld_wf"], r["s_ld_ideal"], r["s_st_wf"], r["s_st_ideal"],
                            r["br_div"], r["br_exec"]) for r in rows[:3])))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=["lint", "score"])
    ap.add_argument("--programs", required=True)
    ap.add_argument("--src", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--warplint")
    ap.add_argument("--measured")
    ap.add_argument("--details")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    if args.mode == "lint":
        lint(args)
    else:
        score(args)


if __name__ == "__main__":
    main()
