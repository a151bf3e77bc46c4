//===- LaneSplit.cpp - Exact per-lane evaluation of conditions ------------===//
#include "Analysis/divergence/LaneSplit.h"

#include "Analysis/divergence/LastTile.h"
#include "Frontend/ExprBuilder.h"
#include "Frontend/LoopInduction.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include <algorithm>
#include <functional>
#include <map>

using namespace clang;

namespace warplint {
namespace divergence {

using sym::Uniformity;

namespace {

/// Loops longer than this are not enumerated.
constexpr unsigned MaxEnumeratedIterations = 64;
/// Pairs of values of two enclosing loops' variables evaluated at most.
constexpr unsigned MaxEnumeratedCombinations = 256;
/// Uniform tests a condition is evaluated under both answers of, at most.
constexpr unsigned MaxCaseTests = 3;

bool same(const sym::SymValue &A, const sym::SymValue &B) {
  return A.Const == B.Const && A.sameTerms(B);
}

bool divergent(const std::vector<sym::SymValue> &W) {
  for (const auto &V : W)
    if (!same(V, W.front()))
      return true;
  return false;
}

/// The loop variables a symbolic expression mentions.
void loopIVs(const sym::Expr *E, llvm::SmallVectorImpl<std::string> &Out,
             unsigned Depth = 0) {
  if (Depth > 64)
    return;
  if (E->kind() == sym::ExprKind::LoopIV) {
    std::string N = E->name().str();
    if (llvm::find(Out, N) == Out.end())
      Out.push_back(N);
  }
  for (const sym::Expr *O : E->ops())
    loopIVs(O, Out, Depth + 1);
}

/// The leaves of \p E that no binding gives a value: parameters and loop
/// variables (by name; a loop count "i.iter" as its variable), the first
/// few, for the message.
void undecided(const sym::Expr *E, std::vector<std::string> &Out,
               const sym::Bindings &Bound, unsigned Depth = 0) {
  if (Depth > 64 || Out.size() >= 3)
    return;
  if (E->kind() == sym::ExprKind::Param || E->kind() == sym::ExprKind::LoopIV) {
    std::string N = E->name().str();
    if (!Bound.count(E->name())) {
      if (llvm::StringRef(N).ends_with(".iter"))
        N.resize(N.size() - 5);
      if (llvm::find(Out, N) == Out.end())
        Out.push_back(N);
    }
  }
  for (const sym::Expr *O : E->ops())
    undecided(O, Out, Bound, Depth + 1);
}

/// The tests inside \p E that every lane of a warp answers alike but that
/// cannot be evaluated here (`width % 2` in `(width % 2) && tid == last`):
/// operands of logical operators and conditions of selects.
void uniformTests(const sym::Expr *E, llvm::SmallVectorImpl<const sym::Expr *> &Out,
                  const std::function<bool(const sym::Expr *)> &Unknown,
                  unsigned Depth = 0) {
  if (Depth > 64 || Out.size() > MaxCaseTests)
    return;
  using K = sym::ExprKind;
  bool Logical = E->kind() == K::LogicalAnd || E->kind() == K::LogicalOr ||
                 E->kind() == K::LogicalNot;
  for (unsigned I = 0; I < E->ops().size(); ++I) {
    const sym::Expr *O = E->op(I);
    bool Test = Logical || (E->kind() == K::Select && I == 0);
    if (Test && !O->isConstant() && !O->mayVaryByLane()) {
      if (Unknown(O) && llvm::find(Out, O) == Out.end())
        Out.push_back(O);
      continue;
    }
    uniformTests(O, Out, Unknown, Depth + 1);
  }
}

/// \p V is at least \p M for every value of the uniform leaves: V - M is a
/// non-negative constant, or V is a select whose every arm is (`(a % b == 0)
/// ? a / b : a / b + 1`, a rounded-up quotient, against M = a / b).
bool atLeast(sym::ExprContext &SC, const sym::Expr *V, const sym::Expr *M,
             unsigned Depth = 0) {
  if (Depth > 8)
    return false;
  if (V->kind() == sym::ExprKind::Select)
    return atLeast(SC, V->op(1), M, Depth + 1) &&
           atLeast(SC, V->op(2), M, Depth + 1);
  if (V->kind() == sym::ExprKind::Cast && V->type() == M->type())
    return atLeast(SC, V->op(0), M, Depth + 1);
  const sym::Expr *D = SC.sub(V, M);
  if (!D || !D->isConstant())
    return false;
  // In unsigned arithmetic a negative difference wraps: take only small
  // ones for non-negative.
  int64_t C = D->constant();
  unsigned Bits = D->type().Bits;
  return C >= 0 && (D->type().Signed || Bits > 62 || C < (int64_t(1) << (Bits - 1)));
}

/// \p E is the constant -1 of its type (all ones when unsigned).
bool minusOne(const sym::Expr *E) {
  if (!E->isConstant())
    return false;
  unsigned Bits = E->type().Bits;
  return E->constant() == -1 ||
         (!E->type().Signed && Bits < 63 &&
          E->constant() == (int64_t(1) << Bits) - 1);
}

/// `x & (m - 1) < b` with b >= m, in unsigned arithmetic: the mask keeps x
/// at most m - 1, so the condition holds in every lane (`i < segmentSamples`
/// with i = pos & (stride / 128 - 1) and segmentSamples the rounded-up
/// stride / 128, cuda-samples mergeSort). A mask written `m - 1` is taken
/// for the power-of-two idiom, m >= 1: with m = 0 it would keep every bit.
bool maskBelowBound(sym::ExprContext &SC, const sym::Expr *E) {
  if (E->kind() != sym::ExprKind::Lt || E->ops().size() != 2)
    return false;
  const sym::Expr *A = E->op(0), *B = E->op(1);
  while (A->kind() == sym::ExprKind::Cast && !A->type().Signed &&
         A->type().Bits >= A->op(0)->type().Bits && !A->op(0)->type().Signed)
    A = A->op(0);
  if (A->kind() != sym::ExprKind::And || A->type().Signed)
    return false;
  for (const sym::Expr *Mask : A->ops()) {
    // m - 1: an Add of a non-constant term and the constant -1.
    if (Mask->kind() != sym::ExprKind::Add || Mask->ops().size() != 2 ||
        !minusOne(Mask->op(1)) || Mask->op(0)->mayVaryByLane())
      continue;
    const sym::Expr *M = Mask->op(0);
    if (!B->mayVaryByLane() && atLeast(SC, B, M))
      return true;
  }
  return false;
}

/// The lanes whose value is non-zero (they take the branch), and the lanes
/// of the warps in which at least one is; false (and both 0) when a value is
/// not a known 0 or 1. The packing count and LaneSplit::BusyLanes read it.
bool countBusy(const std::vector<std::vector<sym::SymValue>> &Warps,
               uint64_t &Busy, uint64_t &WarpLanes) {
  Busy = WarpLanes = 0;
  for (const auto &W : Warps) {
    uint64_t On = 0;
    for (const sym::SymValue &V : W) {
      if (!V.isConstant() || (V.Const != 0 && V.Const != 1)) {
        Busy = WarpLanes = 0;
        return false;
      }
      On += V.Const;
    }
    if (On) {
      Busy += On;
      WarpLanes += W.size();
    }
  }
  return true;
}

/// Adds one evaluation's busy lanes to \p Total (an iteration's, of a loop).
void addBusy(LaneSplit &Total, const LaneSplit &S) {
  Total.BusyKnown &= S.BusyKnown;
  Total.BusyLanes += S.BusyLanes;
  Total.BusyWarpLanes += S.BusyWarpLanes;
}

/// The busy lanes summed over every iteration, into the split reported.
void takeBusy(LaneSplit &Split, const LaneSplit &Total) {
  Split.BusyKnown = Total.BusyKnown;
  Split.BusyLanes = Total.BusyLanes;
  Split.BusyWarpLanes = Total.BusyWarpLanes;
}

} // namespace

LaneEvaluator::LaneEvaluator(ASTContext &Ctx, sym::ExprContext &SC,
                             const KernelShape &Shape)
    : Ctx(Ctx), SC(SC), Shape(Shape) {
  for (const auto &P : Shape.Params)
    Bind[P.first] = P.second;
}

bool LaneEvaluator::warpUniform(const sym::Expr *E, unsigned Depth) {
  if (!E->mayVaryByLane())
    return true;
  if (Depth > 16)
    return false;
  if (auto Warps = evalLanes(E, sym::Bindings()))
    return llvm::none_of(*Warps,
                         [](const WarpValues &W) { return divergent(W); });
  // Where the lanes could not be evaluated (a product of two runtime values,
  // `chunk * warp`): every operation is a function of its operands, so
  // operands each the same across a warp give a result that is too.
  if (E->ops().empty())
    return false;
  for (const sym::Expr *O : E->ops())
    if (!warpUniform(O, Depth + 1))
      return false;
  return true;
}

bool LaneEvaluator::withinFirstPeriod(const sym::Expr *E, int64_t Period) {
  auto Warps = evalLanes(E, sym::Bindings());
  return Warps && !Warps->empty() && Period > 0 &&
         llvm::all_of(*Warps, [&](const WarpValues &W) {
           return llvm::all_of(W, [&](const sym::SymValue &V) {
             return V.isConstant() && V.Const >= 0 && V.Const < Period;
           });
         });
}

std::optional<int64_t> LaneEvaluator::blockConstant(const sym::Expr *E) {
  if (E->mayVaryByLane())
    return std::nullopt;
  sym::Bindings None;
  sym::ThreadEvaluator TE(SC, Shape.Shape, None);
  auto V = TE.eval(E, {0, 0, 0});
  if (!V || !V->isConstant())
    return std::nullopt;
  return V->Const;
}

bool LaneEvaluator::sameInEveryWarp(const sym::Expr *E) {
  auto Warps = evalLanes(E, sym::Bindings());
  if (!Warps || Warps->empty())
    return false;
  const WarpValues &First = Warps->front();
  return llvm::all_of(*Warps, [&](const WarpValues &W) {
    if (W.size() != First.size())
      return false;
    for (size_t L = 0; L < W.size(); ++L)
      if (W[L].Const != First[L].Const || !W[L].sameTerms(First[L]))
        return false;
    return true;
  });
}

namespace {
/// The largest difference between two lanes' values in one warp, when the
/// values of each warp share their terms.
std::optional<int64_t>
spreadOf(const std::vector<std::vector<sym::SymValue>> &Warps) {
  int64_t Spread = 0;
  for (const auto &W : Warps) {
    if (W.empty())
      continue;
    int64_t Lo = W.front().Const, Hi = W.front().Const;
    for (const sym::SymValue &V : W) {
      if (!V.sameTerms(W.front()))
        return std::nullopt;
      Lo = std::min(Lo, V.Const);
      Hi = std::max(Hi, V.Const);
    }
    Spread = std::max(Spread, Hi - Lo);
  }
  return Spread;
}
} // namespace

std::optional<int64_t> LaneEvaluator::laneSpreadAt(const sym::Expr *E,
                                                   llvm::StringRef Iter,
                                                   int64_t K) {
  sym::Bindings B;
  B[Iter] = K;
  auto Warps = evalLanes(E, B);
  if (!Warps)
    return std::nullopt;
  return spreadOf(*Warps);
}

bool LaneEvaluator::falseAt(const sym::Expr *E, llvm::StringRef Iter,
                            int64_t K) {
  sym::Bindings B;
  B[Iter] = K;
  auto Warps = evalLanes(E, B);
  return Warps && llvm::all_of(*Warps, [](const WarpValues &W) {
           return llvm::all_of(W, [](const sym::SymValue &V) {
             return V.isConstant() && V.Const == 0;
           });
         });
}

std::optional<int64_t> LaneEvaluator::iterationStep(const sym::Expr *E,
                                                    llvm::StringRef Iter) {
  std::optional<std::vector<WarpValues>> At[3];
  for (int64_t K = 0; K < 3; ++K) {
    sym::Bindings B;
    B[Iter] = K;
    At[K] = evalLanes(E, B);
    if (!At[K])
      return std::nullopt;
  }
  std::optional<int64_t> Step;
  for (size_t W = 0; W < At[0]->size(); ++W)
    for (size_t Ln = 0; Ln < (*At[0])[W].size(); ++Ln) {
      const sym::SymValue &V0 = (*At[0])[W][Ln], &V1 = (*At[1])[W][Ln],
                          &V2 = (*At[2])[W][Ln];
      if (!V0.sameTerms(V1) || !V1.sameTerms(V2))
        return std::nullopt;
      int64_t D1 = V1.Const - V0.Const, D2 = V2.Const - V1.Const;
      if (D1 != D2 || D1 <= 0 || (Step && *Step != D1))
        return std::nullopt;
      Step = D1;
    }
  return Step;
}

std::optional<int64_t> LaneEvaluator::laneSpread(const sym::Expr *E) {
  auto Warps = evalLanes(E, sym::Bindings());
  // A sum whose lanes could not be evaluated: the terms the same across each
  // warp add the same to every lane, the others decide the spread.
  if (!Warps && E->kind() == sym::ExprKind::Add) {
    const sym::Expr *Rest = nullptr;
    for (const sym::Expr *O : E->ops())
      if (!warpUniform(O))
        Rest = Rest ? SC.add(Rest, O) : O;
    if (!Rest)
      return 0;
    Warps = evalLanes(Rest, sym::Bindings());
  }
  if (!Warps)
    return std::nullopt;
  return spreadOf(*Warps);
}

std::optional<int64_t> LaneEvaluator::uniformLowerBound(const sym::Expr *E) {
  if (E->mayVaryByLane())
    return std::nullopt;
  // ThreadEvaluator keeps a reference to its bindings: they must outlive it.
  sym::Bindings None;
  sym::ThreadEvaluator TE(SC, Shape.Shape, None);
  auto V = TE.eval(E, {0, 0, 0});
  if (!V)
    return std::nullopt;
  int64_t Least = V->Const;
  for (const auto &[Atom, Coef] : V->Terms) {
    if (Atom->kind() != sym::ExprKind::GridDim || Coef <= 0)
      return std::nullopt;
    Least += Coef;
  }
  return Least;
}

std::optional<std::vector<LaneEvaluator::WarpValues>>
LaneEvaluator::evalLanes(const sym::Expr *E, const sym::Bindings &B) {
  sym::ThreadEvaluator TE(SC, Shape.Shape, B);
  std::vector<WarpValues> Warps;
  const sym::LaunchShape &S = Shape.Shape;
  for (unsigned W = 0; W < S.warpsPerBlock(); ++W) {
    WarpValues Vals;
    for (unsigned L = 0; L < S.WarpSize; ++L) {
      unsigned Linear = W * S.WarpSize + L;
      if (Linear >= S.threadsPerBlock())
        break;
      auto V = TE.eval(E, S.threadOf(Linear));
      if (!V)
        return std::nullopt;
      Vals.push_back(*V);
    }
    Warps.push_back(std::move(Vals));
  }
  return Warps;
}

void LaneEvaluator::describe(const std::vector<WarpValues> &Warps,
                             LaneSplit &Split) {
  Split.Exact = true;
  Split.Warps = Warps.size();
  Split.DivergentWarps = 0;
  std::optional<std::vector<bool>> Pattern;
  bool SamePattern = true, Boolean = true, Single = true;
  for (unsigned W = 0; W < Warps.size(); ++W) {
    if (!divergent(Warps[W]))
      continue;
    if (!Split.DivergentWarps)
      Split.FirstDivergentWarp = W;
    ++Split.DivergentWarps;
    std::vector<bool> T;
    unsigned On = 0;
    for (const auto &V : Warps[W]) {
      if (!V.isConstant())
        Boolean = false;
      T.push_back(V.Const != 0);
      On += V.Const != 0;
    }
    Single &= On == 1;
    if (!Pattern)
      Pattern = T;
    else if (*Pattern != T)
      SamePattern = false;
  }
  Split.SingleLane = Boolean && Single && Split.DivergentWarps > 0;
  // The same lanes packed into consecutive threads: at most the one warp
  // holding the boundary diverges (an exact multiple of the warp: none).
  Split.PackingKnown = false;
  Split.AvoidableWarps = 0;
  uint64_t Taken = 0, TakingWarpLanes = 0;
  bool ZeroOne = countBusy(Warps, Taken, TakingWarpLanes);
  unsigned WarpSize = 0;
  for (const WarpValues &W : Warps)
    WarpSize = std::max<unsigned>(WarpSize, W.size());
  if (ZeroOne && WarpSize) {
    unsigned Packed = Taken % WarpSize ? 1 : 0;
    Split.PackingKnown = true;
    Split.AvoidableWarps =
        Split.DivergentWarps > Packed ? Split.DivergentWarps - Packed : 0;
  }
  // Every warp's mask, for the report's picture of the block.
  Split.PerWarp.clear();
  for (const WarpValues &W : Warps) {
    if (W.size() > 64 || llvm::any_of(W, [](const sym::SymValue &V) {
          return !V.isConstant();
        })) {
      Split.PerWarp.clear();
      break;
    }
    uint64_t Mask = 0;
    for (unsigned L = 0; L < W.size(); ++L)
      if (W[L].Const != 0)
        Mask |= uint64_t(1) << L;
    Split.PerWarp.push_back({unsigned(W.size()), Mask});
  }
  // The mask holds 64 lanes; a wider warp keeps only the counts.
  Split.SamePattern =
      Boolean && SamePattern && Pattern && Pattern->size() <= 64;
  if (!Split.SamePattern)
    return;
  Split.LanesPerWarp = Pattern->size();
  for (unsigned L = 0; L < Pattern->size(); ++L)
    if ((*Pattern)[L])
      Split.TakenLanes |= uint64_t(1) << L;
}

std::optional<unsigned> LaneEvaluator::maxEqualLanes(const sym::Expr *E) {
  auto Warps = evalLanes(E, Bind);
  if (!Warps)
    return std::nullopt;
  unsigned Max = 0;
  for (const WarpValues &W : *Warps)
    for (size_t I = 0; I < W.size(); ++I) {
      // Lanes whose values differ in a symbolic term might still be equal.
      if (!W[I].sameTerms(W.front()))
        return std::nullopt;
      unsigned N = 0;
      for (size_t J = 0; J < W.size(); ++J)
        N += same(W[I], W[J]);
      Max = std::max(Max, N);
    }
  return Max;
}

std::optional<std::vector<std::pair<int64_t, int64_t>>>
LaneEvaluator::enumerateLoop(const LaneScope &Scope, llvm::StringRef Name,
                             const sym::Bindings *Base) {
  for (const Stmt *Enclosing : llvm::reverse(Scope.Enclosing)) {
    const auto *FS = dyn_cast_or_null<ForStmt>(Enclosing);
    if (!FS || !FS->getCond())
      continue;
    if (!FS->getInit()) {
      std::optional<std::vector<std::pair<int64_t, int64_t>>> Values;
      if (enumerateNoInit(Scope, *FS, Name, Base, Values))
        return Values;
      continue;
    }
    const VarDecl *V = nullptr;
    // The loop's variable, its first value and whether it moves by a
    // factor: declared in the loop (`for (int i = 2; ...)`, the function's
    // loop facts), or declared before it and assigned there (`int i; ...
    // for (i = 2; i <= N; i = 2 * i)`, the C style; the variable may serve
    // several loops).
    const Expr *InitE = nullptr;
    bool Geometric = false;
    // Additive: the variable's value in iteration Name.
    const sym::Expr *IV = nullptr;
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit());
        DS && DS->isSingleDecl()) {
      V = dyn_cast<VarDecl>(DS->getSingleDecl());
      const LoopVarInfo *LI = V ? Scope.Facts.loopVar(V) : nullptr;
      if (!LI || LI->Loop != FS)
        continue;
      InitE = LI->Init;
      Geometric = LI->Geometric;
      if (!Geometric)
        IV = Scope.Builder.build(DeclRefExpr::Create(
            Ctx, NestedNameSpecifierLoc(), SourceLocation(),
            const_cast<VarDecl *>(V), false, SourceLocation(), V->getType(),
            VK_LValue));
    } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(
                   FS->getInit() ? dyn_cast<Expr>(FS->getInit())
                                       ->IgnoreParenImpCasts()
                                 : nullptr);
               BO && BO->getOpcode() == BO_Assign) {
      const auto *DRE =
          dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
      V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (!V || !V->hasLocalStorage() || !V->getType()->isIntegerType())
        continue;
      std::optional<InductionStep> S = inductionStep(FS->getInc(), V);
      if (!S)
        continue;
      InitE = BO->getRHS();
      Geometric = !S->Additive;
      if (!Geometric && Name == V->getName().str() + ".iter") {
        // Built here from the first value and the constant step, as the
        // builder builds a declared loop's variable (this one has no loop
        // facts of its own).
        std::optional<llvm::APSInt> StepC =
            S->Step ? S->Step->getIntegerConstantExpr(Ctx)
                    : std::optional<llvm::APSInt>(llvm::APSInt::get(1));
        if (!StepC)
          return std::nullopt;
        const sym::Expr *Step = SC.constant(
            StepC->getExtValue(), ExprBuilder::typeOf(V->getType(), Ctx));
        const sym::Expr *Delta =
            SC.mul(Scope.Builder.iterationCount(V, Step), Step);
        const sym::Expr *Init = Scope.Builder.build(InitE);
        IV = S->Negate ? SC.sub(Init, Delta) : SC.add(Init, Delta);
      }
    } else {
      continue;
    }
    std::string VName = V->getName().str();
    if (Name != (Geometric ? VName : VName + ".iter"))
      continue;
    const sym::Expr *Cond = Scope.Builder.build(FS->getCond());
    sym::Bindings B = Base ? *Base : Bind;
    sym::ThreadEvaluator TE(SC, Shape.Shape, B);
    std::vector<std::pair<int64_t, int64_t>> Values; // (binding, IV value)
    if (!Geometric) {
      for (int64_t K = 0; K < MaxEnumeratedIterations; ++K) {
        B[Name] = K;
        sym::ThreadEvaluator T2(SC, Shape.Shape, B);
        auto C = T2.eval(Cond, {0, 0, 0});
        auto Val = T2.eval(IV, {0, 0, 0});
        if (!C || !C->isConstant() || !Val || !Val->isConstant())
          return std::nullopt;
        if (!C->Const)
          return Values;
        Values.push_back({K, Val->Const});
      }
      return std::nullopt;
    }
    // Geometric: first value, then the increment applied step by step.
    auto Init = TE.eval(Scope.Builder.build(InitE), {0, 0, 0});
    if (!Init || !Init->isConstant())
      return std::nullopt;
    int64_t Cur = Init->Const;
    for (unsigned K = 0; K < MaxEnumeratedIterations; ++K) {
      B[Name] = Cur;
      sym::ThreadEvaluator T2(SC, Shape.Shape, B);
      auto C = T2.eval(Cond, {0, 0, 0});
      if (!C || !C->isConstant())
        return std::nullopt;
      if (!C->Const)
        return Values;
      Values.push_back({Cur, Cur});
      auto Next = step(FS->getInc(), V, Cur);
      if (!Next || *Next == Cur)
        return std::nullopt;
      Cur = *Next;
    }
    return std::nullopt;
  }
  return enumerateShrinking(Scope, Name, Base);
}

