//===- MemoryCheckBase.cpp - Shared driver of the memory checks -----------===//
#include "checks/MemoryCheckBase.h"

#include "Findings/HardwareFacts.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include <cmath>

using namespace clang;
using namespace clang::ast_matchers;

namespace warplint {

MemoryCheckBase::MemoryCheckBase(StringRef Name,
                                 tidy::ClangTidyContext *Context)
    : KernelCheckBase(Name, Context) {}

void MemoryCheckBase::checkKernel(const FunctionDecl &Kernel,
                                  ArrayRef<KernelShape> Shapes,
                                  ASTContext &Ctx) {
  AnalysisContext &AC = analysis(Ctx);
  llvm::ArrayRef<MemoryAccess> Accesses = AC.accesses(Kernel);
  KernelAccesses = Accesses;
  for (const MemoryAccess &A : Accesses) {
    if (!wants(A))
      continue;
    std::vector<EvaluatedAccess> Results;
    for (const KernelShape &S : Shapes)
      Results.push_back({&A, &S, AC.evaluate(A, S, assumedRuntimeValue())});
    consider(Kernel, Results, Ctx);
  }
  KernelAccesses = {};
}

std::string formatRatio(double V) {
  double R = std::round(V * 10) / 10;
  if (R == std::floor(R))
    return std::to_string(int64_t(R));
  std::string S = std::to_string(R);
  return S.substr(0, S.find('.') + 2);
}

/// (lane, byte offset from the first active lane) for each active lane of \p W.
static std::vector<std::pair<unsigned, int64_t>>
activeLanes(const hw::WarpCost &W) {
  std::vector<std::pair<unsigned, int64_t>> Lanes;
  unsigned Active = 0;
  for (unsigned L = 0; L < W.Active.size(); ++L)
    if (W.Active[L] && Active < W.LaneOffsets.size())
      Lanes.push_back({L, W.LaneOffsets[Active++]});
  return Lanes;
}

std::optional<int64_t>
MemoryCheckBase::uniformLaneStride(const hw::AccessReport &R) {
  if (R.Warps.empty())
    return std::nullopt;
  const hw::WarpCost &W = R.Warps.front();
  std::vector<std::pair<unsigned, int64_t>> Lanes = activeLanes(W);
  if (Lanes.size() < 2)
    return std::nullopt;
  std::optional<int64_t> Stride;
  for (size_t I = 1; I < Lanes.size(); ++I) {
    int64_t LaneGap = Lanes[I].first - Lanes[I - 1].first;
    int64_t Diff = Lanes[I].second - Lanes[I - 1].second;
    if (Diff % LaneGap)
      return std::nullopt;
    int64_t PerLane = Diff / LaneGap;
    if (Stride && *Stride != PerLane)
      return std::nullopt;
    Stride = PerLane;
  }
  return Stride;
}

std::pair<const EvaluatedAccess *, double>
MemoryCheckBase::worst(ArrayRef<EvaluatedAccess> Results,
                       uint64_t hw::AccessReport::*Cost,
                       uint64_t hw::AccessReport::*Ideal, double Floor) {
  const EvaluatedAccess *Worst = nullptr;
  double WorstRatio = Floor;
  for (const EvaluatedAccess &E : Results) {
    const hw::AccessReport &R = E.Report;
    if (!R.Ok || !R.Requests || !(R.*Ideal))
      continue;
    double Ratio = double(R.*Cost) / double(R.*Ideal);
    if (Ratio > WorstRatio) {
      WorstRatio = Ratio;
      Worst = &E;
    }
  }
  return {Worst, WorstRatio};
}

std::string MemoryCheckBase::verb(const MemoryAccess &A) {
  if (A.IsLoad && A.IsStore)
    return "read-modify-write of";
  return A.IsStore ? "store to" : "load from";
}

std::string MemoryCheckBase::baseName(const MemoryAccess &A) {
  std::string Decl = A.Base ? A.Base->getNameAsString() : "";
  if (!A.BaseText.empty()) {
    if (Decl.empty() || A.BaseText == Decl)
      return "'" + A.BaseText + "'";
    // `sdata` that points into `extern __shared__ int __smem[]`: name both.
    if (A.BaseText.find(Decl) == std::string::npos)
      return "'" + A.BaseText + "' ('" + Decl + "')";
    return "'" + A.BaseText + "'";
  }
  return Decl.empty() ? "memory" : "'" + Decl + "'";
}

std::string MemoryCheckBase::objectKey(const MemoryAccess &A) {
  if (A.Base)
    return "decl " + A.Base->getNameAsString();
  return "text " + A.BaseText;
}

std::string MemoryCheckBase::iterationSummary(const hw::AccessReport &R,
                                              StringRef Unit) {
  if (R.Iterations.empty() || !R.TotalRequests)
    return "";
  std::string S = " in its worst iteration (" + R.WorstIteration + "); over ";
  S += R.AllIterations ? "all " + std::to_string(R.Iterations.size()) +
                             " iterations"
                       : "the first " + std::to_string(R.Iterations.size()) +
                             " iterations";
  S += " " + formatRatio(double(R.TotalCost) / double(R.TotalRequests)) + " " +
       Unit.str() + " per request";
  return S;
}

void MemoryCheckBase::evidenceNotes(const EvaluatedAccess &E, Report &R) const {
  const hw::AccessReport &Rep = E.Report;
  std::string Index = sym::toString(E.Access->Index);
  R.Notes.push_back(
      {E.Access->Site->getBeginLoc(),
       "address: " +
           (E.Access->Base ? "'" + E.Access->Base->getNameAsString() + "'"
                           : baseName(*E.Access)) +
           " + (" + Index + ") * " + std::to_string(E.Access->Width) +
           " bytes"});
  // How consecutive active lanes of the first warp differ, and which lane
  // breaks it.
  if (!Rep.Warps.empty()) {
    const hw::WarpCost &W = Rep.Warps.front();
    std::vector<std::pair<unsigned, int64_t>> Lanes = activeLanes(W);
    if (Lanes.size() >= 2) {
      int64_t D = Lanes[1].second - Lanes[0].second;
      std::string S = "lane " + std::to_string(Lanes[1].first) + " is " +
                      std::to_string(D) + " bytes from lane " +
                      std::to_string(Lanes[0].first);
      for (size_t I = 2; I < Lanes.size(); ++I) {
        int64_t DI = Lanes[I].second - Lanes[I - 1].second;
        if (DI != D) {
          S += "; lane " + std::to_string(Lanes[I].first) +
               " breaks the pattern (" + std::to_string(DI) +
               " bytes from lane " + std::to_string(Lanes[I - 1].first) + ")";
          break;
        }
      }
      if (W.ActiveLanes < W.Active.size())
        S += "; " + std::to_string(W.ActiveLanes) + " of " +
             std::to_string(W.Active.size()) + " lanes active";
      R.Notes.push_back({E.Access->Site->getBeginLoc(), S});
    }
  }
  if (!Rep.Iterations.empty()) {
    // Which iterations cost what: the worst decides the verdict, the total is
    // what a profiler counts per request for the line.
    std::string S = "cost per iteration:";
    bool Shared = E.Access->Space == sym::MemorySpace::Shared;
    for (size_t I = 0; I < Rep.Iterations.size(); ++I) {
      const hw::AccessReport::Iteration &It = Rep.Iterations[I];
      S += (I ? "; " : " ") + It.Label + ": ";
      if (Shared)
        S += std::to_string(It.Degree) + "-way";
      else
        S += formatRatio(double(It.Cost) / It.Requests) + " per request";
    }
    R.Notes.push_back({E.Access->Site->getBeginLoc(), S});
  }
  for (const std::string &A : Rep.Assumptions)
    R.Notes.push_back({E.Access->Site->getBeginLoc(), "assumption: " + A});
  for (const std::string &N : E.Access->Notes) {
    // The first-value binding note is superseded when every iteration that
    // matters was evaluated.
    if (!Rep.Iterations.empty() &&
        N.find("evaluated at its first value") != std::string::npos)
      continue;
    R.Notes.push_back({E.Access->Site->getBeginLoc(), N});
  }
}

const hw::WarpCost *
MemoryCheckBase::firstActiveWarp(const hw::AccessReport &R) {
  for (const hw::WarpCost &W : R.Warps)
    if (W.ActiveLanes)
      return &W;
  return nullptr;
}

void MemoryCheckBase::accessFacts(const EvaluatedAccess &E,
                                  const hw::HardwareModel &M,
                                  const SourceManager &SM, Report &R) const {
  const hw::AccessReport &Rep = E.Report;
  const MemoryAccess &A = *E.Access;
  bool Shared = A.Space == sym::MemorySpace::Shared;
  AccessFacts F;
  describeModel(M, F);
  F.Space = Shared ? "shared" : "global";
  F.Access = A.IsLoad && A.IsStore ? "read-modify-write"
                                   : (A.IsStore ? "store" : "load");
  F.Array = baseName(A);
  F.Index = sym::toString(A.Index);
  F.WidthBytes = A.Width;
  F.StrideBytes = uniformLaneStride(Rep);
  F.Requests = Rep.Requests;
  F.Degree = Rep.MaxConflictDegree;
  F.PerRequest = Rep.perRequest(Shared ? Rep.Wavefronts : Rep.Transactions);
  F.IdealPerRequest =
      Rep.perRequest(Shared ? Rep.IdealWavefronts : Rep.IdealTransactions);
  auto View = [&](const hw::WarpCost &W, std::string Role,
                  const std::string &Iteration) {
    std::string Label = "warp " + std::to_string(W.Warp);
    if (!Iteration.empty())
      Label += ", iteration " + Iteration;
    return Shared ? sharedWarpView(M, W, A.Width, A.IsStore && !A.IsLoad,
                                   std::move(Role), Label)
                  : globalWarpView(M, W, A.Width, std::move(Role), Label);
  };
  if (const hw::WarpCost *W = firstActiveWarp(Rep)) {
    F.Views.push_back(View(*W, "worst", Rep.WorstIteration));
    if (!Shared)
      F.Ideal = idealGlobalWarpView(M, *W, A.Width);
  }
  // A typical iteration: the median cost per request among those evaluated
  // (the first iteration at that cost), drawn when it is not the worst one.
  std::vector<const hw::AccessReport::Iteration *> ByCost;
  for (const hw::AccessReport::Iteration &I : Rep.Iterations) {
    AccessFacts::Iteration FI;
    FI.Label = I.Label;
    FI.PerRequest = I.Requests ? double(I.Cost) / I.Requests : 0;
    FI.IdealPerRequest = I.Requests ? double(I.Ideal) / I.Requests : 0;
    FI.Degree = I.Degree;
    F.Iterations.push_back(FI);
    if (I.Requests)
      ByCost.push_back(&I);
  }
  F.AllIterations = Rep.AllIterations;
  auto Cheaper = [](const hw::AccessReport::Iteration *X,
                    const hw::AccessReport::Iteration *Y) {
    return X->Cost * Y->Requests < Y->Cost * X->Requests;
  };
  std::stable_sort(ByCost.begin(), ByCost.end(), Cheaper);
  if (!ByCost.empty()) {
    const hw::AccessReport::Iteration *Median = ByCost[(ByCost.size() - 1) / 2];
    const hw::AccessReport::Iteration *Typical = nullptr;
    for (const hw::AccessReport::Iteration &I : Rep.Iterations)
      if (!Typical && I.Requests && !Cheaper(&I, Median) &&
          !Cheaper(Median, &I))
        Typical = &I;
    if (Typical && Typical->Warp && Typical->Label != Rep.WorstIteration)
      F.Views.push_back(View(*Typical->Warp, "typical", Typical->Label));
  }
  R.Facts.Access = std::move(F);
  R.Facts.Block = shapeFact(*E.Shape, SM);
  for (const std::string &S : Rep.Assumptions)
    R.Facts.Assumptions.push_back(S);
}

} // namespace warplint
