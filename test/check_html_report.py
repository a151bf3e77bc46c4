#!/usr/bin/env python3
"""Renders warplint's HTML report in headless chromium and checks it against the JSON output.

Usage:
  check_html_report.py --warplint BIN --chromium BIN --cuda-args ARGS --out DIR FILE.cu ...
      [--scale N] [--screenshots DIR]

1. Runs warplint once with --format=json and --html-output, on the given files.
2. Loads every page in headless chromium (--dump-dom: the DOM after the page's script ran) and
   checks, for every finding, that the page draws the facts of the JSON output: lanes and the
   sectors each lane touches, banks with their word counts and conflicting lanes, the degree,
   the padded layout, the lane masks of a divergent branch, the resource bars and the limiter.
3. Checks that no page can load anything from outside: no http(s):// or protocol-relative
   src/href, no url() or @import in styles, a Content-Security-Policy meta in every page.
4. Checks the index: one row per finding, sorted by priority, and a filter preset in the URL
   fragment (index.html#check=...) leaves exactly that check's rows.
5. --scale N: generates a file with at least N findings, writes its report, and prints its
   size and chromium's load time (recorded in docs/html-report.md, not asserted).
6. --screenshots DIR: one PNG per kind of drawing (a single card on a page of its own).
Prints one line per check; exits 1 on the first failure.
"""
import argparse
import html.parser
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time


def fail(msg):
    print("error: " + msg)
    sys.exit(1)


class Dom(html.parser.HTMLParser):
    """The elements of a page as (tag, attrs, ancestors' card fingerprint) tuples."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elements = []
        self.stack = []  # (tag, fingerprint of the enclosing card or None)
        self.metas = []
        self.text = []

    VOID = {"meta", "br", "input", "link", "img", "hr", "col", "source", "wbr", "area", "base"}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        card = self.stack[-1][1] if self.stack else None
        if tag == "div" and "card" in a.get("class", "").split():
            card = a.get("data-fingerprint")
        self.elements.append((tag, a, card))
        if tag == "meta":
            self.metas.append(a)
        if tag not in self.VOID:
            self.stack.append((tag, card))

    def handle_startendtag(self, tag, attrs):
        a = dict(attrs)
        card = self.stack[-1][1] if self.stack else None
        self.elements.append((tag, a, card))

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break


def dump_dom(chromium, path, fragment=""):
    """The DOM chromium builds for a file:// page, after its inline script ran."""
    url = "file://" + os.path.abspath(path) + fragment
    r = subprocess.run([chromium, "--headless", "--disable-gpu", "--no-sandbox",
                        "--no-first-run", "--disable-extensions", "--dump-dom", url],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=300)
    if r.returncode != 0 or not r.stdout:
        fail("chromium could not render %s (exit %d)" % (url, r.returncode))
    return r.stdout.decode("utf-8")


def parse(text):
    d = Dom()
    d.feed(text)
    return d


def run_warplint(args, files, out_json, out_html):
    cmd = [args.warplint, "--format=json", "-o", out_json, "--html-output=" + out_html,
           "--quiet"] + files + ["--"] + shlex.split(args.cuda_args)
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    # 0 clean, 1 findings, 3 and 4: some code not (fully) analysed; the report is written.
    if r.returncode not in (0, 1, 3, 4):
        fail("warplint exited %d: %s" % (r.returncode, r.stderr.decode()[-2000:]))
    with open(out_json) as f:
        return json.load(f)


def pages(out_html):
    files = [os.path.join(out_html, "index.html")]
    d = os.path.join(out_html, "files")
    files += [os.path.join(d, n) for n in sorted(os.listdir(d))]
    return files


EXTERNAL = re.compile(r"""(?:src|href|action|xlink:href)\s*=\s*["']?\s*(?:https?:)?//""", re.I)


