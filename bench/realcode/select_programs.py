#!/usr/bin/env python3
"""Writes programs.tsv: the programs of the hardware-measured benchmark.

Usage: select_programs.py SRCROOT > programs.tsv

SRCROOT holds one checkout per project, named as in PROJECTS below (fetch.sh makes it). A
program is kept when it builds from its own sources, needs no input file that the repository
does not hold, no library outside the CUDA toolkit, no graphics, MPI or second GPU, and has a
kernel. Columns: project, repository, commit, program (a folder or file in the repository),
build command, run command, compiler arguments for warplint, the files to lint (all run in the
program's folder; $ROOT is the project's checkout, $ARCH the target such as sm_90).
"""
import hashlib
import os
import re
import sys

PROJECTS = {
    "HeCBench": ("zjin-lcf/HeCBench", "f27000a5188f8ac79bd43fc95a1b3f890c18823d"),
    "PolyBench-ACC": ("cavazos-lab/PolyBench-ACC", "70ea4ca9047dc4ec9c3ca79b4c91b3b2cc1510e7"),
    "cuda-samples": ("NVIDIA/cuda-samples", "c94ff366aed18c797b8a85dfaac7817b0228b420"),
    "CUDA-Programming": ("brucefan1983/CUDA-Programming", "8b6c96ba30fafeb3f71c74b2abb18a6bf849822d"),
    "code-samples": ("NVIDIA-developer-blog/code-samples", "72d62ec464442786a36754508bcb1094d197d6a5"),
}
# Sources that need what the benchmark machine does not have (or a second program).
EXCLUDED_USES = re.compile(
    r"sdkFindFilePath|LoadPPM|LoadPGM|sdkLoad|GL/|glut|\bEGL|[vV]ulkan|nvrtc|cuModuleLoad|"
    r"mpi\.h|cudnn|nvsci|NvMedia|d3d|cufft|cusparse|cusolver|nvjpeg|\bnpp|cudaIpc|fopen|"
    r"ifstream|cudla|nvml|nvtx|MemMap|cuMem|Graphics|MultiGPU|P2P|cuCtx|cuLaunch|cuDevice|"
    r"boost/|<omp\.h>|pragma omp")
NVCC = "nvcc -O3 -lineinfo -arch=$ARCH"


def text_of(folder, names):
    out = ""
    for n in names:
        try:
            out += open(os.path.join(folder, n), errors="replace").read()
        except OSError:
            pass
    return out


def sources(folder, exts=(".cu", ".cpp", ".c", ".cuh", ".h", ".hpp")):
    return sorted(f for f in os.listdir(folder) if f.endswith(exts))


def hecbench(root):
    src = os.path.join(root, "src")
    for d in sorted(os.listdir(src)):
        if not d.endswith("-cuda"):
            continue
        p = os.path.join(src, d)
        mk = os.path.join(p, "Makefile")
        if not os.path.exists(mk):
            continue
        t = open(mk, errors="replace").read()
        m = re.search(r"^run\s*:.*\n((?:\t.*\n?)+)", t, re.M)
        if not m:
            continue
        run = m.group(1).splitlines()[0].strip()
        if not re.search(r"\$\(LAUNCHER\)\s*\./\$\(program\)", run):
            continue
        args = re.sub(r".*\$\(program\)", "", run).strip()
        if "$" in args or any(
                ("/" in a or re.search(r"\.[A-Za-z]{1,5}$", a)) and not os.path.exists(os.path.join(p, a))
                for a in args.split()):
            continue
        if re.search(r"-l(cudnn|nccl|mpi|torch|boost|gomp|tbb|opencv|png|jpeg|z\b|hdf5|gsl|fftw|lapack|cufft|cusparse|cusolver)", t):
            continue
        if re.search(r"mpicc|mpicxx|\.\./[\w.-]*-(sycl|omp|hip)\b", t):
            continue
        prog = re.search(r"^program\s*=\s*(\S+)", t, re.M)
        srcs = re.search(r"^source\s*=\s*(.*(?:\\\n.*)*)", t, re.M)
        if not prog or not srcs:
            continue
        files = srcs.group(1).replace("\\\n", " ").split()
        if any("$" in f or not os.path.exists(os.path.join(p, f)) for f in files):
            continue
        body = text_of(p, sources(p))
        if "__global__" not in body or EXCLUDED_USES.search(body):
            continue
        incs = " ".join("-I" + i for i in re.findall(r"-I\s*(\.\.?/?[\w./-]*)", t))
        cu = " ".join(f for f in files if f.endswith(".cu"))
        if not cu:
            continue
        yield ("HeCBench", "src/" + d, "make -s ARCH=$ARCH", "./%s %s" % (prog.group(1), args),
               ("-std=c++17 -I. " + incs).strip(), cu)


