//===- DivergenceLoopShapes.cpp - Loops whose lanes differ little --------===//
//
// Part of warplint; private to lib/Analysis. The walker's questions about a
// loop whose condition differs between the lanes of a warp, each read from
// the loop's induction and bound and evaluated for the block shape: do the
// lanes run the same number of trips (sameTripCount), a window clamped at
// the edges (clampedWindow), a warp's own range in steps wider than its
// lanes' starts (warpStridedLoop), breaks at an index's bound that lanes
// take within one iteration of each other (tailBreaks), or starts too far
// apart for a stride counter to be a tail (wideStarts).
//
//===----------------------------------------------------------------------===//
#include "Analysis/divergence/DivergenceWalker.h"

#include "Analysis/divergence/GuardPatterns.h"
#include "Frontend/LoopInduction.h"
#include "Symbolic/Uniformity.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/FoldingSet.h"

using namespace clang;

namespace warplint {
namespace divergence {

using sym::Uniformity;

namespace {
/// The variables \p E reads (bounded).
void readVars(const Stmt *S, llvm::SmallVectorImpl<const VarDecl *> &Out,
              unsigned Depth = 0) {
  if (!S || Depth > 32 || Out.size() > 16)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      Out.push_back(V);
  for (const Stmt *C : S->children())
    readVars(C, Out, Depth + 1);
}
} // namespace

std::optional<std::pair<const Expr *, const Expr *>>
Walker::loopWindow(const Stmt *L, FnState &F) {
  const auto *FS = dyn_cast<ForStmt>(L);
  if (!FS || !FS->getBody() || !FS->getCond())
    return std::nullopt;
  std::optional<ForInduction> Ind = forInduction(*FS);
  // `for (p = a; ...)` on a variable declared before the loop.
  if (!Ind && FS->getInit())
    if (const auto *BO = dyn_cast<BinaryOperator>(FS->getInit());
        BO && BO->getOpcode() == BO_Assign)
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
        if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
          if (std::optional<InductionStep> St = inductionStep(FS->getInc(), V))
            Ind = ForInduction{V, BO->getRHS(), *St};
  if (!Ind || !Ind->Init || !Ind->Step.Additive ||
      !Ind->Var->getType()->isIntegerType() ||
      (Ind->Step.Step && level(Ind->Step.Step, F).U == Uniformity::LaneVarying))
    return std::nullopt;
  const auto *Cond =
      dyn_cast<BinaryOperator>(FS->getCond()->IgnoreParenImpCasts());
  if (!Cond || !(Cond->isRelationalOp() || Cond->getOpcode() == BO_NE))
    return std::nullopt;
  auto IsVar = [&](const Expr *E) { return refersTo(E, Ind->Var); };
  const Expr *Bound = IsVar(Cond->getLHS())   ? Cond->getRHS()
                      : IsVar(Cond->getRHS()) ? Cond->getLHS()
                                              : nullptr;
  if (!Bound)
    return std::nullopt;
  // Neither the variable nor anything the bound reads moves in the body.
  llvm::SmallVector<const VarDecl *, 8> Vars{Ind->Var};
  readVars(Bound, Vars);
  if (Vars.size() > 16)
    return std::nullopt;
  for (const VarDecl *V : Vars)
    if (Mutations.isMutated(*V, *FS->getBody(), Ctx) ||
        (FS->getInc() && V != Ind->Var &&
         Mutations.isMutated(*V, *FS->getInc(), Ctx)))
      return std::nullopt;
  return std::make_pair(Ind->Init, Bound);
}

bool Walker::clampedWindow(const Stmt *L, FnState &F) {
  auto W = loopWindow(L, F);
  if (!W)
    return false;
  const sym::Expr *Start = F.Builder->build(W->first);
  const sym::Expr *Bound = F.Builder->build(W->second);
  return (F.IsKernel || (!mentionsVaryingParam(Start, F) &&
                         !mentionsVaryingParam(Bound, F))) &&
         isClampedWindow(SC, Start, Bound);
}

std::optional<std::pair<int64_t, int64_t>>
Walker::startSpread(const ForInduction &Ind, FnState &F) {
  if (!Ind.Init || !Ind.Step.Additive || Ind.Step.Negate)
    return std::nullopt;
  const sym::Expr *Start = F.Builder->build(Ind.Init);
  const sym::Expr *Step =
      Ind.Step.Step ? F.Builder->build(Ind.Step.Step) : nullptr;
  if (!F.IsKernel && (mentionsVaryingParam(Start, F) ||
                      (Step && mentionsVaryingParam(Step, F))))
    return std::nullopt;
  std::optional<int64_t> Spread = Lanes.laneSpread(Start);
  std::optional<int64_t> Least =
      Step ? Lanes.uniformLowerBound(Step) : std::optional<int64_t>(1);
  if (!Spread || !Least)
    return std::nullopt;
  return std::make_pair(*Spread, *Least);
}

bool Walker::wideStarts(const Stmt *L, FnState &F) {
  const auto *FS = dyn_cast<ForStmt>(L);
  std::optional<ForInduction> Ind = FS ? forInduction(*FS) : std::nullopt;
  auto S = Ind ? startSpread(*Ind, F) : std::nullopt;
  // Lanes more than one step apart at the start stop more than one trip
  // apart: not one partial pass, as at a tail.
  return S && S->second > 0 && S->first >= 2 * S->second;
}

bool Walker::tailBreaks(const Stmt *L, FnState &F) {
  const auto *FS = dyn_cast<ForStmt>(L);
  auto It = F.LoopBreaks.find(L);
  if (!FS || It == F.LoopBreaks.end() || It->second.empty())
    return false;
  std::optional<ForInduction> Ind = forInduction(*FS);
  if (!Ind || !Ind->Step.Additive || Ind->Step.Negate)
    return false;
  std::string Iter = (Ind->Var->getName() + ".iter").str();
  // A loop of at most one trip (its condition fails at the second iteration
  // in every lane: `for (it = 0; it < WARP_ITERATIONS; it += 4)` with
  // WARP_ITERATIONS 1): lanes run none or one, and a break at a tail guard
  // leaves one warp with both.
  bool OneTrip = false;
  if (FS->getCond())
    OneTrip = Lanes.falseAt(F.Builder->build(FS->getCond()), Iter, 1);
  for (const auto &[Cond, WhenTrue] : It->second) {
    if (!Cond)
      return false;
    if (OneTrip) {
      FunctionGuardQueries Q(*this, F);
      if (!isBoundGuard(Cond, Q))
        return false;
      continue;
    }
    const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
    if (!BO || !BO->isRelationalOp())
      return false;
    // The side that grows past the bound: the break runs where `idx >=
    // bound` holds (or in the else branch of `idx < bound`).
    bool Upper = BO->getOpcode() == BO_GE || BO->getOpcode() == BO_GT;
    bool IdxLeft = Upper == WhenTrue;
    const Expr *Idx = IdxLeft ? BO->getLHS() : BO->getRHS();
    const Expr *Bound = IdxLeft ? BO->getRHS() : BO->getLHS();
    if (!Idx->getType()->isIntegerType() || !Bound->getType()->isIntegerType() ||
        level(Idx, F).DataDep || level(Bound, F).DataDep)
      return false;
    const sym::Expr *X = F.Builder->build(Idx);
    const sym::Expr *Y = F.Builder->build(Bound);
    if (!F.IsKernel && (mentionsVaryingParam(X, F) || mentionsVaryingParam(Y, F)))
      return false;
    if (Y->mayVaryByLane() && !Lanes.warpUniform(Y))
      return false;
    // The index at the first three iterations: it must grow by the same
    // constant each time, more than its lanes' spread.
    std::optional<int64_t> Step = Lanes.iterationStep(X, Iter);
    std::optional<int64_t> Spread = Lanes.laneSpreadAt(X, Iter, 0);
    if (!Step || !Spread || *Step <= *Spread)
      return false;
  }
  return true;
}

bool Walker::warpStridedLoop(const Stmt *L, FnState &F) {
  const auto *FS = dyn_cast<ForStmt>(L);
  if (!FS || !loopWindow(L, F))
    return false;
  std::optional<ForInduction> Ind = forInduction(*FS);
  if (!Ind)
    return false;
  // `i < bound` or `i <= bound` (or the same written the other way round):
  // the counter runs up.
  const auto *Cond =
      dyn_cast<BinaryOperator>(FS->getCond()->IgnoreParenImpCasts());
  if (!Cond)
    return false;
  const Expr *Bound = nullptr;
  if ((Cond->getOpcode() == BO_LT || Cond->getOpcode() == BO_LE) &&
      refersTo(Cond->getLHS(), Ind->Var))
    Bound = Cond->getRHS();
  else if ((Cond->getOpcode() == BO_GT || Cond->getOpcode() == BO_GE) &&
           refersTo(Cond->getRHS(), Ind->Var))
    Bound = Cond->getLHS();
  if (!Bound || !Bound->getType()->isIntegerType())
    return false;
  for (const Expr *E : {Ind->Init, Bound, Ind->Step.Step})
    if (E && level(E, F).DataDep)
      return false;
  // The bound is the same for the whole warp, and the lanes' starts lie
  // within one step: lane l runs ceil((end - start_l) / step) trips, and
  // starts less than a step apart give counts at most one apart.
  const sym::Expr *End = F.Builder->build(Bound);
  if ((!F.IsKernel && mentionsVaryingParam(End, F)) ||
      (End->mayVaryByLane() && !Lanes.warpUniform(End)))
    return false;
  auto S = startSpread(*Ind, F);
  return S && S->first < S->second;
}

std::optional<Uniformity> Walker::sameTripCount(const Stmt *L, FnState &F) {
  auto W = loopWindow(L, F);
  if (!W)
    return std::nullopt;
  const auto [Init, Bound] = *W;
  // Each lane runs ceil((bound - start) / step) trips: the trip count is as
  // uniform as the distance and the step (loopWindow: nothing in the body
  // moves either), whatever lane offset the start and the bound share.
  const auto *FS = cast<ForStmt>(L);
  Uniformity StepLevel = Uniformity::Constant;
  if (std::optional<ForInduction> Ind = forInduction(*FS);
      Ind && Ind->Step.Step)
    StepLevel = level(Ind->Step.Step, F).U;
  // The distance from the start to the bound is the same in every lane:
  // written so (`p < a + n` with p starting at a), or so once built.
  if (const auto *Add = dyn_cast<BinaryOperator>(Bound->IgnoreParenImpCasts());
      Add && Add->getOpcode() == BO_Add) {
    auto Same = [&](const Expr *A, const Expr *B) {
      llvm::FoldingSetNodeID IA, IB;
      A->IgnoreParenImpCasts()->Profile(IA, Ctx, /*Canonical=*/true);
      B->IgnoreParenImpCasts()->Profile(IB, Ctx, /*Canonical=*/true);
      return IA == IB;
    };
    for (auto [Start, Len] : {std::pair(Add->getLHS(), Add->getRHS()),
                              std::pair(Add->getRHS(), Add->getLHS())})
      if (Same(Start, Init)) {
        Uniformity U = std::max(level(Len, F).U, StepLevel);
        if (U != Uniformity::LaneVarying)
          return U;
      }
  }
  // Products of sums multiplied out first: `for (j = tid * n; j < (tid + 1)
  // * n; ++j)` gives (tid + 1) * n - tid * n = n; a lane offset on both
  // sides (`t = b + tid; t < e + tid`) cancels.
  // A block-stride loop over a bound padded to a multiple of its stride
  // (`for (i = tid; i < S * ((n + S - 1) / S); i += S)`): thread t, starting
  // in [0, S), runs ceil((bound - t) / S) = bound / S trips, every thread
  // alike.
  if (std::optional<ForInduction> Ind = forInduction(*FS);
      Ind && Ind->Step.Step && !Ind->Step.Negate && F.IsKernel) {
    std::optional<int64_t> S =
        Lanes.blockConstant(F.Builder->build(Ind->Step.Step));
    // A conversion between int and unsigned of the same width keeps the
    // multiple.
    const sym::Expr *B = F.Builder->build(Bound);
    while (B->kind() == sym::ExprKind::Cast && B->ops().size() == 1)
      B = B->op(0);
    bool Multiple = false;
    if (S && *S > 0 && B->kind() == sym::ExprKind::Mul)
      for (const sym::Expr *O : B->ops())
        if (std::optional<int64_t> C = Lanes.blockConstant(O))
          Multiple |= *C != 0 && *C % *S == 0;
    if (Multiple && Lanes.withinFirstPeriod(F.Builder->build(Init), *S)) {
      Uniformity U = std::max(level(Bound, F).U, StepLevel);
      if (U != Uniformity::LaneVarying)
        return U;
    }
  }
  unsigned Budget = 32;
  const sym::Expr *Dist =
      SC.sub(sym::expandProducts(SC, F.Builder->build(Bound), Budget),
             sym::expandProducts(SC, F.Builder->build(Init), Budget));
  if (!Dist || Dist->mayVaryByLane() ||
      (!F.IsKernel && mentionsVaryingParam(Dist, F)))
    return std::nullopt;
  sym::ShapeFacts Facts;
  Facts.BlockDim = {unsigned(Shape.Shape.BlockDim[0]),
                    unsigned(Shape.Shape.BlockDim[1]),
                    unsigned(Shape.Shape.BlockDim[2])};
  Facts.WarpSize = Opts.WarpSize;
  Uniformity U =
      std::max(sym::classifyUniformity(SC, Dist, Facts).Level, StepLevel);
  // A distance that reads values the builder cannot place (a helper's
  // parameters are taken as uniform) is at least warp-uniform, as before.
  if (!F.IsKernel)
    U = std::max(U, Uniformity::WarpUniform);
  if (U == Uniformity::LaneVarying)
    return std::nullopt;
  return U;
}

} // namespace divergence
} // namespace warplint