def check_self_contained(paths, doms):
    for p in paths:
        raw = open(p, encoding="utf-8").read()
        if EXTERNAL.search(raw):
            fail("%s refers to an external resource: %s" % (p, EXTERNAL.search(raw).group(0)))
        if re.search(r"url\s*\(|@import", raw):
            fail("%s: a style loads something (url() or @import)" % p)
        if re.search(r"<(link|iframe|object|embed|img)\b", raw):
            fail("%s: an element that loads a resource" % p)
    for p, d in doms.items():
        csp = [m for m in d.metas if m.get("http-equiv", "").lower() == "content-security-policy"]
        if not csp or "default-src 'none'" not in csp[0].get("content", ""):
            fail("%s: no Content-Security-Policy forbidding network loads" % p)
        for tag, a, _ in d.elements:
            for k in ("src", "href"):
                v = a.get(k, "")
                if re.match(r"\s*(https?:)?//", v):
                    fail("%s: <%s %s=%s> after rendering" % (p, tag, k, v))
    print("self-contained: %d pages, CSP default-src 'none', no external src/href" % len(paths))


def data(elements, card, tag=None, cls=None, role_svg=None):
    out = []
    for t, a, c in elements:
        if c != card or (tag and t != tag):
            continue
        if cls and cls not in a.get("class", "").split():
            continue
        out.append(a)
    return out


def svgs_with_lanes(elements, card):
    """Each <svg class="warp ..."> of a card with the paths drawn in it."""
    out = []
    for t, a, c in elements:
        if c != card:
            continue
        if t == "svg" and "warp" in a.get("class", "").split():
            out.append({"svg": a, "paths": {}})
        elif out and t == "path":
            out[-1]["paths"][a.get("class", "")] = a.get("d", "")
    return out


def boxes(d):
    """The number of rectangles (closed subpaths) in a path."""
    return d.count("z")


def check_view(where, drawn, view, space):
    s = drawn["svg"]
    keys = ((("sectors", "data-sectors"), ("idealSectors", "data-ideal-sectors"),
             ("lines", "data-lines"), ("usefulBytes", "data-useful-bytes"),
             ("fetchedBytes", "data-fetched-bytes")) if space == "global" else
            (("degree", "data-degree"), ("wavefronts", "data-wavefronts")))
    for key, attr in keys:
        if str(view[key]) != s.get(attr):
            fail("%s: %s drawn %s, JSON %s" % (where, key, s.get(attr), view[key]))
    lanes = view["lanes"]
    active = [l for l in lanes if l["active"]]
    p = drawn["paths"]
    n_lanes = sum(boxes(p.get(k, "")) for k in ("lane on", "lane conflict", "lane inactive"))
    if n_lanes != len(lanes) or boxes(p.get("lane inactive", "")) != len(lanes) - len(active):
        fail("%s: %d lane boxes drawn, JSON %d lanes" % (where, n_lanes, len(lanes)))
    links = p.get("link", "").count("M") + p.get("link conflict", "").count("M")
    if space == "global":
        want = " ".join("%d-%d" % tuple(l["sectors"]) if l["active"] else "-" for l in lanes)
        if s.get("data-lane-sectors") != want:
            fail("%s: lanes drawn at sectors %s, JSON %s" % (where, s.get("data-lane-sectors"), want))
        touched = set()
        for l in active:
            touched.update(range(l["sectors"][0], l["sectors"][1] + 1))
        fetched = {int(x) for x in s.get("data-fetched", "").split()}
        if fetched != touched or len(fetched) != view["sectors"] or \
           boxes(p.get("sector fetched", "")) != view["sectors"]:
            fail("%s: sectors drawn as fetched %s, JSON lanes touch %s (%d sectors)" %
                 (where, sorted(fetched), sorted(touched), view["sectors"]))
        if links != len(active):
            fail("%s: %d lane-to-sector links for %d active lanes" % (where, links, len(active)))
    else:
        want = " ".join(str(l["bank"]) if l["active"] else "-" for l in lanes)
        if s.get("data-lane-banks") != want:
            fail("%s: lanes drawn at banks %s, JSON %s" % (where, s.get("data-lane-banks"), want))
        conflicts = " ".join(str(l["lane"]) for l in active if l["conflict"])
        if s.get("data-conflict-lanes") != conflicts or \
           boxes(p.get("lane conflict", "")) != len(conflicts.split()):
            fail("%s: conflicting lanes drawn %s, JSON %s" %
                 (where, s.get("data-conflict-lanes"), conflicts))
        words = "|".join(",".join(str(w) for w in ph) for ph in view["bankWords"])
        if s.get("data-bank-words") != words:
            fail("%s: words per bank drawn %s, JSON %s" % (where, s.get("data-bank-words"), words))
        hot = sum(1 for ph in view["bankWords"] for w in ph if w > 1)
        if boxes(p.get("bank conflict", "")) != hot:
            fail("%s: %d banks marked conflicting, JSON %d" %
                 (where, boxes(p.get("bank conflict", "")), hot))
        worst = max((max(ph) for ph in view["bankWords"] if ph), default=1)
        if worst != view["degree"]:
            fail("%s: the worst bank holds %d words, degree %d" % (where, worst, view["degree"]))
        if links != sum(min(max(1, l["words"]), 4) for l in active):
            fail("%s: %d lane-to-bank links" % (where, links))


