#!/usr/bin/env python3
"""Scaffolds a new warplint check, the way clang-tidy's add_new_check.py does.

    scripts/add_new_check.py NAME "summary" PRIORITY SECTION --rule "the guide's words"
        [--g23-section S] [--base DeviceFunctionCheckBase|WarplintCheck|KernelCheckBase|MemoryCheckBase]
        [--confidence Certain|Likely|Possible] [--root DIR]

NAME is the check's name without the prefix (`redundant-barrier` makes
`warplint-redundant-barrier` and the class RedundantBarrierCheck); SECTION is the CUDA C++
Best Practices Guide section that gives the rule and PRIORITY its priority there.

It writes the four things a check is (docs/architecture.md, "Adding a check"):

  checks/<Class>.h, checks/<Class>.cpp   a working example deriving from --base: it reports
                                         the kernels (or accesses) whose name starts with
                                         bad_, to be replaced by the real rule
  checks/Checks.def                      one registry row, appended
  docs/checks/warplint-<name>.md         the page, with the sections every check page has
  test/checks/<name>.cu                  a positive and a negative case and the RUN line

and adds the check's row to docs/checks/index.md as `warplint --list-checks
--format=markdown` writes it. Nothing else needs an edit: CMake derives the source list and
the registration from Checks.def, so the next build includes the check and the lit suite
runs its test.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import textwrap

PRIORITIES = ("High", "Medium", "Low")
BASES = ("DeviceFunctionCheckBase", "WarplintCheck", "KernelCheckBase", "MemoryCheckBase")


def class_name(name):
    return "".join(p[:1].upper() + p[1:] for p in name.split("-")) + "Check"


def c_string(text):
    """A C string literal for \\p text, split into lines of at most ~76 columns."""
    text = text.replace("\\", "\\\\").replace('"', '\\"')
    words, lines, cur = text.split(" "), [], ""
    for w in words:
        if cur and len(cur) + len(w) + 1 > 72:
            lines.append(cur + " ")
            cur = w
        else:
            cur = (cur + " " + w) if cur else w
    lines.append(cur)
    return "\n    ".join('"%s"' % l for l in lines)


HEADER = """\
//===- {cls}.h {pad}*- C++ -*-===//
#ifndef WARPLINT_CHECKS_{guard}_H
#define WARPLINT_CHECKS_{guard}_H

#include "checks/{base}.h"

