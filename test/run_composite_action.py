#!/usr/bin/env python3
"""Runs a composite GitHub action (action.yml) the way the Actions runner does, as far as a test
needs: inputs with their defaults, ${{ }} expressions over inputs, steps.<id>.outputs and the
github context, `if:` conditions (success() by default, always()), `run:` steps under
`bash --noprofile --norc -eo pipefail` with GITHUB_ACTION_PATH, GITHUB_OUTPUT, GITHUB_ENV and
GITHUB_STEP_SUMMARY, and `uses:` steps reported (with their evaluated `with:`), not run.

Input defaults may use expressions (`${{ github.token }}`); runner.temp is the emulator's
temporary directory.

Usage: run_composite_action.py ACTION_DIR [--input NAME=VALUE]... [--event KEY=VALUE]...
                               [--github KEY=VALUE]...
Prints the steps' output, then one line per step: "step <name>: success|failure|skipped".
Exits 1 when a step failed (the job fails), else 0."""
import argparse
import os
import re
import subprocess
import sys
import tempfile

import yaml

ap = argparse.ArgumentParser()
ap.add_argument("action_dir")
ap.add_argument("--input", action="append", default=[])
ap.add_argument("--event", action="append", default=[], help="github.event.KEY=VALUE")
ap.add_argument("--github", action="append", default=[], help="github.KEY=VALUE (e.g. token)")
args = ap.parse_args()
tmp = tempfile.mkdtemp(prefix="composite-")

action = yaml.safe_load(open(os.path.join(args.action_dir, "action.yml")))
if action["runs"]["using"] != "composite":
    sys.exit("not a composite action")
ctx = {}
for kv in args.event:
    k, v = kv.split("=", 1)
    ctx["github.event." + k] = v
for kv in args.github:
    k, v = kv.split("=", 1)
    ctx["github." + k] = v
ctx["github.workspace"] = os.getcwd()
ctx["runner.temp"] = os.environ.get("RUNNER_TEMP", tmp)

REF = re.compile(r"\b(?:inputs|steps|github|env|runner)(?:\.[A-Za-z0-9_-]+)+")


def evaluate(expr, status):
    # GitHub expressions to Python: context lookups (missing -> ''), &&, ||, !, functions.
    py = REF.sub(lambda m: "_get(%r)" % m.group(0), expr)
    py = py.replace("&&", " and ").replace("||", " or ")
    py = re.sub(r"!(?!=)", " not ", py)
    py = py.replace("always()", "True").replace("success()", "_ok").replace("failure()", "(not _ok)")

    def _get(name):
        return ctx.get(name, "")

    # `a || b` yields a value, as in GitHub; Python's `or` does the same for strings.
    return eval(py, {"_get": _get, "_ok": status, "True": True})


def substitute(text, status):
    return re.sub(r"\$\{\{(.*?)\}\}", lambda m: str(evaluate(m.group(1), status)), text)


given = dict(kv.split("=", 1) for kv in args.input)
for name, spec in action.get("inputs", {}).items():
    ctx["inputs." + name] = given.pop(name, None)
    if ctx["inputs." + name] is None:
        ctx["inputs." + name] = substitute(str(spec.get("default", "")), True)
if given:
    sys.exit("unknown inputs: %s" % ", ".join(given))

env = dict(os.environ)
env["GITHUB_ACTION_PATH"] = os.path.abspath(args.action_dir)
env.setdefault("GITHUB_WORKSPACE", os.getcwd())
env.setdefault("RUNNER_TEMP", tmp)
env.setdefault("GITHUB_STEP_SUMMARY", os.path.join(tmp, "summary.md"))
ok = True
report = []
for i, step in enumerate(action["runs"]["steps"]):
    name = step.get("name", "step %d" % i)
    cond = step.get("if", "success()")
    cond = cond[3:-2] if cond.startswith("${{") else cond
    if "always()" not in cond and "failure()" not in cond:
        cond = "success() && (%s)" % cond
    if not evaluate(cond, ok):
        report.append("step %s: skipped" % name)
        continue
    if "uses" in step:
        with_ = {k: substitute(str(v), ok) for k, v in step.get("with", {}).items()}
        print("uses %s with %s" % (step["uses"], with_), flush=True)
        report.append("step %s: success" % name)
        continue
    out_file = os.path.join(tmp, "output-%d" % i)
    env_file = os.path.join(tmp, "env-%d" % i)
    open(out_file, "w").close()
    open(env_file, "w").close()
    step_env = dict(env, GITHUB_OUTPUT=out_file, GITHUB_ENV=env_file)
    for k, v in step.get("env", {}).items():
        step_env[k] = substitute(str(v), ok)
    script = os.path.join(tmp, "step-%d.sh" % i)
    with open(script, "w") as f:
        f.write(substitute(step["run"], ok))
    rc = subprocess.call(["bash", "--noprofile", "--norc", "-eo", "pipefail", script], env=step_env)
    for line in open(out_file):
        if "=" in line and "id" in step:
            k, v = line.rstrip("\n").split("=", 1)
            ctx["steps.%s.outputs.%s" % (step["id"], k)] = v
    for line in open(env_file):
        if "=" in line:
            k, v = line.rstrip("\n").split("=", 1)
            env[k] = v
    report.append("step %s: %s" % (name, "success" if rc == 0 else "failure"))
    ok = ok and rc == 0
sys.stdout.flush()
print("\n".join(report))
sys.exit(0 if ok else 1)
