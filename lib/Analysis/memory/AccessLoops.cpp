//===- AccessLoops.cpp - Loops of the value flow around an access ---------===//
#include "Analysis/memory/AccessLoops.h"

#include <algorithm>

using namespace clang;

namespace warplint {

unsigned loopDepth(const ValueFlow *Flow, const Stmt *S) {
  if (!Flow || !S)
    return 0;
  for (const FlowLoop &L : Flow->loops())
    if (L.LoopStmt == S)
      return L.Depth;
  return 0;
}

void addFlowLoops(const ValueFlow &Flow, ExprBuilder &Builder,
                  sym::ExprContext &SC, const Expr *Site,
                  const sym::Expr *Index, const sym::Expr *Guard,
                  std::vector<LoopIterations> &Loops) {
  // Copied: building the factor and the test below may meet more inductions.
  std::vector<ExprBuilder::InductionUse> Seen = Builder.inductions();
  for (const ExprBuilder::InductionUse &I : Seen) {
    const UseFacts &F = *I.Facts;
    if (!F.Loop || !Flow.inLoop(Site, *F.Loop))
      continue; // a value carried out of its loop: any iteration's
    if (!mentionsVariable(Index, I.Var) && !mentionsVariable(Guard, I.Var))
      continue;
    // One walked variable per loop: another induction of the same loop
    // (`offset *= 2` beside `d >>= 1`) moves in step with it, a companion.
    const void *Id = F.Loop->LoopStmt ? static_cast<const void *>(F.Loop->LoopStmt)
                                      : static_cast<const void *>(F.Loop);
    if (llvm::any_of(Loops,
                     [&](const LoopIterations &L) { return L.Var == I.Var; }))
      continue;
    auto Same = llvm::find_if(
        Loops, [&](const LoopIterations &L) { return L.Loop == Id; });
    LoopIterations L;
    L.Var = I.Var;
    L.Written = F.Update->Var->getNameAsString();
    L.Start = I.Start;
    L.Value = I.Value;
    L.Depth = F.Loop->Depth;
    L.Loop = Id;
    if (F.Step.Additive) {
      L.Kind = LoopIterations::StepKind::Add;
      L.By = 1;
    } else {
      const sym::Expr *Factor =
          F.Step.Factor ? Builder.build(F.Step.Factor) : nullptr;
      if (!Factor || !Factor->isConstant())
        continue;
      L.By = Factor->constant();
      auto Kind = geometricStepKind(F.Step.GeometricOp);
      if (!Kind)
        continue;
      L.Kind = *Kind;
    }
    if (Same != Loops.end()) {
      if (llvm::none_of(Same->Companions, [&](const auto &C) {
            return C.Var == L.Var;
          }))
        Same->Companions.push_back({L.Var, L.Start, L.Kind, L.By});
      continue;
    }
    if (F.Loop->Continue) {
      const sym::Expr *C = Builder.build(F.Loop->Continue);
      L.While = F.Loop->ContinueWhenTrue ? C : SC.logicalNot(C);
      L.BottomTested = F.Loop->BottomTested;
    }
    Loops.push_back(std::move(L));
  }
  std::stable_sort(Loops.begin(), Loops.end(),
                   [](const LoopIterations &A, const LoopIterations &B) {
                     return A.Depth < B.Depth;
                   });
}

} // namespace warplint