namespace warplint {{

{class_comment}
class {cls} : public {base} {{
public:
  {cls}(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
{decls}}};

}} // namespace warplint

#endif
"""

DECLS = {
    "DeviceFunctionCheckBase": """\

private:
  void checkFunction(const clang::FunctionDecl &F,
                     clang::ASTContext &Ctx) override;
""",
    "WarplintCheck": """\
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
""",
    "KernelCheckBase": """\

protected:
  void checkKernel(const clang::FunctionDecl &Kernel,
                   llvm::ArrayRef<KernelShape> Shapes,
                   clang::ASTContext &Ctx) override;
""",
    "MemoryCheckBase": """\

protected:
  bool wants(const MemoryAccess &A) const override;
  void consider(const clang::FunctionDecl &Kernel,
                llvm::ArrayRef<EvaluatedAccess> Results,
                clang::ASTContext &Ctx) override;
""",
}

SOURCE_HEAD = """\
//===- {cls}.cpp {pad}===//
//
{rule_comment}
//
{fixme_comment}
//
//===----------------------------------------------------------------------===//
#include "checks/{cls}.h"

{includes}
using namespace clang;
using namespace clang::ast_matchers;

namespace warplint {{

{cls}::{cls}(llvm::StringRef Name, tidy::ClangTidyContext *Context)
    : {base}(Name, Context) {{}}

"""

BODIES = {
    "DeviceFunctionCheckBase": ("""\
#include "clang/AST/ASTContext.h"
""", "device functions whose name starts with bad_", """\
void {cls}::checkFunction(const FunctionDecl &F, ASTContext &Ctx) {{
  if (!F.getName().starts_with("bad_"))
    return;
  Report Rep;
  Rep.Loc = F.getLocation();
  Rep.Message = "device function '" + F.getNameAsString() +
                "' is an example finding of {id}";
  report(Rep, Ctx.getSourceManager()); // once per location, not per instantiation
}}
"""),
    "WarplintCheck": ("""\
#include "checks/DeviceCode.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
""", "device functions whose name starts with bad_", """\
void {cls}::registerMatchers(MatchFinder *Finder) {{
  Finder->addMatcher(deviceFunctionDefinitions(), this);
}}

void {cls}::check(const MatchFinder::MatchResult &R) {{
  const auto *F = R.Nodes.getNodeAs<FunctionDecl>("fn");
  if (!F || !F->getName().starts_with("bad_"))
    return;
  Report Rep;
  Rep.Loc = F->getLocation();
  Rep.Message = "device function '" + F->getNameAsString() +
                "' is an example finding of {id}";
  emit(Rep, *R.SourceManager);
}}
"""),
    "KernelCheckBase": ("""\
#include "clang/AST/ASTContext.h"
""", "kernels whose name starts with bad_, with the block shape it assumed", """\
void {cls}::checkKernel(const FunctionDecl &Kernel,
                        llvm::ArrayRef<KernelShape> Shapes, ASTContext &Ctx) {{
  if (!Kernel.getName().starts_with("bad_") || Shapes.empty())
    return;
  Report Rep;
  Rep.Loc = Kernel.getLocation();
  Rep.Message = "kernel '" + Kernel.getNameAsString() +
                "' is an example finding of {id}";
  Rep.Notes.push_back(shapeNote(Shapes.front(), Ctx.getSourceManager()));
  emit(Rep, Ctx.getSourceManager());
}}
"""),
    "MemoryCheckBase": ("""\
#include "clang/AST/ASTContext.h"
""", "the global loads of kernels whose name starts with bad_", """\
bool {cls}::wants(const MemoryAccess &A) const {{
  return A.Space == sym::MemorySpace::Global && A.IsLoad && !A.IsStore;
}}

void {cls}::consider(const FunctionDecl &Kernel,
                     llvm::ArrayRef<EvaluatedAccess> Results,
                     ASTContext &Ctx) {{
  if (!Kernel.getName().starts_with("bad_") || Results.empty())
    return;
  const EvaluatedAccess &E = Results.front();
  Report Rep;
  Rep.Loc = E.Access->Site->getBeginLoc();
  Rep.Message = verb(*E.Access) + " " + baseName(*E.Access) +
                " is an example finding of {id}";
  evidenceNotes(E, Rep);
  emit(Rep, Ctx.getSourceManager());
}}
"""),
}

SOURCE_TAIL = """
} // namespace warplint
"""

ROW = """
WARPLINT_CHECK(
    "{id}", {cls},
    {priority}, "{priority}", "{section}", "{g23}", {confidence},
    {summary},
    {rule})
"""

DOC = """\
# {id}

**Priority: {priority}.** CUDA C++ Best Practices Guide §{section}{g23_text}.

> {rule}

## What it reports

FIXME: what the check reports, with the numbers behind a finding (add_new_check.py's example
reports {example}).

## What it does not report

FIXME: the cases left out, and why.

## Examples

```cuda
__global__ void bad_kernel(float *out) {{ out[threadIdx.x] = 0; }}   // reported
__global__ void good_kernel(float *out) {{ out[threadIdx.x] = 0; }}  // not reported
```

## Options

None.

## Evidence

FIXME: the measurements or the guide's text that the verdict rests on.
"""

TEST = """\
// RUN: %check_warplint --checks='-*,{id}' %s
// Positive (bad_*) and negative (good_*) cases of {id}.

__global__ void bad_kernel(float *out, const float *in) {{
  // CHECK-MESSAGES: :[[@LINE+1]]:{col}: warning: {message} [{id}]
  out[blockIdx.x * blockDim.x + threadIdx.x] = in[threadIdx.x];
}}

__global__ void good_kernel(float *out, const float *in) {{
  out[blockIdx.x * blockDim.x + threadIdx.x] = in[threadIdx.x];
}}

void launch(float *out, const float *in) {{
  bad_kernel<<<4, 256>>>(out, in);
  good_kernel<<<4, 256>>>(out, in);
}}
"""


def main():
    ap = argparse.ArgumentParser(
        description="Scaffolds a new warplint check (class, registry row, doc page, lit test).")
    ap.add_argument("name", help="check name without the warplint- prefix, e.g. redundant-barrier")
    ap.add_argument("summary", help="one line for --list-checks and the docs index (lower case)")
    ap.add_argument("priority", choices=PRIORITIES, help="the guide's priority")
    ap.add_argument("section", help="CUDA C++ Best Practices Guide section, e.g. 9.2.1")
    ap.add_argument("--rule", required=True, help="the guide's recommendation, quoted")
    ap.add_argument("--g23-section", default="", help="CUDA 2.3 guide section, if it has one")
    ap.add_argument("--base", choices=BASES, default="DeviceFunctionCheckBase",
                    help="DeviceFunctionCheckBase (statements of each device function), "
                         "WarplintCheck (your own matchers), KernelCheckBase (each kernel with "
                         "its block shapes) or MemoryCheckBase (each memory access priced for "
                         "each shape)")
    ap.add_argument("--confidence", choices=("Certain", "Likely", "Possible"), default="Likely")
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."),
                    help="repository root (default: this script's parent)")
    a = ap.parse_args()

    if not re.fullmatch(r"[a-z][a-z0-9]*(-[a-z0-9]+)*", a.name):
        ap.error("NAME must be lower-case words joined by '-' (and no warplint- prefix)")
    if a.name.startswith("warplint-"):
        ap.error("NAME is without the warplint- prefix")
    if not re.fullmatch(r"[0-9]+(\.[0-9]+)*", a.section) or (
            a.g23_section and not re.fullmatch(r"[0-9]+(\.[0-9]+)*", a.g23_section)):
        ap.error("sections are numbers like 9.2.1")
    root = os.path.abspath(a.root)
    cid = "warplint-" + a.name
    cls = class_name(a.name)
    files = {
        "header": os.path.join(root, "checks", cls + ".h"),
        "source": os.path.join(root, "checks", cls + ".cpp"),
        "doc": os.path.join(root, "docs", "checks", cid + ".md"),
        "test": os.path.join(root, "test", "checks", a.name + ".cu"),
    }
    registry = os.path.join(root, "checks", "Checks.def")
    index = os.path.join(root, "docs", "checks", "index.md")
    for f in [registry, index]:
        if not os.path.exists(f):
            sys.exit("add_new_check.py: %s not found (is --root the repository?)" % f)
    with open(registry, encoding="utf-8") as f:
        def_text = f.read()
    if '"%s"' % cid in def_text or re.search(r"\b%s\b" % cls, def_text):
        sys.exit("add_new_check.py: %s is already in checks/Checks.def" % cid)
    for f in files.values():
        if os.path.exists(f):
            sys.exit("add_new_check.py: %s exists" % os.path.relpath(f, root))
    end = def_text.rfind("#undef WARPLINT_CHECK")
    if end < 0:
        sys.exit("add_new_check.py: checks/Checks.def has no '#undef WARPLINT_CHECK' line")

    summary_sentence = a.summary[:1].upper() + a.summary[1:].rstrip(".") + "."
    includes, example, body = BODIES[a.base]
    def comment(prefix, text):
        return "\n".join(textwrap.wrap(text, 80, initial_indent=prefix,
                                         subsequent_indent=prefix, break_long_words=False,
                                         break_on_hyphens=False))

    fmt = dict(cls=cls, id=cid, base=a.base, section=a.section, priority=a.priority,
               guard=cls.upper(), summary_sentence=summary_sentence, rule=a.rule,
               example=example, includes=includes, decls=DECLS[a.base])
    fmt["class_comment"] = comment("/// ", "%s Best Practices Guide §%s, %s priority. "
                                   "Docs: docs/checks/%s.md" %
                                   (summary_sentence, a.section, a.priority, cid))
    fmt["rule_comment"] = comment("// ", "The guide's rule (§%s, %s): \"%s\"" %
                                  (a.section, a.priority, a.rule))
    fmt["fixme_comment"] = comment("// ", "FIXME: this is add_new_check.py's example, which "
                                   "reports %s; replace it with the rule, and say here what "
                                   "is reported and what is not, and why." % example)
    # The first line of each file is 80 columns wide, as in LLVM.
    header = HEADER.format(pad="-" * max(1, 55 - len(cls)), **fmt)
    source = (SOURCE_HEAD.format(pad="-" * max(1, 63 - len(cls)), **fmt) +
              body.format(**fmt) + SOURCE_TAIL)
    row = ROW.format(id=cid, cls=cls, priority=a.priority, section=a.section,
                     g23=a.g23_section, confidence=a.confidence,
                     summary=c_string(a.summary), rule=c_string(a.rule))
    g23_text = "; CUDA 2.3 Best Practices Guide §%s" % a.g23_section if a.g23_section else ""
    doc = DOC.format(g23_text=g23_text, **fmt)
    # The example finding's message and column in the test, per base.
    if a.base == "MemoryCheckBase":
        message, col = "load from 'in' is an example finding of %s" % cid, 48
    elif a.base == "KernelCheckBase":
        message, col = "kernel 'bad_kernel' is an example finding of %s" % cid, 17
    else:
        message, col = "device function 'bad_kernel' is an example finding of %s" % cid, 17
    test = TEST.format(id=cid, message=message, col=col)
    if a.base != "MemoryCheckBase":
        # The warning is on the kernel's name, the line before the comment's target.
        test = test.replace("// CHECK-MESSAGES: :[[@LINE+1]]:%d:" % col,
                            "// CHECK-MESSAGES: :[[@LINE-1]]:%d:" % col)
    index_row = "| [{id}]({id}.md) | {p} | §{s} | {g} | {summary} |\n".format(
        id=cid, p=a.priority, s=a.section, g=("§" + a.g23_section) if a.g23_section else "",
        summary=a.summary)

    for key, text in [("header", header), ("source", source), ("doc", doc), ("test", test)]:
        os.makedirs(os.path.dirname(files[key]), exist_ok=True)
        with open(files[key], "w", encoding="utf-8") as f:
            f.write(text)
    with open(registry, "w", encoding="utf-8") as f:
        f.write(def_text[:end].rstrip("\n") + "\n" + row + "\n" + def_text[end:])
    with open(index, "a", encoding="utf-8") as f:
        f.write(index_row)
    # The repository's .clang-format (LLVM style), where a clang-format is installed.
    formatter = shutil.which("clang-format-22") or shutil.which("clang-format")
    if formatter:
        subprocess.run([formatter, "-i", "--style=file", files["header"], files["source"]],
                       check=False)
    for key in ["header", "source", "doc", "test"]:
        print("wrote " + os.path.relpath(files[key], root))
    print("added %s to checks/Checks.def and docs/checks/index.md" % cid)
    print("next: rebuild (CMake picks the check up from Checks.def), replace the example in "
          "checks/%s.cpp and the FIXMEs in the doc page, and make the test say what the "
          "check reports" % cls)
    return 0


if __name__ == "__main__":
    sys.exit(main())
