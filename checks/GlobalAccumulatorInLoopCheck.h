//===- GlobalAccumulatorInLoopCheck.h ---------------------------*- C++ -*-===//
#ifndef WARPLINT_CHECKS_GLOBALACCUMULATORINLOOPCHECK_H
#define WARPLINT_CHECKS_GLOBALACCUMULATORINLOOPCHECK_H

#include "checks/KernelCheckBase.h"

namespace warplint {

/// A global element is read, modified and written back in every iteration of a
/// kernel loop where a register accumulator would do. Best Practices Guide
/// §11.2, Medium priority. Docs:
/// docs/checks/warplint-global-accumulator-in-loop.md
class GlobalAccumulatorInLoopCheck : public KernelCheckBase {
public:
  GlobalAccumulatorInLoopCheck(llvm::StringRef Name,
                               clang::tidy::ClangTidyContext *Context);

protected:
  void checkKernel(const clang::FunctionDecl &Kernel,
                   llvm::ArrayRef<KernelShape> Shapes,
                   clang::ASTContext &Ctx) override;
};

} // namespace warplint

#endif
