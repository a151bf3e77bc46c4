#!/usr/bin/env python3
"""Kills warplint with a signal while exact mode's (fake) nvcc runs; reports what is left.

usage: kill_during_exact.py SIGNAL DIR -- WARPLINT ARGS...

DIR/tk/bin/nvcc is a fake nvcc that writes its pid to DIR/nvcc.pid, starts a child of its
own (as nvcc starts cicc and ptxas) whose pid goes to DIR/grandchild.pid, and waits for it.
Once both pids are written, SIGNAL goes to warplint alone (as `kill PID` or a CI runner's
timeout sends it); then this prints how warplint ended and how many of the two tools are
still running, and ends any that are (a failing run leaves nothing behind).
"""
import os
import signal
import subprocess
import sys
import time


def alive(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
        return state not in ("Z", "X")
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False


def read_pid(path):
    try:
        with open(path) as f:
            text = f.read().strip()
        return int(text) if text else None
    except (FileNotFoundError, ValueError):
        return None


def main():
    sig = getattr(signal, sys.argv[1])
    d = sys.argv[2]
    cmd = sys.argv[sys.argv.index("--") + 1:]
    # The signals' default actions, as in a shell on a terminal (a shell without job
    # control starts background commands with SIGINT ignored).
    def defaults():
        for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(s, signal.SIG_DFL)
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         preexec_fn=defaults)
    pids = []
    deadline = time.time() + 120
    while time.time() < deadline and p.poll() is None:
        pids = [read_pid(os.path.join(d, n)) for n in ("nvcc.pid", "grandchild.pid")]
        if all(pids):
            break
        time.sleep(0.05)
    if not pids or not all(pids):
        print("the fake nvcc never started (warplint exit %s)" % p.poll())
        p.kill()
        return 1
    p.send_signal(sig)
    try:
        rc = p.wait(timeout=60)
    except subprocess.TimeoutExpired:
        p.kill()
        rc = p.wait()
        print("warplint did not end")
    # The group's members may take a moment to go.
    end = time.time() + 5
    while time.time() < end and any(alive(q) for q in pids):
        time.sleep(0.05)
    left = [q for q in pids if alive(q)]
    print("warplint ended by signal %s" % (signal.Signals(-rc).name if rc < 0 else "none, exit %d" % rc))
    print("tools left running: %d" % len(left))
    for q in left:
        try:
            os.kill(q, signal.SIGKILL)
        except ProcessLookupError:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
