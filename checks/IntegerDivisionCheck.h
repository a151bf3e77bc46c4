//===- IntegerDivisionCheck.h ---------------------------------------------*- C++ -*-===//
#ifndef WARPLINT_CHECKS_INTEGERDIVISIONCHECK_H
#define WARPLINT_CHECKS_INTEGERDIVISIONCHECK_H

#include "checks/WarplintCheck.h"
#include <set>

namespace warplint {

/// Reports integer / and % in device code by a value that the code treats as a power of two
/// the compiler cannot see (a mask with n - 1, an assumption, warpSize). Best Practices Guide
/// §11.1.1 (2.3: §5.1.1), Low priority. Docs: docs/checks/warplint-integer-division.md
class IntegerDivisionCheck : public WarplintCheck {
public:
  IntegerDivisionCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
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
