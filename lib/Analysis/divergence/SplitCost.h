//===- SplitCost.h - The lane slots a divergent split wastes -----*- C++ -*-===//
//
// Part of warplint (issue 35). One cost for every divergent branch and loop
// that the uniformity fixed point (Uniformity.h) finds: the lane slots the
// split wastes, idle lanes (lib/Symbolic's WarpSplit) times the instructions
// past what nvcc predicates (BranchCost's SASS-fitted estimate: a body within
// the predication threshold, with nothing that forces a branch, costs none)
// times its executions (the trips of the enclosing loops), as a share of the
// kernel's estimated lane slots. The check's priority comes from the share,
// its confidence from the domain's kind.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_DIVERGENCE_SPLITCOST_H
#define WARPLINT_ANALYSIS_DIVERGENCE_SPLITCOST_H

#include "Analysis/divergence/Divergence.h"
#include "Analysis/divergence/Uniformity.h"
#include "Symbolic/WarpSplit.h"
#include <vector>

namespace warplint {

class MutationCache;
class ValueFlow;

namespace divergence {

/// The constants of the cost (the check's options feed the first).
struct SplitCostOptions {
  /// Bodies of at most this many estimated instructions are predicated
  /// (validation/divergence: 10 fits the SASS of the probes best).
  unsigned PredicationThreshold = 10;
  /// The trips taken for a loop whose count the source does not fix.
  unsigned DefaultTrips = 16;
  /// The blocks taken along a grid dimension whose extent is not known (a
  /// split that only the block holding a bound has, EdgeBlockDims).
  unsigned AssumedGridExtent = 16;
};

/// One divergent branch or loop of a kernel and what its split costs.
struct SplitFinding {
  const clang::Stmt *S = nullptr;
  const clang::Expr *Cond = nullptr;
  BranchKind Kind = BranchKind::If;
  uint8_t Bits = VaryNone; ///< Why the condition varies (VaryBits).
  bool DivergentExit = false;
  sym::WarpSplit Split;
  /// Estimated instructions of each side (a loop's body is Then).
  unsigned ThenCost = 0, ElseCost = 0;
  /// A loop, an atomic or a barrier under it: nvcc branches whatever the
  /// size.
  bool Unpredicable = false;
  /// Short enough for nvcc to predicate: no branch, no cost.
  bool Predicated = false;
  /// An `if` without an else with nothing after it in the kernel: the lanes
  /// that skip it exit instead of waiting, no branch, no cost.
  bool LanesLeave = false;
  /// Executions per thread (the enclosing loops' trips multiplied).
  double Executions = 1;
  /// Lane slots the split wastes per block in all its executions, and the
  /// kernel's estimated lane slots per block; Share is their ratio.
  double Wasted = 0, KernelSlots = 0, Share = 0;
};

/// The splits of \p Kernel for block shape \p Shape.
std::vector<SplitFinding> analyzeSplits(const clang::FunctionDecl &Kernel,
                                        clang::ASTContext &Ctx,
                                        sym::ExprContext &SC,
                                        MutationCache &Mutations,
                                        const ValueFlow &Flow,
                                        const KernelShape &Shape,
                                        const SplitCostOptions &Opts);

/// One line per split (the dump mode and the comparison).
void printSplits(llvm::raw_ostream &OS, llvm::ArrayRef<SplitFinding> Splits,
                 const clang::SourceManager &SM);

} // namespace divergence
} // namespace warplint

#endif