std::optional<int64_t> LaneEvaluator::step(const Expr *Inc, const VarDecl *V,
                                           int64_t Cur) {
  // Geometric updates only (Frontend/LoopInduction recognises the forms,
  // the commuted product `i = c * i` too).
  std::optional<InductionStep> S = inductionStep(Inc, V);
  if (!S || S->Additive)
    return std::nullopt;
  BinaryOperatorKind Op = S->GeometricOp;
  const Expr *By = S->Factor;
  std::optional<llvm::APSInt> CV = By->getIntegerConstantExpr(Ctx);
  if (!CV)
    return std::nullopt;
  int64_t C = CV->getExtValue();
  switch (Op) {
  case BO_Shr:
    return C >= 0 && C < 63 ? std::optional<int64_t>(Cur >> C) : std::nullopt;
  case BO_Shl:
    return C >= 0 && C < 32 ? std::optional<int64_t>(Cur << C) : std::nullopt;
  case BO_Mul:
    return Cur * C;
  case BO_Div:
    return C ? std::optional<int64_t>(Cur / C) : std::nullopt;
  default:
    return std::nullopt;
  }
}

Uniformity LaneEvaluator::refine(const Expr *Cond, Uniformity AST,
                                 const LaneScope &Scope, LaneSplit &Split,
                                 llvm::ArrayRef<const Expr *> Within) {
  if (AST < Uniformity::WarpUniform)
    return AST;
  QualType T = Cond->getType();
  if (!T->isIntegerType() && !T->isBooleanType() && !T->isPointerType())
    return AST;
  const sym::Expr *E = nullptr;
  for (const Expr *C : Within) {
    const sym::Expr *P = Scope.Builder.build(C);
    E = E ? SC.logicalAnd(E, P) : P;
  }
  if (!E)
    E = Scope.Builder.build(Cond);
  // In a helper, the builder takes parameters for uniform values; those
  // that carry lane-varying arguments make the evaluation meaningless.
  if (Scope.ReadsVaryingParam && Scope.ReadsVaryingParam(E))
    return AST;
  if (auto Warps = evalLanes(E, Bind))
    return fromWarps(*Warps, AST, Split);
  // A condition on a loop variable: every iteration.
  llvm::SmallVector<std::string, 2> IVs;
  loopIVs(E, IVs);
  if (IVs.size() == 2)
    return refineOverTwoLoops(E, AST, Scope, Split, IVs[0], IVs[1]);
  std::optional<std::vector<std::pair<int64_t, int64_t>>> Iters;
  if (IVs.size() == 1)
    Iters = enumerateLoop(Scope, IVs[0]);
  if (!Iters || Iters->empty()) {
    // Bounds settle what the lanes' values cannot: every lane holds it.
    if (maskBelowBound(SC, E))
      return Uniformity::Constant;
    if (std::optional<Uniformity> U = refineByCases(E, AST, Split))
      return *U;
    undecided(E, Split.Undecided, Bind);
    lastTile(Cond, E, Scope, Split);
    return AST;
  }
  std::vector<int64_t> DivValues, UniValues;
  Uniformity Result = Uniformity::Constant;
  LaneSplit First, Busy;
  Busy.BusyKnown = true;
  for (const auto &[Binding, Value] : *Iters) {
    sym::Bindings B = Bind;
    B[IVs[0]] = Binding;
    auto Warps = evalLanes(E, B);
    if (!Warps)
      return AST;
    LaneSplit S;
    Uniformity U = fromWarps(*Warps, AST, S);
    addBusy(Busy, S);
    Result = std::max(Result, U);
    if (U == Uniformity::LaneVarying) {
      DivValues.push_back(Value);
      mergeIteration(First, S);
    } else {
      UniValues.push_back(Value);
    }
  }
  if (Result != Uniformity::LaneVarying)
    return Result;
  Split = First;
  takeBusy(Split, Busy);
  Split.LoopVar = loopVarName(IVs[0]);
  Split.DivergentIterations = std::move(DivValues);
  Split.UniformIterations = std::move(UniValues);
  Split.Iterations = Iters->size();
  return Result;
}

