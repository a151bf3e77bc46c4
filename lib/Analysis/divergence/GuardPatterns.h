//===- GuardPatterns.h - Branches that split only one warp ------*- C++ -*-===//
//
// Part of warplint; private to lib/Analysis. Recognises the lane-varying
// conditions that in practice split at most the one warp that straddles a
// bound: tail guards (`if (i < n)`, `if (i >= n) return;`, `x < w && y < h`)
// with a lane-linear index against a uniform runtime bound, grid-stride
// loops whose counter only advances by a uniform stride, and queue slots
// taken with an aggregated atomicAdd. They ask the walk for the levels of
// the operands through GuardQueries.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_GUARDPATTERNS_H
#define WARPLINT_ANALYSIS_GUARDPATTERNS_H

#include "Analysis/divergence/DivergenceLattice.h"
#include "Symbolic/Expr.h"

namespace clang {
class Expr;
class Stmt;
class VarDecl;
} // namespace clang

namespace warplint {
namespace divergence {

/// What the guard patterns ask of the walk at the point of the branch.
class GuardQueries {
public:
  virtual ~GuardQueries();
  /// The level of \p E here.
  virtual Level levelOf(const clang::Expr *E) = 0;
  /// \p V holds a value read at lane-varying addresses.
  virtual bool isDataDependent(const clang::VarDecl *V) const = 0;
  /// The expression \p V was last set to on the straight-line path here.
  virtual const clang::Expr *lastValue(const clang::VarDecl *V) const = 0;
  /// Nothing in the function modifies \p V after its initialiser.
  virtual bool isUnmodified(const clang::VarDecl *V) const = 0;
  /// \p E as a symbolic expression.
  virtual const sym::Expr *build(const clang::Expr *E) = 0;
  /// \p E reads a helper parameter whose argument is not uniform, other
  /// than one whose argument is a lane-linear index (`threadIdx.x`, `tid`)
  /// read through operations that keep it monotone in the lane.
  virtual bool readsVaryingParam(const sym::Expr *E) const = 0;
};

/// \p E is a function of the thread index that grows or shrinks with it:
/// no lane-varying unknown or loop variable, no lane-varying remainder,
/// mask or select (what a tail guard's index must be).
bool monotoneInLaneIndex(const sym::Expr *E);

/// `i < n`, `x < w && y < h`, `i >= n`: lane-linear indices against bounds
/// that are the same for every lane and not known at compile time. \p Loop is
/// the loop whose condition \p C is, if any (a stride counter then counts).
bool isBoundGuard(const clang::Expr *C, GuardQueries &Q,
                  const clang::Stmt *Loop = nullptr);

/// A loop condition whose uniform side is the counter the loop moves and
/// whose other side, a bound the loop leaves alone, grows (or shrinks) with
/// the lane through operations monotone in it (`while (cur < to)` with to =
/// x * step): the lanes stop at different trips in every warp, a triangle.
bool isLaneGrowingBound(const clang::Expr *C, GuardQueries &Q,
                        const clang::Stmt *Loop);

/// A loop from \p Start to \p Bound (by a uniform step) over a window that
/// follows the lane and is clamped at the edges (`for (k = max(0, i - r); k
/// <= min(n - 1, i + r); ++k)`): where no clamp holds, both ends follow the
/// lane at the same distance, so the lanes' trip counts differ only where a
/// lane's window meets an edge, in the warps there, as at a tail.
bool isClampedWindow(sym::ExprContext &SC, const sym::Expr *Start,
                     const sym::Expr *Bound);

/// `y >= 0 && y < rows` with y = t % rows + k (t a lane-linear index, k and
/// rows the same for every lane), or `y < 0 || y >= rows`: a stencil's test
/// that a neighbour stays inside the period its coordinate wraps in. Only the
/// lanes within the offset's reach of an edge of the period fail, in the
/// warps that straddle the start or the end of a period, as at a tail.
/// Conjuncts that are bound guards may stand beside the edge tests; at least
/// one edge test of a remainder is needed (the rest is isBoundGuard's).
bool isEdgeGuard(const clang::Expr *C, GuardQueries &Q, sym::ExprContext &SC);

} // namespace divergence
} // namespace warplint

#endif
