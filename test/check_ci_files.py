#!/usr/bin/env python3
"""Checks the structure of warplint's CI integration files (what GitHub, pre-commit and GitLab
would reject or silently ignore): action.yml, .pre-commit-hooks.yaml and the example workflows.
Usage: check_ci_files.py SRC_ROOT. Prints one line per file checked; exits 1 on the first problem."""
import os
import re
import sys

import yaml

root = sys.argv[1]


def fail(msg):
    print("error: " + msg)
    sys.exit(1)


def load(rel):
    with open(os.path.join(root, rel)) as f:
        return yaml.safe_load(f)


# action.yml: a composite action whose expressions name real inputs and steps, and whose scripts
# exist.
action = load("action.yml")
for key in ("name", "description", "runs"):
    if key not in action:
        fail("action.yml: missing '%s'" % key)
if action["runs"].get("using") != "composite":
    fail("action.yml: runs.using must be 'composite'")
inputs = action.get("inputs", {})
for name, spec in inputs.items():
    if "description" not in spec:
        fail("action.yml: inputs.%s: no description" % name)
    if not isinstance(spec.get("default", ""), str):
        fail("action.yml: inputs.%s: default must be a string" % name)
steps = action["runs"]["steps"]
ids = {s["id"] for s in steps if "id" in s}
text = open(os.path.join(root, "action.yml")).read()
for ref in re.findall(r"inputs\.([A-Za-z0-9_-]+)", text):
    if ref not in inputs:
        fail("action.yml: expression names unknown input '%s'" % ref)
for ref in re.findall(r"steps\.([A-Za-z0-9_-]+)\.outputs", text):
    if ref not in ids:
        fail("action.yml: expression names unknown step id '%s'" % ref)
for i, s in enumerate(steps):
    if ("run" in s) == ("uses" in s):
        fail("action.yml: step %d needs exactly one of run/uses" % i)
    if "run" in s and "shell" not in s:
        fail("action.yml: step %d: composite run steps need 'shell'" % i)
    for script in re.findall(r"\$GITHUB_ACTION_PATH/([\w./-]+)", s.get("run", "")):
        p = os.path.join(root, script)
        if not os.access(p, os.X_OK):
            fail("action.yml: step %d runs %s, which is missing or not executable" % (i, script))
uses = [s["uses"] for s in steps if "uses" in s]
if not any(u.startswith("github/codeql-action/upload-sarif@") for u in uses):
    fail("action.yml: no SARIF upload step")
# The HTML report goes up as an artifact, only when the lint step wrote one.
art = [s for s in steps if str(s.get("uses", "")).startswith("actions/upload-artifact@")]
if not art or "steps.lint.outputs.html" not in str(art[0].get("if", "")):
    fail("action.yml: no HTML report upload conditioned on the lint step's html output")
# The pull-request comments run only on a pull request, from the lint step's JSON report, and
# never fail the job themselves (scripts/ci/github_pr.py exits 0 on API errors).
pr = [s for s in steps if "github_pr.py" in s.get("run", "")]
if not pr:
    fail("action.yml: no pull-request comment step (scripts/ci/github_pr.py)")
cond = str(pr[0].get("if", ""))
for need in ("github.event.pull_request.number", "steps.lint.outputs.json", "always()"):
    if need not in cond:
        fail("action.yml: the comment step's if: must use %s" % need)
if "inputs.github-token" not in str(pr[0].get("env", {})):
    fail("action.yml: the comment step must pass inputs.github-token")
# A pinned release is installed instead of a source build, never both.
inst = [s for s in steps if "install-release.sh" in s.get("run", "")]
build = [s for s in steps if "install-deps.sh" in s.get("run", "")]
if not inst or not build or "inputs.version != ''" not in str(inst[0].get("if", "")) or \
        "inputs.version == ''" not in str(build[0].get("if", "")):
    fail("action.yml: install (version != '') and build (version == '') steps must exclude each other")
print("action.yml: composite, %d inputs, %d steps" % (len(inputs), len(steps)))

# .pre-commit-hooks.yaml: pre-commit's manifest schema, the parts warplint relies on.
hooks = load(".pre-commit-hooks.yaml")
hook = next((h for h in hooks if h.get("id") == "warplint"), None)
if hook is None:
    fail(".pre-commit-hooks.yaml: no 'warplint' hook")
for key in ("id", "name", "entry", "language"):
    if key not in hook:
        fail(".pre-commit-hooks.yaml: warplint: missing '%s'" % key)
if hook["language"] != "system":
    fail(".pre-commit-hooks.yaml: warplint must be a 'system' hook (nothing to install)")
if sorted(hook.get("types_or", [])) != ["c++", "cuda"]:
    fail(".pre-commit-hooks.yaml: types_or must be [c++, cuda]")
files = re.compile(hook.get("files", ""))
for name, want in (("a.cu", True), ("d/b.cuh", True), ("c.cpp", False), ("e.h", False)):
    if bool(files.search(name)) != want:
        fail(".pre-commit-hooks.yaml: files pattern %s %s" % ("misses" if want else "takes", name))
if "--" in hook.get("args", []):
    fail(".pre-commit-hooks.yaml: file names are appended after args: no '--' there")
print(".pre-commit-hooks.yaml: hook warplint, %s" % hook["types_or"])

# The example GitHub workflow: the permission SARIF upload needs, full history for the diff,
# the action.
wf = load("examples/ci/github-workflow.yml")
if wf.get("permissions", {}).get("security-events") != "write":
    fail("github-workflow.yml: needs permissions: security-events: write")
job = next(iter(wf["jobs"].values()))
wsteps = job["steps"]
co = next((s for s in wsteps if str(s.get("uses", "")).startswith("actions/checkout@")), None)
if co is None or co.get("with", {}).get("fetch-depth") != 0:
    fail("github-workflow.yml: checkout needs fetch-depth: 0 (the base commit)")
if wf.get("permissions", {}).get("pull-requests") != "write":
    fail("github-workflow.yml: needs permissions: pull-requests: write (the pull-request comments)")
act = [s for s in wsteps if "warplint" in str(s.get("uses", ""))]
if not act:
    fail("github-workflow.yml: does not use the warplint action")
for k in act[0].get("with", {}):
    if k not in inputs:
        fail("github-workflow.yml: passes unknown input '%s' to the action" % k)
print("github-workflow.yml: %d steps" % len(wsteps))

# The example GitLab job: the report it writes is the one it publishes.
gl = load("examples/ci/gitlab-ci.yml")
glj = gl["warplint"]
report = glj["artifacts"]["reports"]["codequality"]
script = " ".join(glj["script"])
if "--format=codeclimate" not in script or ("-o " + report) not in script:
    fail("gitlab-ci.yml: script must write --format=codeclimate to %s" % report)
if glj["artifacts"].get("when") != "always":
    fail("gitlab-ci.yml: artifacts need when: always (warplint exits 1 on findings)")
print("gitlab-ci.yml: codequality report %s" % report)
