"""A scripted LSP client for warplint --lsp (test/tool/lsp.test).

usage: lsp_client.py SCENARIO PROJECT_DIR -- WARPLINT_COMMAND...

Speaks the base protocol (Content-Length framing) to the server over pipes,
prints one line per event that FileCheck reads, asserts what a line cannot
show, and prints the server's exit code last.
"""
import json
import os
import queue
import subprocess
import sys
import threading
import time

TIMEOUT = 120  # seconds per awaited message (a loaded 2-core machine)


class Client:
    def __init__(self, cmd):
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.inbox = queue.Queue()
        self.seen = []  # every message received, in order
        threading.Thread(target=self._read, daemon=True).start()
        self.next_id = 1

    def _read(self):
        out = self.proc.stdout
        while True:
            headers = {}
            while True:
                line = out.readline()
                if not line:
                    self.inbox.put(None)
                    return
                line = line.decode().rstrip("\r\n")
                if not line:
                    break
                k, _, v = line.partition(":")
                headers[k.strip().lower()] = v.strip()
            body = out.read(int(headers["content-length"]))
            self.inbox.put(json.loads(body))

    def raw(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, msg):
        body = json.dumps(msg).encode()
        self.raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def request(self, method, params=None):
        i = self.next_id
        self.next_id += 1
        m = {"jsonrpc": "2.0", "id": i, "method": method}
        if params is not None:
            m["params"] = params
        self.send(m)
        return self.wait(lambda x: x.get("id") == i and "method" not in x)

    def notify(self, method, params=None):
        m = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            m["params"] = params
        self.send(m)

    def wait(self, pred):
        deadline = time.time() + TIMEOUT
        while True:
            m = self.inbox.get(timeout=max(1, deadline - time.time()))
            if m is None:
                raise SystemExit("server closed its output")
            self.seen.append(m)
            if pred(m):
                return m

    def diagnostics(self, uri, version=None):
        return self.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                         and m["params"]["uri"] == uri
                         and (version is None or m["params"].get("version") == version))

    def exit_code(self):
        self.proc.stdin.close()
        return self.proc.wait(timeout=TIMEOUT)


def uri(path):
    return "file://" + path


def show(tag, pub, text=None):
    """One line per diagnostic: code, 1-based start, severity, message."""
    p = pub["params"]
    print("%s version=%s count=%d" % (tag, p.get("version"), len(p["diagnostics"])))
    for d in sorted(p["diagnostics"], key=lambda d: (d["range"]["start"]["line"],
                                                     d["range"]["start"]["character"])):
        s, e = d["range"]["start"], d["range"]["end"]
        print("  %s %d:%d-%d:%d severity=%d source=%s href=%s" % (
            d.get("code"), s["line"] + 1, s["character"] + 1, e["line"] + 1,
            e["character"] + 1, d["severity"], d.get("source"),
            d.get("codeDescription", {}).get("href", "-").rsplit("/", 1)[-1]))
        print("    message: " + d["message"])
        for r in d.get("relatedInformation", []):
            loc = r["location"]
            assert loc["uri"].startswith("file:///"), loc
            print("    related %d:%d: %s" % (loc["range"]["start"]["line"] + 1,
                                             loc["range"]["start"]["character"] + 1,
                                             r["message"]))


def find(pub, code):
    return [d for d in pub["params"]["diagnostics"] if d.get("code") == code]


CLEAN = """__global__ void transpose(float *out, const float *in) {
  __shared__ float m[32][33];
  m[threadIdx.x][threadIdx.y] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = m[threadIdx.y][threadIdx.x];
}
void host(float *o, const float *a) {
  transpose<<<1, dim3(32, 32)>>>(o, a);
}
"""

# The unsaved edit: a padding removed (a bank conflict, with a safe fix) and a
# launch of 100 threads (its fix is unsafe: a note, never a code action); the
# Greek letter in the comment checks UTF-16 columns.
FINDINGS = CLEAN.replace("m[32][33]", "m[32][32]").replace(
    "  transpose<<<1, dim3(32, 32)>>>(o, a);\n",
    "  transpose<<<1, dim3(32, 32)>>>(o, a);\n"
    "  /*\u03b1*/ transpose<<<1, 100>>>(o, a);\n")


