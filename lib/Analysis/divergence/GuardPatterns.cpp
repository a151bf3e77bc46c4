//===- GuardPatterns.cpp - Branches that split only one warp --------------===//
#include "Analysis/divergence/GuardPatterns.h"

#include "Frontend/LoopInduction.h"
#include "Frontend/MutationCache.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <functional>

using namespace clang;

namespace warplint {
namespace divergence {

using sym::Uniformity;

GuardQueries::~GuardQueries() = default;

/// Clamps of a window's two ends looked at, at most.
constexpr unsigned MaxWindowClamps = 4;

namespace {

/// `while (i < n) { ...; i += stride; }`: a counter that the loop only
/// advances by a uniform stride (a grid-stride loop written with while or
/// with a counter declared before the loop), starting from a value that is
/// not read from memory.
bool isStrideCounter(const Expr *E, const Stmt *Loop, GuardQueries &Q) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V || !V->hasLocalStorage() || !V->getType()->isIntegerType() ||
      Q.isDataDependent(V))
    return false;
  bool Ok = true, Advanced = false;
  std::function<void(const Stmt *)> Scan = [&](const Stmt *S) {
    if (!S || !Ok)
      return;
    const Expr *Target = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp())
      Target = BO->getLHS();
    else if (const auto *UO = dyn_cast<UnaryOperator>(S);
             UO && UO->isIncrementDecrementOp())
      Target = UO->getSubExpr();
    if (Target) {
      if (refersTo(Target, V)) {
        // Only upwards by a warp-uniform step: ++, += s, i = i + s.
        std::optional<InductionStep> St = inductionStep(cast<Expr>(S), V);
        Ok &= St && St->Additive && !St->Negate &&
              (!St->Step ||
               Q.levelOf(St->Step).U != Uniformity::LaneVarying);
        Advanced = true;
      }
    }
    for (const Stmt *C : S->children())
      Scan(C);
  };
  if (const auto *WS = dyn_cast<WhileStmt>(Loop))
    Scan(WS->getBody());
  else if (const auto *FS = dyn_cast<ForStmt>(Loop)) {
    Scan(FS->getBody());
    Scan(FS->getInc());
  } else if (const auto *DS = dyn_cast<DoStmt>(Loop))
    Scan(DS->getBody());
  else
    return false;
  return Ok && Advanced;
}

/// `slot = atomicAdd(counter, 1)` with a uniform counter and increment: the
/// lanes of a warp get consecutive values (nvcc aggregates the warp's
/// atomics), so `slot < capacity` splits only the warp that crosses it.
bool isQueueSlot(const Expr *E, GuardQueries &Q) {
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      if (V->hasLocalStorage() && V->getInit() && Q.isUnmodified(V))
        E = V->getInit()->IgnoreParenImpCasts();
  const auto *CE = dyn_cast<CallExpr>(E);
  const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
  if (!FD || !FD->getIdentifier() ||
      !(FD->getName() == "atomicAdd" || FD->getName() == "atomicInc") ||
      CE->getNumArgs() != 2 || !CE->getType()->isIntegerType())
    return false;
  return Q.levelOf(CE->getArg(0)).U != Uniformity::LaneVarying &&
         Q.levelOf(CE->getArg(1)).U != Uniformity::LaneVarying;
}

/// A lane-varying leaf whose value is not a known function of the lane, or
/// an operation that is not monotone in the lane.
bool hasLaneVaryingUnknown(const sym::Expr *E, unsigned Depth = 0) {
  if (Depth > 64)
    return true;
  if ((E->kind() == sym::ExprKind::Unknown ||
       E->kind() == sym::ExprKind::LoopIV) &&
      E->leafUniformity() == Uniformity::LaneVarying)
    return true;
  // Not monotone in the lane (uniform operands are fine); nor is a select
  // on a lane-varying test (`r == 0 ? n : r`), while a clamp is built as a
  // minimum or maximum (ExprBuilder's branch joins).
  if ((E->kind() == sym::ExprKind::Rem || E->kind() == sym::ExprKind::And ||
       E->kind() == sym::ExprKind::Xor) &&
      E->mayVaryByLane())
    return true;
  if (E->kind() == sym::ExprKind::Select && E->op(0)->mayVaryByLane())
    return true;
  for (const sym::Expr *O : E->ops())
    if (hasLaneVaryingUnknown(O, Depth + 1))
      return true;
  return false;
}

