//===- DivergenceClassify.cpp - What kind of split a branch is ------------===//
//
// Part of warplint. The divergence walker's questions about a branch it
// found lane-varying, asked with the walk's state at the branch: is its
// condition implied by an enclosing condition (no new split), does a loop
// enclose it (the split repeats), which of its conjuncts are block- or
// grid-uniform (only some blocks split), and is it a leader lane's branch.
//
//===----------------------------------------------------------------------===//
#include "Analysis/divergence/DivergenceWalker.h"

#include "Frontend/ExprBuilder.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <functional>

using namespace clang;

namespace warplint {
namespace divergence {

using sym::Uniformity;

namespace {

/// Bound on the conjuncts looked at and on the depth of the walks below.
constexpr unsigned MaxConjuncts = 16, MaxDepth = 24;

} // namespace

void conjuncts(const Expr *E, llvm::SmallVectorImpl<const Expr *> &Out,
               unsigned Depth) {
  E = E->IgnoreParenImpCasts();
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (BO && BO->getOpcode() == BO_LAnd && Depth < MaxDepth) {
    conjuncts(BO->getLHS(), Out, Depth + 1);
    conjuncts(BO->getRHS(), Out, Depth + 1);
    return;
  }
  if (Out.size() < MaxConjuncts)
    Out.push_back(E);
}

namespace {

/// \p E reads only local variables and parameters (collected in \p Vars),
/// constants and the built-in indices, without side effects or memory: its
/// value changes only where one of \p Vars is assigned.
bool pureLocal(const Expr *E, llvm::SmallVectorImpl<const VarDecl *> &Vars,
               unsigned Depth = 0) {
  if (!E || Depth > MaxDepth)
    return false;
  E = E->IgnoreParens();
  if (cudaBuiltinComponent(E))
    return true;
  if (isa<IntegerLiteral>(E) || isa<CXXBoolLiteralExpr>(E) ||
      isa<CharacterLiteral>(E) || isa<FloatingLiteral>(E))
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(DRE->getDecl()))
      return true;
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V || !(V->hasLocalStorage() || isa<ParmVarDecl>(V)) ||
        isSharedVar(V) || V->getType()->isReferenceType())
      return false;
    Vars.push_back(V);
    return true;
  }
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
    if (ICE->getCastKind() == CK_LValueToRValue ||
        ICE->getCastKind() == CK_IntegralCast ||
        ICE->getCastKind() == CK_NoOp ||
        ICE->getCastKind() == CK_IntegralToBoolean ||
        ICE->getCastKind() == CK_IntegralToFloating)
      return pureLocal(ICE->getSubExpr(), Vars, Depth + 1);
    return false;
  }
  if (const auto *CE = dyn_cast<CStyleCastExpr>(E))
    return pureLocal(CE->getSubExpr(), Vars, Depth + 1);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return !BO->isAssignmentOp() && BO->getOpcode() != BO_Comma &&
           pureLocal(BO->getLHS(), Vars, Depth + 1) &&
           pureLocal(BO->getRHS(), Vars, Depth + 1);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return (UO->getOpcode() == UO_Minus || UO->getOpcode() == UO_Not ||
            UO->getOpcode() == UO_LNot || UO->getOpcode() == UO_Plus) &&
           pureLocal(UO->getSubExpr(), Vars, Depth + 1);
  return false;
}

bool sameExpr(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  llvm::FoldingSetNodeID IA, IB;
  A->Profile(IA, Ctx, /*Canonical=*/true);
  B->Profile(IB, Ctx, /*Canonical=*/true);
  return IA == IB;
}

/// The condition of \p S holds in its body on every entry: the then side of
/// an `if`, the body of a for or while loop (not a do loop, whose body runs
/// before the test, nor a switch or a short circuit).
bool holdsInside(const Control &C) {
  if (!C.Cond || C.ExitOnly || C.InElse)
    return false;
  return isa<IfStmt>(C.S) || isa<ForStmt>(C.S) || isa<WhileStmt>(C.S);
}

bool mentionsBlockIdx(const sym::Expr *E, unsigned Depth = 0) {
  if (!E || Depth > 64)
    return false;
  if (E->kind() == sym::ExprKind::BlockIdx)
    return true;
  for (const sym::Expr *O : E->ops())
    if (mentionsBlockIdx(O, Depth + 1))
      return true;
  return false;
}

