//===- UnsignedLoopCounterCheck.h ---------------------------------------------*- C++ -*-===//
#ifndef WARPLINT_CHECKS_UNSIGNEDLOOPCOUNTERCHECK_H
#define WARPLINT_CHECKS_UNSIGNEDLOOPCOUNTERCHECK_H

#include "checks/WarplintCheck.h"
#include <set>

namespace warplint {

/// Reports 32-bit unsigned induction variables of device loops that feed index arithmetic.
/// Best Practices Guide §11.1.2 ("Low Medium" there; reported as Low). Docs: docs/checks/warplint-unsigned-loop-counter.md
class UnsignedLoopCounterCheck : public WarplintCheck {
public:
  UnsignedLoopCounterCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
  void onStartOfTranslationUnit() override { Reported.clear(); }

private:
  /// Template instantiations share their pattern's source: one finding per
  /// location and message.
  std::set<std::pair<unsigned, std::string>> Reported;
  void report(Report &R, const clang::SourceManager &SM);
};

} // namespace warplint

#endif