/// A local variable that nothing modifies after its initialiser: the
/// initialiser (`bool valid = tx >= lo && tx <= hi;`).
const Expr *initialValue(const Expr *E, GuardQueries &Q) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V || !V->hasLocalStorage() || !V->getInit() || !Q.isUnmodified(V))
    return nullptr;
  return V->getInit();
}

/// Every lvalue use of \p P in \p S (one not read through an
/// lvalue-to-rvalue conversion), with its parent.
void lvalueUses(const Stmt *S, const Stmt *Parent, const ParmVarDecl *P,
                llvm::SmallVectorImpl<std::pair<const DeclRefExpr *,
                                                const Stmt *>> &Out) {
  if (!S)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
    const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(Parent);
    if (DRE->getDecl() == P &&
        (!Cast || Cast->getCastKind() != CK_LValueToRValue))
      Out.push_back({DRE, Parent});
    return;
  }
  for (const Stmt *C : S->children())
    lvalueUses(C, S, P, Out);
}

/// \p C tests `P >= c` or `P > c` (either way round) with c the same for
/// every lane.
bool upperTest(const Expr *C, const ParmVarDecl *P, GuardQueries &Q) {
  const auto *BO = dyn_cast<BinaryOperator>(C->IgnoreParenImpCasts());
  if (!BO)
    return false;
  const Expr *Bound = nullptr;
  if ((BO->getOpcode() == BO_GE || BO->getOpcode() == BO_GT) &&
      refersTo(BO->getLHS(), P))
    Bound = BO->getRHS();
  else if ((BO->getOpcode() == BO_LE || BO->getOpcode() == BO_LT) &&
           refersTo(BO->getRHS(), P))
    Bound = BO->getLHS();
  return Bound && Q.levelOf(Bound).U != Uniformity::LaneVarying;
}

/// Parameter \p P, read at \p Use, was reflected once before it at the top
/// level of its function and changed nowhere else: `if (x >= c) x = k - x;`
/// (cuda-samples quasirandomGenerator's Moro inversion folds its input into
/// the lower half). Below c it is the argument, from c on k minus it: two
/// pieces, each monotone in the argument, so a bound on it (or on a
/// monotone function of it) is crossed at most twice, plus at c, in a pass
/// of consecutive lanes.
bool reflectedParam(const ParmVarDecl *P, const DeclRefExpr *Use,
                    GuardQueries &Q) {
  const auto *FD = dyn_cast<FunctionDecl>(P->getDeclContext());
  const auto *Body = FD ? dyn_cast_or_null<CompoundStmt>(FD->getBody())
                        : nullptr;
  if (!Body)
    return false;
  llvm::SmallVector<std::pair<const DeclRefExpr *, const Stmt *>, 4> Uses;
  lvalueUses(Body, nullptr, P, Uses);
  if (Uses.size() != 1)
    return false;
  const auto *Assign = dyn_cast_or_null<BinaryOperator>(Uses[0].second);
  if (!Assign || Assign->getOpcode() != BO_Assign ||
      Assign->getLHS()->IgnoreParens() != Uses[0].first)
    return false;
  const auto *Sub =
      dyn_cast<BinaryOperator>(Assign->getRHS()->IgnoreParenImpCasts());
  if (!Sub || Sub->getOpcode() != BO_Sub || !refersTo(Sub->getRHS(), P) ||
      Q.levelOf(Sub->getLHS()).U == Uniformity::LaneVarying)
    return false;
  std::function<bool(const Stmt *)> Holds = [&](const Stmt *S) {
    if (S == Use)
      return true;
    for (const Stmt *C : S->children())
      if (C && Holds(C))
        return true;
    return false;
  };
  bool Reflected = false;
  for (const Stmt *S : Body->body()) {
    // The use, in a statement after the if (statement order, so that macros
    // do not matter).
    if (Holds(S))
      return Reflected;
    const auto *IS = dyn_cast<IfStmt>(S);
    if (!IS || IS->getElse() || IS->getInit() || IS->getConditionVariable() ||
        !upperTest(IS->getCond(), P, Q))
      continue;
    const Stmt *Then = IS->getThen();
    bool Here = Then == Assign;
    if (const auto *CS = dyn_cast<CompoundStmt>(Then))
      Here = llvm::is_contained(CS->body(), static_cast<const Stmt *>(Assign));
    Reflected |= Here;
  }
  return false;
}

