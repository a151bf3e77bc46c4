//===- LoopInduction.h - How a loop updates its counter ----------*- C++ -*-===//
//
// Part of warplint. The one recogniser of loop induction variables: the symbolic
// index builder (ExprBuilder), the per-thread array analysis (LocalArrays), the
// divergence walker and the unsigned-loop-counter check all ask it how a loop's
// update expression changes a variable.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_LOOPINDUCTION_H
#define WARPLINT_FRONTEND_LOOPINDUCTION_H

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include <optional>

namespace warplint {

/// How an update expression changes one variable.
struct InductionStep {
  /// i++, i--, i += s, i -= s, i = i + s, i = i - s: i changes by a step.
  /// Otherwise geometric: i *= c, i /= c, i <<= c, i >>= c and their
  /// `i = i op c` forms.
  bool Additive = true;
  /// The additive step as written; null for ++ and -- (a step of 1).
  const clang::Expr *Step = nullptr;
  /// i--, i -= s, i = i - s.
  bool Negate = false;
  /// For a geometric update: the operator (BO_Mul, BO_Div, BO_Shl, BO_Shr) and
  /// its right operand.
  clang::BinaryOperatorKind GeometricOp = clang::BO_Mul;
  const clang::Expr *Factor = nullptr;
  /// The update is `++`/`--` or a compound assignment (not `i = i op s`).
  bool ShortForm = true;
};

/// \p E, parentheses and implicit casts aside, names the variable \p V.
bool refersTo(const clang::Expr *E, const clang::VarDecl *V);

/// How \p Update (a for loop's increment, or a statement of a loop body)
/// changes \p V; nullopt when it is not one of the induction forms.
std::optional<InductionStep> inductionStep(const clang::Expr *Update,
                                           const clang::VarDecl *V);

/// The induction variable of `for (T i = Init; ...; Update)`: declared alone in
/// the init statement with an initialiser, of integer type, updated by an
/// induction form.
struct ForInduction {
  const clang::VarDecl *Var = nullptr;
  const clang::Expr *Init = nullptr;
  InductionStep Step;
};
std::optional<ForInduction> forInduction(const clang::ForStmt &FS);

} // namespace warplint

#endif
