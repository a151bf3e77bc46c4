"""Prints each reply of a warplint --mcp session on one short line for FileCheck."""
import json, sys
for line in open(sys.argv[1]):
    d = json.loads(line)
    assert d["jsonrpc"] == "2.0"
    if "error" in d:
        print(d["id"], "error", d["error"]["code"], d["error"]["message"])
        continue
    r = d["result"]
    if "tools" in r:
        print(d["id"], "tools", " ".join(t["name"] for t in r["tools"]))
    elif "protocolVersion" in r:
        print(d["id"], "initialize", r["protocolVersion"], r["serverInfo"]["name"], sorted(r["capabilities"]))
    elif r.get("isError"):
        print(d["id"], "isError", r["content"][0]["text"][:60])
    elif "structuredContent" in r:
        sc = r["structuredContent"]
        assert json.loads(r["content"][0]["text"]) == sc
        if "findings" in sc:
            print(d["id"], "lint", sc["file"].split("/")[-1], sc["status"], sc["kernelsAnalysed"], "of", sc["kernels"])
            for f in sc["findings"]:
                n = f.get("numbers", {})
                print(d["id"], "  ", f["priority"], f["check"], "line", f["line"], "col", f["column"],
                      n.get("perRequest"), "of", n.get("idealPerRequest"), n.get("unit"),
                      "block", n.get("blockDim"), "|", f["whatToDo"][:40], "|",
                      [e["message"] for e in f["evidence"] if "--assume" in e["message"]])
        else:
            print(d["id"], "explain", sc["check"], sc["priority"], sc["guideSection"], sc["page"].splitlines()[0])
    else:
        print(d["id"], "result", json.dumps(r))