/// \p E is monotone in the thread index: an integer index affine in it
/// (no unknown lane-varying leaf), or such an index converted to float and
/// scaled or shifted by values the same for every lane (`(tid + offset) *
/// one_nth` with one_nth = 1.f / n, converted back to int): the lanes that
/// pass a bound on it are consecutive threads.
bool monotoneInLane(const Expr *E, GuardQueries &Q, unsigned Depth) {
  // Each implicit cast and each variable read through its initialiser
  // costs a level: `p2 = p1 - 0.5f` with `p1 = x * x1 + x2` (cuda-samples
  // quasirandomGenerator's Moro inversion) is nine deep. The limit stops a
  // self-referencing initialiser (`int a = a + 1;`).
  if (Depth > 24)
    return false;
  E = E->IgnoreParens();
  if (Q.levelOf(E).U != Uniformity::LaneVarying)
    return true;
  // A parameter the function reassigns is read through the value the
  // straight-line path last gave it (`x = x % 7;` is not monotone), and is
  // unknown where paths joined: the builder would read the argument, not
  // what the variable holds here.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl()))
      if (!Q.isUnmodified(P)) {
        if (const Expr *Last = Q.lastValue(P))
          return monotoneInLane(Last, Q, Depth + 1);
        // A reflected input (two monotone pieces) reads as the argument.
        if (!reflectedParam(P, DRE, Q))
          return false;
      }
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    if (CE->getCastKind() == CK_IntegralToFloating ||
        CE->getCastKind() == CK_FloatingToIntegral ||
        CE->getCastKind() == CK_FloatingCast ||
        CE->getCastKind() == CK_IntegralCast ||
        CE->getCastKind() == CK_LValueToRValue ||
        CE->getCastKind() == CK_NoOp)
      return monotoneInLane(CE->getSubExpr(), Q, Depth + 1);
    return false;
  }
  if (E->getType()->isIntegerType()) {
    const sym::Expr *S = Q.build(E);
    if (!hasLaneVaryingUnknown(S) && !Q.readsVaryingParam(S))
      return true;
  }
  if (const Expr *Init = initialValue(E, Q))
    return monotoneInLane(Init, Q, Depth + 1);
  if (!E->getType()->isRealFloatingType() && !E->getType()->isIntegerType())
    return false;
  // Operand by operand (an integer index the symbolic form could not follow,
  // `tid + offset` with offset from a counter declared before its loop).
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    bool L = Q.levelOf(BO->getLHS()).U == Uniformity::LaneVarying;
    bool R = Q.levelOf(BO->getRHS()).U == Uniformity::LaneVarying;
    switch (BO->getOpcode()) {
    case BO_Add:
    case BO_Sub:
    case BO_Mul:
      // One side varies, the other scales or shifts it for every lane alike.
      return L != R &&
             monotoneInLane(L ? BO->getLHS() : BO->getRHS(), Q, Depth + 1);
    case BO_Div:
      return L && !R && monotoneInLane(BO->getLHS(), Q, Depth + 1);
    default:
      return false;
    }
  }
  return false;
}