std::optional<Uniformity> LaneEvaluator::refineByCases(const sym::Expr *E,
                                                       Uniformity AST,
                                                       LaneSplit &Split) {
  // A test the whole warp answers alike (a parameter's parity, a flag)
  // decides whether the lanes' part of the condition matters, not which
  // lanes take it: evaluate the condition under each answer. The split is
  // the one the divergent answers give, and holds only where they do.
  auto Unknown = [&](const sym::Expr *T) {
    sym::ThreadEvaluator TE(SC, Shape.Shape, Bind);
    auto V = TE.eval(T, {0, 0, 0});
    return !V || !V->isConstant();
  };
  llvm::SmallVector<const sym::Expr *, 4> Tests;
  uniformTests(E, Tests, Unknown);
  if (Tests.empty() || Tests.size() > MaxCaseTests)
    return std::nullopt;
  Uniformity Result = Uniformity::Constant;
  LaneSplit First;
  for (unsigned Case = 0; Case < (1u << Tests.size()); ++Case) {
    llvm::DenseMap<const sym::Expr *, const sym::Expr *> Map;
    for (unsigned I = 0; I < Tests.size(); ++I)
      Map[Tests[I]] = SC.constant(Case >> I & 1, Tests[I]->type());
    auto Warps = evalLanes(sym::substitute(SC, E, Map), Bind);
    if (!Warps)
      return std::nullopt;
    LaneSplit S;
    Uniformity U = fromWarps(*Warps, AST, S);
    Result = std::max(Result, U);
    if (U == Uniformity::LaneVarying)
      mergeIteration(First, S);
  }
  if (Result == Uniformity::LaneVarying) {
    Split = First;
    // The cases are alternatives, not iterations: no sum of busy lanes.
    Split.BusyKnown = false;
    for (const sym::Expr *T : Tests) {
      // `(width % 2)` read as a truth value: show the value.
      if (T->kind() == sym::ExprKind::Cast && T->type() == sym::IntType::boolean())
        T = T->op(0);
      Split.Assumed.push_back(sym::toString(T));
    }
  }
  return Result;
}

