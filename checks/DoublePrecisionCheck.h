//===- DoublePrecisionCheck.h -----------------------------------*- C++ -*-===//
#ifndef WARPLINT_CHECKS_DOUBLEPRECISIONCHECK_H
#define WARPLINT_CHECKS_DOUBLEPRECISIONCHECK_H

#include "checks/DeviceFunctionCheckBase.h"

namespace warplint {

/// Reports FP64 work that executes inside single-precision device code
/// (the sites lib/Analysis/DoublePrecision finds): double
/// constants mixed into float arithmetic where the compiler cannot narrow the
/// operation back to float, integer-by-double arithmetic, double math
/// overloads called with float arguments, and double locals. Best Practices
/// Guide §11.1.4 (2.3: §5.1.3), Low priority. Docs:
/// docs/checks/warplint-double-precision.md
class DoublePrecisionCheck : public DeviceFunctionCheckBase {
public:
  using DeviceFunctionCheckBase::DeviceFunctionCheckBase;

private:
  void checkFunction(const clang::FunctionDecl &FD,
                     clang::ASTContext &Ctx) override;
};

} // namespace warplint

#endif