/// Some variable \p E reads may be modified in loop \p Loop (MutationCache's
/// mayModify, per variable).
bool changesIn(const Expr *E, const Stmt *Loop) {
  llvm::SmallPtrSet<const VarDecl *, 4> Vars;
  std::function<void(const Stmt *)> Collect = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        Vars.insert(V);
    for (const Stmt *C : S->children())
      Collect(C);
  };
  Collect(E);
  return llvm::any_of(Vars,
                      [&](const VarDecl *V) { return mayModify(Loop, V); });
}

/// Whether every lane-varying test of condition \p C passes \p Test: \p C is
/// read through a boolean variable's initialiser, `!`, `&&` and `||` (a
/// uniform operand of those passes); any other expression is a test, and one
/// that is not a binary operator fails.
template <class TestFn>
bool everyTest(const Expr *C, GuardQueries &Q, unsigned Depth, TestFn Test) {
  C = C->IgnoreParenImpCasts();
  if (Depth > 8)
    return false;
  // A condition kept in a variable: its initialiser.
  if (const Expr *Init = initialValue(C, Q);
      Init && Init->getType()->isBooleanType())
    return everyTest(Init, Q, Depth + 1, Test);
  if (const auto *UO = dyn_cast<UnaryOperator>(C);
      UO && UO->getOpcode() == UO_LNot)
    return everyTest(UO->getSubExpr(), Q, Depth + 1, Test);
  const auto *BO = dyn_cast<BinaryOperator>(C);
  if (!BO)
    return false;
  if (BO->getOpcode() == BO_LAnd || BO->getOpcode() == BO_LOr) {
    auto Side = [&](const Expr *S) {
      return Q.levelOf(S).U != Uniformity::LaneVarying ||
             everyTest(S, Q, Depth + 1, Test);
    };
    return Side(BO->getLHS()) && Side(BO->getRHS());
  }
  return Test(BO);
}

/// One test of a bound guard (isBoundGuard): a lane-linear index against a
/// bound the same for every lane.
bool boundTest(const BinaryOperator *BO, GuardQueries &Q, const Stmt *Loop) {
  if (!BO->isRelationalOp())
    return false;
  Level L = Q.levelOf(BO->getLHS()), R = Q.levelOf(BO->getRHS());
  const Expr *Var = nullptr;
  if (L.U == Uniformity::LaneVarying && R.U != Uniformity::LaneVarying)
    Var = BO->getLHS();
  else if (R.U == Uniformity::LaneVarying && L.U != Uniformity::LaneVarying)
    Var = BO->getRHS();
  if (Var && isQueueSlot(Var, Q))
    return true;
  if (Var && Loop && isStrideCounter(Var, Loop, Q))
    return !L.DataDep && !R.DataDep;
  if (!Var || L.DataDep || R.DataDep)
    return false;
  // A loop whose counter is the uniform side and whose bound varies with
  // the lane (`while (cur < to)` with to = x * step): every lane stops at
  // its own trip, in every warp, a triangle, not a tail.
  if (Loop && !changesIn(Var, Loop) &&
      changesIn(Var == BO->getLHS() ? BO->getRHS() : BO->getLHS(), Loop))
    return false;
  // A constant bound is a tail guard too when the lanes could not be
  // evaluated (the index carries a runtime offset: `ix > 0` with ix =
  // blockX * blockDim.x + threadIdx.x); evaluable conditions such as
  // `threadIdx.x < 16` never get here.
  if (!Var->getType()->isIntegerType() &&
      !Var->getType()->isRealFloatingType())
    return false;
  // The index is affine in the thread index: no unknown lane-varying leaf.
  // A variable reassigned on the way here is read through its last value.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Var->IgnoreParenImpCasts()))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      if (const Expr *Last = Q.lastValue(V); !Loop && Last &&
                                             !Q.isUnmodified(V) &&
                                             (Last->getType()->isIntegerType() ||
                                              Last->getType()->isRealFloatingType()))
        Var = Last;
  if (Var->getType()->isIntegerType()) {
    const sym::Expr *S = Q.build(Var);
    if (!hasLaneVaryingUnknown(S) && !Q.readsVaryingParam(S))
      return true;
  }
  // Through float arithmetic or a conversion: monotone in the lane.
  return monotoneInLane(Var, Q, 0);
}

