//===- LocalMemoryArrayCheck.h ----------------------------------*- C++ -*-===//
#ifndef WARPLINT_CHECKS_LOCALMEMORYARRAYCHECK_H
#define WARPLINT_CHECKS_LOCALMEMORYARRAYCHECK_H

#include "checks/WarplintCheck.h"

namespace warplint {

/// Reports per-thread arrays that nvcc will place in local memory: indexed by
/// values the compiler cannot resolve after unrolling, or too large for the
/// registers of a thread. Best Practices Guide §9.2.3 (2.3: §3.2.3), with the
/// register-pressure rule of §10.2, Medium. Docs:
/// docs/checks/warplint-local-memory-array.md
class LocalMemoryArrayCheck : public WarplintCheck {
public:
  LocalMemoryArrayCheck(llvm::StringRef Name,
                        clang::tidy::ClangTidyContext *Context)
      : WarplintCheck(Name, Context) {}
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &R) override;

private:
};

} // namespace warplint

#endif
