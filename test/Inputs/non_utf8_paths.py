#!/usr/bin/env python3
"""non_utf8_paths.py WARPLINT DIR -- CUDA_ARGS...: lints files whose names (and one source
line) hold bytes invalid in UTF-8, and checks that the JSON report, the baseline and SARIF
keep them (docs/output-formats.md "File names that are not UTF-8"): JSON and the baseline as
\\udcXX escapes (os.fsencode gives the bytes back), SARIF URIs percent-encoded, SARIF text
readable (\\xXX); nowhere U+FFFD."""
import json
import os
import subprocess
import sys
import urllib.parse

warplint, root = sys.argv[1], sys.argv[2]
args = sys.argv[sys.argv.index("--"):]
os.makedirs(os.path.join(root, b"src\xfe".decode("utf-8", "surrogateescape")), exist_ok=True)
rootb = os.fsencode(root)
good = os.path.join(rootb, b"src\xfe", b"k\xff\xe9.cu")
with open(good, "wb") as f:
    f.write(b"__global__ void kernel(float *a) { a[threadIdx.x] = 1.0f; }\n"
            b"void launch(float *a) {\n"
            b"  kernel<<<1, 100>>>(a); // caf\xe9\n"
            b"}\n")
# A missing header: the file's error line and analysis record carry its name.
part = os.path.join(rootb, b"src\xfe", b"p\xc3.cu")
with open(part, "wb") as f:
    f.write(b"#include \"nowhere\xff.h\"\n"
            b"__global__ void k(float *a) { a[threadIdx.x] = 1.0f; }\n")


def run(*extra):
    p = subprocess.run([os.fsencode(warplint), b"--no-snippets", *extra, good, part,
                        *[os.fsencode(a) for a in args]],
                       cwd=rootb, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert p.returncode == 1, (p.returncode, p.stderr)
    return p.stdout


out = run(b"--format=json")
assert "\ufffd".encode() not in out, "replaced"
assert b"\\udcff\\udce9" in out
report = json.loads(out)
f = report["findings"][0]
assert os.fsencode(f["file"]) == good, f["file"]
assert os.fsencode(f["relativeFile"]) == b"src\xfe/k\xff\xe9.cu", f["relativeFile"]
files = {os.fsencode(a["file"]) for a in report["analysis"]}
assert files == {good, part}, files
err = report["errors"][0]
assert os.fsencode(err["file"]) == part
assert "nowhere\udcff.h" in err["message"], err["message"]
print("json: lossless")

base = os.path.join(rootb, b"baseline.json")
run(b"--write-baseline", base)
with open(base, "rb") as b:
    data = b.read()
assert "\ufffd".encode() not in data
entry = json.loads(data)["findings"][0]
# Relative to the project root the baseline finds: the build tree's own
# directories inside a checkout, none when the build tree is outside one.
rel = os.fsencode(entry["file"])
assert rel == b"src\xfe/k\xff\xe9.cu" or rel.endswith(b"/src\xfe/k\xff\xe9.cu"), entry
print("baseline: lossless")

out = run(b"--format=sarif")
assert "\ufffd".encode() not in out, "replaced"
sarif = json.loads(out)
res = sarif["runs"][0]["results"][0]
loc = res["locations"][0]["physicalLocation"]
uri = loc["artifactLocation"]["uri"]
assert uri == "src%FE/k%FF%E9.cu", uri
assert urllib.parse.unquote_to_bytes(uri) == b"src\xfe/k\xff\xe9.cu"
note = sarif["runs"][0]["invocations"][0]["toolExecutionNotifications"][0]
assert "nowhere\\xff.h" in note["message"]["text"], note
print("sarif: uri", uri)
