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
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_DIVERGENCE_H
#define WARPLINT_ANALYSIS_DIVERGENCE_H

#include "Analysis/KernelAccesses.h"
#include "Frontend/MutationCache.h"
#include "Symbolic/Expr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace warplint {

enum class BranchKind { If, Loop, Switch, ShortCircuit };

/// How the lanes of a warp split on a condition, when the condition can be
/// evaluated for every lane of the block shape.
struct LaneSplit {
  bool Exact = false;
  /// "lanes 0-15 take one path and lanes 16-31 the other, in every warp".
  std::string Description;
  unsigned DivergentWarps = 0, Warps = 0;
  /// Exactly one thread of each divergent warp takes the branch.
  bool SingleLane = false;
  /// For a condition on a loop variable: only some iterations diverge
  /// ("only while s < 32: s = 16, 8, 4, 2, 1, 5 of 8 iterations").
  std::string Iterations;
};

/// A branch whose condition differs between lanes of one warp.
struct DivergentBranch {
  const clang::Stmt *S = nullptr;
  const clang::Expr *Cond = nullptr;
  BranchKind Kind = BranchKind::If;
  /// The condition reads memory at lane-varying addresses or an atomic's
  /// result: which lanes diverge depends on the data.
  bool DataDependent = false;
  /// What makes it vary: "threadIdx.x", "the value loaded by 'a[i]'".
  std::string Source;
  const clang::Expr *SourceExpr = nullptr;
  /// Estimated instructions under the branch (both paths).
  unsigned BodyCost = 0;
  /// A loop, barrier or call the compiler cannot predicate is under it.
  bool Unpredicable = false;
  /// A loop is under the branch (or the branch is a loop).
  bool ContainsLoop = false;
  /// `if (i < n)` / `if (i >= n) return;` / a grid-stride loop bound: a
  /// lane-linear index against a runtime bound splits only the warp that
  /// straddles the bound.
  bool TailGuard = false;
  LaneSplit Split;
  /// The call of the __device__ helper this branch was reached through.
  const clang::CallExpr *ViaCall = nullptr;
};

/// A barrier reached under control flow that differs between threads of its
/// scope (the block for __syncthreads, the warp for a full-mask __syncwarp).
struct DivergentBarrier {
  const clang::CallExpr *Call = nullptr;
  std::string Name; ///< "__syncthreads", "__syncwarp", "sync() of a block group"
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
  const clang::CallExpr *ViaCall = nullptr;
};

struct DivergenceOptions {
  unsigned WarpSize = 32;
};

struct KernelDivergence {
  std::vector<DivergentBranch> Branches;
  std::vector<DivergentBarrier> Barriers;
};

/// Analyses \p Kernel (a __global__ definition, not dependent) for block shape
/// \p Shape.
KernelDivergence analyzeDivergence(const clang::FunctionDecl &Kernel,
                                   clang::ASTContext &Ctx, sym::ExprContext &SC,
                                   MutationCache &Mutations,
                                   const KernelShape &Shape,
                                   const DivergenceOptions &Opts);

/// analyzeDivergence, computed once per translation unit for all the checks
/// that read it. The cache is thread-local (clang-tidy runs one translation
/// unit's checks on one thread) and must be cleared when a translation unit
/// starts (clearDivergenceCache, from onStartOfTranslationUnit).
const KernelDivergence &
cachedDivergence(const clang::FunctionDecl &Kernel, clang::ASTContext &Ctx,
                 sym::ExprContext &SC, MutationCache &Mutations,
                 const KernelShape &Shape, const DivergenceOptions &Opts);
void clearDivergenceCache();

} // namespace warplint

#endif