/// \p E takes a different value in each lane of a warp whatever the block
/// shape: threadIdx.x plus uniform terms (a linear thread id), or such a
/// value modulo (or masked to) at least a warp.
bool laneInjective(const sym::Expr *E, unsigned WarpSize, unsigned Depth = 0) {
  if (!E || Depth > 16)
    return false;
  switch (E->kind()) {
  case sym::ExprKind::ThreadIdx:
    return E->dim() == sym::Dim::X;
  case sym::ExprKind::Cast:
    return E->type().Bits >= 16 && laneInjective(E->op(0), WarpSize, Depth + 1);
  case sym::ExprKind::Add: {
    unsigned Lane = 0;
    for (const sym::Expr *O : E->ops()) {
      if (O->kind() == sym::ExprKind::ThreadIdx && O->dim() == sym::Dim::X)
        ++Lane;
      else if (O->mayVaryByLane() &&
               !(O->kind() == sym::ExprKind::Mul &&
                 llvm::any_of(O->ops(), [](const sym::Expr *F) {
                   return F->kind() == sym::ExprKind::ThreadIdx &&
                          F->dim() != sym::Dim::X;
                 })))
        return false;
    }
    return Lane == 1;
  }
  case sym::ExprKind::Rem:
    return E->op(1)->isConstant() && E->op(1)->constant() >= WarpSize &&
           laneInjective(E->op(0), WarpSize, Depth + 1);
  case sym::ExprKind::And:
    return E->ops().size() == 2 && E->op(1)->isConstant() &&
           E->op(1)->constant() >= WarpSize - 1 &&
           ((E->op(1)->constant() + 1) & E->op(1)->constant()) == 0 &&
           laneInjective(E->op(0), WarpSize, Depth + 1);
  default:
    return false;
  }
}

} // namespace

const Stmt *Walker::impliedBy(const Expr *Cond, const FnState &F) const {
  llvm::SmallVector<const Expr *, 4> Inner;
  conjuncts(Cond, Inner);
  const Stmt *By = nullptr;
  for (const Expr *C : Inner) {
    llvm::SmallVector<const VarDecl *, 4> Vars;
    if (!pureLocal(C, Vars))
      return nullptr;
    const Stmt *Found = nullptr;
    for (size_t I = Stack.size(); I-- > F.Base && !Found;) {
      const Control &Ctl = Stack[I];
      if (!holdsInside(Ctl))
        continue;
      bool Unchanged = llvm::all_of(Vars, [&](const VarDecl *V) {
        return F.LastAssign.lookup(V) <= Ctl.Since;
      });
      if (!Unchanged)
        continue;
      llvm::SmallVector<const Expr *, 4> Outer;
      conjuncts(Ctl.Cond, Outer);
      for (const Expr *O : Outer)
        if (sameExpr(C, O, Ctx)) {
          Found = Ctl.S;
          break;
        }
    }
    if (!Found)
      return nullptr;
    if (!By)
      By = Found;
  }
  return By;
}

