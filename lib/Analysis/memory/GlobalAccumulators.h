//===- GlobalAccumulators.h - Global read-modify-writes in loops -*- C++ -*-===//
//
// Part of warplint. In a kernel, a global element that a loop reads, modifies
// and writes back in every iteration at an index the loop does not change
// (`c[i*N + j] += a[i*N + k] * b[k*N + j]` over k): a register accumulator
// would do. Whether the compiler does it by itself depends on aliasing: nvcc
// 13 keeps the store in the loop when the loop also reads through a pointer
// that may alias the accumulated one, and moves it out with __restrict__
// (validation/accumulator: 29 STG against 1). Facts only:
// checks/GlobalAccumulatorInLoopCheck words them; warplint-dump
// --accumulators prints them.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_GLOBALACCUMULATORS_H
#define WARPLINT_ANALYSIS_GLOBALACCUMULATORS_H

#include "Frontend/MutationCache.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <optional>
#include <vector>

namespace clang {
class ASTContext;
class Expr;
class FunctionDecl;
class ParmVarDecl;
class Stmt;
} // namespace clang

namespace warplint {

/// One global element accumulated in memory across a loop's iterations.
struct GlobalAccumulator {
  const clang::Expr *Update = nullptr; ///< `x op= e` or `x = x op e`.
  const clang::Expr *Target = nullptr; ///< The element, `c[i * N + j]`.
  const clang::ParmVarDecl *Pointer = nullptr; ///< The kernel parameter c.
  const clang::Stmt *Loop = nullptr; ///< The innermost loop around the update.
  std::optional<int64_t> TripCount;
  /// Other pointer parameters the loop reads through, none __restrict__ (nor
  /// the accumulated one): the compiler must assume a store through the
  /// accumulated pointer changes what they read, and keeps the store in the
  /// loop. Empty: nothing forces memory (the compiler may already use a
  /// register).
  std::vector<const clang::ParmVarDecl *> MayAlias;
};

/// The accumulators of \p Kernel (a __global__ function).
std::vector<GlobalAccumulator>
findGlobalAccumulators(const clang::FunctionDecl &Kernel, clang::ASTContext &Ctx,
                       MutationCache &Cache);

/// One line per accumulator (warplint-dump --accumulators).
void printGlobalAccumulators(llvm::raw_ostream &OS,
                             const clang::FunctionDecl &Kernel,
                             llvm::ArrayRef<GlobalAccumulator> Accs,
                             clang::ASTContext &Ctx);

} // namespace warplint

#endif
