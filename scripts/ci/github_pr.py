#!/usr/bin/env python3
"""The pull-request step of the GitHub action (action.yml): from warplint's JSON report,
(a) one summary comment on the pull request, found again on later runs by a hidden marker and
updated in place (PATCH), created the first time; (b) one review with a comment per finding on a
line the pull request changed, with a ```suggestion block built from the finding's SAFE fixes
only (never its unsafe ones); a finding already commented on (same fingerprint, hidden marker)
is not commented on again.

Python 3 standard library only. Usage:
  github_pr.py --json warplint.json [--no-summary-comment] [--no-review-comments]
               [--max-review-comments N] [--workspace DIR]
Environment (the action sets it):
  GITHUB_TOKEN        a token with pull-requests: write (issues: write also lets it comment)
  GITHUB_REPOSITORY   owner/name
  GITHUB_API_URL      the REST API (default https://api.github.com)
  WARPLINT_PR         the pull request's number (github.event.pull_request.number)
  WARPLINT_HEAD_SHA   the pull request's head commit (github.event.pull_request.head.sha)
  GITHUB_SERVER_URL, GITHUB_RUN_ID   for a link to the run in the summary comment
Exit status: 0 whatever the API answers (an error, e.g. 403 with a fork's read-only token, is a
::warning workflow command, never a failed job); 2 for a usage error (no such JSON file)."""
import argparse
import json
import os
import re
import sys
import urllib.error
import urllib.request

SUMMARY_MARKER = "<!-- warplint:summary -->"
FINDING_MARKER = "<!-- warplint:finding %s -->"
FINDING_RE = re.compile(r"<!-- warplint:finding ([0-9a-f]+) -->")
PRIORITIES = ("High", "Medium", "Low")
MAX_TABLE_ROWS = 50


class ApiError(Exception):
    pass


class Api:
    def __init__(self, base, repo, token):
        self.base = base.rstrip("/")
        self.repo = repo
        self.token = token

    def call(self, method, path, body=None):
        url = path if path.startswith("http") else "%s/repos/%s%s" % (self.base, self.repo, path)
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(url, data=data, method=method)
        req.add_header("Accept", "application/vnd.github+json")
        req.add_header("X-GitHub-Api-Version", "2022-11-28")
        req.add_header("User-Agent", "warplint-action")
        if self.token:
            req.add_header("Authorization", "Bearer " + self.token)
        if data is not None:
            req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                text = r.read().decode() or "null"
                return json.loads(text), r.headers.get("Link", "")
        except urllib.error.HTTPError as e:
            try:
                msg = json.loads(e.read().decode()).get("message", "")
            except Exception:  # noqa: BLE001 - any body: the status says enough
                msg = ""
            raise ApiError("%s %s: HTTP %d %s" % (method, url, e.code, msg or e.reason)) from None
        except (urllib.error.URLError, OSError, ValueError) as e:
            raise ApiError("%s %s: %s" % (method, url, e)) from None

    def pages(self, path):
        """Every item of a paginated list (GitHub's Link: <...>; rel="next")."""
        sep = "&" if "?" in path else "?"
        url = "%s%sper_page=100" % (path, sep)
        items = []
        while url:
            page, link = self.call("GET", url)
            items.extend(page or [])
            m = re.search(r'<([^>]+)>;\s*rel="next"', link or "")
            url = m.group(1) if m else None
        return items


def warn(msg):
    # A workflow command: the step's log and the run's annotations show it; the job goes on.
    print("::warning title=warplint::" + msg.replace("%", "%25").replace("\r", "%0D")
          .replace("\n", "%0A"), flush=True)


def commentable_lines(files):
    """path -> the head-side line numbers the pull request's diff shows (added lines and their
    context): the only lines GitHub accepts a review comment on."""
    out = {}
    for f in files:
        lines = set()
        right = 0
        for row in (f.get("patch") or "").split("\n"):
            m = re.match(r"@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@", row)
            if m:
                right = int(m.group(1))
                continue
            if row.startswith("-") or row.startswith("\\") or not right:
                continue
            lines.add(right)  # "+" and " " rows are on the head side
            right += 1
        out[f["filename"]] = lines
    return out


def suggestion(finding, workspace, fixes=None):
    """(path relative to the workspace, first line, last line, replacement text) from the
    finding's safe fixes (or the given ones) when they all lie in one file of the checkout;
    None otherwise."""
    fixes = finding.get("fixes") or [] if fixes is None else fixes
    if not fixes or len({x["file"] for x in fixes}) != 1:
        return None
    path = fixes[0]["file"]
    if not os.path.isabs(path):
        path = os.path.join(workspace, path)
    try:
        data = open(path, "rb").read()
    except OSError:
        return None
    lo = min(x["offset"] for x in fixes)
    hi = max(x["offset"] + x["length"] for x in fixes)
    start = data.rfind(b"\n", 0, lo) + 1
    end = data.find(b"\n", hi)
    end = len(data) if end < 0 else end
    text = data[start:end]
    for x in sorted(fixes, key=lambda x: x["offset"], reverse=True):
        a, b = x["offset"] - start, x["offset"] - start + x["length"]
        text = text[:a] + x["replacement"].encode() + text[b:]
    first = data.count(b"\n", 0, start) + 1
    last = data.count(b"\n", 0, end) + 1
    rel = os.path.relpath(os.path.realpath(path), os.path.realpath(workspace))
    return rel, first, last, text.decode(errors="replace")


