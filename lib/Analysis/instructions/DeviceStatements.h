//===- DeviceStatements.h - What instruction rules read ---------*- C++ -*-===//
//
// Part of warplint. The instruction analyses (slow math functions, integer
// division, unsigned loop counters) look at the same statements of a device
// function: its calls, products and quotients, masks and for loops. One walk
// collects them, in source order, for all three; lambdas are functions of
// their own and are not entered.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_DEVICESTATEMENTS_H
#define WARPLINT_ANALYSIS_DEVICESTATEMENTS_H

#include <vector>

namespace clang {
class BinaryOperator;
class CallExpr;
class ForStmt;
class FunctionDecl;
} // namespace clang

namespace warplint {

/// The statements of one device function body, each kind in source order.
struct DeviceStatements {
  /// Every call.
  std::vector<const clang::CallExpr *> Calls;
  /// Every `*` and `/`, whatever their type.
  std::vector<const clang::BinaryOperator *> Products;
  /// Integer `/`, `%`, `/=` and `%=`.
  std::vector<const clang::BinaryOperator *> IntegerDivisions;
  /// `&` and `&=`.
  std::vector<const clang::BinaryOperator *> Masks;
  /// Every for loop.
  std::vector<const clang::ForStmt *> ForLoops;
};

/// The statements of \p F's body (empty without one).
DeviceStatements collectDeviceStatements(const clang::FunctionDecl &F);

} // namespace warplint

#endif
