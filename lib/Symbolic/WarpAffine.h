//===- WarpAffine.h - One evaluation per warp where it is exact -*- C++ -*-===//
//
// Part of warplint. evaluateLanes used to evaluate an access's guard and index
// once per lane of every warp of the block (32 x 32 evaluations for a block of
// 1024, again for every loop iteration and alignment case): the largest part
// of warplint's own time on cuda-samples' reduction_kernel.cu (docs/
// evaluation.md, "Speed, session 8"). Most indices are affine in threadIdx
// (`blockIdx.x * blockDim.x + threadIdx.x`, `tid * 2 * s`), so the
// AffineEvaluator evaluates an expression once for a box of thread ids (the
// lanes of one warp) as base + cx * tx + cy * ty + cz * tz, and the lanes'
// values follow by arithmetic.
//
// Exactness is the rule: the shortcut's value for every thread of the box must
// equal ThreadEvaluator's for that thread, failures included. Each step checks
// over the box's corners (an affine value's extremes) that nothing wraps
// (every node's range fits its type and 64 bits), that a division, remainder,
// shift, mask, comparison, min or max of a lane-dependent value gives one
// answer or one affine piece for the whole box; anything else (a lane-varying
// product, a failure of any kind) returns nullopt and evaluateLanes evaluates
// that warp lane by lane as before. unittests/Symbolic/WarpEvalTest.cpp
// compares both on random expressions.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_SYMBOLIC_WARPAFFINE_H
#define WARPLINT_SYMBOLIC_WARPAFFINE_H

#include "Symbolic/WarpEval.h"
#include <array>
#include <cstdint>
#include <optional>

namespace warplint {
namespace sym {

/// Arithmetic on SymValues with ThreadEvaluator's wrapping steps.
namespace symops {
inline int64_t wrapAdd(int64_t A, int64_t B) {
  return int64_t(uint64_t(A) + uint64_t(B));
}
inline int64_t wrapMul(int64_t A, int64_t B) {
  return int64_t(uint64_t(A) * uint64_t(B));
}
SymValue scaled(const SymValue &V, int64_t C);
SymValue sum(const SymValue &X, const SymValue &Y);
} // namespace symops

/// A value for every thread of a box: Base.Const + Coef . threadIdx, plus
/// Base.Terms (the same warp-uniform atoms for every thread).
struct AffineValue {
  SymValue Base;
  std::array<int64_t, 3> Coef = {0, 0, 0};
  bool laneIndependent() const { return !Coef[0] && !Coef[1] && !Coef[2]; }
  /// The constant part at thread \p T (exact: the range was checked).
  int64_t at(const std::array<unsigned, 3> &T) const {
    uint64_t V = uint64_t(Base.Const);
    for (unsigned D = 0; D < 3; ++D)
      V += uint64_t(Coef[D]) * uint64_t(T[D]);
    return int64_t(V);
  }
};

/// Inclusive ranges of threadIdx over the lanes evaluated together.
struct ThreadBox {
  std::array<unsigned, 3> Lo = {0, 0, 0}, Hi = {0, 0, 0};
};

/// Evaluates an expression once for a whole ThreadBox where that is exact
/// (see the file comment); nullopt sends the caller back to per-lane
/// evaluation. Expressions deeper than ThreadEvaluator's budget are left to
/// it (so that no part of one evaluated here could fail there on depth).
class AffineEvaluator {
public:
  explicit AffineEvaluator(ThreadEvaluator &TE) : TE(TE) {}
  std::optional<AffineValue> eval(const Expr *E, const ThreadBox &Box,
                                  const std::array<unsigned, 3> *Block);

private:
  std::optional<AffineValue> rec(const Expr *E, unsigned Depth);
  std::optional<AffineValue> binary(const Expr *E, AffineValue X,
                                    AffineValue Y, unsigned Depth);
  /// ThreadEvaluator's value for \p E, the same for every thread of the box
  /// (no threadIdx below it, or only lane-independent operands).
  std::optional<AffineValue> uniform(const Expr *E, unsigned Depth);

  ThreadEvaluator &TE;
  ThreadBox Box;
  const std::array<unsigned, 3> *Block = nullptr;
};

/// Turns evaluateLanes' affine shortcut on (the default) or off, for the
/// whole process: the tests compare the two.
void setLaneShortcut(bool On);
/// Warps whose index evaluateLanes took from the shortcut so far, on this
/// thread (statistics for the tests; the lanes are the same either way).
unsigned laneShortcutWarps();
/// Blocks whose index evaluateLanes took from one evaluation over the whole
/// block's box of thread ids (on this thread; statistics for the tests).
unsigned laneShortcutBlocks();

} // namespace sym
} // namespace warplint

#endif
