//===- IntegerDivisionCheck.h ---------------------------------------------*- C++ -*-===//
#ifndef WARPLINT_CHECKS_INTEGERDIVISIONCHECK_H
#define WARPLINT_CHECKS_INTEGERDIVISIONCHECK_H

#include "checks/DeviceFunctionCheckBase.h"

namespace warplint {

/// Reports integer / and % in device code by a value that the code treats as a power of two
/// the compiler cannot see (a mask with n - 1, an assumption, warpSize). Best Practices Guide
/// §11.1.1 (2.3: §5.1.1), Low priority. Docs: docs/checks/warplint-integer-division.md
class IntegerDivisionCheck : public DeviceFunctionCheckBase {
public:
  IntegerDivisionCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);

private:
  void checkFunction(const clang::FunctionDecl &FD,
                     clang::ASTContext &Ctx) override;
};

} // namespace warplint

#endif
