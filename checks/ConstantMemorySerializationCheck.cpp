//===- ConstantMemorySerializationCheck.cpp -------------------------------===//
//
// The guide's rule (modern §9.2.5, 2.3 §3.2.5, no priority note): "Accesses to
// different addresses by threads within a warp are serialized, thus the cost
// scales linearly with the number of unique addresses read by all threads
// within a warp." (per half warp on CC 1.x). The distinct addresses come from
// the same per-lane evaluation the coalescing check uses (lib/Symbolic
// evaluateLanes), counted by Hardware/MemoryCost's constantAccessCost.
//
// Priority: the guides give none. Medium, by analogy with the guide's other
// serialised on-chip request, the shared-memory bank conflict (2.3 §3.2.2.1,
// Medium): both cost a factor equal to the number of distinct addresses in
// one request. A warp reading a few addresses (under MinAddresses, 8) is
// cheap next to that and not reported: the constant cache answers each read
// in a few cycles.
//
//===----------------------------------------------------------------------===//
#include "checks/ConstantMemorySerializationCheck.h"

#include "clang/AST/ASTContext.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;

namespace warplint {

ConstantMemorySerializationCheck::ConstantMemorySerializationCheck(
    StringRef Name, tidy::ClangTidyContext *Context)
    : MemoryCheckBase(Name, Context),
      MinAddresses(std::max(2u, Options.get("MinAddresses", 8u))) {}

void ConstantMemorySerializationCheck::storeOptions(
    tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "MinAddresses", MinAddresses);
}

void ConstantMemorySerializationCheck::consider(
    const FunctionDecl &Kernel, ArrayRef<EvaluatedAccess> Results,
    ASTContext &Ctx) {
  // The shape whose worst warp reads the most distinct addresses decides.
  const EvaluatedAccess *Worst = nullptr;
  for (const EvaluatedAccess &E : Results)
    if (E.Report.Ok && E.Report.Requests &&
        (!Worst ||
         E.Report.MaxConstantAddresses > Worst->Report.MaxConstantAddresses))
      Worst = &E;
  if (!Worst || Worst->Report.MaxConstantAddresses < MinAddresses)
    return;
  const hw::AccessReport &R = Worst->Report;
  const MemoryAccess &A = *Worst->Access;
  const hw::HardwareModel &M = target(Ctx);
  bool HalfWarp = M.ConstantScope == hw::ConflictScope::HalfWarp;
  std::string Group = HalfWarp ? "half warp" : "warp";

  Report Rep;
  Rep.Loc = A.Site->getBeginLoc();
  Rep.Range = A.Site->getSourceRange();
  Rep.Conf = R.exact() ? Confidence::Certain : Confidence::Likely;
  if (!R.RuntimeCoefficient.empty())
    Rep.Conf = Confidence::Possible;
  unsigned N = R.MaxConstantAddresses;
  Rep.Message = llvm::formatv(
      "__constant__ {0} is read at {1} different addresses by one {2}: the "
      "constant cache serves them one after another, {1}x the cost of a read "
      "every lane shares ({3} serialised reads per {2} request on average)",
      baseName(A), N, Group, formatRatio(R.perRequest(R.ConstantReads)));
  if (!R.Iterations.empty() && R.TotalRequests)
    Rep.Message += llvm::formatv(
        "; in its worst iteration ({0}); over {1} {2} iterations {3} per "
        "request",
        R.WorstIteration, R.AllIterations ? "all" : "the first",
        R.Iterations.size(),
        formatRatio(double(R.TotalCost) / double(R.TotalRequests)));
  if (!R.RuntimeCoefficient.empty())
    Rep.Message += " (if '" + R.RuntimeCoefficient + "' is " +
                   std::to_string(R.RuntimeValue ? R.RuntimeValue
                                                 : assumedRuntimeValue()) +
                   ", a runtime value)";
  evidenceNotes(*Worst, Rep);
  Rep.Notes.push_back(
      {A.Site->getBeginLoc(),
       "constant memory pays off when every lane of a " + Group +
           " reads the same address (an index made of blockIdx, loop "
           "counters and parameters); a table each lane indexes on its own "
           "belongs in global memory read through the L1 cache ('const "
           "__restrict__' or __ldg) or in shared memory"});
  auto [Loc, Text] = shapeNote(*Worst->Shape, Ctx.getSourceManager());
  Rep.Notes.push_back({Loc.isValid() ? Loc : Kernel.getLocation(), Text});
  Rep.Facts.Block = shapeFact(*Worst->Shape, Ctx.getSourceManager());
  for (const std::string &S : R.Assumptions)
    Rep.Facts.Assumptions.push_back(S);
  // Reads of one table with the same count are one cause.
  Rep.Cause = baseName(A) + " " + std::to_string(N);
  emit(Rep, Ctx.getSourceManager());
}

} // namespace warplint
