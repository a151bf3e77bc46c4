//===- WarpSplit.h - How the lanes of a warp part on a condition -*- C++ -*-===//
//
// Part of warplint (issue 35). One lane-set domain for every divergent branch
// and loop, in place of named patterns: what is known of the lanes that take
// each side, from the most to the least precise.
//
//  * Masks: every lane of every warp of the block shape evaluated (the exact
//    lane evaluator, ThreadEvaluator): which lanes take the branch.
//  * Pieces: the condition compares values whose difference between lanes is
//    known (the runtime part cancels) with a runtime one. Along the block's
//    linear thread ids each compared difference splits into monotone pieces;
//    one runtime value crosses each piece at most once, so at most that many
//    warps split: one per block for a tail guard `i < n`, two per period for
//    a window clamped at both edges.
//  * TripGap: a loop whose lanes run different numbers of trips; the largest
//    difference between two lanes of a warp and how many warps can have one
//    (a block-stride loop: 1, in one warp; a warp-strided one: 1, in each
//    warp; `for (k = 0; k < threadIdx.x; ++k)`: 31, exact).
//  * Unknown: data, or a runtime multiple of the thread index; every warp
//    may split.
//
// The domain prices a split in lane slots (idle lanes x instructions) so that
// one cost replaces the pattern flags; the analysis multiplies by executions.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_SYMBOLIC_WARPSPLIT_H
#define WARPLINT_SYMBOLIC_WARPSPLIT_H

#include "Symbolic/WarpEval.h"
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace warplint {
namespace sym {

/// What is known of how the lanes of each warp of one block part.
struct WarpSplit {
  enum class Kind : uint8_t { Uniform, Masks, Pieces, TripGap, Unknown };
  Kind K = Kind::Unknown;
  unsigned WarpSize = 32;
  unsigned Warps = 0; ///< Warps of the block.
  /// Masks: per warp, its lanes and the lanes whose value is non-zero.
  std::vector<std::pair<unsigned, uint64_t>> Masks;
  /// Pieces: monotone pieces of the compared differences along the block's
  /// linear thread ids (summed over the comparisons), the threads each spans
  /// on average, and the most warps one runtime value can split.
  unsigned Pieces = 0, Period = 0, SplitWarps = 0;
  /// TripGap: the largest difference of trip counts between two lanes of one
  /// warp, the warps of the block that can have one, and (when every lane's
  /// trips are known) the trips the lanes idle in all, summed over the block.
  int64_t Gap = 0;
  unsigned GapWarps = 0;
  std::optional<uint64_t> IdleLaneTrips;
  /// Pieces and TripGap: every compared difference moves by more than its
  /// span in a block when a block index it reads grows by one (the blocks
  /// tile a range: `blockIdx.x * blockDim.x + threadIdx.x < n`), so a
  /// runtime bound falls in one block of that grid dimension: only those
  /// blocks split, a column of blocks for a bound on x, a row for one on y
  /// (bit D for blockIdx's component D; 0 when some comparison is not
  /// tiled).
  unsigned EdgeBlockDims = 0;
  /// Unknown: why.
  std::string Why;

  /// The most warps of the block that split.
  unsigned divergentWarps() const;
  /// Lane slots one execution of a branch wastes in a block: idle lanes times
  /// the instructions of the side they idle through (\p Then, \p Else).
  double wastedBranchSlots(double Then, double Else) const;
  /// The same for a loop of \p Body instructions a trip; \p AssumedGap is the
  /// trip gap taken where it is not known.
  double wastedLoopSlots(double Body, unsigned AssumedGap) const;
  /// One line for the dump and the messages.
  std::string describe() const;
};

/// How the lanes of a block of \p Shape part on condition \p Cond.
WarpSplit splitOfCondition(ExprContext &C, const Expr *Cond,
                           const LaunchShape &Shape, const Bindings &B = {});

/// How the trip counts of `for (v = Start; v < Bound; v += Step)` (`<=` when
/// \p Inclusive) differ between lanes; \p Step is uniform and positive.
WarpSplit splitOfTrips(ExprContext &C, const Expr *Start, const Expr *Bound,
                       const Expr *Step, bool Inclusive,
                       const LaunchShape &Shape, const Bindings &B = {});

} // namespace sym
} // namespace warplint

#endif
