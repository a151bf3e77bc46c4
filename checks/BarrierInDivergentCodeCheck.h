//===- BarrierInDivergentCodeCheck.h - warplint-barrier-in-divergent-code -===//
//
// Part of warplint. Reports __syncthreads (and its _count/_and/_or forms,
// cooperative groups' block and grid sync) reached under control flow that
// differs between threads of the block, and a full-mask __syncwarp reached
// under control flow that differs between lanes of a warp.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_CHECKS_BARRIERINDIVERGENTCODECHECK_H
#define WARPLINT_CHECKS_BARRIERINDIVERGENTCODECHECK_H

#include "Analysis/divergence/Divergence.h"
#include "checks/KernelCheckBase.h"
#include "llvm/ADT/DenseSet.h"

namespace warplint {

class BarrierInDivergentCodeCheck : public KernelCheckBase {
public:
  BarrierInDivergentCodeCheck(llvm::StringRef Name,
                              clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;
  void onStartOfTranslationUnit() override;

private:
  void checkKernel(const clang::FunctionDecl &Kernel,
                   llvm::ArrayRef<KernelShape> Shapes,
                   clang::ASTContext &Ctx) override;

  /// Report every barrier after an early `return` taken by some threads, not
  /// only those that protect shared memory the departed threads skip.
  const bool ReportAllAfterEarlyExit;
  llvm::DenseSet<unsigned> Reported;
};

} // namespace warplint

#endif
