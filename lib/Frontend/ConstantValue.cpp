//===- ConstantValue.cpp - Compile-time values of expressions -------------===//
#include "Frontend/ConstantValue.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace warplint {

std::optional<double> constantValue(const Expr *E, const ASTContext &Ctx) {
  if (!E || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  if (isWarpSize(E))
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsRValue(R, Ctx) || R.HasSideEffects)
    return std::nullopt;
  if (R.Val.isFloat())
    return R.Val.getFloat().convertToDouble();
  if (R.Val.isInt())
    return double(R.Val.getInt().getSExtValue());
  return std::nullopt;
}

bool isWarpSize(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE && DRE->getDecl()->getName() == "warpSize" &&
         DRE->getDecl()->getDeclContext()->isTranslationUnit();
}

} // namespace warplint
