//===- DivergencePrinter.cpp - The dump mode of the divergence analysis ---===//
//
// Part of warplint. Prints KernelDivergence facts one line per branch and
// barrier, for FileCheck tests and for seeing why a check fired. Facts only:
// keys and values, no sentences (the checks word them).
//
//===----------------------------------------------------------------------===//
#include "Analysis/divergence/Divergence.h"

#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

using namespace clang;

namespace warplint {

namespace {

void printLoc(llvm::raw_ostream &OS, SourceLocation L,
              const SourceManager &SM) {
  PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(L));
  if (P.isInvalid()) {
    OS << "<invalid>";
    return;
  }
  OS << P.getFilename() << ":" << P.getLine() << ":" << P.getColumn();
}

void printLine(llvm::raw_ostream &OS, const Stmt *S, const SourceManager &SM) {
  OS << (S ? SM.getExpansionLineNumber(S->getBeginLoc()) : 0);
}

const char *kindName(BranchKind K) {
  switch (K) {
  case BranchKind::If:
    return "if";
  case BranchKind::Loop:
    return "loop";
  case BranchKind::Switch:
    return "switch";
  case BranchKind::ShortCircuit:
    return "short-circuit";
  }
  return "?";
}

void printSource(llvm::raw_ostream &OS, const VarianceSource &S,
                 const SourceManager &SM) {
  switch (S.Kind) {
  case VarianceKind::None:
    OS << "none";
    return;
  case VarianceKind::ThreadIndex:
    OS << "thread-index:'" << S.Text << "'";
    return;
  case VarianceKind::Load:
    OS << "load:'" << S.Text << "'";
    return;
  case VarianceKind::CallResult:
    OS << "call-result:" << S.Text;
    return;
  case VarianceKind::LaneId:
    OS << "lane-id";
    return;
  case VarianceKind::SpecialRegister:
    OS << "special-register";
    return;
  case VarianceKind::TileMetaGroupRank:
    OS << "tile-meta-group-rank:" << S.TileSize;
    return;
  case VarianceKind::TileVote:
    OS << "tile-vote:" << S.TileSize;
    return;
  case VarianceKind::AssignedInLoop:
    OS << "assigned-in-loop@";
    printLine(OS, S.At, SM);
    return;
  case VarianceKind::AssignedUnderCondition:
    OS << "assigned-under-condition@";
    printLine(OS, S.At, SM);
    return;
  case VarianceKind::DivergentBreak:
    OS << "divergent-break@";
    printLine(OS, S.At, SM);
    if (S.Through) {
      OS << ">";
      printSource(OS, *S.Through, SM);
    }
    return;
  case VarianceKind::TooDeep:
    OS << "too-deep";
    return;
  }
}

void printSplit(llvm::raw_ostream &OS, const LaneSplit &S) {
  if (!S.Exact) {
    OS << "split=none";
    for (size_t I = 0; I < S.Undecided.size(); ++I)
      OS << (I ? "," : " undecided=") << S.Undecided[I];
    return;
  }
  OS << "split=exact warps=" << S.DivergentWarps << "/" << S.Warps;
  for (size_t I = 0; I < S.Assumed.size(); ++I)
    OS << (I ? "," : " assumed=") << "'" << S.Assumed[I] << "'";
  if (S.DivergentWarps) {
    OS << " first=" << S.FirstDivergentWarp << " lanes=";
    if (S.SamePattern)
      OS << llvm::format_hex(S.TakenLanes, 2 + (S.LanesPerWarp + 3) / 4) << "/"
         << S.LanesPerWarp;
    else
      OS << "mixed";
  }
  if (S.SingleLane)
    OS << " single-lane";
  if (S.TripCounts)
    OS << " trip-counts";
  if (S.Remainder)
    OS << " remainder";
  else if (S.FewIdle)
    OS << " few-idle";
  if (!S.LoopVar.empty()) {
    OS << " iterations=" << S.LoopVar << ":";
    for (size_t I = 0; I < S.DivergentIterations.size(); ++I)
      OS << (I ? "," : "") << S.DivergentIterations[I];
    OS << "/" << S.Iterations;
  }
}

std::string barrierName(const DivergentBarrier &B) {
  switch (B.Kind) {
  case BarrierKind::Builtin:
    return B.Callee;
  case BarrierKind::BlockGroupSync:
    return "thread_block::sync";
  case BarrierKind::GridGroupSync:
    return "grid_group::sync";
  case BarrierKind::TileSync:
    return "thread_block_tile<" + std::to_string(B.TileSize) + ">::sync";
  case BarrierKind::FreeBlockGroupSync:
    return "cg::sync";
  }
  return "?";
}

} // namespace

