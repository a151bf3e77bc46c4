//===- SharedBankConflictCheck.h --------------------------------*- C++ -*-===//
#ifndef WARPLINT_CHECKS_SHAREDBANKCONFLICTCHECK_H
#define WARPLINT_CHECKS_SHAREDBANKCONFLICTCHECK_H

#include "checks/MemoryCheckBase.h"

namespace warplint {

/// Reports shared-memory accesses whose warp needs more than one wavefront per
/// phase: n-way bank conflicts. Best Practices Guide §9.2.2 (2.3: §3.2.2.1),
/// Medium priority. Docs: docs/checks/warplint-shared-bank-conflict.md
class SharedBankConflictCheck : public MemoryCheckBase {
public:
  using MemoryCheckBase::MemoryCheckBase;

protected:
  bool wants(const MemoryAccess &A) const override {
    return A.Unresolved.empty() && A.Space == sym::MemorySpace::Shared &&
           !A.DataDependent;
  }
  void consider(const clang::FunctionDecl &Kernel,
                llvm::ArrayRef<EvaluatedAccess> Results,
                clang::ASTContext &Ctx) override;

private:
  /// A fix-it padding the innermost dimension of a 2-D shared array, when
  /// re-evaluating the kernel with that padding removes this conflict and
  /// worsens no other access.
  std::optional<std::pair<std::string, clang::FixItHint>>
  paddingFix(const clang::FunctionDecl &Kernel, const EvaluatedAccess &E,
             clang::ASTContext &Ctx, AccessFacts::Padding &Padded);
};

} // namespace warplint

#endif