def check_findings(report, doms):
    elements = []
    for d in doms.values():
        elements += d.elements
    cards = {c for _, _, c in elements if c}
    kinds = {}
    for f in report["findings"]:
        fp = f["fingerprint"]
        if fp not in cards:
            fail("finding %s:%d (%s) has no card" % (f["relativeFile"], f["line"], f["check"]))
        facts = f.get("facts", {})
        where = "%s:%d %s" % (f["relativeFile"], f["line"], f["check"])
        if "access" in facts:
            a = facts["access"]
            views = list(a["views"])
            if "ideal" in a:
                views.append(a["ideal"])
            if "padded" in a and "view" in a["padded"]:
                views.append(a["padded"]["view"])
            drawn = svgs_with_lanes(elements, fp)
            if len(drawn) != len(views):
                fail("%s: %d access drawings, JSON %d views" % (where, len(drawn), len(views)))
            for d, v in zip(drawn, views):
                if d["svg"].get("data-role") != v["role"]:
                    fail("%s: drawing of role %s where JSON has %s" %
                         (where, d["svg"].get("data-role"), v["role"]))
                check_view(where + " (" + v["label"] + ")", d, v, a["space"])
                kinds.setdefault(a["space"] + "-" + v["role"], fp)
        if "divergence" in facts:
            rows = data(elements, fp, "g", "warp-row")
            per = facts["divergence"]["perWarp"]
            if len(rows) != len(per):
                fail("%s: %d warp rows drawn, JSON %d" % (where, len(rows), len(per)))
            for r, w in zip(rows, per):
                if r.get("data-taken") != w["takenMask"] or r.get("data-lanes") != str(w["lanes"]):
                    fail("%s: warp %d drawn %s, JSON %s" % (where, w["warp"], r, w))
            taken = data(elements, fp, "path", "taken")
            if sum(boxes(a.get("d", "")) for a in taken) != \
               sum(len(w["takenLanes"]) for w in per):
                fail("%s: taken lanes drawn differ from the JSON" % where)
            if per:
                kinds.setdefault("divergence", fp)
        if "resources" in facts:
            res = facts["resources"]
            svg = data(elements, fp, "svg", "resources")
            bars = data(elements, fp, "g", "bar")
            if len(svg) != 1 or svg[0].get("data-limiter") != res["limiter"]:
                fail("%s: resource drawing %s, JSON limiter %s" % (where, svg, res["limiter"]))
            if len(bars) != len(res["bars"]):
                fail("%s: %d bars drawn, JSON %d" % (where, len(bars), len(res["bars"])))
            for g, b in zip(bars, res["bars"]):
                lim = "limiter" in g.get("class", "").split()
                if g.get("data-resource") != b["resource"] or g.get("data-used") != str(b["used"]) \
                   or g.get("data-per-sm") != str(b["perSM"]) or lim != b["limiter"]:
                    fail("%s: bar %s drawn %s" % (where, b, g))
            kinds.setdefault("resources", fp)
        if "blockShape" in facts:
            li = data(elements, fp, "li", "block-shape")
            if not li or li[0].get("data-origin") != facts["blockShape"]["origin"]:
                fail("%s: block shape origin not shown" % where)
    print("facts drawn as in the JSON: %d findings, drawings %s" %
          (len(report["findings"]), ", ".join(sorted(kinds))))
    return kinds


