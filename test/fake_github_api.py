#!/usr/bin/env python3
"""An emulated GitHub REST API for the pull-request comment tests: a local http.server on a free
port that serves one pull request, runs COMMAND with GITHUB_API_URL pointing at it, then saves
its state and appends every request to a log.

Usage: fake_github_api.py --state STATE.json --log LOG.jsonl --repo DIR --base SHA
                          [--token TOKEN] [--read-only] [--page-size N] -- COMMAND...
Endpoints (under /repos/OWNER/NAME, pull request number --pr, default 1):
  GET   /issues/N/comments, POST /issues/N/comments, PATCH /issues/comments/ID
  GET   /pulls/N/files    the files `git diff BASE HEAD` changes in DIR, with GitHub's "patch"
  GET   /pulls/N/comments the review comments posted so far
  POST  /pulls/N/reviews  422 (as GitHub) when a comment's line is not in the diff, else stored
  POST  /pulls/N/comments one review comment (commit_id, path, line, side), the same check
Lists are paginated with GitHub's Link header (--page-size per page). A request without
"Authorization: Bearer TOKEN" gets 401; with --read-only every write gets 403 "Resource not
accessible by integration", the answer to a fork's read-only token.
The state (comments, review comments, next id) persists in STATE.json between runs.
Exits with COMMAND's exit status."""
import argparse
import json
import os
import re
import subprocess
import sys
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, HTTPServer

ap = argparse.ArgumentParser()
ap.add_argument("--state", required=True)
ap.add_argument("--log", required=True)
ap.add_argument("--repo", required=True)
ap.add_argument("--base", required=True)
ap.add_argument("--pr", default="1")
ap.add_argument("--owner-repo", default="octo/cuda-app")
ap.add_argument("--token", default="test-token")
ap.add_argument("--read-only", action="store_true")
ap.add_argument("--page-size", type=int, default=2)
ap.add_argument("--reject-reviews", action="store_true",
                help="answer 422 to every review (as GitHub does when one line is off its diff)")
ap.add_argument("--reject-line", action="append", default=[],
                help="PATH:LINE that GitHub's diff does not show (a 422 for a comment on it)")
ap.add_argument("command", nargs=argparse.REMAINDER)
args = ap.parse_args()
cmd = args.command[1:] if args.command[:1] == ["--"] else args.command

state = {"next_id": 1000, "issue_comments": [], "review_comments": [], "reviews": []}
if os.path.exists(args.state):
    state = json.load(open(args.state))
lock = threading.Lock()


def pr_files():
    names = subprocess.check_output(
        ["git", "-C", args.repo, "diff", "--name-only", args.base, "HEAD"], text=True).split()
    out = []
    for n in names:
        diff = subprocess.check_output(
            ["git", "-C", args.repo, "diff", args.base, "HEAD", "--", n], text=True)
        # GitHub's "patch" is the diff from the first hunk header on.
        patch = diff[diff.index("@@"):] if "@@" in diff else ""
        out.append({"filename": n, "status": "modified", "patch": patch.rstrip("\n")})
    return out


def diff_lines(path):
    rejected = {int(x.rsplit(":", 1)[1]) for x in args.reject_line
                if x.rsplit(":", 1)[0] == path}
    return diff_lines_all(path) - rejected


