//===- Divergence.h - Which branches and barriers split a warp --*- C++ -*-===//
//
// Part of warplint. A warp-aware uniformity analysis of device code: for one
// kernel and one block shape, which conditions can differ between the lanes
// of a warp (a divergent branch) or between the threads of a block (a barrier
// under such a condition deadlocks or is undefined).
//
// Sources of lane variance: threadIdx (with the warp-granular exceptions that
// the exact per-lane evaluation of lib/Symbolic proves for the block shape),
// loads from lane-varying addresses, atomics' return values, values assigned
// under lane-varying control flow (sync dependence, approximated by scope: a
// variable assigned inside a divergent region that does not also contain its
// declaration), and loops whose trip count differs between lanes. Sources of
// uniformity: blockIdx, gridDim, blockDim, kernel parameters, constants,
// loads from uniform addresses, warp votes, shuffles from a uniform lane,
// __reduce_*_sync and cooperative-groups queries that are uniform.
//
// This header is the analysis's facts; the checks word them. The parts:
// DivergenceLattice (levels and their join), DivergenceSources (what CUDA's
// builtins return, as data), LaneSplit (exact per-lane evaluation),
// BranchCost (the predication model), GuardPatterns (tail guards) and the
// walker that drives them (DivergenceWalker.h); DivergencePrinter.cpp is the
// dump mode.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_DIVERGENCE_H
#define WARPLINT_ANALYSIS_DIVERGENCE_H

