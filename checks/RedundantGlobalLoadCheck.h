//===- RedundantGlobalLoadCheck.h -------------------------------*- C++ -*-===//
#ifndef WARPLINT_CHECKS_REDUNDANTGLOBALLOADCHECK_H
#define WARPLINT_CHECKS_REDUNDANTGLOBALLOADCHECK_H

#include "checks/KernelCheckBase.h"

namespace warplint {

/// Reports global loads in a kernel loop that several warps of a block repeat
/// at the same addresses, iteration after iteration, where a shared-memory
/// tile would load each element once per block. Best Practices Guide §9.2.2
/// (2.3: §3.2.2.2), Medium priority. Docs:
/// docs/checks/warplint-redundant-global-load.md
class RedundantGlobalLoadCheck : public KernelCheckBase {
public:
  RedundantGlobalLoadCheck(llvm::StringRef Name,
                           clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

protected:
  void checkKernel(const clang::FunctionDecl &Kernel,
                   llvm::ArrayRef<KernelShape> Shapes,
                   clang::ASTContext &Ctx) override;

private:
  /// Report when at least this many warps of a block load each element.
  const unsigned MinWarps;
};

} // namespace warplint

#endif
