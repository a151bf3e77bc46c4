//===- SharedBankConflictCheck.h --------------------------------*- C++ -*-===//
#ifndef WARPLINT_CHECKS_SHAREDBANKCONFLICTCHECK_H
#define WARPLINT_CHECKS_SHAREDBANKCONFLICTCHECK_H

#include "checks/MemoryCheckBase.h"

#include <map>

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
  void onEndOfFile() override { PaddedArrays.clear(); }

private:
  /// A fix-it padding the innermost dimension of a 2-D shared array, when
  /// re-evaluating the kernel with that padding removes this conflict and
  /// worsens no other access.
  /// The arrays whose padding fix-it a finding already carries, with where:
  /// a second finding on the same tile names that fix instead of repeating it
  /// (clang-tidy drops identical fix-its of two warnings as overlapping, so
  /// neither would be applied).
  std::map<const clang::VarDecl *, clang::SourceLocation> PaddedArrays;
  std::optional<std::pair<std::string, clang::FixItHint>>
  paddingFix(const clang::FunctionDecl &Kernel, const EvaluatedAccess &E,
             clang::ASTContext &Ctx, AccessFacts::Padding &Padded);
};

} // namespace warplint

#endif