#include "Analysis/memory/KernelAccesses.h"
#include "Frontend/MutationCache.h"
#include "Symbolic/Expr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class SourceManager;
} // namespace clang

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace warplint {
class ValueFlow;

/// The statement a divergent branch is.
enum class BranchKind { If, Loop, Switch, ShortCircuit };

/// What makes a value differ between the lanes of a warp.
enum class VarianceKind {
  None,
  /// threadIdx, a thread rank, the tid special register: Text is the
  /// expression ("threadIdx.x", "block.thread_rank()").
  ThreadIndex,
  /// A value loaded at lane-varying addresses: Text is the load ("a[i]").
  Load,
  /// The result of an atomic, a lane mask, a clock, __match_any_sync: Text is
  /// the callee ("atomicAdd").
  CallResult,
  /// The lane id special register.
  LaneId,
  /// Another special register.
  SpecialRegister,
  /// meta_group_rank() of a tile of TileSize threads, smaller than a warp.
  TileMetaGroupRank,
  /// A vote of a tile of TileSize threads, smaller than a warp.
  TileVote,
  /// A value assigned in the loop At, which lanes leave at different times.
  AssignedInLoop,
  /// A value assigned under the lane-varying condition of At.
  AssignedUnderCondition,
  /// A `break` (At) that only some lanes take; Through says why its
  /// condition varies, when known.
  DivergentBreak,
  /// An expression nested too deeply to follow.
  TooDeep,
};

/// The root cause of a lane-varying value, as the analysis found it.
struct VarianceSource {
  VarianceKind Kind = VarianceKind::None;
  /// The expression's source text, or the callee's name (see VarianceKind).
  std::string Text;
  unsigned TileSize = 0;
  const clang::Stmt *At = nullptr;
  std::shared_ptr<const VarianceSource> Through;

  bool empty() const { return Kind == VarianceKind::None; }
  /// The value was assigned under lane-varying control flow: a consequence,
  /// not a root cause.
  bool isAssignment() const {
    return Kind == VarianceKind::AssignedInLoop ||
           Kind == VarianceKind::AssignedUnderCondition;
  }
};

/// How the lanes of a warp split on a condition, when the condition can be
/// evaluated for every lane of the block shape.
struct LaneSplit {
  bool Exact = false;
  /// The warps of the block whose lanes disagree, of Warps; the first of them.
  unsigned DivergentWarps = 0, Warps = 0;
  unsigned FirstDivergentWarp = 0;
  /// Every divergent warp splits the same way on values known for each lane:
  /// bit L of TakenLanes is set when lane L's value is non-zero (it takes the
  /// branch; for trip counts, it runs the loop at all), of LanesPerWarp
  /// lanes. Unset when some value is symbolic, the warps split differently or
  /// the warp has more than 64 lanes.
  bool SamePattern = false;
  uint64_t TakenLanes = 0;
  unsigned LanesPerWarp = 0;
  /// Every warp of the block (divergent or not): its lanes and the mask of
  /// those whose value is non-zero, as TakenLanes. Empty when some value is
  /// symbolic or a warp has more than 64 lanes. (The HTML report draws it.)
  std::vector<std::pair<unsigned, uint64_t>> PerWarp;
  /// Exactly one thread of each divergent warp takes the branch.
  bool SingleLane = false;
  /// Whether the split could be avoided by aligning the condition with warp
  /// boundaries (the guide's remedy, modern guide 12.1 / 2.3 guide 6.1): the
  /// lanes that take the branch, packed into consecutive threads, would
  /// leave fewer warps divergent. AvoidableWarps is the largest number of
  /// warps that would stop diverging (over the iterations evaluated), valid
  /// when PackingKnown (every lane's value is a known 0 or 1). 0 means the
  /// split is inherent: a tail, an edge, or lanes that fit in one warp
  /// (`tid < 8`), which no arrangement of the threads removes.
  bool PackingKnown = false;
  unsigned AvoidableWarps = 0;
  /// Summed over every evaluation (each iteration of the loops the
  /// condition depends on, uniform ones included): the lanes whose value is
  /// non-zero (they take the branch), and all the lanes of the warps in
  /// which at least one lane does. Their ratio is the share of the lanes
  /// busy while the warps run the branch's body; packing the lanes could
  /// save at most the rest of its issue slots. Valid when BusyKnown (every
  /// lane's value a known 0 or 1 in every evaluation).
  bool BusyKnown = false;
  uint64_t BusyLanes = 0, BusyWarpLanes = 0;
  /// The values compared were each lane's number of iterations of the loop,
  /// not the condition's value.
  bool TripCounts = false;
  /// With TripCounts: every lane runs the loop at least once and no two lanes
  /// of a warp differ by more than one trip (a block-stride loop over a
  /// count that is not a multiple of the block: only its last iteration
  /// runs with idle lanes, as a tail guard's warp does).
  bool Remainder = false;
  /// With TripCounts: every lane runs the loop at least once and, in each
  /// warp, the lanes that finish before the warp's last trip idle one pass
  /// of the warp in all at most (the sum over its lanes of the trips they
  /// miss is at most its lanes): a remainder, or a few lanes of a window
  /// clamped at an edge (Parboil sad's search range, `min(base + 18, 1089)`:
  /// one lane in a warp stops 3 trips early). What a tail guard's warp idles.
  bool FewIdle = false;
  /// For a condition on a loop variable: the variable ("s"), its values in
  /// the iterations that diverge and in those that do not, in iteration
  /// order, and the loop's number of iterations. LoopVar is empty otherwise.
  std::string LoopVar;
  std::vector<int64_t> DivergentIterations, UniformIterations;
  unsigned Iterations = 0;
  /// When the lanes could not be evaluated: the values, uniform across the
  /// warp but not known here, that decide whether and where lanes split
  /// (kernel parameters, loop variables not enumerated), by name.
  std::vector<std::string> Undecided;
  /// When the lanes were evaluated under each answer of tests the whole
  /// warp answers alike but that are not known here (`width % 2`): those
  /// tests; the split is the one where they let lanes part.
  std::vector<std::string> Assumed;
  /// When the lanes could not be evaluated: the condition reads a clamp
  /// `min(F, R)` where, with F in its place, no warp splits, and R (a
  /// remainder) falls as the thread's position in the grid grows. R drops
  /// below F only at the far end of the data, so only the last tile can
  /// split, as at a tail (LaneSplit.cpp's lastTile). The source text of R
  /// and of F, for the message.
  bool LastTile = false;
  std::string LastTileRemainder, LastTileFull;
};

/// A branch whose condition differs between lanes of one warp.
struct DivergentBranch {
  const clang::Stmt *S = nullptr;
  const clang::Expr *Cond = nullptr;
  BranchKind Kind = BranchKind::If;
  /// The condition reads memory at lane-varying addresses or an atomic's
  /// result: which lanes diverge depends on the data.
  bool DataDependent = false;
  /// What makes it vary.
  VarianceSource Source;
  const clang::Expr *SourceExpr = nullptr;
  /// Estimated instructions under the branch (both paths), and of each path
  /// of an `if` (the lone lane's path is what a leader or a left-out lane
  /// adds to its warp).
  unsigned BodyCost = 0;
  unsigned ThenCost = 0, ElseCost = 0;
  /// A loop, barrier or call the compiler cannot predicate is under it.
  bool Unpredicable = false;
  /// A loop is under the branch (or the branch is a loop).
  bool ContainsLoop = false;
  /// The paths only move data (loads stored to memory, asynchronous
  /// copies: BranchCost's movesDataOnly): the idle lanes cost issue slots,
  /// the bytes moved are the same.
  bool DataMove = false;
  /// The body launches kernels, calls the runtime API or prints (one
  /// thread's bookkeeping for the block: a leader is the right shape).
  bool Orchestrates = false;
  /// A loop under the branch (or the branch itself, a loop) runs a number of
  /// trips that grows with the problem: its bound reads a parameter or
  /// memory, not only constants and the block's shape.
  bool ScaledLoop = false;
  /// The estimated instructions of the whole kernel the branch runs in
  /// (helpers costed at their calls), and whether it runs a loop (one that
  /// stays a loop): a one-off branch matters when it is a large share of a
  /// loop-free kernel.
  unsigned FunctionCost = 0;
  bool FunctionLoops = false;
  /// `if (i < n)` / `if (i >= n) return;` / a grid-stride loop bound: a
  /// lane-linear index against a runtime bound splits only the warp that
  /// straddles the bound.
  bool TailGuard = false;
  /// A loop whose bound grows with the lane while a uniform counter runs up
  /// to it (GuardPatterns' isLaneGrowingBound): trip counts differ in every
  /// warp, though the lanes were not evaluated one by one.
  bool GrowingBound = false;
  /// A loop over a window that follows the lane and is clamped at the edges
  /// (GuardPatterns' isClampedWindow): trip counts differ only in the warps
  /// whose lanes' windows meet an edge.
  bool EdgeWindow = false;
  /// A `for` loop whose lanes start within one step of each other and run up
  /// to a bound their warp shares (a warp-strided loop over the warp's own
  /// range: `for (i = base + lane; i < warpEnd; i += 32 * gridDim.x)`): no
  /// two lanes of a warp differ by more than one trip, so each warp has at
  /// most one pass with idle lanes, its last.
  bool WarpStrided = false;
  /// A test that a stencil's neighbour stays inside the period its
  /// coordinate wraps in (`y >= 0 && y < rows` with y = t % rows + k;
  /// GuardPatterns' isEdgeGuard): only the lanes near an edge of a period
  /// fail, in the warps that straddle one.
  bool EdgeGuard = false;
  /// The test's bound shrinks under the test itself (`if (tid < n) { ...;
  /// n >>= 1; }`, Analysis/ShrinkingBound): evaluated as the uniform sequence
  /// the passing lanes follow.
  bool ShrinkingBound = false;
  /// Every loop around the branch runs a fixed number of trips (a constant,
  /// the block's size), in a function whose work is a loop that grows with
  /// the problem elsewhere: the split costs a fixed amount per thread.
  bool FixedTripLoops = false;
  LaneSplit Split;
  /// The call of the __device__ helper this branch was reached through.
  const clang::CallExpr *ViaCall = nullptr;
  /// A loop (of more than one trip) encloses the branch, in the kernel or in
  /// the caller of the helper it is in: the split repeats every iteration.
  bool InLoop = false;
  /// The enclosing `if` or loop whose condition implies this one (the same
  /// conjuncts, their variables unchanged since): every lane that gets here
  /// takes the branch, so it is no new split.
  const clang::Stmt *ImpliedBy = nullptr;
  /// The conjuncts of the condition (or the conditions of enclosing ifs)
  /// that are the same for a whole block or grid ("by == 0"): only the
  /// blocks where they hold can split.
  std::vector<std::string> UniformConjuncts;
  /// One of them compares a block index for equality: only one block (a
  /// row or column of blocks) of the grid can split.
  bool OneBlock = false;
  /// `lane == 0`, `threadIdx.x == 0`: one leader lane (per warp or block)
  /// takes the branch, whatever the block shape.
  bool Leader = false;
  /// `lane != 0`, `x != y` on a 2-D grid's diagonal: every lane of a warp
  /// but (at most) one takes the branch (two, on the diagonal of blocks 16
  /// wide, where a warp holds two rows).
  bool LeftOut = false;
  /// The enclosing loops that nvcc unrolls in full copy the branch this
  /// many times (their trips multiplied; 1 outside such loops).
  unsigned Copies = 1;
};

/// Which barrier a DivergentBarrier is.
enum class BarrierKind {
  Builtin,            ///< __syncthreads and its forms, __syncwarp
  BlockGroupSync,     ///< thread_block::sync()
  GridGroupSync,      ///< grid_group::sync()
  TileSync,           ///< thread_block_tile<warp size>::sync()
  FreeBlockGroupSync, ///< cg::sync(block)
};

/// A barrier reached under control flow that differs between threads of its
/// scope (the block for __syncthreads, the warp for a full-mask __syncwarp).
struct DivergentBarrier {
  const clang::CallExpr *Call = nullptr;
  BarrierKind Kind = BarrierKind::Builtin;
  /// The builtin's name ("__syncthreads", "__syncwarp").
  std::string Callee;
  /// The tile's size for BarrierKind::TileSync.
  unsigned TileSize = 0;
  bool WarpScope = false;
  /// The divergent statement (if, loop, switch) or the early return.
  const clang::Stmt *Control = nullptr;
  const clang::Expr *ControlCond = nullptr;
  /// Reached after threads left through a divergent `return`.
  bool AfterExit = false;
  /// A shared-memory store lies between that return and the barrier: the
  /// threads that left do not write what the barrier protects.
  bool SharedStoreAfterExit = false;
  sym::Uniformity Level = sym::Uniformity::LaneVarying;
  /// Control is an `if` whose condition is the same for every lane of each
  /// warp, and each of its sides reaches the same number of block barriers
  /// (BalancedCount) on every path: every warp arrives at the barrier as
  /// often as every other, at a different call. Set only when no other
  /// divergent control encloses the barrier.
  bool BalancedArrivals = false;
  unsigned BalancedCount = 0;
  const clang::CallExpr *ViaCall = nullptr;
};

/// What the analysis needs to know of the target.
struct DivergenceOptions {
  unsigned WarpSize = 32;
  /// The reaching definitions of a function (lib/Frontend/ValueFlow), when
  /// its analysis succeeded: conditions read variables through them, so a
  /// variable several loops reuse (`int i; ... for (i = 2; ...)`) has its
  /// loop's value. Null: the straight-line environment alone.
  std::function<const ValueFlow *(const clang::FunctionDecl &)> Flow;
};

/// The divergent branches and barriers of one kernel for one block shape.
struct KernelDivergence {
  std::vector<DivergentBranch> Branches;
  std::vector<DivergentBarrier> Barriers;
};

/// Analyses \p Kernel (a __global__ definition, not dependent) for block shape
/// \p Shape. Checks do not call it: AnalysisContext::divergence computes it
/// once per kernel and shape for all of them.
KernelDivergence analyzeDivergence(const clang::FunctionDecl &Kernel,
                                   clang::ASTContext &Ctx, sym::ExprContext &SC,
                                   MutationCache &Mutations,
                                   const KernelShape &Shape,
                                   const DivergenceOptions &Opts);

/// The dump mode of the analysis (warplint-dump --divergence): one line per
/// branch and barrier of \p D in source order, each starting with its
/// location and \p Context (the kernel and block shape), with the facts the
/// checks judge by: kind, source, data dependence, the exact split, the
/// estimated cost and the tail-guard verdict for a branch; name, scope,
/// controlling statement and its level for a barrier.
void printDivergence(llvm::raw_ostream &OS, const KernelDivergence &D,
                     const clang::SourceManager &SM, llvm::StringRef Context);

} // namespace warplint

#endif