def site_suggestions(finding, workspace):
    """A grouped finding's fixes lie at each of its sites: one suggestion per site (fixes on
    the same lines together), in line order."""
    sites = []
    for x in sorted(finding.get("fixes") or [], key=lambda x: (x["file"], x["line"])):
        last = sites[-1][-1] if sites else None
        if last and last["file"] == x["file"] and x["line"] <= last.get("endLine", last["line"]):
            sites[-1].append(x)
        else:
            sites.append([x])
    return [s for s in (suggestion(finding, workspace, fixes) for fixes in sites) if s]


def finding_body(f, sugg):
    body = [FINDING_MARKER % f["fingerprint"],
            "**warplint** %s · `%s`" % (f["priority"], f["check"]), "", f["message"]]
    for u in f.get("unsafeFixes") or []:
        body += ["", "Review before applying (not a suggestion: it changes what the program "
                 "computes or covers): %s" % u["description"]]
    if sugg:
        if not sugg[1] <= f["line"] <= sugg[2]:
            body += ["", "Found at line %d; the fix is here:" % f["line"]]
        body += ["", "```suggestion", sugg[3], "```"]
    return "\n".join(body)


def summary_body(report, env):
    findings = report.get("findings", [])
    count = {p: 0 for p in PRIORITIES}
    for f in findings:
        count[f["priority"]] = count.get(f["priority"], 0) + 1
    files = {f["relativeFile"] for f in findings}
    lines = [SUMMARY_MARKER, "## warplint", ""]
    if findings:
        lines.append("%d finding%s (%d high, %d medium, %d low) in %d file%s." % (
            len(findings), "" if len(findings) == 1 else "s", count["High"], count["Medium"],
            count["Low"], len(files), "" if len(files) == 1 else "s"))
        lines += ["", "| Priority | Location | Check | Finding |", "|---|---|---|---|"]
        order = sorted(findings, key=lambda f: (PRIORITIES.index(f["priority"])
                                                if f["priority"] in PRIORITIES else 3,
                                                f["relativeFile"], f["line"]))
        for f in order[:MAX_TABLE_ROWS]:
            msg = f["message"].replace("|", "\\|").replace("\n", " ")
            lines.append("| %s | `%s:%d` | `%s` | %s |" % (
                f["priority"], f["relativeFile"], f["line"], f["check"], msg))
        if len(order) > MAX_TABLE_ROWS:
            lines += ["", "%d more in the job summary." % (len(order) - MAX_TABLE_ROWS)]
    else:
        lines.append("No findings.")
    errors = report.get("errors", [])
    if errors:
        lines += ["", "%d file%s not fully analysed (compiler errors): see the job log." % (
            len(errors), "" if len(errors) == 1 else "s")]
    sha = env.get("WARPLINT_HEAD_SHA", "")
    run = ""
    if env.get("GITHUB_SERVER_URL") and env.get("GITHUB_RUN_ID"):
        run = " in [run %s](%s/%s/actions/runs/%s)" % (
            env["GITHUB_RUN_ID"], env["GITHUB_SERVER_URL"], env.get("GITHUB_REPOSITORY", ""),
            env["GITHUB_RUN_ID"])
    lines += ["", "<sub>Updated for %s%s.</sub>" % (sha[:12] or "the latest push", run)]
    return "\n".join(lines)


def post_summary(api, pr, report, env):
    comments = api.pages("/issues/%s/comments" % pr)
    # Ours begins with the marker (a reply quoting it does not).
    mine = [c for c in comments if (c.get("body") or "").startswith(SUMMARY_MARKER)]
    body = summary_body(report, env)
    if mine:
        api.call("PATCH", "/issues/comments/%s" % mine[0]["id"], {"body": body})
        print("warplint: updated the summary comment %s" % mine[0]["id"])
    elif report.get("findings") or report.get("errors"):
        c, _ = api.call("POST", "/issues/%s/comments" % pr, {"body": body})
        print("warplint: created the summary comment %s" % (c or {}).get("id"))
    else:
        print("warplint: no findings and no earlier summary comment: nothing to post")


