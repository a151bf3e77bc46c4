#!/usr/bin/env python3
"""Where does nvcc keep a per-thread array: registers or local memory?

Generates one kernel per (indexing pattern, element type, array length N), compiles
each file with `nvcc -cubin -arch=<arch> -Xptxas -v`, and records for every kernel the
ptxas figures (registers, stack frame, spill stores/loads) and whether the PTX holds
ld.local/st.local. Writes local_arrays_<arch>.csv next to this script.

Usage: measure_local_arrays.py [--nvcc /usr/local/cuda/bin/nvcc] [--arch sm_90]
No GPU needed: this measures the compiler, not the hardware.
"""
import argparse, csv, os, re, subprocess, sys, tempfile

PATTERNS = {
    # Filled and read only at indices known after full unrolling of constant-trip loops.
    "unrolled": """
__global__ void K(const T *in, T *out) {
  T a[N];
  int t = threadIdx.x;
  for (int i = 0; i < N; ++i) a[i] = in[t * N + i];
  T s = 0;
  for (int i = 0; i < N; ++i) s += a[i] * a[N - 1 - i];
  out[t] = s;
}""",
    # Filled at constant indices, read once at an index loaded from memory.
    "dynamic-read": """
__global__ void K(const T *in, const int *idx, T *out) {
  T a[N];
  int t = threadIdx.x;
#pragma unroll
  for (int i = 0; i < N; ++i) a[i] = in[t * N + i];
  out[t] = a[idx[t]];
}""",
    # Read once at an index that is a kernel argument (uniform across the warp, unknown).
    "param-index": """
__global__ void K(const T *in, T *out, int j) {
  T a[N];
  int t = threadIdx.x;
#pragma unroll
  for (int i = 0; i < N; ++i) a[i] = in[t * N + i];
  out[t] = a[j];
}""",
    # Written once at a runtime index, then read at constant indices.
    "dynamic-write": """
__global__ void K(const T *in, const int *idx, T *out) {
  T a[N];
  int t = threadIdx.x;
#pragma unroll
  for (int i = 0; i < N; ++i) a[i] = in[t * N + i];
  a[idx[t]] = 0;
  T s = 0;
#pragma unroll
  for (int i = 0; i < N; ++i) s += a[i];
  out[t] = s;
}""",
    # Read in a loop whose trip count is a kernel argument: not unrollable into constants.
    "runtime-trip": """
__global__ void K(const T *in, T *out, int n) {
  T a[N];
  int t = threadIdx.x;
#pragma unroll
  for (int i = 0; i < N; ++i) a[i] = in[t * N + i];
  T s = 0;
  for (int i = 0; i < n; ++i) s += a[i];
  out[t] = s;
}""",
    # Constant-trip loops with `#pragma unroll 1`: the index stays a loop variable.
    "not-unrolled": """
__global__ void K(const T *in, T *out) {
  T a[N];
  int t = threadIdx.x;
#pragma unroll 1
  for (int i = 0; i < N; ++i) a[i] = in[t * N + i];
  T s = 0;
#pragma unroll 1
  for (int i = 0; i < N; ++i) s += a[i] * a[N - 1 - i];
  out[t] = s;
}""",
}

SIZES = list(range(1, 17)) + [20, 24, 28, 32, 40, 48, 56, 64] + list(range(65, 97)) + [128, 256]
TYPES = ["float", "int", "double"]

LINE = re.compile(r"Compiling entry function '(\w+)'")
USED = re.compile(r"Used (\d+) registers")
STACK = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads")


def parse_ptxas(text):
    res, cur = {}, None
    for line in text.splitlines():
        m = LINE.search(line)
        if m:
            cur = m.group(1)
            res[cur] = {}
            continue
        if cur is None:
            continue
        m = STACK.search(line)
        if m:
            res[cur].update(stack=int(m.group(1)), spill_st=int(m.group(2)), spill_ld=int(m.group(3)))
        m = USED.search(line)
        if m:
            res[cur]["regs"] = int(m.group(1))
    return res


def ptx_local_ops(ptx):
    """Kernel name -> number of ld.local/st.local in its PTX body."""
    out, cur = {}, None
    for line in ptx.splitlines():
        m = re.search(r"\.entry (\w+)\(", line)
        if m:
            cur = m.group(1)
            out[cur] = 0
        elif cur and re.search(r"\b(ld|st)\.local", line):
            out[cur] += 1
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nvcc", default="/usr/local/cuda/bin/nvcc")
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("-o", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "local_arrays_%s.csv"))
    a = ap.parse_args()
    if "%s" in a.o:
        a.o = a.o % a.arch
    rows = []
    with tempfile.TemporaryDirectory() as d:
        for pat, body in PATTERNS.items():
            for ty in TYPES:
                src, names = [], {}
                for n in SIZES:
                    name = "k_%s_%s_%d" % (pat.replace("-", "_"), ty, n)
                    names[name] = n
                    src.append('extern "C" ' + body.replace("K(", name + "(").replace("T ", ty + " ").replace("T *", ty + " *")
                               .replace("[N]", "[%d]" % n).replace("< N", "< %d" % n).replace("N - 1", "%d - 1" % n).replace("* N", "* %d" % n))
                cu = os.path.join(d, "%s_%s.cu" % (pat, ty))
                open(cu, "w").write("\n".join(src))
                r = subprocess.run([a.nvcc, "-cubin", "-arch=" + a.arch, "-Xptxas", "-v", "-o", cu + ".cubin", cu],
                                   capture_output=True, text=True)
                if r.returncode:
                    sys.exit(r.stderr)
                info = parse_ptxas(r.stderr + r.stdout)
                r2 = subprocess.run([a.nvcc, "-ptx", "-arch=" + a.arch, "-o", cu + ".ptx", cu], capture_output=True, text=True)
                if r2.returncode:
                    sys.exit(r2.stderr)
                locs = ptx_local_ops(open(cu + ".ptx").read())
                for name, n in names.items():
                    i = info[name]
                    rows.append(dict(pattern=pat, type=ty, n=n, bytes=n * (8 if ty == "double" else 4),
                                     regs=i.get("regs"), stack=i.get("stack", 0), spill_st=i.get("spill_st", 0),
                                     spill_ld=i.get("spill_ld", 0), ptx_local_ops=locs.get(name, 0),
                                     in_local=int(i.get("stack", 0) > 0 or locs.get(name, 0) > 0)))
    with open(a.o, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    print("wrote", a.o)


if __name__ == "__main__":
    main()