void LaneEvaluator::mergeIteration(LaneSplit &First, const LaneSplit &S) {
  if (!First.Exact) {
    First = S;
    return;
  }
  // Packing is judged over every iteration: the worst one counts.
  First.PackingKnown &= S.PackingKnown;
  First.AvoidableWarps = std::max(First.AvoidableWarps, S.AvoidableWarps);
}

std::string LaneEvaluator::loopVarName(llvm::StringRef IV) {
  std::string N = IV.str();
  if (IV.ends_with(".iter"))
    N.resize(N.size() - 5);
  return N;
}

Uniformity LaneEvaluator::refineOverTwoLoops(const sym::Expr *E,
                                             Uniformity AST,
                                             const LaneScope &Scope,
                                             LaneSplit &Split,
                                             llvm::StringRef IV0,
                                             llvm::StringRef IV1) {
  // Two enclosing loops' variables (`warp_index < offset && bin_base +
  // bin_index < NUM_BINS` in a loop over bin_base nested in one over
  // offset): every pair of values the loops take. The outer loop is the one
  // that can be enumerated alone; the inner one is enumerated for each of
  // its values (its bounds may read the outer variable).
  struct Combo {
    int64_t OuterValue, InnerValue;
    bool Divergent;
  };
  for (unsigned Order = 0; Order < 2; ++Order) {
    llvm::StringRef Outer = Order ? IV1 : IV0, Inner = Order ? IV0 : IV1;
    auto OuterIters = enumerateLoop(Scope, Outer);
    if (!OuterIters || OuterIters->empty())
      continue;
    std::vector<Combo> Combos;
    Uniformity Result = Uniformity::Constant;
    LaneSplit First, Busy;
    Busy.BusyKnown = true;
    bool Failed = false;
    for (const auto &[OB, OV] : *OuterIters) {
      sym::Bindings Base = Bind;
      Base[Outer.str()] = OB;
      auto InnerIters = enumerateLoop(Scope, Inner, &Base);
      if (!InnerIters ||
          Combos.size() + InnerIters->size() > MaxEnumeratedCombinations) {
        Failed = true;
        break;
      }
      for (const auto &[IB, IVal] : *InnerIters) {
        sym::Bindings B = Base;
        B[Inner.str()] = IB;
        auto Warps = evalLanes(E, B);
        if (!Warps) {
          Failed = true;
          break;
        }
        LaneSplit S;
        Uniformity U = fromWarps(*Warps, AST, S);
        addBusy(Busy, S);
        Result = std::max(Result, U);
        bool Div = U == Uniformity::LaneVarying;
        if (Div)
          mergeIteration(First, S);
        Combos.push_back({OV, IVal, Div});
      }
      if (Failed)
        break;
    }
    if (Failed)
      continue;
    if (Result != Uniformity::LaneVarying)
      return Result;
    // The message names one loop: the inner one when its value alone
    // decides which iterations diverge, the outer one otherwise (an outer
    // iteration diverges when any inner one does).
    auto Project = [&](bool ByInner, std::vector<int64_t> &Div,
                       std::vector<int64_t> &Uni) {
      std::map<int64_t, std::pair<bool, bool>> Seen; // value -> (any, all)
      std::vector<int64_t> Order;
      for (const Combo &C : Combos) {
        int64_t V = ByInner ? C.InnerValue : C.OuterValue;
        auto [It, New] = Seen.try_emplace(V, C.Divergent, C.Divergent);
        if (New)
          Order.push_back(V);
        It->second.first |= C.Divergent;
        It->second.second &= C.Divergent;
      }
      bool Decides = true;
      for (int64_t V : Order) {
        auto [Any, All] = Seen[V];
        Decides &= Any == All;
        (Any ? Div : Uni).push_back(V);
      }
      return Decides;
    };
    std::vector<int64_t> Div, Uni;
    bool ByInner = Project(true, Div, Uni);
    if (!ByInner) {
      Div.clear();
      Uni.clear();
      Project(false, Div, Uni);
    }
    Split = First;
    takeBusy(Split, Busy);
    Split.LoopVar = loopVarName(ByInner ? Inner : Outer);
    Split.Iterations = Div.size() + Uni.size();
    Split.DivergentIterations = std::move(Div);
    Split.UniformIterations = std::move(Uni);
    return Result;
  }
  if (maskBelowBound(SC, E))
    return Uniformity::Constant;
  undecided(E, Split.Undecided, Bind);
  return AST;
}