def diff_lines_all(path):
    for f in pr_files():
        if f["filename"] == path:
            lines, right = set(), 0
            for row in f["patch"].split("\n"):
                m = re.match(r"@@ -\d+(?:,\d+)? \+(\d+)", row)
                if m:
                    right = int(m.group(1))
                elif right and not row.startswith("-") and not row.startswith("\\"):
                    lines.add(right)
                    right += 1
            return lines
    return set()


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *a):
        pass

    def reply(self, code, body, link=None):
        data = json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        if link:
            self.send_header("Link", link)
        self.end_headers()
        self.wfile.write(data)

    def page(self, items, query):
        n = int(query.get("per_page", ["30"])[0])
        n = min(n, args.page_size)
        p = int(query.get("page", ["1"])[0])
        chunk = items[(p - 1) * n:p * n]
        link = None
        if p * n < len(items):
            q = dict((k, v[0]) for k, v in query.items())
            q["page"] = str(p + 1)
            link = '<http://%s:%d%s?%s>; rel="next"' % (
                self.server.server_address[0], self.server.server_address[1],
                urllib.parse.urlparse(self.path).path, urllib.parse.urlencode(q))
        self.reply(200, chunk, link)

    def handle_any(self, method):
        url = urllib.parse.urlparse(self.path)
        query = urllib.parse.parse_qs(url.query)
        length = int(self.headers.get("Content-Length") or 0)
        body = json.loads(self.rfile.read(length)) if length else None
        with lock:
            with open(args.log, "a") as log:
                log.write(json.dumps({"method": method, "path": url.path, "query": url.query,
                                      "body": body}) + "\n")
            if self.headers.get("Authorization") != "Bearer " + args.token:
                return self.reply(401, {"message": "Bad credentials"})
            prefix = "/repos/%s" % args.owner_repo
            if not url.path.startswith(prefix + "/"):
                return self.reply(404, {"message": "Not Found"})
            path = url.path[len(prefix):]
            if method != "GET" and args.read_only:
                return self.reply(403, {"message": "Resource not accessible by integration"})
            pr = args.pr
            if method == "GET" and path == "/issues/%s/comments" % pr:
                return self.page(state["issue_comments"], query)
            if method == "POST" and path == "/issues/%s/comments" % pr:
                c = {"id": state["next_id"], "body": body["body"]}
                state["next_id"] += 1
                state["issue_comments"].append(c)
                return self.reply(201, c)
            m = re.fullmatch(r"/issues/comments/(\d+)", path)
            if method == "PATCH" and m:
                for c in state["issue_comments"]:
                    if c["id"] == int(m.group(1)):
                        c["body"] = body["body"]
                        return self.reply(200, c)
                return self.reply(404, {"message": "Not Found"})
            if method == "GET" and path == "/pulls/%s/files" % pr:
                return self.page(pr_files(), query)
            if method == "GET" and path == "/pulls/%s/comments" % pr:
                return self.page(state["review_comments"], query)
            if method == "POST" and path == "/pulls/%s/comments" % pr:
                first = body.get("start_line", body["line"])
                if not body.get("commit_id") or not all(
                        n in diff_lines(body["path"]) for n in range(first, body["line"] + 1)):
                    return self.reply(422, {"message": "Unprocessable Entity", "errors": [
                        "Line could not be resolved"]})
                c = dict(body, id=state["next_id"])
                state["next_id"] += 1
                state["review_comments"].append(c)
                return self.reply(201, c)
            if method == "POST" and path == "/pulls/%s/reviews" % pr:
                if args.reject_reviews:
                    return self.reply(422, {"message": "Unprocessable Entity"})
                for c in body.get("comments", []):
                    ok = diff_lines(c["path"])
                    first = c.get("start_line", c["line"])
                    if not all(n in ok for n in range(first, c["line"] + 1)):
                        return self.reply(422, {"message": "Unprocessable Entity", "errors": [
                            "Line could not be resolved"]})
                rid = state["next_id"]
                state["next_id"] += 1
                state["reviews"].append({"id": rid, "body": body.get("body"),
                                         "event": body.get("event"),
                                         "commit_id": body.get("commit_id")})
                for c in body.get("comments", []):
                    c = dict(c, id=state["next_id"], pull_request_review_id=rid)
                    state["next_id"] += 1
                    state["review_comments"].append(c)
                return self.reply(200, {"id": rid})
            return self.reply(404, {"message": "Not Found"})

    def do_GET(self):
        self.handle_any("GET")

    def do_POST(self):
        self.handle_any("POST")

    def do_PATCH(self):
        self.handle_any("PATCH")


server = HTTPServer(("127.0.0.1", 0), Handler)
threading.Thread(target=server.serve_forever, daemon=True).start()
env = dict(os.environ, GITHUB_API_URL="http://127.0.0.1:%d" % server.server_address[1],
           GITHUB_REPOSITORY=args.owner_repo)
rc = subprocess.call(cmd, env=env)
server.shutdown()
with open(args.state, "w") as f:
    json.dump(state, f, indent=1)
sys.exit(rc)
