#!/usr/bin/env python3
"""Prints what a terminal shows after the bytes of a file: a carriage return goes back to
the line's start, ESC [ K clears to the end of the line, a newline starts the next line.
The progress line is written this way; anything another writer puts on the same terminal
line shows up joined to it."""
import re
import sys

screen = [""]
col = 0
data = open(sys.argv[1], encoding="utf-8", errors="replace").read()
for tok in re.findall(r"\x1b\[K|\r|\n|[^\r\n\x1b]+|\x1b", data):
    line = screen[-1]
    if tok == "\n":
        screen.append("")
        col = 0
    elif tok == "\r":
        col = 0
    elif tok == "\x1b[K":
        screen[-1] = line[:col]
    else:
        screen[-1] = line[:col] + tok + line[col + len(tok):]
        col += len(tok)
for line in screen:
    print(line)
