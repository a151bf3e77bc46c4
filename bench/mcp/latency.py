#!/usr/bin/env python3
"""Latency of `warplint --mcp` (docs/agents.md): a 50-line kernel linted through
lint_source, --runs times in one warm server; prints the first request's time and
the median, p90 and max of the others. A benchmark to run by hand, not a test.

  python3 bench/mcp/latency.py build/bin/warplint [--runs 21] [-- warplint arguments]
"""
import argparse, json, os, statistics, subprocess, sys, time

here = os.path.dirname(os.path.abspath(__file__))
ap = argparse.ArgumentParser()
ap.add_argument("warplint")
ap.add_argument("--runs", type=int, default=21)
ap.add_argument("--source", default=os.path.join(here, "kernel50.cu"))
argv, server_args = sys.argv[1:], []
if "--" in argv:  # After "--": warplint's own arguments (--cuda-path=none, a compile command).
    server_args = argv[argv.index("--") + 1:]
    argv = argv[:argv.index("--")]
a = ap.parse_args(argv)
src = open(a.source).read()
p = subprocess.Popen([a.warplint, "--mcp"] + server_args, stdin=subprocess.PIPE,
                     stdout=subprocess.PIPE, text=True)

def call(i, method, params):
    p.stdin.write(json.dumps({"jsonrpc": "2.0", "id": i, "method": method,
                              "params": params}) + "\n")
    p.stdin.flush()
    return json.loads(p.stdout.readline())

call(0, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                       "clientInfo": {"name": "latency.py", "version": "1"}})
def cpu_ms():
    # The server's CPU (user + system, with the processes it ran and waited for: exact
    # register mode's compiler), which a loaded machine does not inflate.
    f = open(f"/proc/{p.pid}/stat").read().rsplit(")", 1)[1].split()
    return sum(int(x) for x in f[11:15]) * 1000 / os.sysconf("SC_CLK_TCK")

times, cpus, findings = [], [], None
for i in range(a.runs):
    t, c = time.perf_counter(), cpu_ms()
    r = call(i + 1, "tools/call", {"name": "lint_source",
                                   "arguments": {"source": src, "filename": "kernel50.cu"}})
    times.append((time.perf_counter() - t) * 1000)
    cpus.append(cpu_ms() - c)
    sc = r["result"]["structuredContent"]
    f = [(x["check"], x["line"]) for x in sc["findings"]]
    assert findings in (None, f), "findings changed between runs"
    findings = f
cpu_warm = sorted(cpus[1:])
p.stdin.close()
p.wait()
warm = sorted(times[1:])
print(f"lines {src.count(chr(10))}, findings {len(findings)}, runs {a.runs}")
print(f"first {times[0]:.0f} ms; after it: median {statistics.median(warm):.0f} ms, "
      f"p90 {warm[int(0.9 * (len(warm) - 1))]:.0f} ms, max {warm[-1]:.0f} ms")
print(f"CPU: first {cpus[0]:.0f} ms; after it: median {statistics.median(cpu_warm):.0f} ms, "
      f"p90 {cpu_warm[int(0.9 * (len(cpu_warm) - 1))]:.0f} ms (clock ticks of 10 ms)")
