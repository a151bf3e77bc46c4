//===- UnsignedCounters.cpp - Unsigned counters in index arithmetic -------===//
//
// A for loop in device code whose counter is an unsigned integer narrower than
// 64 bits, stepped by ++, --, += or -= (an induction variable), that feeds
// index arithmetic: the counter is multiplied (*, <<) in a subscript or
// pointer offset, directly or through a local of the body computed with such a
// product. This is the guide's `stride*i` and what was measured: the guide's
// loop takes 5.25 SASS instructions per element unsigned and 3.56 signed
// (loop_unsigned, loop_signed). Not a site: a counter used bare or only added
// (`out[i] = 2 * in[i]`, the grid-stride loop, compiles to the same SASS with
// either signedness: loop_unsigned_gridstride), halving loops (`s >>= 1`, not
// an induction variable), products under / or % (not affine; cuda-samples'
// tensor-core GEMMs), loops from a constant to a constant (the range is known;
// cuda-samples' `face < 6`, `i < WARP_COUNT` under #pragma unroll), products
// inside calls, and size_t counters (64-bit: no wrap-around problem; int64
// would do the same 64-bit multiplications).
//
//===----------------------------------------------------------------------===//
#include "Analysis/instructions/UnsignedCounters.h"

#include "Analysis/instructions/DeviceStatements.h"
#include "Frontend/ConstantValue.h"
#include "Frontend/LoopInduction.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace warplint {

using VarSet = llvm::SmallPtrSet<const VarDecl *, 4>;

/// Whether \p S uses one of \p Vars affinely: not inside a call, a division or
/// a remainder.
static bool refersTo(const Stmt *S, const VarSet &Vars) {
  if (!S || isa<CallExpr>(S))
    return false;
  if (const auto *B = dyn_cast<BinaryOperator>(S))
    if (B->getOpcode() == BO_Div || B->getOpcode() == BO_Rem)
      return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      return Vars.count(V);
  for (const Stmt *C : S->children())
    if (refersTo(C, Vars))
      return true;
  return false;
}

/// A multiplication (or left shift) in \p E with one of \p Vars in an operand,
/// or null. Calls, divisions and remainders are not looked into: what comes
/// out of them is not affine in the counter, so strength reduction does not
/// apply whatever its signedness.
static const BinaryOperator *arithmeticOn(const Expr *E, const VarSet &Vars) {
  if (!E)
    return nullptr;
  E = E->IgnoreParenImpCasts();
  if (isa<CallExpr>(E))
    return nullptr;
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    if (B->getOpcode() == BO_Div || B->getOpcode() == BO_Rem)
      return nullptr;
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    if ((B->getOpcode() == BO_Mul || B->getOpcode() == BO_Shl) &&
        refersTo(B, Vars))
      return B;
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C))
      if (const BinaryOperator *B = arithmeticOn(CE, Vars))
        return B;
  return nullptr;
}

/// Whether the loop steps \p V by a constant or uniform amount (++, --, +=,
/// -=, i = i + s): an induction variable that strength reduction works on.
/// Halving loops (s >>= 1) are not.
static bool additiveStep(const Expr *Inc, const VarDecl *V) {
  std::optional<InductionStep> S = inductionStep(Inc, V);
  return S && S->Additive;
}

/// Whether the loop runs from a constant to a constant (`for (unsigned f = 0;
/// f < 6; f++)`, `i < WARP_COUNT`): the compiler knows the counter's range, so
/// there is no wrap-around to preserve, and such loops are usually unrolled.
static bool constantTripCount(const ForStmt &Loop, const VarDecl *V,
                              const ASTContext &Ctx) {
  const Expr *Start = nullptr;
  if (isa_and_nonnull<DeclStmt>(Loop.getInit()))
    Start = V->getInit();
  else if (const auto *A = dyn_cast_or_null<BinaryOperator>(Loop.getInit()))
    Start = A->getRHS();
  const auto *Cond =
      dyn_cast_or_null<BinaryOperator>(Loop.getCond() ? Loop.getCond()->IgnoreParenImpCasts() : nullptr);
  if (!Start || !Cond || !Cond->isComparisonOp() || !constantValue(Start, Ctx))
    return false;
  return constantValue(Cond->getLHS(), Ctx) || constantValue(Cond->getRHS(), Ctx);
}

std::vector<UnsignedCounterSite>
findUnsignedCounters(const DeviceStatements &S, ASTContext &Ctx) {
  std::vector<UnsignedCounterSite> Out;
  for (const ForStmt *Loop : S.ForLoops) {
    const VarDecl *Counter = nullptr;
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(Loop->getInit())) {
      if (DS->isSingleDecl())
        Counter = dyn_cast<VarDecl>(DS->getSingleDecl());
    } else if (const auto *A = dyn_cast_or_null<BinaryOperator>(
                   Loop->getInit());
               A && A->getOpcode() == BO_Assign) {
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(A->getLHS()->IgnoreParenImpCasts()))
        Counter = dyn_cast<VarDecl>(DRE->getDecl());
    }
    if (!Counter)
      continue;
    QualType T = Counter->getType().getCanonicalType();
    if (!T->isUnsignedIntegerType() || T->isBooleanType() ||
        Ctx.getTypeSize(T) >= 64 || !additiveStep(Loop->getInc(), Counter) ||
        constantTripCount(*Loop, Counter, Ctx))
      continue;

    // The counter and the locals of the body computed from it.
    VarSet Vars{Counter};
    VarSet Derived;
    struct Walk : RecursiveASTVisitor<Walk> {
      VarSet &Vars, &Derived;
      const BinaryOperator *Found = nullptr;
      const Expr *Index = nullptr;
      Walk(VarSet &V, VarSet &D) : Vars(V), Derived(D) {}
      bool TraverseLambdaExpr(LambdaExpr *) { return true; }
      bool VisitVarDecl(VarDecl *V) {
        if (V->getInit() && arithmeticOn(V->getInit(), Vars))
          Derived.insert(V);
        return true;
      }
      void index(const Expr *I) {
        if (Index)
          return;
        if (const BinaryOperator *B = arithmeticOn(I, Vars)) {
          Found = B;
          Index = I;
        } else if (refersTo(I, Derived)) {
          Index = I;
        }
      }
      bool VisitArraySubscriptExpr(ArraySubscriptExpr *A) {
        index(A->getIdx());
        return true;
      }
      bool VisitBinaryOperator(BinaryOperator *B) {
        if (B->isAdditiveOp() && B->getType()->isPointerType())
          index(B->getLHS()->getType()->isPointerType() ? B->getRHS()
                                                        : B->getLHS());
        return true;
      }
    } W(Vars, Derived);
    W.TraverseStmt(const_cast<Stmt *>(Loop->getBody()));
    if (!W.Index)
      continue;
    Out.push_back({Loop, Counter, W.Index});
  }
  return Out;
}

} // namespace warplint
