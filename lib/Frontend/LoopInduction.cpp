//===- LoopInduction.cpp - How a loop updates its counter -----------------===//
#include "Frontend/LoopInduction.h"

#include "clang/AST/Decl.h"

using namespace clang;

namespace warplint {

bool refersTo(const Expr *E, const VarDecl *V) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE && DRE->getDecl() == V;
}

/// Fills \p S for `V op= R` / `V = V op R` with binary operator \p Op.
static bool fromOperator(BinaryOperatorKind Op, const Expr *R,
                         InductionStep &S) {
  switch (Op) {
  case BO_Add:
    S.Step = R;
    return true;
  case BO_Sub:
    S.Step = R;
    S.Negate = true;
    return true;
  case BO_Mul:
  case BO_Div:
  case BO_Shl:
  case BO_Shr:
    S.Additive = false;
    S.GeometricOp = Op;
    S.Factor = R;
    return true;
  default:
    return false;
  }
}

std::optional<InductionStep> inductionStep(const Expr *Update,
                                           const VarDecl *V) {
  if (!Update || !V)
    return std::nullopt;
  Update = Update->IgnoreParenImpCasts();
  InductionStep S;
  if (const auto *UO = dyn_cast<UnaryOperator>(Update)) {
    if (!UO->isIncrementDecrementOp() || !refersTo(UO->getSubExpr(), V))
      return std::nullopt;
    S.Negate = UO->isDecrementOp();
    return S;
  }
  if (const auto *CAO = dyn_cast<CompoundAssignOperator>(Update)) {
    if (!refersTo(CAO->getLHS(), V) ||
        !fromOperator(BinaryOperator::getOpForCompoundAssignment(
                          CAO->getOpcode()),
                      CAO->getRHS(), S))
      return std::nullopt;
    return S;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(Update)) {
    // i = i + s, i = i - s, i = i * 2, i = i / 2, and i = s + i, i = 2 * i
    if (BO->getOpcode() != BO_Assign || !refersTo(BO->getLHS(), V))
      return std::nullopt;
    const auto *R =
        dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
    if (!R)
      return std::nullopt;
    S.ShortForm = false;
    if (refersTo(R->getLHS(), V))
      return fromOperator(R->getOpcode(), R->getRHS(), S)
                 ? std::optional<InductionStep>(S)
                 : std::nullopt;
    // The commuted forms of the commutative operators: i = s + i, i = 2 * i.
    if ((R->getOpcode() == BO_Add || R->getOpcode() == BO_Mul) &&
        refersTo(R->getRHS(), V) && !refersTo(R->getLHS(), V) &&
        fromOperator(R->getOpcode(), R->getLHS(), S))
      return S;
    return std::nullopt;
  }
  return std::nullopt;
}

std::optional<ForInduction> forInduction(const ForStmt &FS) {
  const auto *DS = dyn_cast_or_null<DeclStmt>(FS.getInit());
  if (!DS || !DS->isSingleDecl())
    return std::nullopt;
  const auto *Var = dyn_cast<VarDecl>(DS->getSingleDecl());
  if (!Var || !Var->getType()->isIntegerType() || !Var->getInit())
    return std::nullopt;
  std::optional<InductionStep> S = inductionStep(FS.getInc(), Var);
  if (!S)
    return std::nullopt;
  return ForInduction{Var, Var->getInit(), *S};
}

} // namespace warplint