def polybench(root):
    base = os.path.join(root, "CUDA")
    for dp, dn, fn in sorted(os.walk(base)):
        for f in sorted(fn):
            if f.endswith(".cu"):
                rel = os.path.relpath(dp, root)
                # CUDA 13 removed cudaThreadSynchronize, which these programs call.
                compat = "-I$ROOT/CUDA/utilities -DcudaThreadSynchronize=cudaDeviceSynchronize"
                yield ("PolyBench-ACC", rel, "%s %s %s -o prog" % (NVCC, compat, f), "./prog",
                       compat, f)


def cuda_samples(root):
    base = os.path.join(root, "Samples")
    for cat in sorted(os.listdir(base)):
        if not os.path.isdir(os.path.join(base, cat)) or cat[:2] in ("4_", "5_", "7_", "8_"):
            continue
        for s in sorted(os.listdir(os.path.join(base, cat))):
            p = os.path.join(base, cat, s)
            if not os.path.isdir(p):
                continue
            names = sources(p)
            body = text_of(p, names)
            if "__global__" not in body or EXCLUDED_USES.search(body):
                continue
            tu = [n for n in names if n.endswith((".cu", ".cpp", ".c"))]
            cu = [n for n in tu if n.endswith(".cu")]
            if not cu:
                continue
            rdc = " -rdc=true" if s.startswith("cdp") else ""
            yield ("cuda-samples", "Samples/%s/%s" % (cat, s),
                   "%s%s -I$ROOT/Common %s -o prog" % (NVCC, rdc, " ".join(tu)), "./prog",
                   "-I$ROOT/Common", " ".join(cu))


def single_files(project, root, extra_inc=""):
    for dp, dn, fn in sorted(os.walk(root)):
        dn.sort()
        for f in sorted(fn):
            if not f.endswith(".cu"):
                continue
            body = open(os.path.join(dp, f), errors="replace").read()
            if "__global__" not in body or "int main" not in body or EXCLUDED_USES.search(body):
                continue
            if re.search(r"cublas|curand|cufft", body):
                continue
            rel = os.path.relpath(dp, root)
            exe = os.path.splitext(f)[0]  # one folder can hold several programs
            yield (project, rel, "%s %s %s -o %s" % (NVCC, extra_inc, f, exe), "./" + exe,
                   extra_inc.strip(), f)


HECBENCH_SAMPLE = 150


def interleave(rows):
    """HeCBench's first HECBENCH_SAMPLE programs by a hash of the folder's name, every other
    project whole; each project's programs in hash order, spread through the list so that a
    run stopped early still covers every project."""
    by = {}
    for r in rows:
        by.setdefault(r[0], []).append(r)
    for k in by:
        by[k].sort(key=lambda r: hashlib.sha1(r[1].encode()).hexdigest())
    by["HeCBench"] = by.get("HeCBench", [])[:HECBENCH_SAMPLE]
    its = {k: iter(v) for k, v in by.items()}
    pos = {k: 0.0 for k in by}
    total = sum(len(v) for v in by.values())
    out = []
    while len(out) < total:
        k = min((p + 1.0 / len(by[k]), k) for k, p in pos.items() if by[k] and p < 1.0)[1]
        pos[k] += 1.0 / len(by[k])
        out.append(next(its[k]))
    return out


def main():
    top = sys.argv[1]
    rows = []
    rows += hecbench(os.path.join(top, "HeCBench"))
    rows += polybench(os.path.join(top, "PolyBench-ACC"))
    rows += cuda_samples(os.path.join(top, "cuda-samples"))
    rows += single_files("CUDA-Programming", os.path.join(top, "CUDA-Programming"),
                         "-I$ROOT/src/11-stream")
    rows += single_files("code-samples", os.path.join(top, "code-samples"))
    rows = interleave(rows)
    print("\t".join(["project", "repository", "commit", "program", "build", "run", "args", "files"]))
    for project, prog, build, run, args, files in rows:
        repo, commit = PROJECTS[project]
        print("\t".join([project, repo, commit, prog, build, run, args, files]))


if __name__ == "__main__":
    main()
