#!/usr/bin/env python3
"""A minimal client of `warplint --mcp` (docs/agents.md), standard library only.

Starts the server, initialises the session, lints a kernel's source text with the sizes the
problem runs at, prints the findings worst first, and asks for the rule behind the worst one.

  python3 examples/mcp/lint_kernel.py [kernel.cu|model.py] [--warplint PATH] [--assume N=4096]
                                      [-- server arguments: a compile command]
"""
import argparse, json, subprocess, sys

KERNEL = r"""
__global__ void transpose(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < n && j < n)
    out[i * n + j] = in[j * n + i];
}
"""


class Warplint:
    """One warm server: every call after the first costs what the parse costs."""

    def __init__(self, exe="warplint", args=()):
        self.proc = subprocess.Popen([exe, "--mcp", *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        self.next_id = 0
        init = self.request("initialize", {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "lint_kernel.py", "version": "1"}})
        self.notify("notifications/initialized")
        self.server = init["serverInfo"]

    def notify(self, method, params=None):
        msg = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            msg["params"] = params
        self.proc.stdin.write(json.dumps(msg) + "\n")
        self.proc.stdin.flush()

    def request(self, method, params):
        self.next_id += 1
        self.proc.stdin.write(json.dumps({"jsonrpc": "2.0", "id": self.next_id,
                                          "method": method, "params": params}) + "\n")
        self.proc.stdin.flush()
        reply = json.loads(self.proc.stdout.readline())
        if "error" in reply:
            raise RuntimeError(reply["error"]["message"])
        return reply["result"]

    def tool(self, name, **arguments):
        result = self.request("tools/call", {"name": name, "arguments": arguments})
        if result.get("isError"):
            raise RuntimeError(result["content"][0]["text"])
        return result["structuredContent"]

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file", nargs="?", help="a .cu or .py file (default: a transpose kernel)")
    ap.add_argument("--warplint", default="warplint")
    ap.add_argument("--assume", default="n=4096", help="sizes, as --assume takes them")
    ap.add_argument("--arch", default="sm_90")
    argv, server_args = sys.argv[1:], []
    if "--" in argv:  # After "--": the compile command the server passes to every file.
        server_args = ["--", *argv[argv.index("--") + 1:]]
        argv = argv[:argv.index("--")]
    a = ap.parse_args(argv)
    wl = Warplint(a.warplint, server_args)
    if a.file:
        report = wl.tool("lint_file", path=a.file, assume=a.assume, arch=a.arch)
    else:
        report = wl.tool("lint_source", source=KERNEL, assume=a.assume, arch=a.arch,
                         launch={"block": [16, 16]})
    print(f"{report['file']}: {report['status']}, "
          f"{report['kernelsAnalysed']} of {report['kernels']} kernels analysed")
    for e in report["errors"]:
        print(f"  error at line {e['line']}: {e['message']}")
    for f in report["findings"]:
        n = f.get("numbers", {})
        cost = (f" ({n['perRequest']:g} {n['unit']} per request, ideal {n['idealPerRequest']:g})"
                if "perRequest" in n else "")
        print(f"  line {f['line']}: {f['priority']} {f['check']}{cost}")
        print(f"    {f['message']}")
        print(f"    what to do: {f['whatToDo']}")
    if report["findings"]:
        rule = wl.tool("explain_check", check=report["findings"][0]["check"])
        print(f"\n{rule['check']} (guide section {rule['guideSection']}): {rule['rule']}")
    wl.close()
    return 1 if report["findings"] else 0


if __name__ == "__main__":
    sys.exit(main())
