//===- UnsignedCounters.h - Unsigned counters in indices --------*- C++ -*-===//
//
// Part of warplint. The for loops of a device function whose unsigned counter
// feeds index arithmetic, where its defined wrap-around keeps the compiler
// from strength reduction (the rules are in the .cpp's header);
// checks/UnsignedLoopCounterCheck words them.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_UNSIGNEDCOUNTERS_H
#define WARPLINT_ANALYSIS_UNSIGNEDCOUNTERS_H

#include <vector>

namespace clang {
class ASTContext;
class Expr;
class ForStmt;
class VarDecl;
} // namespace clang

namespace warplint {

struct DeviceStatements;

/// A loop whose narrow unsigned counter feeds a product in an index.
struct UnsignedCounterSite {
  const clang::ForStmt *Loop = nullptr;
  const clang::VarDecl *Counter = nullptr;
  /// The first subscript or pointer offset of the body the counter feeds.
  const clang::Expr *Index = nullptr;
};

/// The loops among \p S's for loops with such a counter, in source order.
std::vector<UnsignedCounterSite>
findUnsignedCounters(const DeviceStatements &S, clang::ASTContext &Ctx);

} // namespace warplint

#endif
