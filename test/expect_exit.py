#!/usr/bin/env python3
"""expect_exit.py N cmd args...: runs cmd with this process's stdin/stdout/stderr and
succeeds only if it exits with status N (lit's `not` accepts any non-zero status)."""
import subprocess
import sys

want = int(sys.argv[1])
rc = subprocess.call(sys.argv[2:])
if rc != want:
    sys.stderr.write("expect_exit: %s exited with %d, expected %d\n"
                     % (sys.argv[2], rc, want))
    sys.exit(1)
