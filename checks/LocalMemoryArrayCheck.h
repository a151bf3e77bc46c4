//===- LocalMemoryArrayCheck.h ----------------------------------*- C++ -*-===//
#ifndef WARPLINT_CHECKS_LOCALMEMORYARRAYCHECK_H
#define WARPLINT_CHECKS_LOCALMEMORYARRAYCHECK_H

#include "checks/ExactCompile.h"
#include "checks/WarplintCheck.h"

namespace warplint {

/// Reports per-thread arrays that nvcc will place in local memory: indexed by
/// values the compiler cannot resolve after unrolling, or too large for the
/// registers of a thread. Best Practices Guide §9.2.3 (2.3: §3.2.3), with the
/// register-pressure rule of §10.2, Medium. Docs:
/// docs/checks/warplint-local-memory-array.md
///
/// Once exact mode has run ptxas on the translation unit (the options of
/// warplint-register-pressure, checks/ExactCompile.h), ptxas's stack frames
/// decide: a kernel with none holds no local array, and an array whose
/// subscripts the PTX reads or writes in local memory, in a kernel whose
/// stack frame can hold it, is reported whatever the measured rules say.
class LocalMemoryArrayCheck : public WarplintCheck {
public:
  LocalMemoryArrayCheck(llvm::StringRef Name,
                        clang::tidy::ClangTidyContext *Context);
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void registerPPCallbacks(const clang::SourceManager &SM,
                           clang::Preprocessor *PP,
                           clang::Preprocessor *ModuleExpanderPP) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &R) override;

private:
  ExactOptions Exact;
  clang::Preprocessor *PP = nullptr;
};

} // namespace warplint

#endif