def main_session(c, proj):
    k = os.path.join(proj, "src", "k.cu")
    # Malformed before anything: a JSON-RPC error, and the server goes on.
    c.raw(b"Content-Length: abc\r\n\r\n")
    e = c.wait(lambda m: "error" in m)
    print("malformed header: code=%d id=%s" % (e["error"]["code"], e["id"]))
    r = c.request("textDocument/codeAction", {})
    print("before initialize: code=%d" % r["error"]["code"])

    r = c.request("initialize", {"processId": os.getpid(), "rootUri": uri(proj),
                                 "capabilities": {},
                                 "initializationOptions": {"debounceMs": 400}})
    caps = r["result"]["capabilities"]
    print("initialize: sync=%s codeActions=%s encoding=%s server=%s" % (
        caps["textDocumentSync"]["change"], caps["codeActionProvider"]["codeActionKinds"],
        caps["positionEncoding"], r["result"]["serverInfo"]["name"]))
    c.notify("initialized", {})

    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri(k), "languageId": "cuda-cpp", "version": 1, "text": CLEAN}})
    show("open", c.diagnostics(uri(k), 1))

    # A burst of unsaved edits: one analysis, of the last text; the file on
    # disk keeps the clean text.
    mark = len(c.seen)
    for v in range(2, 7):
        text = FINDINGS if v == 6 else CLEAN.replace("in[", "in[0 + " * v, 1)
        c.notify("textDocument/didChange", {"textDocument": {"uri": uri(k), "version": v},
                                            "contentChanges": [{"text": text}]})
    pub = c.diagnostics(uri(k), 6)
    earlier = [m["params"].get("version") for m in c.seen[mark:]
               if m.get("method") == "textDocument/publishDiagnostics"]
    print("burst: published versions %s" % earlier)
    show("edit", pub)
    assert open(k).read() == CLEAN, "the server analysed the buffer, not the disk"

    # Code actions: the bank conflict's padding (safe) is a quick fix; the
    # block size (unsafe) never is.
    bank = find(pub, "warplint-shared-bank-conflict")[0]
    r = c.request("textDocument/codeAction", {
        "textDocument": {"uri": uri(k)}, "range": bank["range"],
        "context": {"diagnostics": [bank]}})
    for a in r["result"]:
        edits = a["edit"]["changes"][uri(k)]
        print("action: %s kind=%s preferred=%s edits=%s" % (
            a["title"], a["kind"], a.get("isPreferred"),
            [(e["range"]["start"]["line"] + 1, e["range"]["start"]["character"] + 1,
              e["range"]["end"]["character"] + 1, e["newText"]) for e in edits]))
    block = find(pub, "warplint-block-size-not-warp-multiple")[0]
    r = c.request("textDocument/codeAction", {
        "textDocument": {"uri": uri(k)}, "range": block["range"],
        "context": {"diagnostics": [block]}})
    print("block-size actions: %d" % len(r["result"]))

    # The edit undone (still unsaved): the findings go.
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri(k), "version": 7},
                                        "contentChanges": [{"text": CLEAN}]})
    show("undo", c.diagnostics(uri(k), 7))
    r = c.request("textDocument/codeAction", {
        "textDocument": {"uri": uri(k)}, "range": bank["range"], "context": {"diagnostics": []}})
    print("actions after undo: %d" % len(r["result"]))

    # Saved with the findings, after .warplint.yaml changed: read again.
    with open(k, "w") as f:
        f.write(FINDINGS)
    with open(os.path.join(proj, ".warplint.yaml"), "w") as f:
        f.write('checks: "-warplint-block-size-not-warp-multiple"\n')
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri(k), "version": 8},
                                        "contentChanges": [{"text": FINDINGS}]})
    c.notify("textDocument/didSave", {"textDocument": {"uri": uri(k)}})
    show("save", c.diagnostics(uri(k), 8))

    # Malformed messages once running: errors, never a crash.
    c.raw(b"Content-Length: 9\r\n\r\n{not json")
    e = c.wait(lambda m: "error" in m and m.get("id") is None)
    print("bad json: code=%d" % e["error"]["code"])
    c.send([1, 2])
    e = c.wait(lambda m: "error" in m and m.get("id") is None)
    print("not an object: code=%d" % e["error"]["code"])
    r = c.request("workspace/frobnicate", {})
    print("unknown method: code=%d" % r["error"]["code"])
    c.raw(b"Content-Type: application/vscode-jsonrpc\r\n\r\n")
    e = c.wait(lambda m: "error" in m and m.get("id") is None)
    print("no length: code=%d" % e["error"]["code"])
    c.notify("textDocument/didChange", {"textDocument": 3})
    c.notify("textDocument/didOpen", {"textDocument": {"uri": "untitled:1"}})
    r = c.request("textDocument/codeAction", {"textDocument": {"uri": uri(k)}, "range": 5})
    print("bad range: result=%s" % r.get("result"))

    c.notify("textDocument/didClose", {"textDocument": {"uri": uri(k)}})
    show("close", c.diagnostics(uri(k)))
    r = c.request("shutdown")
    print("shutdown: result=%s" % r["result"])
    r = c.request("textDocument/codeAction", {})
    print("after shutdown: code=%d" % r["error"]["code"])
    c.notify("exit")