def post_review(api, pr, report, env, workspace, limit):
    sha = env.get("WARPLINT_HEAD_SHA", "")
    changed = commentable_lines(api.pages("/pulls/%s/files" % pr))
    done = set()
    for c in api.pages("/pulls/%s/comments" % pr):
        done.update(FINDING_RE.findall(c.get("body") or ""))
    comments = []
    skipped = 0
    for f in report.get("findings", []):
        path = f["relativeFile"]
        if f["fingerprint"] in done or path not in changed:
            continue
        ok = changed[path]

        def in_diff(s):
            return s and s[0] == path and all(n in ok for n in range(s[1], s[2] + 1))
        sugg = suggestion(f, workspace)
        others = []
        if not in_diff(sugg):
            # One block over every site does not fit the diff (a grouped finding's sites
            # spread over the file): each site in the diff gets its own suggestion, the
            # finding's text on the one at the finding (else the first).
            sites = [s for s in site_suggestions(f, workspace) if in_diff(s)]
            at = [s for s in sites if s[1] <= f["line"] <= s[2]]
            sugg = (at or sites or [None])[0]
            others = [s for s in sites if s is not sugg]
        if sugg:
            first, last = sugg[1], sugg[2]
        else:
            first = last = f["line"]
            if last not in ok:
                continue
        if len(comments) >= limit:
            skipped += 1
            continue
        c = {"path": path, "line": last, "side": "RIGHT", "body": finding_body(f, sugg)}
        if first != last:
            c.update(start_line=first, start_side="RIGHT")
        comments.append(c)
        for s in others:
            c = {"path": path, "line": s[2], "side": "RIGHT", "body": "\n".join([
                FINDING_MARKER % f["fingerprint"],
                "**warplint** %s · `%s`: the same finding (line %d), here too" % (
                    f["priority"], f["check"], f["line"]), "", "```suggestion", s[3], "```"])}
            if s[1] != s[2]:
                c.update(start_line=s[1], start_side="RIGHT")
            comments.append(c)
        done.add(f["fingerprint"])
    if not comments:
        print("warplint: no new findings on the changed lines: no review")
        return
    body = "warplint: %d finding%s on the changed lines." % (
        len(comments), "" if len(comments) == 1 else "s")
    if skipped:
        body += " %d more are in the summary comment and the job summary." % skipped
    review = {"event": "COMMENT", "body": body, "comments": comments}
    if sha:
        review["commit_id"] = sha
    try:
        api.call("POST", "/pulls/%s/reviews" % pr, review)
    except ApiError as e:
        if "HTTP 422" not in str(e) or not sha:
            raise
        # GitHub rejects the whole review when one comment's line is not in its diff (the
        # merge commit linted may differ from the head): post them one by one, keeping those
        # it accepts.
        posted = 0
        for c in comments:
            try:
                api.call("POST", "/pulls/%s/comments" % pr, dict(c, commit_id=sha))
                posted += 1
            except ApiError as e2:
                warn("could not comment on %s:%d: %s" % (c["path"], c["line"], e2))
        print("warplint: the review was refused (%s); posted %d of %d comments one by one"
              % (e, posted, len(comments)))
        return
    print("warplint: posted a review with %d comment%s" % (
        len(comments), "" if len(comments) == 1 else "s"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--json", required=True, help="warplint's JSON report (--json-output)")
    ap.add_argument("--no-summary-comment", action="store_true")
    ap.add_argument("--no-review-comments", action="store_true")
    ap.add_argument("--max-review-comments", type=int, default=30)
    ap.add_argument("--workspace", default=os.environ.get("GITHUB_WORKSPACE", os.getcwd()))
    args = ap.parse_args()
    env = os.environ
    try:
        report = json.load(open(args.json))
    except (OSError, ValueError) as e:
        print("github_pr.py: error: cannot read the report '%s': %s" % (args.json, e),
              file=sys.stderr)
        return 2
    pr = env.get("WARPLINT_PR", "")
    if not pr:
        print("warplint: not a pull request: no comments")
        return 0
    if not env.get("GITHUB_REPOSITORY"):
        warn("GITHUB_REPOSITORY is not set: no pull-request comments")
        return 0
    api = Api(env.get("GITHUB_API_URL") or "https://api.github.com", env["GITHUB_REPOSITORY"],
              env.get("GITHUB_TOKEN", ""))
    hint = (" (a pull request from a fork gets a read-only token; the job needs permissions: "
            "pull-requests: write)")
    if not args.no_summary_comment:
        try:
            post_summary(api, pr, report, env)
        except ApiError as e:
            warn("could not write the summary comment: %s%s" % (e, hint if "403" in str(e)
                                                                 else ""))
    if not args.no_review_comments:
        try:
            post_review(api, pr, report, env, args.workspace, args.max_review_comments)
        except ApiError as e:
            warn("could not post the review comments: %s%s" % (e, hint if "403" in str(e)
                                                               else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
