//===- HostDeviceTransferInLoopCheck.h --------------------------*- C++ -*-===//
#ifndef WARPLINT_CHECKS_HOSTDEVICETRANSFERINLOOPCHECK_H
#define WARPLINT_CHECKS_HOSTDEVICETRANSFERINLOOPCHECK_H

#include "checks/WarplintCheck.h"

namespace warplint {

/// A host-device transfer runs in every iteration of a host loop, or a buffer
/// round-trips through the host between launches. Best Practices Guide §9.1,
/// High priority. Docs: docs/checks/warplint-host-device-transfer-in-loop.md
class HostDeviceTransferInLoopCheck : public WarplintCheck {
public:
  HostDeviceTransferInLoopCheck(llvm::StringRef Name,
                                clang::tidy::ClangTidyContext *Context);
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  /// Also report cudaMemset and cuMemsetD* in loops. Off by default: a fill
  /// of device memory moves no data between host and device, which is what
  /// §9.1 asks to minimise.
  const bool ReportMemset;
};

} // namespace warplint

#endif
