#!/usr/bin/env python3
"""usage: still_running.py PIDFILE...: prints how many of the processes named in the files are
still running (a zombie counts as ended), and ends them (a failing run leaves nothing)."""
import os
import signal
import sys


def alive(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False


pids = []
for name in sys.argv[1:]:
    with open(name) as f:
        pids.append(int(f.read().strip()))
left = [p for p in pids if alive(p)]
print("still running: %d" % len(left))
for p in left:
    try:
        os.kill(p, signal.SIGKILL)
    except ProcessLookupError:
        pass
