//===- ConstantMemorySerializationCheck.h -----------------------*- C++ -*-===//
#ifndef WARPLINT_CHECKS_CONSTANTMEMORYSERIALIZATIONCHECK_H
#define WARPLINT_CHECKS_CONSTANTMEMORYSERIALIZATIONCHECK_H

#include "checks/MemoryCheckBase.h"

namespace warplint {

/// Reports reads of `__constant__` memory whose warp reads several distinct
/// addresses: the constant cache serves them one after another. Best Practices
/// Guide §9.2.5 (2.3: §3.2.5), which gives no priority; Medium here, from 8
/// addresses (MinAddresses). Docs: docs/checks/warplint-constant-memory-serialization.md
class ConstantMemorySerializationCheck : public MemoryCheckBase {
public:
  ConstantMemorySerializationCheck(llvm::StringRef Name,
                                   clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

protected:
  bool wants(const MemoryAccess &A) const override {
    return A.Unresolved.empty() && A.Space == sym::MemorySpace::Constant &&
           A.IsLoad && !A.DataDependent;
  }
  void consider(const clang::FunctionDecl &Kernel,
                llvm::ArrayRef<EvaluatedAccess> Results,
                clang::ASTContext &Ctx) override;

private:
  /// Report from this many distinct addresses in one warp (lane group).
  const unsigned MinAddresses;
};

} // namespace warplint

#endif
