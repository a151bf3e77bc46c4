"""Runs github_pr.post_review on a warplint JSON report against a pull request whose diff
shows only the given lines of one file (no server: an object answers the two lists and
records the review), and prints each review comment's lines and suggestion.
Usage: review_sites.py SCRIPTS_CI REPORT WORKSPACE FILE LINE..."""
import json
import sys

sys.path.insert(0, sys.argv[1])
import github_pr  # noqa: E402

report, workspace, path = json.load(open(sys.argv[2])), sys.argv[3], sys.argv[4]
lines = [int(x) for x in sys.argv[5:]]
src = open("%s/%s" % (workspace, path)).read().split("\n")
patch = "\n".join("@@ -%d,1 +%d,1 @@\n+%s" % (n, n, src[n - 1]) for n in lines)


class FakeApi:
    def pages(self, url):
        return [{"filename": path, "patch": patch}] if url.endswith("/files") else []

    def call(self, method, url, body=None):
        for c in body["comments"]:
            sugg = c["body"].split("```suggestion\n")[1].split("\n```")[0] \
                if "```suggestion" in c["body"] else None
            print("comment %s-%s: %s" % (c.get("start_line", c["line"]), c["line"], sugg))
        return {}, None


github_pr.post_review(FakeApi(), "1", report, {}, workspace, 30)
