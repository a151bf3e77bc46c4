//===- SlowMathFunctionCheck.h ---------------------------------------------*- C++ -*-===//
#ifndef WARPLINT_CHECKS_SLOWMATHFUNCTIONCHECK_H
#define WARPLINT_CHECKS_SLOWMATHFUNCTIONCHECK_H

#include "checks/DeviceFunctionCheckBase.h"

namespace warplint {

/// Reports general math calls that a specialised function or plain multiplication does faster:
/// pow with small integer or Table 5 exponents, pow with base 2 or 10, log and exp base
/// changes, and sin/cos of pi times a value. Best Practices Guide §11.1.6 (§11.1.5, Table 5),
/// Medium priority. Docs: docs/checks/warplint-slow-math-function.md
class SlowMathFunctionCheck : public DeviceFunctionCheckBase {
public:
  SlowMathFunctionCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  /// Also report float division by a constant whose reciprocal is not exact
  /// (x / 3.0f): multiplying by the reciprocal is faster but changes the result.
  const bool DivisionByConstant;
  void checkFunction(const clang::FunctionDecl &FD,
                     clang::ASTContext &Ctx) override;
};

} // namespace warplint

#endif