Uniformity LaneEvaluator::fromWarps(const std::vector<WarpValues> &Warps,
                                    Uniformity AST, LaneSplit &Split) {
  bool AnyDivergent = false, AllSame = true;
  for (const auto &W : Warps) {
    AnyDivergent |= divergent(W);
    if (!W.empty() && !same(W.front(), Warps.front().front()))
      AllSame = false;
  }
  Split.BusyKnown = countBusy(Warps, Split.BusyLanes, Split.BusyWarpLanes);
  if (AnyDivergent) {
    describe(Warps, Split);
    return Uniformity::LaneVarying;
  }
  Split.Exact = true;
  if (!AllSame)
    return Uniformity::WarpUniform;
  return std::min(AST, Uniformity::BlockUniform);
}

void LaneEvaluator::lastTile(const Expr *Cond, const sym::Expr *E,
                             const LaneScope &Scope, LaneSplit &Split) {
  // With the clamp's full arm in its place, the condition must split no
  // warp: no lane-varying operand is left, the mask rule holds, or every
  // lane's value is known and every warp agrees.
  auto SplitsNoWarp = [&](const sym::Expr *X) {
    if (!X->mayVaryByLane() || maskBelowBound(SC, X))
      return true;
    if (Scope.ReadsVaryingParam && Scope.ReadsVaryingParam(X))
      return false;
    auto Warps = evalLanes(X, Bind);
    return Warps && llvm::none_of(*Warps, [](const WarpValues &W) {
             return divergent(W);
           });
  };
  std::optional<LastTileClamp> C = findLastTileClamp(SC, E, SplitsNoWarp);
  if (!C)
    return;
  Split.LastTile = true;
  std::tie(Split.LastTileRemainder, Split.LastTileFull) =
      lastTileText(Cond, *C, Scope.Builder, Ctx);
}