def check_index(args, out_html, report):
    index = os.path.join(out_html, "index.html")
    d = parse(dump_dom(args.chromium, index))
    rows = [a for t, a, _ in d.elements if t == "tr" and "data-prio" in a]
    if len(rows) != len(report["findings"]):
        fail("index: %d rows, %d findings" % (len(rows), len(report["findings"])))
    rank = {"High": 2, "Medium": 1, "Low": 0}
    order = [rank[r["data-prio"]] for r in rows]
    if order != sorted(order, reverse=True):
        fail("index: not sorted by priority")
    checks = sorted({f["check"] for f in report["findings"]})
    check = checks[-1]
    d = parse(dump_dom(args.chromium, index, "#check=" + check))
    shown = [a for t, a, _ in d.elements if t == "tr" and "data-prio" in a
             and "hidden" not in a.get("class", "").split()]
    want = sum(1 for f in report["findings"] if f["check"] == check)
    if len(shown) != want or any(a["data-check"] != check for a in shown):
        fail("index: filter #check=%s shows %d rows, want %d" % (check, len(shown), want))
    fns = sorted({f.get("facts", {}).get("function", "") for f in report["findings"]} - {""})
    if fns:
        d = parse(dump_dom(args.chromium, index, "#fn=" + fns[0]))
        shown = [a for t, a, _ in d.elements if t == "tr" and "data-prio" in a
                 and "hidden" not in a.get("class", "").split()]
        if not shown or any(a["data-fn"] != fns[0] for a in shown):
            fail("index: filter #fn=%s" % fns[0])
    print("index: %d rows sorted by priority; filters by check and kernel work" % len(rows))


def scale_source(kernels):
    """A file of kernels with five findings each (global, shared, divergence; the two
    32-way accesses of `t` are one finding: one array, one verdict)."""
    out = ["#define N 1024"]
    for k in range(kernels):
        s = 2 + k % 30
        out.append("""__global__ void k%d(float *out, const float *in) {
  __shared__ float t[32][32];
  float v = in[threadIdx.x * %d];
  t[threadIdx.x][threadIdx.y] = v;
  __syncthreads();
  if (threadIdx.x %% 2) {
    for (int i = 0; i < 8; ++i)
      v = v * t[threadIdx.y][threadIdx.x] + 1.0f;
  }
  out[threadIdx.x * %d + 1] = v + t[threadIdx.x][0];
}""" % (k, s * 16, s * 8 + 1))
    out.append("int main() {\n  float *a, *b;")
    for k in range(kernels):
        out.append("  k%d<<<64, dim3(32, 8)>>>(a, b);" % k)
    out.append("  return 0;\n}")
    return "\n".join(out) + "\n"


