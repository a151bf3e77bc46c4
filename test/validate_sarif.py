#!/usr/bin/env python3
"""Validates a SARIF file with Microsoft's SARIF validator (npm @microsoft/sarif-multitool),
running both its SARIF spec rules and its GitHub code scanning rules ("Gh"). Fails on any
error or warning it reports; notes (suggestions such as "provide a helpUri") are printed."""
import json
import os
import subprocess
import sys
import tempfile


def main():
    tool, sarif = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "validation.sarif")
        r = subprocess.run([tool, "validate", sarif, "-o", out, "--log", "ForceOverwrite",
                            "--level", "Error;Warning;Note", "--rule-kind", "Sarif;Gh"],
                           capture_output=True, text=True)
        if not os.path.exists(out):
            sys.stderr.write("validator produced no output (exit %d)\n%s\n%s\n"
                             % (r.returncode, r.stdout, r.stderr))
            return 1
        log = json.load(open(out))
    bad = 0
    for run in log.get("runs", []):
        for res in run.get("results", []):
            level = res.get("level", "warning")  # SARIF's default level
            args = res.get("message", {}).get("arguments", [])
            print("%s %s %s" % (level, res.get("ruleId"), args))
            if level in ("error", "warning"):
                bad += 1
        for inv in run.get("invocations", []):
            for n in inv.get("toolExecutionNotifications", []) or []:
                if n.get("level", "warning") == "error":
                    print("tool error: %s" % n.get("message", {}).get("text"))
                    bad += 1
    print("validator: %d error(s) or warning(s)" % bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