void LaneEvaluator::tripCounts(const Stmt *L, ExprBuilder &Builder,
                               Uniformity &U, LaneSplit &Split) {
  const auto *FS = dyn_cast<ForStmt>(L);
  if (!FS || !FS->getCond())
    return;
  const sym::Expr *E = Builder.build(FS->getCond());
  llvm::SmallVector<std::string, 2> IVs;
  loopIVs(E, IVs);
  if (IVs.size() != 1 || !StringRef(IVs[0]).ends_with(".iter"))
    return;
  const sym::LaunchShape &S = Shape.Shape;
  std::vector<WarpValues> Warps;
  for (unsigned W = 0; W < S.warpsPerBlock(); ++W) {
    WarpValues Vals;
    for (unsigned Ln = 0; Ln < S.WarpSize; ++Ln) {
      unsigned Linear = W * S.WarpSize + Ln;
      if (Linear >= S.threadsPerBlock())
        break;
      int64_t Trips = -1;
      for (int64_t K = 0; K <= MaxEnumeratedIterations; ++K) {
        sym::Bindings B = Bind;
        B[IVs[0]] = K;
        sym::ThreadEvaluator T2(SC, Shape.Shape, B);
        auto V = T2.eval(E, S.threadOf(Linear));
        if (!V || !V->isConstant())
          return;
        if (!V->Const) {
          Trips = K;
          break;
        }
      }
      if (Trips < 0)
        return;
      sym::SymValue SV;
      SV.Const = Trips;
      Vals.push_back(SV);
    }
    Warps.push_back(std::move(Vals));
  }
  LaneSplit S2;
  U = fromWarps(Warps, U, S2);
  S2.TripCounts = U == Uniformity::LaneVarying;
  if (S2.TripCounts) {
    S2.Remainder = S2.FewIdle = true;
    for (const WarpValues &W : Warps) {
      int64_t Lo = INT64_MAX, Hi = INT64_MIN;
      for (const sym::SymValue &V : W) {
        Lo = std::min(Lo, V.Const);
        Hi = std::max(Hi, V.Const);
      }
      if (!W.empty() && (Lo < 1 || Hi - Lo > 1))
        S2.Remainder = false;
      // The trips the warp's lanes miss, against one pass of its lanes.
      int64_t Missed = 0;
      for (const sym::SymValue &V : W)
        Missed += Hi - V.Const;
      if (!W.empty() && (Lo < 1 || Missed > int64_t(W.size())))
        S2.FewIdle = false;
    }
  }
  Split = S2;
}

} // namespace divergence
} // namespace warplint
