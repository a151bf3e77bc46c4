//===- DivergentBranchCheck.h - warplint-divergent-branch ---------*- C++ -*-===//
//
// Part of warplint. Reports branches whose condition differs between the
// lanes of one warp and that control enough work for the compiler to emit a
// real branch (both paths then run one after the other). Best Practices Guide
// §12.1 (2.3: §6.1), High.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_CHECKS_DIVERGENTBRANCHCHECK_H
#define WARPLINT_CHECKS_DIVERGENTBRANCHCHECK_H

#include "Analysis/divergence/Divergence.h"
#include "checks/KernelCheckBase.h"
#include "llvm/ADT/DenseSet.h"

namespace warplint {

class DivergentBranchCheck : public KernelCheckBase {
public:
  DivergentBranchCheck(llvm::StringRef Name,
                       clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  void onStartOfTranslationUnit() override;

private:
  void checkKernel(const clang::FunctionDecl &Kernel,
                   llvm::ArrayRef<KernelShape> Shapes,
                   clang::ASTContext &Ctx) override;

  /// Branches of at most this many estimated instructions are predicated
  /// (Best Practices Guide 2.3 §6.2: 7 when divergence is likely).
  const unsigned PredicationThreshold;
  /// Report `if (i < n)` / `if (i >= n) return;` / grid-stride loop bounds.
  const bool ReportTailGuards;
  /// Report single-lane leader blocks (`if (lane == 0)`) with short bodies.
  const bool ReportLeaderBlocks;
  /// A leader block up to this many estimated instructions is short.
  const unsigned LeaderBodyLimit;
  /// A body of at least this many estimated instructions outside any loop is
  /// reported (at Medium); smaller one-off bodies are not, unless
  /// ReportOneOffSplits.
  const unsigned LargeBody;
  /// Report splits that packing the lanes into consecutive threads would not
  /// remove (tails, edges, a few lanes of one warp).
  const bool ReportInherentSplits;
  /// Report branches outside loops whose body is below LargeBody.
  const bool ReportOneOffSplits;
  /// Report branches whose paths only move data (a quarter of the lanes
  /// loading float4, halo and apron loads).
  const bool ReportDataMoveSplits;
  /// Report splits confined to the blocks that a block-index condition
  /// names (`by == 0`), unless a few lanes there serialise a problem-sized
  /// loop.
  const bool ReportOneBlockSplits;
  /// A split that no packing removes is serial work when at most this many
  /// lanes of a warp run a problem-sized loop while the others wait.
  const unsigned SerialLanes;
  /// A one-sided split (an `if` without `else`) whose body keeps at least
  /// this percentage of the lanes of the warps that run it busy, over every
  /// iteration evaluated, is quiet: packing the lanes could save at most the
  /// rest of the body's issue slots. 101 reports them all.
  const unsigned BusyShare;
  /// Which model reports: "walker" (the named rules of the divergence
  /// walker, the default) or "uniformity" (issue 35: the uniformity fixed
  /// point, the lane-set domain and one wasted-lane cost).
  const std::string Model;
  /// The uniformity model's report.
  void checkKernelUniformity(const clang::FunctionDecl &Kernel,
                             llvm::ArrayRef<KernelShape> Shapes,
                             clang::ASTContext &Ctx);
  llvm::DenseSet<unsigned> Reported;
};

} // namespace warplint

#endif
