//===- UnsignedLoopCounterCheck.h ---------------------------------------------*- C++ -*-===//
#ifndef WARPLINT_CHECKS_UNSIGNEDLOOPCOUNTERCHECK_H
#define WARPLINT_CHECKS_UNSIGNEDLOOPCOUNTERCHECK_H

#include "checks/DeviceFunctionCheckBase.h"

namespace warplint {

/// Reports 32-bit unsigned induction variables of device loops that feed index arithmetic.
/// Best Practices Guide §11.1.2 ("Low Medium" there; reported as Low). Docs: docs/checks/warplint-unsigned-loop-counter.md
class UnsignedLoopCounterCheck : public DeviceFunctionCheckBase {
public:
  UnsignedLoopCounterCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);

private:
  void checkFunction(const clang::FunctionDecl &FD,
                     clang::ASTContext &Ctx) override;
};

} // namespace warplint

#endif
