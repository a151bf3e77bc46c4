//===- DivergenceScaledLoops.cpp - Loops that grow with the problem -------===//
//
// Part of warplint; private to lib/Analysis. Whether the work under a branch
// holds a loop whose trip count grows with the problem (a parameter, memory)
// rather than the block's own bookkeeping, in the branch or in a helper it
// calls: the serial work a lone lane would do while its warp waits.
//
//===----------------------------------------------------------------------===//
#include "Analysis/divergence/DivergenceWalker.h"

#include "Analysis/divergence/DivergenceSources.h"
#include "Analysis/divergence/GuardPatterns.h"
#include "Analysis/WalkBudget.h"
#include "Frontend/LoopInduction.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <functional>

using namespace clang;

namespace warplint {
namespace divergence {

/// Whether \p E holds a leaf that grows with the problem rather than the
/// block: a parameter, a value read from memory or otherwise unknown, a
/// block or grid index. Constants, threadIdx, blockDim and loop variables
/// bound the loops of a block's own bookkeeping.
bool problemSized(const sym::Expr *E, unsigned Depth) {
  if (!E || Depth > 200)
    return true;
  switch (E->kind()) {
  case sym::ExprKind::Constant:
  case sym::ExprKind::ThreadIdx:
  case sym::ExprKind::BlockDim:
  case sym::ExprKind::LoopIV:
    return false;
  case sym::ExprKind::BlockIdx:
  case sym::ExprKind::GridDim:
  case sym::ExprKind::Param:
  case sym::ExprKind::Unknown:
    return true;
  default:
    break;
  }
  for (const sym::Expr *Op : E->ops())
    if (problemSized(Op, Depth + 1))
      return true;
  return false;
}

const Expr *loopCondition(const Stmt *L) {
  if (const auto *FS = dyn_cast<ForStmt>(L))
    return FS->getCond();
  if (const auto *WS = dyn_cast<WhileStmt>(L))
    return WS->getCond();
  if (const auto *DS = dyn_cast<DoStmt>(L))
    return DS->getCond();
  return nullptr;
}

namespace {

/// Whether \p E, read in the helper \p Fn, may grow with the problem: a
/// parameter whose argument does (\p Args says, for the parameters of the
/// call being judged; any other parameter may), a value read from memory, a
/// block or grid index, a call. Constants, warpSize, threadIdx, blockDim and
/// locals initialised and updated from such values do not. \p Seen guards
/// the locals against cycles (`n = n / 2`).
bool helperValueScaled(const Expr *E, const FunctionDecl *Fn,
                       const llvm::DenseMap<const ParmVarDecl *, bool> &Args,
                       ASTContext &Ctx,
                       llvm::SmallPtrSetImpl<const VarDecl *> &Seen,
                       unsigned Depth) {
  if (!E || Depth > 32)
    return true;
  E = E->IgnoreParenImpCasts();
  if (E->isValueDependent() || E->isTypeDependent())
    return true;
  if (E->isIntegerConstantExpr(Ctx) || isa<FloatingLiteral>(E) ||
      isa<CXXBoolLiteralExpr>(E))
    return false;
  if (auto B = cudaBuiltinComponent(E))
    return !(B->first == "threadIdx" || B->first == "blockDim");
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = DRE->getDecl();
    if (isa<EnumConstantDecl>(D) || isa<NonTypeTemplateParmDecl>(D))
      return false;
    if (const auto *P = dyn_cast<ParmVarDecl>(D)) {
      auto It = Args.find(P);
      return It == Args.end() || It->second;
    }
    const auto *V = dyn_cast<VarDecl>(D);
    if (!V)
      return true;
    if (V->getName() == "warpSize")
      return false;
    if (!V->hasLocalStorage() || V->getType()->isReferenceType())
      return true; // memory: a global, a __shared__ or __constant__ variable
    if (!Seen.insert(V).second)
      return false; // judged by its other definitions
    if (!V->getInit() ||
        helperValueScaled(V->getInit(), Fn, Args, Ctx, Seen, Depth + 1))
      return true;
    // Every later assignment must keep it so (`offset /= 2`, `i += 32`).
    bool Scaled = false;
    std::function<void(const Stmt *)> Scan = [&](const Stmt *S) {
      if (!S || Scaled)
        return;
      if (const auto *BO = dyn_cast<BinaryOperator>(S);
          BO && BO->isAssignmentOp()) {
        const auto *T = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
        if (T && T->getDecl() == V &&
            helperValueScaled(BO->getRHS(), Fn, Args, Ctx, Seen, Depth + 1))
          Scaled = true;
      }
      if (const auto *UO = dyn_cast<UnaryOperator>(S);
          UO && UO->getOpcode() == UO_AddrOf) {
        const auto *T = dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParenImpCasts());
        if (T && T->getDecl() == V)
          Scaled = true; // written through a pointer: unknown
      }
      for (const Stmt *C : S->children())
        Scan(C);
    };
    Scan(Fn->getBody());
    return Scaled;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return helperValueScaled(BO->getLHS(), Fn, Args, Ctx, Seen, Depth + 1) ||
           helperValueScaled(BO->getRHS(), Fn, Args, Ctx, Seen, Depth + 1);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->getOpcode() == UO_Deref ||
           helperValueScaled(UO->getSubExpr(), Fn, Args, Ctx, Seen, Depth + 1);
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return helperValueScaled(CO->getCond(), Fn, Args, Ctx, Seen, Depth + 1) ||
           helperValueScaled(CO->getTrueExpr(), Fn, Args, Ctx, Seen, Depth + 1) ||
           helperValueScaled(CO->getFalseExpr(), Fn, Args, Ctx, Seen, Depth + 1);
  if (const auto *CE = dyn_cast<ExplicitCastExpr>(E))
    return helperValueScaled(CE->getSubExpr(), Fn, Args, Ctx, Seen, Depth + 1);
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    // min/max and the toolkit's arithmetic keep their arguments' nature.
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD || !Ctx.getSourceManager().isInSystemHeader(FD->getLocation()))
      return true;
    for (const Expr *A : CE->arguments())
      if (helperValueScaled(A, Fn, Args, Ctx, Seen, Depth + 1))
        return true;
    return false;
  }
  return true;
}

