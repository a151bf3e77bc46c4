//===- BranchCost.cpp - The work under a divergent branch -----------------===//
#include "Analysis/BranchCost.h"

#include "Analysis/DivergenceSources.h"
#include "Frontend/ExprBuilder.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace warplint {
namespace divergence {

namespace {

/// Cost table of the predication heuristic, in SASS instructions (measured on
/// sm_90 with nvcc 13.0: docs/validation-divergence.md). Functions with a slow
/// path or a long expansion count 20, which no predicated body reaches.
unsigned callCost(StringRef N) {
  static const char *Long[] = {
      "sqrtf",  "sinf",  "cosf",    "tanf",  "expf",  "exp2f", "exp10f",
      "logf",   "log2f", "log10f",  "powf",  "sqrt",  "sin",   "cos",
      "tan",    "exp",   "log",     "pow",   "erff",  "erf",   "atanf",
      "atan2f", "sinhf", "coshf",   "tanhf", "asinf", "acosf", "cbrtf",
      "fmodf",  "fmod",  "sincosf", "normf", "hypotf"};
  for (const char *T : Long)
    if (N == T)
      return 20;
  if (N.starts_with("__") || N == "rsqrtf" || N == "fabsf" || N == "fminf" ||
      N == "fmaxf" || N == "fmaf" || N == "abs" || N == "min" || N == "max")
    return 2;
  return 8;
}

bool isMul(const Expr *E) {
  const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  return BO && BO->getOpcode() == BO_Mul;
}

/// Division and remainder: a shift or multiply for constants, a long sequence
/// (integer) or a slow path (float) otherwise.
unsigned divisionCost(const BinaryOperator *BO, const ASTContext &Ctx) {
  const Expr *D = BO->getRHS()->IgnoreParenImpCasts();
  if (BO->getType()->isIntegerType())
    if (auto C = D->getIntegerConstantExpr(Ctx))
      return C->isPowerOf2() ? 1 : 3;
  if (const auto *FL = dyn_cast<FloatingLiteral>(D)) {
    llvm::APFloat V = FL->getValue();
    if (V.getExactInverse(nullptr))
      return 1; // an exact reciprocal: a multiply
  }
  return 20;
}

bool isLoop(const Stmt *S) {
  return isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
         isa<CXXForRangeStmt>(S);
}

unsigned cost(const Stmt *S, const ASTContext &Ctx, bool &Unpredicable,
              unsigned Depth) {
  if (!S || Depth > 40)
    return 0;
  if (isLoop(S))
    Unpredicable = true;
  // threadIdx.x and friends: a special register the compiler reads once.
  if (const auto *E = dyn_cast<Expr>(S))
    if (isa<PseudoObjectExpr>(E) && cudaBuiltinComponent(E))
      return 0;
  unsigned Cost = 0;
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (FD && FD->getIdentifier() && forcesBranch(FD->getName()))
      Unpredicable = true;
    const FunctionDecl *Def = nullptr;
    if (FD && FD->hasBody(Def) && Def && Depth < 30 &&
        !isa<CXXOperatorCallExpr>(CE))
      Cost += 2 + cost(Def->getBody(), Ctx, Unpredicable, Depth + 10);
    else if (FD && FD->getIdentifier())
      Cost += callCost(FD->getName());
    else
      Cost += 4;
  } else if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    switch (BO->getOpcode()) {
    case BO_Assign:
    case BO_Comma:
      break;
    case BO_Div:
    case BO_Rem:
    case BO_DivAssign:
    case BO_RemAssign:
      Cost += divisionCost(BO, Ctx);
      break;
    case BO_Add:
    case BO_Sub:
    case BO_AddAssign:
    case BO_SubAssign:
      // a * b + c is one FFMA / IMAD.
      if (!isMul(BO->getRHS()) && !isMul(BO->getLHS()))
        Cost += 1;
      break;
    default:
      Cost += 1;
    }
  } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_Deref ||
        UO->getOpcode() == UO_Minus || UO->getOpcode() == UO_Not ||
        UO->getOpcode() == UO_LNot)
      Cost += 1;
  } else if (isa<ArraySubscriptExpr>(S)) {
    Cost += 1; // the memory instruction; its address arithmetic is counted
               // with the index
  } else if (const auto *ICE = dyn_cast<CastExpr>(S)) {
    switch (ICE->getCastKind()) {
    case CK_IntegralToFloating:
    case CK_FloatingToIntegral:
    case CK_FloatingCast:
      Cost += 1;
      break;
    default:
      break;
    }
  } else if (isa<ReturnStmt>(S) || isa<BreakStmt>(S) || isa<ContinueStmt>(S) ||
             isa<IfStmt>(S) || isa<ConditionalOperator>(S)) {
    Cost += 1;
  } else if (const auto *SW = dyn_cast<SwitchStmt>(S)) {
    unsigned Cases = 0;
    for (const SwitchCase *C = SW->getSwitchCaseList(); C;
         C = C->getNextSwitchCase())
      ++Cases;
    if (Cases > 2)
      Unpredicable = true;
  }
  for (const Stmt *C : S->children())
    Cost += cost(C, Ctx, Unpredicable, Depth + 1);
  return Cost;
}

bool containsLoopAt(const Stmt *S, unsigned Depth) {
  if (!S || Depth > 40)
    return false;
  for (const Stmt *C : S->children())
    if (C && (isLoop(C) || containsLoopAt(C, Depth + 1)))
      return true;
  return false;
}

} // namespace

unsigned estimateCost(const Stmt *S, const ASTContext &Ctx,
                      bool &Unpredicable) {
  return cost(S, Ctx, Unpredicable, 0);
}

BodyEstimate estimateBranch(const Stmt *Then, const Stmt *Else,
                            const ASTContext &Ctx) {
  bool U = false;
  unsigned C = estimateCost(Then, Ctx, U) + estimateCost(Else, Ctx, U);
  return {C, U};
}

bool containsLoop(const Stmt *S) { return containsLoopAt(S, 0); }

} // namespace divergence
} // namespace warplint