void printDivergence(llvm::raw_ostream &OS, const KernelDivergence &D,
                     const SourceManager &SM, llvm::StringRef Context) {
  // One line per branch or barrier, printed in source order (recorded order
  // where two share a location).
  std::vector<std::pair<SourceLocation, std::string>> Lines;
  for (const DivergentBranch &B : D.Branches) {
    std::string Text;
    llvm::raw_string_ostream L(Text);
    L << "branch " << kindName(B.Kind) << ": source=";
    printSource(L, B.Source, SM);
    if (B.DataDependent)
      L << " data-dependent";
    L << " ";
    printSplit(L, B.Split);
    L << " cost=" << B.BodyCost;
    if (B.Unpredicable)
      L << " unpredicable";
    if (B.ContainsLoop)
      L << " contains-loop";
    if (B.TailGuard)
      L << " tail-guard";
    if (B.GrowingBound)
      L << " growing-bound";
    if (B.EdgeWindow)
      L << " edge-window";
    if (B.WarpStrided)
      L << " warp-strided";
    if (B.EdgeGuard)
      L << " edge-guard";
    if (B.Split.LastTile)
      L << " last-tile";
    if (B.ShrinkingBound)
      L << " shrinking-bound";
    if (B.InLoop)
      L << " in-loop";
    if (B.FixedTripLoops)
      L << " fixed-trips";
    if (B.Copies > 1)
      L << " unrolled-copies=" << B.Copies;
    if (B.ImpliedBy) {
      L << " implied-by=";
      printLoc(L, B.ImpliedBy->getBeginLoc(), SM);
    }
    for (const std::string &T : B.UniformConjuncts)
      L << " uniform-term='" << T << "'";
    if (B.OneBlock)
      L << " one-block";
    if (B.Leader)
      L << " leader";
    if (B.LeftOut)
      L << " left-out";
    if (B.ViaCall) {
      L << " via=";
      printLoc(L, B.ViaCall->getBeginLoc(), SM);
    }
    // What the check weighs (issue 13, third round), last on the line.
    if (B.Split.Exact && B.Split.PackingKnown && B.Split.DivergentWarps)
      L << " avoidable=" << B.Split.AvoidableWarps;
    // Issue 13, tenth round: the share of busy lanes in the warps that run
    // a one-sided branch's body, where packing could save some.
    if (B.Split.Exact && B.Split.BusyKnown && B.Split.BusyWarpLanes &&
        B.Split.AvoidableWarps && isa<clang::IfStmt>(B.S) &&
        !cast<clang::IfStmt>(B.S)->getElse())
      L << " busy=" << B.Split.BusyLanes * 100 / B.Split.BusyWarpLanes << "%";
    if (B.ScaledLoop)
      L << " scaled-loop";
    if (B.Orchestrates)
      L << " orchestrates";
    if (!B.FunctionLoops)
      L << " function-cost=" << B.FunctionCost;
    // Issue 13, fourth round.
    if (B.DataMove)
      L << " data-move";
    Lines.push_back({B.S->getBeginLoc(), std::move(Text)});
  }
  for (const DivergentBarrier &B : D.Barriers) {
    std::string Text;
    llvm::raw_string_ostream L(Text);
    L << "barrier " << barrierName(B)
      << ": scope=" << (B.WarpScope ? "warp" : "block") << " control=";
    if (B.Control)
      printLoc(L, B.Control->getBeginLoc(), SM);
    else
      L << "none";
    L << " level=" << sym::uniformityName(B.Level);
    if (B.AfterExit)
      L << " after-exit";
    if (B.SharedStoreAfterExit)
      L << " shared-store-after-exit";
    if (B.ViaCall) {
      L << " via=";
      printLoc(L, B.ViaCall->getBeginLoc(), SM);
    }
    Lines.push_back({B.Call->getBeginLoc(), std::move(Text)});
  }
  std::vector<size_t> Order(Lines.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    SourceLocation LA = SM.getFileLoc(Lines[A].first),
                   LB = SM.getFileLoc(Lines[B].first);
    if (LA == LB)
      return A < B;
    return SM.isBeforeInTranslationUnit(LA, LB);
  });
  for (size_t I : Order) {
    printLoc(OS, Lines[I].first, SM);
    OS << ": " << Context << ": " << Lines[I].second << "\n";
  }
}

} // namespace warplint
