#!/usr/bin/env python3
"""Validates a SARIF file with Microsoft's SARIF validator (npm @microsoft/sarif-multitool),
running both its SARIF spec rules and its GitHub code scanning rules ("Gh") at every level.
Fails on any error or warning it reports; notes (suggestions) are printed.

npm installs the validator behind a JavaScript shim (bin.js) that re-runs the native program
through a shell: `--rule-kind Sarif;Gh` then reaches the shell unquoted, the ';' ends the
command, and only the SARIF rules ran (GitHub's rules silently never did). So the shim is
resolved here to the native program (what the package's index.js exports) and run directly,
with an argument vector and no shell."""
import json
import os
import shutil
import subprocess
import sys
import tempfile


def native_validator(tool):
    """The native Sarif.Multitool behind an npm shim; the tool itself otherwise."""
    real = os.path.realpath(tool)
    if not real.endswith(".js"):
        return real
    pkg = os.path.dirname(real)
    node = shutil.which("node") or shutil.which("nodejs")
    if not node:
        sys.exit("validate_sarif: %s is an npm shim and node is not installed" % tool)
    native = subprocess.run([node, "-p", "require(%s)" % json.dumps(pkg)],
                            capture_output=True, text=True, check=True).stdout.strip()
    if not os.path.isfile(native):
        sys.exit("validate_sarif: the shim %s names %r, which does not exist" % (tool, native))
    return native


def main():
    # --expect RULE: the file is a deliberately broken canary; succeed only if the validator
    # reports RULE (proves that rule set really ran).
    expect = None
    args = sys.argv[1:]
    if args[0] == "--expect":
        expect, args = args[1], args[2:]
    tool, sarif = native_validator(args[0]), args[1]
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
    seen = set()
    for run in log.get("runs", []):
        for res in run.get("results", []):
            level = res.get("level", "warning")  # SARIF's default level
            args = res.get("message", {}).get("arguments", [])
            print("%s %s %s" % (level, res.get("ruleId"), args))
            seen.add(res.get("ruleId"))
            if level in ("error", "warning"):
                bad += 1
        for inv in run.get("invocations", []):
            for n in inv.get("toolExecutionNotifications", []) or []:
                if n.get("level", "warning") == "error":
                    print("tool error: %s" % n.get("message", {}).get("text"))
                    bad += 1
    if expect:
        print("validator: %s %s" % (expect, "reported" if expect in seen else "NOT reported"))
        return 0 if expect in seen else 1
    print("validator: %d error(s) or warning(s)" % bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