void Walker::classify(DivergentBranch &B, FnState &F) {
  // An enclosing loop nvcc unrolls in full is straight-line code: the
  // split is copied, once per trip, not repeated.
  bool ScaledEnclosing = false;
  llvm::SmallPtrSet<const Stmt *, 8> Enclosing;
  for (size_t I = 0; I < Stack.size(); ++I) {
    const Control &C = Stack[I];
    if (C.IsLoopOrSwitch && !isa<SwitchStmt>(C.S) && !isSingleTrip(C.S) &&
        !C.ExitOnly && C.S != B.S) {
      Enclosing.insert(C.S);
      if (unsigned Trips = unrolledTrips(C.S, costInputs())) {
        B.Copies = std::min(B.Copies * Trips, 1u << 16);
      } else {
        B.InLoop = true;
        // A caller's loop (before F.Base) is not built here: taken as one
        // that grows with the problem.
        ScaledEnclosing |= I < F.Base || loopScaled(C.S, F);
      }
    }
  }
  // Loops of a fixed number of trips around the split (over the block's
  // warps, a constant, log2 of the block), in a function whose work is a
  // loop that grows with the problem elsewhere (tpacf's histogram merge
  // after its loop over all points): a fixed cost per thread beside that.
  if (B.InLoop && !ScaledEnclosing)
    B.FixedTripLoops = scaledLoopElsewhere(F, Enclosing, B.S);
  if (!B.Cond)
    return;
  // Block- and grid-uniform terms: the conjuncts of the condition and the
  // conditions of the enclosing ifs that hold here.
  auto Uniform = [&](const Expr *E, bool Negated) {
    Level L = level(E, F);
    if (L.U != Uniformity::BlockUniform && L.U != Uniformity::GridUniform)
      return;
    std::string Text = sourceText(E, Ctx);
    B.UniformConjuncts.push_back(Negated ? "!(" + Text + ")" : Text);
    const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
    // `by == 0` on the then side, `bx != last` on the else side.
    if (L.U == Uniformity::BlockUniform && BO &&
        BO->getOpcode() == (Negated ? BO_NE : BO_EQ) &&
        mentionsBlockIdx(F.Builder->build(E)))
      B.OneBlock = true;
  };
  if (B.Kind == BranchKind::If || B.Kind == BranchKind::ShortCircuit) {
    llvm::SmallVector<const Expr *, 4> Parts;
    conjuncts(B.Cond, Parts);
    if (Parts.size() > 1)
      for (const Expr *P : Parts)
        Uniform(P, false);
  }
  for (size_t I = F.Base; I < Stack.size(); ++I) {
    const Control &C = Stack[I];
    if (isa<IfStmt>(C.S) && C.Cond && !C.ExitOnly)
      Uniform(C.Cond, C.InElse);
  }
  // One lane against the rest: `x == c` (or `!x`), a leader, and `x != c`,
  // every lane but one, with x different in every lane; or `x == y` /
  // `x != y` with x - y different in every lane (the diagonal of a 2-D
  // grid, x = bx * bdx + tx and y = by * bdy + ty in blocks of 32 columns).
  if (B.Kind != BranchKind::If)
    return;
  const Expr *E = B.Cond->IgnoreParenImpCasts();
  const sym::Expr *Diff = nullptr;
  bool Equal = true, ColumnsOnly = true;
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && (BO->getOpcode() == BO_EQ || BO->getOpcode() == BO_NE)) {
    Equal = BO->getOpcode() == BO_EQ;
    Level L = level(BO->getLHS(), F), R = level(BO->getRHS(), F);
    if (L.DataDep || R.DataDep)
      return;
    // Against a value the same in the whole warp: at most one lane matches.
    if (L.U == Uniformity::LaneVarying && R.U <= Uniformity::WarpUniform)
      Diff = F.Builder->build(BO->getLHS());
    else if (R.U == Uniformity::LaneVarying && L.U <= Uniformity::WarpUniform)
      Diff = F.Builder->build(BO->getRHS());
    else if (L.U == Uniformity::LaneVarying && R.U == Uniformity::LaneVarying) {
      Diff = SC.sub(F.Builder->build(BO->getLHS()),
                    F.Builder->build(BO->getRHS()));
      ColumnsOnly = threadIdxLevel(sym::Dim::Y) <= Uniformity::WarpUniform &&
                    threadIdxLevel(sym::Dim::Z) <= Uniformity::WarpUniform;
    }
    // The lane id register read into a variable.
    if (Diff && L.U != R.U) {
      const Expr *Side =
          L.U == Uniformity::LaneVarying ? BO->getLHS() : BO->getRHS();
      Level SL = L.U == Uniformity::LaneVarying ? L : R;
      if (SL.Source.Kind == VarianceKind::LaneId &&
          isa<DeclRefExpr>(Side->IgnoreParenImpCasts())) {
        (Equal ? B.Leader : B.LeftOut) = true;
        return;
      }
    }
  } else if (const auto *UO = dyn_cast<UnaryOperator>(E);
             UO && UO->getOpcode() == UO_LNot) {
    Level SL = level(UO->getSubExpr(), F);
    if (SL.DataDep)
      return;
    if (SL.Source.Kind == VarianceKind::LaneId &&
        isa<DeclRefExpr>(UO->getSubExpr()->IgnoreParenImpCasts())) {
      B.Leader = true;
      return;
    }
    Diff = F.Builder->build(UO->getSubExpr());
  }
  if (!Diff)
    return;
  if (ColumnsOnly && laneInjective(Diff, Opts.WarpSize)) {
    (Equal ? B.Leader : B.LeftOut) = true;
    return;
  }
  // Otherwise count, lane by lane for the block shape, how many lanes of a
  // warp can share one value of the difference (blocks 16 wide hold two
  // rows per warp, so two lanes of it sit on the diagonal): at most two.
  if (std::optional<unsigned> Same = Lanes.maxEqualLanes(Diff);
      Same && *Same <= 2)
    (Equal ? B.Leader : B.LeftOut) = true;
}

bool Walker::loopScaled(const Stmt *L, FnState &F) {
  if (isa<CXXForRangeStmt>(L))
    return true; // over a container's size
  const Expr *Cond = loopCondition(L);
  return !Cond || problemSized(F.Builder->build(Cond));
}

bool Walker::scaledLoopElsewhere(FnState &F,
                                 const llvm::SmallPtrSetImpl<const Stmt *> &Around,
                                 const Stmt *Branch) {
  if (!F.FD || !F.FD->getBody())
    return false;
  bool Found = false;
  std::function<void(const Stmt *, unsigned)> Scan = [&](const Stmt *S,
                                                         unsigned Depth) {
    if (!S || Found || S == Branch || Depth > 256)
      return;
    if ((isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
         isa<CXXForRangeStmt>(S)) &&
        !Around.count(S) && !isSingleTrip(S) && loopScaled(S, F)) {
      Found = true;
      return;
    }
    for (const Stmt *C : S->children())
      Scan(C, Depth + 1);
  };
  Scan(F.FD->getBody(), 0);
  return Found;
}

} // namespace divergence
} // namespace warplint