def database_session(c, proj):
    """compile_commands.json named by initializationOptions, relative to the
    root; exit without shutdown."""
    k = os.path.join(proj, "src", "k.cu")
    c.request("initialize", {"processId": None, "rootUri": uri(proj), "capabilities": {
        "general": {"positionEncodings": ["utf-8", "utf-16"]}},
        "initializationOptions": {"compilationDatabasePath": "out/db"}})
    c.notify("initialized", {})
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri(k), "languageId": "cuda-cpp", "version": 1, "text": FINDINGS}})
    show("database", c.diagnostics(uri(k), 1))
    c.notify("exit")


def grouped_session(c, proj):
    """A grouped finding (one cause at several sites): its quick fix holds every site's edit
    and is offered at each site, not only at the warning."""
    g = os.path.join(proj, "src", "grouped.cu")
    c.request("initialize", {"processId": None, "rootUri": uri(proj), "capabilities": {}})
    c.notify("initialized", {})
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri(g), "languageId": "cuda-cpp", "version": 1, "text": open(g).read()}})
    pub = c.diagnostics(uri(g), 1)
    print("grouped: %d diagnostic(s)" % len(pub["params"]["diagnostics"]))
    for line in (3, 9):
        r = c.request("textDocument/codeAction", {
            "textDocument": {"uri": uri(g)},
            "range": {"start": {"line": line - 1, "character": 0},
                      "end": {"line": line - 1, "character": 40}},
            "context": {"diagnostics": []}})
        for a in r["result"]:
            edits = a["edit"]["changes"][uri(g)]
            print("line %d: %s: edits on lines %s" % (
                line, a["kind"], sorted(e["range"]["start"]["line"] + 1 for e in edits)))
    c.request("shutdown")
    c.notify("exit")


def assume_session(c, proj):
    """Runtime values from initializationOptions.assume, then new ones from
    workspace/didChangeConfiguration: the document is analysed again."""
    k = os.path.join(proj, "src", "runtime-values.cu")
    c.request("initialize", {"processId": None, "rootUri": uri(proj), "capabilities": {},
                             "initializationOptions": {"assume": {"C": 2, "T": 4}}})
    c.notify("initialized", {})
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri(k), "languageId": "cuda-cpp", "version": 1, "text": open(k).read()}})
    for d in find(c.diagnostics(uri(k), 1), "warplint-uncoalesced-global-access"):
        print("initial: %d: %s" % (d["range"]["start"]["line"] + 1, [
            r["message"] for r in d.get("relatedInformation", [])
            if "--assume" in r["message"]]))
    c.notify("workspace/didChangeConfiguration", {"settings": {"warplint": {"assume": "C=1,T=1"}}})
    pub = c.diagnostics(uri(k), 1)
    print("changed: %d uncoalesced" % len(find(pub, "warplint-uncoalesced-global-access")))
    c.request("shutdown")
    c.notify("exit")


def python_session(c, proj):
    """A Python document: the CUDA of its RawKernel string is analysed from the unsaved text,
    and the diagnostic is at the .py's line and column."""
    p = os.path.join(proj, "src", "gen.py")
    c.request("initialize", {"processId": None, "rootUri": uri(proj), "capabilities": {}})
    c.notify("initialized", {})
    text = ('import cupy\n'
            'k = cupy.RawKernel(r"""\n'
            'extern "C" __global__ void g(float *x) { x[threadIdx.x * 4] = 0; }\n'
            '""", "g")\n')
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri(p), "languageId": "python", "version": 1, "text": text}})
    show("python", c.diagnostics(uri(p), 1))
    c.request("shutdown")
    c.notify("exit")


def main():
    scenario, proj = sys.argv[1], sys.argv[2]
    cmd = sys.argv[sys.argv.index("--") + 1:]
    c = Client(cmd)
    {"main": main_session, "database": database_session,
     "grouped": grouped_session, "assume": assume_session,
     "python": python_session}[scenario](c, proj)
    print("exit code: %d" % c.exit_code())


if __name__ == "__main__":
    main()
