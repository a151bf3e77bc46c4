//===- LaneSplitStarts.cpp - Loop values whose start the for does not give ===//
//
// Part of warplint; LaneEvaluator's enumeration of the values a condition's
// variable takes when its start is not written in a `for` init: a loop
// without an init (`for (; stride > 0; stride >>= 1)`), which starts where
// the code before it left the variable, and a ShrinkingView's leaf
// (Analysis/ShrinkingBound says why the test may read it).
//
//===----------------------------------------------------------------------===//
#include "Analysis/divergence/LaneSplit.h"

#include "Frontend/ExprBuilder.h"
#include "Frontend/LoopInduction.h"
#include "Frontend/ValueFlow.h"
#include "clang/AST/Stmt.h"

namespace warplint {
namespace divergence {

namespace {
/// Values of a shrinking bound enumerated at most (a 64-bit value halves to
/// zero in 64 steps).
constexpr unsigned MaxShrinkingValues = 64;
/// Iterations of a loop without an init enumerated at most (as for the
/// loops LaneSplit.cpp enumerates).
constexpr unsigned MaxNoInitIterations = 64;
} // namespace

std::optional<std::vector<std::pair<int64_t, int64_t>>>
LaneEvaluator::enumerateShrinking(const LaneScope &Scope, llvm::StringRef Name,
                                  const sym::Bindings *Base) {
  const ShrinkingView *View = Scope.Shrinking;
  if (!View || Name != View->Name || !View->Start || !View->Test)
    return std::nullopt;
  sym::Bindings B = Base ? *Base : Bind;
  sym::ThreadEvaluator TE(SC, Shape.Shape, B);
  auto Start = TE.eval(View->Start, {0, 0, 0});
  if (!Start || !Start->isConstant())
    return std::nullopt;
  int64_t Cur = Start->Const;
  std::vector<std::pair<int64_t, int64_t>> Values;
  for (unsigned K = 0; K < MaxShrinkingValues; ++K) {
    Values.push_back({Cur, Cur});
    // Once every lane fails `x < u`, it fails every later, smaller u too:
    // the iterations after it split nothing.
    B[Name.str()] = Cur;
    auto Warps = evalLanes(View->Test, B);
    if (!Warps)
      return std::nullopt;
    bool AllFail = true;
    for (const WarpValues &W : *Warps)
      for (const sym::SymValue &V : W)
        AllFail &= V.isConstant() && V.Const == 0;
    if (AllFail)
      return Values;
    std::optional<int64_t> Next = shrinkOnce(View->Bound, Cur);
    if (!Next)
      return std::nullopt;
    if (*Next == Cur)
      return Values; // every later iteration tests the same value
    Cur = *Next;
  }
  return std::nullopt;
}

bool LaneEvaluator::enumerateNoInit(
    const LaneScope &Scope, const clang::ForStmt &FS, llvm::StringRef Name,
    const sym::Bindings *Base,
    std::optional<std::vector<std::pair<int64_t, int64_t>>> &Out) {
  // The value flow's induction of this loop that the condition's build met:
  // its start is the value of the one definition that reaches the loop from
  // before it (ExprBuilder's inductionValue refuses several that differ).
  const ExprBuilder::InductionUse *Found = nullptr;
  for (const ExprBuilder::InductionUse &I : Scope.Builder.inductions())
    if (I.Facts && I.Facts->Loop && I.Facts->Loop->LoopStmt == &FS &&
        I.Var == Name) {
      Found = &I;
      break;
    }
  if (!Found || !FS.getCond() || !Found->Facts->Update)
    return false;
  Out = std::nullopt;
  const clang::VarDecl *V = Found->Facts->Update->Var;
  // The loop's own update moves the variable (not only its body).
  std::optional<InductionStep> S = inductionStep(FS.getInc(), V);
  if (!S || !Found->Start)
    return true;
  const sym::Expr *Cond = Scope.Builder.build(FS.getCond());
  sym::Bindings B = Base ? *Base : Bind;
  std::vector<std::pair<int64_t, int64_t>> Values; // (binding, value)
  if (S->Additive) {
    // Name is the iteration count K; the value Start + K * Step.
    if (!Found->Value)
      return true;
    for (int64_t K = 0; K < int64_t(MaxNoInitIterations); ++K) {
      B[Name.str()] = K;
      sym::ThreadEvaluator T(SC, Shape.Shape, B);
      auto C = T.eval(Cond, {0, 0, 0});
      auto Val = T.eval(Found->Value, {0, 0, 0});
      if (!C || !C->isConstant() || !Val || !Val->isConstant())
        return true;
      if (!C->Const) {
        Out = std::move(Values);
        return true;
      }
      Values.push_back({K, Val->Const});
    }
    return true;
  }
  // Geometric: the start evaluated, then the update applied step by step.
  sym::ThreadEvaluator TE(SC, Shape.Shape, B);
  auto Init = TE.eval(Found->Start, {0, 0, 0});
  if (!Init || !Init->isConstant())
    return true;
  int64_t Cur = Init->Const;
  for (unsigned K = 0; K < MaxNoInitIterations; ++K) {
    B[Name.str()] = Cur;
    sym::ThreadEvaluator T(SC, Shape.Shape, B);
    auto C = T.eval(Cond, {0, 0, 0});
    if (!C || !C->isConstant())
      return true;
    if (!C->Const) {
      Out = std::move(Values);
      return true;
    }
    Values.push_back({Cur, Cur});
    auto Next = step(FS.getInc(), V, Cur);
    if (!Next || *Next == Cur)
      return true;
    Cur = *Next;
  }
  return true;
}

} // namespace divergence
} // namespace warplint