/// The one lane-varying remainder `t % M` in \p S, with t monotone in the
/// lane (no unknown lane-varying leaf) and M the same for every lane.
const sym::Expr *periodicCoordinate(const sym::Expr *S) {
  const sym::Expr *Found = nullptr;
  bool Several = false;
  sym::forEachNode(S, [&](const sym::Expr *N) {
    if (N->kind() != sym::ExprKind::Rem || !N->mayVaryByLane())
      return;
    Several |= Found && Found != N;
    Found = N;
  });
  if (!Found || Several || Found->op(1)->mayVaryByLane() ||
      hasLaneVaryingUnknown(Found->op(0)))
    return nullptr;
  return Found;
}

/// One comparison of `t % M + k` with an edge of its period: 0 or M (give or
/// take one, for `<=`, `>` and `rows - 1`).
bool edgeTest(const BinaryOperator *BO, GuardQueries &Q,
              sym::ExprContext &SC) {
  if (!BO->isRelationalOp())
    return false;
  Level L = Q.levelOf(BO->getLHS()), R = Q.levelOf(BO->getRHS());
  if (L.DataDep || R.DataDep ||
      (L.U == Uniformity::LaneVarying) == (R.U == Uniformity::LaneVarying))
    return false;
  bool Left = L.U == Uniformity::LaneVarying;
  const Expr *Var = Left ? BO->getLHS() : BO->getRHS();
  const Expr *Bound = Left ? BO->getRHS() : BO->getLHS();
  if (!Var->getType()->isIntegerType() || !Bound->getType()->isIntegerType())
    return false;
  const sym::Expr *S = Q.build(Var), *B = Q.build(Bound);
  if (!S || !B || Q.readsVaryingParam(S))
    return false;
  const sym::Expr *P = periodicCoordinate(S);
  if (!P || SC.sub(S, P)->mayVaryByLane())
    return false; // not the coordinate plus an offset the same in every lane
  auto NearZero = [](const sym::Expr *E) {
    return E->isConstant(0) || E->isConstant(-1) || E->isConstant(1);
  };
  return NearZero(B) || NearZero(SC.sub(B, P->op(1)));
}

} // namespace

bool isEdgeGuard(const Expr *C, GuardQueries &Q, sym::ExprContext &SC) {
  // Every lane-varying conjunct (or disjunct) an edge test or a bound
  // guard's test, and at least one an edge test.
  unsigned Edges = 0;
  return C &&
         everyTest(C, Q, 0,
                   [&](const BinaryOperator *BO) {
                     if (edgeTest(BO, Q, SC)) {
                       ++Edges;
                       return true;
                     }
                     return boundTest(BO, Q, nullptr);
                   }) &&
         Edges > 0;
}

bool monotoneInLaneIndex(const sym::Expr *E) {
  return E && !hasLaneVaryingUnknown(E);
}

bool isBoundGuard(const Expr *C, GuardQueries &Q, const Stmt *Loop) {
  return everyTest(C, Q, 0, [&](const BinaryOperator *BO) {
    return boundTest(BO, Q, Loop);
  });
}

