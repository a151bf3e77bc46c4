#!/usr/bin/env python3
"""Generates the man page docs/man/warplint.1 (roff, man(7) macros) from docs/man/warplint.md
and `warplint --help` (the OPTIONS section, one entry per option, grouped as --help groups
them). The version in the header is `warplint --version`'s.

Usage: gen_manpage.py [--warplint BIN] [--markdown docs/man/warplint.md] [-o docs/man/warplint.1]
       (-o - writes to stdout). The output depends only on its inputs (no date of today: the
       header's date is the CHANGELOG's newest release date, else empty), so the committed page
       can be compared with a fresh one (test/tool/manpage.test).
Exit status: 0 written; 2 warplint could not be run or the Markdown page is malformed."""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def esc(text):
    """Roff-escapes plain text: backslashes, and a leading dot or quote."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    if text.startswith(".") or text.startswith("'"):
        text = "\\&" + text
    return text


def inline(text):
    """Markdown inline markup to roff fonts: `code` bold, *x* italic, **x** bold."""
    out = []
    for part in re.split(r"(`[^`]+`|\*\*[^*]+\*\*|\*[^*]+\*)", text):
        if not part:
            continue
        if part.startswith("`"):
            out.append("\\fB" + esc(part[1:-1]) + "\\fR")
        elif part.startswith("**"):
            out.append("\\fB" + esc(part[2:-2]) + "\\fR")
        elif part.startswith("*") and len(part) > 1:
            out.append("\\fI" + esc(part[1:-1]) + "\\fR")
        else:
            out.append(esc(part))
    line = "".join(out)
    return ("\\&" + line) if line.startswith(".") or line.startswith("'") else line


def options_roff(help_text):
    """--help's option groups as .SS sections of .TP entries."""
    lines = help_text.split("\n")
    out = []
    i = 0
    while i < len(lines) and not lines[i].startswith("OPTIONS:"):
        i += 1
    for line in lines[i + 1:]:
        if not line.strip():
            continue
        m = re.match(r"^  (-\S+(?: <[^>]+>)?)\s+- (.*)$", line)
        if m:
            out += [".TP", "\\fB" + esc(m.group(1)) + "\\fR", inline(m.group(2))]
        elif re.match(r"^\S.*:$", line):
            out.append(".SS " + esc(line[:-1]))
        elif line.startswith("    ") and out:
            out[-1] += " " + inline(line.strip())  # a wrapped description
        else:
            out += [".PP", inline(line.strip())]
    return out


def markdown_roff(md, help_text, version):
    out = []
    sections = re.split(r"^## ", md, flags=re.M)
    para = []

    def flush():
        if para:
            out.append(".PP")
            out.append(inline(" ".join(para)))
            para.clear()

    for sec in sections[1:]:
        title, _, body = sec.partition("\n")
        out.append(".SH " + title.strip().upper())
        if title.strip().upper() == "OPTIONS":
            out += options_roff(help_text)
            continue
        in_code = False
        for line in body.split("\n"):
            if line.startswith("```"):
                flush()
                if in_code:
                    out += [".fi", ".RE"]
                else:
                    out += [".PP", ".RS 4", ".nf"]
                in_code = not in_code
                continue
            if in_code:
                out.append(esc(line) if line else "")
                continue
            m = re.match(r"^- (`[^`]+`|[^:]+): (.*)$", line)
            if m:
                flush()
                out += [".TP", inline(m.group(1)), inline(m.group(2))]
                continue
            if line.startswith("  ") and out and out[-1] and not para:
                out[-1] += " " + inline(line.strip())  # a list item's continuation
                continue
            if not line.strip():
                flush()
                continue
            para.append(line.strip())
        flush()
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--warplint", default=os.path.join(ROOT, "build", "bin", "warplint"))
    ap.add_argument("--markdown", default=os.path.join(ROOT, "docs", "man", "warplint.md"))
    ap.add_argument("--changelog", default=os.path.join(ROOT, "CHANGELOG.md"))
    ap.add_argument("-o", "--output", default=os.path.join(ROOT, "docs", "man", "warplint.1"))
    args = ap.parse_args()
    try:
        help_text = subprocess.run([args.warplint, "--help"], capture_output=True, text=True,
                                   check=True).stdout
        version_text = subprocess.run([args.warplint, "--version"], capture_output=True,
                                      text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        print("gen_manpage.py: error: cannot run %s: %s" % (args.warplint, e), file=sys.stderr)
        return 2
    m = re.search(r"warplint version (\S+)", version_text)
    if not m:
        print("gen_manpage.py: error: no version in `%s --version`" % args.warplint,
              file=sys.stderr)
        return 2
    version = m.group(1)
    md = open(args.markdown).read()
    if "## NAME" not in md or "## OPTIONS" not in md:
        print("gen_manpage.py: error: %s needs NAME and OPTIONS sections" % args.markdown,
              file=sys.stderr)
        return 2
    date = ""
    if os.path.exists(args.changelog):
        d = re.search(r"^## \[%s\] - (\d{4}-\d{2}-\d{2})" % re.escape(version),
                      open(args.changelog).read(), re.M)
        date = d.group(1) if d else ""
    head = ['.\\" Generated by scripts/gen_manpage.py from docs/man/warplint.md and',
            '.\\" `warplint --help`; do not edit.',
            '.TH WARPLINT 1 "%s" "warplint %s" "User Commands"' % (date, version)]
    text = "\n".join(head + markdown_roff(md, help_text, version)) + "\n"
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
