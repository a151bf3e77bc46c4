//===- DivergentBranchCheck.cpp - warplint-divergent-branch ---------------===//
#include "checks/DivergentBranchCheck.h"

#include "checks/DivergenceWording.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

using namespace clang;

namespace warplint {

DivergentBranchCheck::DivergentBranchCheck(StringRef Name,
                                           tidy::ClangTidyContext *Context)
    : KernelCheckBase(Name, Context),
      PredicationThreshold(Options.get("PredicationThreshold", 10U)),
      ReportTailGuards(Options.get("ReportTailGuards", false)),
      ReportLeaderBlocks(Options.get("ReportLeaderBlocks", false)),
      LeaderBodyLimit(Options.get("LeaderBodyLimit", 30U)) {}

void DivergentBranchCheck::storeOptions(
    tidy::ClangTidyOptions::OptionMap &Opts) {
  KernelCheckBase::storeOptions(Opts);
  Options.store(Opts, "PredicationThreshold", PredicationThreshold);
  Options.store(Opts, "ReportTailGuards", ReportTailGuards);
  Options.store(Opts, "ReportLeaderBlocks", ReportLeaderBlocks);
  Options.store(Opts, "LeaderBodyLimit", LeaderBodyLimit);
}

void DivergentBranchCheck::onStartOfTranslationUnit() {
  Reported.clear();
}

static const char *what(BranchKind K) {
  switch (K) {
  case BranchKind::If:
    return "branch condition";
  case BranchKind::Loop:
    return "loop condition";
  case BranchKind::Switch:
    return "switch condition";
  case BranchKind::ShortCircuit:
    return "short-circuit condition";
  }
  return "condition";
}

void DivergentBranchCheck::checkKernel(const FunctionDecl &Kernel,
                                       ArrayRef<KernelShape> Shapes,
                                       ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  AnalysisContext &AC = analysis(Ctx);
  // Per branch: the first shape it diverges in decides the evidence.
  std::vector<std::pair<DivergentBranch, const KernelShape *>> Found;
  for (const KernelShape &S : Shapes) {
    KernelDivergence D = AC.divergence(Kernel, S);
    for (DivergentBranch &B : D.Branches) {
      bool Seen = false;
      for (auto &F : Found)
        Seen |= F.first.S == B.S;
      if (!Seen)
        Found.push_back({std::move(B), &S});
    }
  }
  for (const auto &[B, Shape] : Found) {
    bool Loop = B.Kind == BranchKind::Loop;
    // What the hardware does not pay for (or barely): the options say.
    if (B.TailGuard && !ReportTailGuards)
      continue;
    if (!Loop && !B.Unpredicable && B.BodyCost <= PredicationThreshold)
      continue;
    if (B.Split.SingleLane && !ReportLeaderBlocks && !B.ContainsLoop &&
        B.BodyCost <= LeaderBodyLimit)
      continue;
    SourceLocation Loc = SM.getExpansionLoc(B.S->getBeginLoc());
    // The toolkit's own code is not the user's to change.
    if (SM.isInSystemHeader(Loc))
      continue;
    if (!Reported.insert(Loc.getRawEncoding()).second)
      continue;

    Report R;
    R.Loc = B.S->getBeginLoc();
    if (B.Cond)
      R.Range = B.Cond->getSourceRange();
    std::string Msg = std::string(what(B.Kind)) +
                      " differs between the lanes of a warp";
    std::string Split = describeSplit(B);
    std::string Source = describeSource(B.Source, SM);
    if (!Split.empty()) {
      Msg += ": " + Split;
      std::string Iterations = describeIterations(B.Split);
      if (!Iterations.empty())
        Msg += ", " + Iterations;
      R.Conf = Confidence::Certain;
    } else if (B.DataDependent) {
      Msg += " depending on data (" + Source + ")";
      R.Conf = Confidence::Likely;
    } else if (B.TailGuard) {
      Msg += " only where the index crosses its bound";
      R.Conf = Confidence::Likely;
    } else {
      Msg += Source.empty() ? "" : " through " + Source;
      R.Conf = Confidence::Likely;
    }
    if (Loop)
      Msg += "; lanes that finish early wait for the others";
    else if (B.Unpredicable)
      Msg += "; the warp runs both paths one after the other (an atomic, "
             "loop or barrier under the branch rules out predication)";
    else
      Msg += "; the warp runs both paths one after the other (about " +
             std::to_string(B.BodyCost) +
             (B.BodyCost == 1 ? " instruction" : " instructions") +
             " under the branch)";
    R.Message = Msg;
    if (B.SourceExpr && !B.Split.Exact)
      R.Notes.push_back(
          {B.SourceExpr->getBeginLoc(),
           B.DataDependent ? "data-dependent: lanes read different addresses "
                             "here, so which lanes diverge depends on the data"
                           : "the condition varies between lanes through "
                             "this value"});
    if (B.ViaCall)
      R.Notes.push_back({B.ViaCall->getBeginLoc(),
                         "in a helper called from kernel '" +
                             Kernel.getNameAsString() + "' here"});
    if (!Loop && !B.Unpredicable)
      R.Notes.push_back(
          {SourceLocation(),
           "nvcc predicates or if-converts a divergent branch of up to about " +
               std::to_string(PredicationThreshold) +
               " instructions instead of branching (measured on sm_90; the "
               "Best Practices Guide 2.3 §6.2 gives 7; option "
               "PredicationThreshold); this one has about " +
               std::to_string(B.BodyCost)});
    auto [NoteLoc, NoteText] = shapeNote(*Shape, SM);
    R.Notes.push_back({NoteLoc, NoteText});
    // Notes without a location go at the warning.
    for (auto &N : R.Notes)
      if (N.first.isInvalid())
        N.first = R.Loc;
    emit(R, SM);
  }
}

} // namespace warplint