bool isLaneGrowingBound(const Expr *C, GuardQueries &Q, const Stmt *Loop) {
  if (!C || !Loop)
    return false;
  const auto *BO = dyn_cast<BinaryOperator>(C->IgnoreParenImpCasts());
  if (!BO || !BO->isRelationalOp())
    return false;
  Level L = Q.levelOf(BO->getLHS()), R = Q.levelOf(BO->getRHS());
  if (L.DataDep || R.DataDep || (L.U == Uniformity::LaneVarying) ==
                                    (R.U == Uniformity::LaneVarying))
    return false;
  const Expr *Bound =
      L.U == Uniformity::LaneVarying ? BO->getLHS() : BO->getRHS();
  const Expr *Counter = Bound == BO->getLHS() ? BO->getRHS() : BO->getLHS();
  return !changesIn(Bound, Loop) && changesIn(Counter, Loop) &&
         monotoneInLane(Bound, Q, 0);
}

bool isClampedWindow(sym::ExprContext &SC, const sym::Expr *Start,
                     const sym::Expr *Bound) {
  if (!Start || !Bound)
    return false;
  // The clamps (minima, maxima, selects that are one) and the other selects,
  // whose value varies by lane.
  llvm::SmallVector<const sym::Expr *, 4> Nodes;
  bool TooMany = false;
  for (const sym::Expr *E : {Start, Bound})
    sym::forEachNode(E, [&](const sym::Expr *N) {
      if ((N->kind() == sym::ExprKind::Min ||
           N->kind() == sym::ExprKind::Max ||
           N->kind() == sym::ExprKind::Select) &&
          N->mayVaryByLane() && llvm::find(Nodes, N) == Nodes.end()) {
        if (Nodes.size() == MaxWindowClamps)
          TooMany = true;
        else
          Nodes.push_back(N);
      }
    });
  if (Nodes.empty() || TooMany)
    return false;
  // A select that is no clamp (a fix-up: `if (r == 0) r = n;`) picks its
  // value by a test that may hold in any lane, not only near an edge: both
  // its values must follow the lane, so that no choice of it fixes an end.
  bool AnyClamp = false;
  for (const sym::Expr *N : Nodes) {
    if (N->kind() != sym::ExprKind::Select ||
        sym::minMaxOfSelect(SC, N->op(0), N->op(1), N->op(2))) {
      AnyClamp = true;
      continue;
    }
    if (!N->op(1)->mayVaryByLane() || !N->op(2)->mayVaryByLane())
      return false;
  }
  if (!AnyClamp)
    return false;
  // Every choice of one side of each: where both ends of the window follow
  // the lane (no clamp holds), its length must be the same in every lane and
  // for every choice, and the ends monotone in the lane; a clamp that holds
  // fixes that end.
  const sym::Expr *Length = nullptr;
  for (unsigned Choice = 0; Choice < (1u << Nodes.size()); ++Choice) {
    llvm::DenseMap<const sym::Expr *, const sym::Expr *> Map;
    for (unsigned I = 0; I < Nodes.size(); ++I) {
      const sym::Expr *C = Nodes[I];
      unsigned First = C->kind() == sym::ExprKind::Select ? 1 : 0;
      Map[C] = C->op(First + (Choice >> I & 1));
    }
    const sym::Expr *S = Start, *B = Bound;
    // A chosen side may hold another clamp: substitute until none is left.
    for (unsigned Round = 0; Round <= Nodes.size(); ++Round) {
      S = sym::substitute(SC, S, Map);
      B = sym::substitute(SC, B, Map);
    }
    if (!S->mayVaryByLane() || !B->mayVaryByLane())
      continue; // an end fixed by its clamp: a lane at the edge
    if (hasLaneVaryingUnknown(S) || hasLaneVaryingUnknown(B))
      return false;
    const sym::Expr *D = SC.sub(B, S);
    if (D->mayVaryByLane() || (Length && D != Length))
      return false;
    Length = D;
  }
  return Length != nullptr;
}

} // namespace divergence
} // namespace warplint

