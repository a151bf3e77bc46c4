//===- UncoalescedGlobalAccessCheck.h ---------------------------*- C++ -*-===//
#ifndef WARPLINT_CHECKS_UNCOALESCEDGLOBALACCESSCHECK_H
#define WARPLINT_CHECKS_UNCOALESCEDGLOBALACCESSCHECK_H

#include "checks/MemoryCheckBase.h"

namespace warplint {

/// Reports global loads and stores whose warp touches more memory transactions
/// (32-byte sectors on CC >= 3.0) than the bytes it uses need, by more than a
/// threshold. Best Practices Guide §9.2.1 (2.3: §3.2.1), High priority. Docs:
/// docs/checks/warplint-uncoalesced-global-access.md
class UncoalescedGlobalAccessCheck : public MemoryCheckBase {
public:
  UncoalescedGlobalAccessCheck(llvm::StringRef Name,
                               clang::tidy::ClangTidyContext *Context);
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

protected:
  bool wants(const MemoryAccess &A) const override;
  void consider(const clang::FunctionDecl &Kernel,
                llvm::ArrayRef<EvaluatedAccess> Results,
                clang::ASTContext &Ctx) override;

private:
  const std::string
      ThresholdText; ///< "2.0": report at or above this many times the ideal
  double Threshold = 2.0;
  const bool
      ReportMisaligned;     ///< report any excess, e.g. 5 sectors instead of 4
  const bool ReportGathers; ///< report data-dependent indices (a[idx[i]])
};

} // namespace warplint

#endif