/// The one walk of both judgements below: whether a loop under \p S (its
/// children, not \p S itself) stays a loop and has a condition that
/// \p CondScaled calls problem-sized, or a helper called there (other than
/// \p Self) loops and \p HelperScaled says so.
/// What decides the trips of loop \p L: its condition, or for a counted
/// `for` (`for (i = a; i < b; ...)`, the counter set in the init, declared
/// there or before) the start and the bound, so that a counter declared at
/// function scope does not count as a value of unknown size.
void tripDeciders(const Stmt *L, llvm::SmallVectorImpl<const Expr *> &Out) {
  const Expr *Cond = loopCondition(L);
  if (!Cond)
    return;
  const auto *FS = dyn_cast<ForStmt>(L);
  const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (FS && FS->getInit() && BO && BO->isRelationalOp()) {
    auto CounterOf = [](const Expr *E) -> const VarDecl * {
      const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    };
    const Expr *Start = nullptr;
    const VarDecl *V = nullptr;
    if (const auto *DS = dyn_cast<DeclStmt>(FS->getInit());
        DS && DS->isSingleDecl())
      if (const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl());
          VD && VD->getInit())
        V = VD, Start = VD->getInit();
    if (const auto *A = dyn_cast<BinaryOperator>(FS->getInit());
        A && A->getOpcode() == BO_Assign)
      if ((V = CounterOf(A->getLHS())))
        Start = A->getRHS();
    if (V && Start) {
      if (CounterOf(BO->getLHS()) == V) {
        Out.push_back(Start);
        Out.push_back(BO->getRHS());
        return;
      }
      if (CounterOf(BO->getRHS()) == V) {
        Out.push_back(Start);
        Out.push_back(BO->getLHS());
        return;
      }
    }
  }
  Out.push_back(Cond);
}

bool anyScaledLoop(
    const Stmt *S, const FunctionDecl *Self, const CostInputs &In,
    llvm::function_ref<bool(const CallExpr *, const FunctionDecl *)>
        HelperScaled,
    llvm::function_ref<bool(const Expr *)> CondScaled, unsigned Depth = 0) {
  if (!S || Depth > 64)
    return false;
  for (const Stmt *C : S->children()) {
    if (!C)
      continue;
    if (const auto *CE = dyn_cast<CallExpr>(C)) {
      const FunctionDecl *FD = CE->getDirectCallee(), *Def = nullptr;
      if (FD && FD->hasBody(Def) && Def != Self &&
          !isa<CXXOperatorCallExpr>(CE) && !isa<CUDAKernelCallExpr>(CE) &&
          containsLoop(Def->getBody(), In) && HelperScaled(CE, Def))
        return true;
    }
    if ((isa<ForStmt>(C) || isa<WhileStmt>(C) || isa<DoStmt>(C)) &&
        !isSingleTrip(C) && unrolledTrips(C, In) == 0) {
      llvm::SmallVector<const Expr *, 2> Deciders;
      tripDeciders(C, Deciders);
      if (Deciders.empty())
        return true;
      for (const Expr *D : Deciders)
        if (CondScaled(D))
          return true;
    }
    if (anyScaledLoop(C, Self, In, HelperScaled, CondScaled, Depth + 1))
      return true;
  }
  return false;
}

} // namespace

/// Whether the helper \p Def, called by \p CE from the function \p F walks,
/// runs a loop that stays a loop and whose bound grows with the problem: its
/// condition reads a parameter whose argument at \p CE is problem-sized
/// (judged in the caller), memory, or anything not known to be the block's
/// own bookkeeping. `for (o = warpSize / 2; o > 0; o /= 2)` is not;
/// nested helpers count as problem-sized when they loop at all.
bool Walker::helperLoopScaled(const FunctionDecl *Def, const CallExpr *CE,
                              FnState &F) {
  llvm::DenseMap<const ParmVarDecl *, bool> Args;
  for (unsigned I = 0; I < CE->getNumArgs() && I < Def->getNumParams(); ++I)
    Args[Def->getParamDecl(I)] =
        problemSized(F.Builder->build(CE->getArg(I)));
  return anyScaledLoop(
      Def->getBody(), Def, costInputs(),
      [](const CallExpr *, const FunctionDecl *) { return true; },
      [&](const Expr *Cond) {
        llvm::SmallPtrSet<const VarDecl *, 8> Seen;
        return helperValueScaled(Cond, Def, Args, Ctx, Seen, 0);
      });
}

/// A loop under \p S that stays a loop and runs a number of trips that
/// grows with the problem (its condition reads a parameter or memory), or
/// such a loop in a helper called there: the work a lone lane would
/// serialise.
bool Walker::scaledLoopUnder(const Stmt *S, FnState &F) {
  return anyScaledLoop(
      S, /*Self=*/nullptr, costInputs(),
      [&](const CallExpr *CE, const FunctionDecl *Def) {
        return helperLoopScaled(Def, CE, F);
      },
      [&](const Expr *Cond) { return problemSized(F.Builder->build(Cond)); });
}

} // namespace divergence
} // namespace warplint