def scale(args):
    d = os.path.join(args.out, "scale")
    os.makedirs(d, exist_ok=True)
    src = os.path.join(d, "many.cu")
    with open(src, "w") as f:
        f.write(scale_source((args.scale + 4) // 5))
    html_dir = os.path.join(d, "html")
    t0 = time.time()
    report = run_warplint(args, [src], os.path.join(d, "many.json"), html_dir)
    t_lint = time.time() - t0
    n = len(report["findings"])
    if n < args.scale:
        fail("scale: only %d findings generated" % n)
    sizes = {p: os.path.getsize(p) for p in pages(html_dir)}
    page = max(sizes, key=sizes.get)
    # Chromium's own start, to read the load times against.
    blank = os.path.join(d, "blank.html")
    with open(blank, "w") as f:
        f.write("<!DOCTYPE html><title>blank</title>\n")
    t0 = time.time()
    dump_dom(args.chromium, blank)
    t_blank = time.time() - t0
    t0 = time.time()
    dom = parse(dump_dom(args.chromium, page))
    t_page = time.time() - t0
    t0 = time.time()
    idx = parse(dump_dom(args.chromium, os.path.join(html_dir, "index.html")))
    t_index = time.time() - t0
    cards = {c for _, _, c in dom.elements if c}
    rows = [a for t, a, _ in idx.elements if t == "tr" and "data-prio" in a]
    if len(cards) != n or len(rows) != n:
        fail("scale: %d cards and %d rows for %d findings" % (len(cards), len(rows), n))
    print("scale: %d findings; report %.1f MB (index %.0f KB, largest page %.1f MB); "
          "warplint %.1f s; chromium loads the index in %.1f s and the page in %.1f s "
          "(--dump-dom, headless; a blank page %.1f s)" %
          (n, sum(sizes.values()) / 1e6, sizes[os.path.join(html_dir, "index.html")] / 1e3,
           sizes[page] / 1e6, t_lint, t_index, t_page, t_blank))


def extract_card(page_html, fingerprint):
    """The outer HTML of the card with this fingerprint (div nesting counted)."""
    start = page_html.find('data-fingerprint="%s"' % fingerprint)
    start = page_html.rfind("<div", 0, start)
    depth, i = 0, start
    for m in re.finditer(r"<div\b|</div>", page_html[start:]):
        depth += 1 if m.group(0) != "</div>" else -1
        if depth == 0:
            return page_html[start:start + m.end()]
    return page_html[start:]


def screenshots(args, out_html, report, kinds):
    os.makedirs(args.screenshots, exist_ok=True)
    page_of = {}
    for p in pages(out_html)[1:]:
        text = open(p, encoding="utf-8").read()
        for f in report["findings"]:
            if f["fingerprint"] in text:
                page_of[f["fingerprint"]] = text
    head = re.search(r"(?s)^.*?</head>", page_of[next(iter(page_of))]).group(0)
    # Window heights that fit each card (the PNGs in docs/images are these, through
    # pngquant --quality=60-80 when it is installed).
    wanted = [("global-access", "global-worst", 650), ("shared-bank-conflict", "shared-padded", 710),
              ("loop-iterations", "shared-typical", 850), ("divergent-branch", "divergence", 470),
              ("occupancy", "resources", 580)]
    for name, kind, height in wanted:
        fp = kinds.get(kind)
        if not fp:
            fail("screenshots: no drawing of kind %s" % kind)
        card = extract_card(page_of[fp], fp)
        sub = os.path.join(args.out, "shot-%s.html" % name)
        with open(sub, "w", encoding="utf-8") as f:
            f.write(head + "<body style=\"padding:8px\">" + card + "</body></html>\n")
        png = os.path.join(args.screenshots, "html-report-%s.png" % name)
        subprocess.run([args.chromium, "--headless", "--disable-gpu", "--no-sandbox",
                        "--hide-scrollbars", "--window-size=940,%d" % height,
                        "--screenshot=" + png, "file://" + os.path.abspath(sub)],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        if shutil.which("pngquant"):
            subprocess.run(["pngquant", "--force", "--quality=60-80", "--output", png, png],
                           check=False)
        print("screenshot: %s" % png)
    png = os.path.join(args.screenshots, "html-report-index.png")
    subprocess.run([args.chromium, "--headless", "--disable-gpu", "--no-sandbox",
                    "--hide-scrollbars", "--window-size=1200,420", "--screenshot=" + png,
                    "file://" + os.path.abspath(os.path.join(out_html, "index.html"))],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    if shutil.which("pngquant"):
        subprocess.run(["pngquant", "--force", "--quality=60-80", "--output", png, png], check=False)
    print("screenshot: %s" % png)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--warplint", required=True)
    ap.add_argument("--chromium", required=True)
    ap.add_argument("--cuda-args", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--scale", type=int, default=0)
    ap.add_argument("--screenshots")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    out_html = os.path.join(args.out, "html")
    report = run_warplint(args, args.files, os.path.join(args.out, "report.json"), out_html)
    paths = pages(out_html)
    doms = {p: parse(dump_dom(args.chromium, p)) for p in paths}
    check_self_contained(paths, doms)
    kinds = check_findings(report, doms)
    check_index(args, out_html, report)
    if args.screenshots:
        screenshots(args, out_html, report, kinds)
    if args.scale:
        scale(args)


if __name__ == "__main__":
    main()
