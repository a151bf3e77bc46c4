//===- BarrierInDivergentCodeCheck.cpp - warplint-barrier-in-divergent-code ===//
#include "checks/BarrierInDivergentCodeCheck.h"

#include "checks/DivergenceWording.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace warplint {

BarrierInDivergentCodeCheck::BarrierInDivergentCodeCheck(
    StringRef Name, tidy::ClangTidyContext *Context)
    : KernelCheckBase(Name, Context),
      ReportAllAfterEarlyExit(Options.get("ReportAllAfterEarlyExit", false)) {}

void BarrierInDivergentCodeCheck::storeOptions(
    tidy::ClangTidyOptions::OptionMap &Opts) {
  KernelCheckBase::storeOptions(Opts);
  Options.store(Opts, "ReportAllAfterEarlyExit", ReportAllAfterEarlyExit);
}

void BarrierInDivergentCodeCheck::onStartOfTranslationUnit() {
  Reported.clear();
}

static bool isLoop(const Stmt *S) {
  return S && (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
               isa<CXXForRangeStmt>(S));
}

void BarrierInDivergentCodeCheck::checkKernel(const FunctionDecl &Kernel,
                                              ArrayRef<KernelShape> Shapes,
                                              ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  AnalysisContext &AC = analysis(Ctx);
  // Independent thread scheduling (compute capability 7.0 and later).
  const bool IndependentScheduling = target(Ctx).CCMajor >= 7;
  std::vector<std::pair<DivergentBarrier, const KernelShape *>> Found;
  for (const KernelShape &S : Shapes) {
    KernelDivergence D = AC.divergence(Kernel, S);
    for (DivergentBarrier &B : D.Barriers) {
      bool Seen = false;
      for (auto &F : Found)
        Seen |= F.first.Call == B.Call;
      if (!Seen)
        Found.push_back({std::move(B), &S});
    }
  }
  for (const auto &[B, Shape] : Found) {
    if (B.AfterExit && !B.SharedStoreAfterExit && !ReportAllAfterEarlyExit)
      continue;
    SourceLocation Loc = SM.getExpansionLoc(B.Call->getBeginLoc());
    // The toolkit's own code is not the user's to change.
    if (SM.isInSystemHeader(Loc))
      continue;
    if (!Reported.insert(Loc.getRawEncoding()).second)
      continue;
    Report R;
    R.Loc = B.Call->getBeginLoc();
    R.Range = B.Call->getSourceRange();
    R.Conf = Confidence::Likely;
    std::string Who = B.WarpScope ? "lanes of a warp" : "threads of the block";
    std::string Barrier = describeBarrier(B);
    unsigned Line = B.Control ? SM.getExpansionLineNumber(B.Control->getBeginLoc())
                              : 0;
    if (B.BalancedArrivals && IndependentScheduling) {
      // Whole warps take each side and every warp arrives as often: since
      // Volta a block barrier counts the threads that arrive, whichever call
      // they arrive at (the PTX ISA's barrier.sync for sm_70 and later), so
      // the block does not hang. The Programming Guide still asks every
      // thread to reach the same call: a note about the programming model.
      R.Prio = Priority::Low;
      std::string Count = B.BalancedCount == 1
                              ? std::string("one barrier")
                              : std::to_string(B.BalancedCount) + " barriers";
      R.Message = Barrier +
                  " is reached under a condition that is the same "
                  "for each warp but differs between the warps of "
                  "the block (line " +
                  std::to_string(Line) + "): every warp arrives at " + Count +
                  " on either side, and GPUs since Volta count arrivals, not "
                  "calls, so the block does not hang; the CUDA Programming "
                  "Guide still asks every thread to reach the same call";
    } else if (B.AfterExit) {
      R.Message = Barrier + " follows a return that only some " + Who +
                  " take (line " + std::to_string(Line) +
                  "): the threads that left skip the shared-memory stores "
                  "this barrier publishes, and the CUDA Programming Guide "
                  "leaves a barrier that not every thread reaches undefined";
    } else if (isLoop(B.Control)) {
      R.Message = Barrier + " is inside a loop whose trip count differs "
                            "between " +
                  Who + " (line " + std::to_string(Line) +
                  "): threads that leave the loop early never arrive; the "
                  "kernel can hang or read stale shared memory (undefined "
                  "behaviour)";
    } else if (B.WarpScope) {
      R.Message = Barrier + " with a full mask is reached under a condition "
                            "that differs between lanes of a warp (line " +
                  std::to_string(Line) +
                  "): the mask names lanes that take the other path and never "
                  "arrive (undefined behaviour; name the arriving lanes in "
                  "the mask)";
    } else {
      R.Message = Barrier + " is reached under a condition that differs "
                            "between " +
                  Who + " (line " + std::to_string(Line) +
                  "): threads that take the other path never arrive; the "
                  "kernel can hang or read stale shared memory (undefined "
                  "behaviour)";
    }
    if (B.Control) {
      std::string How =
          B.Level == sym::Uniformity::WarpUniform
              ? "uniform within each warp but different between the warps of "
                "the block"
              : "different between lanes of a warp";
      R.Notes.push_back(
          {B.ControlCond ? B.ControlCond->getBeginLoc()
                         : B.Control->getBeginLoc(),
           B.AfterExit ? "threads leave here; the condition is " + How
                       : "this condition is " + How});
    }
    if (B.ViaCall)
      R.Notes.push_back({B.ViaCall->getBeginLoc(),
                         "in a helper called from kernel '" +
                             Kernel.getNameAsString() + "' here"});
    auto [NoteLoc, NoteText] = shapeNote(*Shape, SM);
    R.Notes.push_back({NoteLoc.isValid() ? NoteLoc : R.Loc, NoteText});
    emit(R, SM);
  }
}

} // namespace warplint
