//===- ShrinkingBound.h - Bounds shrinking under their test ----*- C++ -*-===//
//
// Part of warplint; private to lib/Analysis. Recognises, in a loop, an `if`
// whose test compares a value that the loop leaves alone with a variable that
// is assigned only under that test, each time made no larger
// (cuda-samples dwtHaar1D: `if (tid < num_threads) { ...; num_threads =
// num_threads >> 1; }`). For that test, every lane behaves as if the
// variable were the uniform sequence the passing lanes follow (see
// shrinkingBound for the argument), so the divergence walker evaluates the
// test over that sequence.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_SHRINKINGBOUND_H
#define WARPLINT_ANALYSIS_SHRINKINGBOUND_H

#include "clang/AST/OperationKinds.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <optional>
#include <string>

namespace clang {
class ASTContext;
class DeclRefExpr;
class Expr;
class IfStmt;
class VarDecl;
} // namespace clang

namespace warplint {

class ExprBuilder;
class ValueFlow;
struct FlowLoop;
struct ValueDef;

namespace sym {
class Expr;
class ExprContext;
} // namespace sym

namespace divergence {

/// `for (...) { if (x < v) { ...; v >>= 1; } ... }`: v is assigned in the
/// loop only by direct statements of the then side of its own test, each
/// making it no larger; x is the same in every iteration.
struct ShrinkingBound {
  const clang::VarDecl *Var = nullptr;
  /// The read of the variable in the test, and the test's other side.
  const clang::DeclRefExpr *Use = nullptr;
  const clang::Expr *Index = nullptr;
  /// The one definition that reaches the loop from outside it.
  const ValueDef *Start = nullptr;
  /// The loop whose iterations the variable moves in.
  const FlowLoop *Loop = nullptr;
  /// One pass's updates, in order: v >>= By, v /= By, v -= By.
  struct Step {
    clang::BinaryOperatorKind Op = clang::BO_Shr;
    int64_t By = 0;
  };
  llvm::SmallVector<Step, 2> Steps;
  /// The variable is signed (its values must stay non-negative for >> and
  /// / to make it no larger).
  bool Signed = false;
};

/// The bound \p IS tests, when it is one (see ShrinkingBound).
std::optional<ShrinkingBound> shrinkingBound(const clang::IfStmt &IS,
                                             const ValueFlow &Flow,
                                             clang::ASTContext &Ctx);

/// The value after one pass of the then side: \p V moved by every step; none
/// when a step would make it larger (a negative value shifted or divided).
std::optional<int64_t> shrinkOnce(const ShrinkingBound &B, int64_t V);

/// What the lane evaluation needs: the symbolic leaf that stands for the
/// variable in the test ("num_threads", uniform), its start built at the
/// start's definition, and the test built with the leaf.
struct ShrinkingView {
  ShrinkingBound Bound;
  std::string Name;
  const sym::Expr *Start = nullptr;
  const sym::Expr *Test = nullptr;
};

/// The view of \p IS's bound for the lane evaluation, when it is a
/// ShrinkingBound whose start is the same in every lane; null when the
/// builder has no value flow (a helper). Leaves \p B building the test's read
/// of the variable as the leaf: the caller clears it (setUseValue(Use,
/// nullptr)) when the test has been evaluated.
std::optional<ShrinkingView> shrinkingView(const clang::IfStmt &IS,
                                           ExprBuilder &B, sym::ExprContext &SC,
                                           clang::ASTContext &Ctx);

/// Where the start is not known here (a parameter): the test is a bound
/// guard over the sequence. Its index grows with the lane and the sequence
/// never grows (unsigned, or only subtracted from), so in each iteration
/// the passing lanes are the first ones and only the warp that straddles
/// the bound splits, as at a tail.
bool shrinkingTail(const ShrinkingView &View, ExprBuilder &B);

} // namespace divergence
} // namespace warplint

#endif
