//===- SlowMathFunctionCheck.h ---------------------------------------------*- C++ -*-===//
#ifndef WARPLINT_CHECKS_SLOWMATHFUNCTIONCHECK_H
#define WARPLINT_CHECKS_SLOWMATHFUNCTIONCHECK_H

#include "checks/WarplintCheck.h"
#include <set>

namespace warplint {

/// Reports general math calls that a specialised function or plain multiplication does faster:
/// pow with small integer or Table 5 exponents, pow with base 2 or 10, log and exp base
/// changes, and sin/cos of pi times a value. Best Practices Guide §11.1.6 (§11.1.5, Table 5),
/// Medium priority. Docs: docs/checks/warplint-slow-math-function.md
class SlowMathFunctionCheck : public WarplintCheck {
public:
  SlowMathFunctionCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
  void onStartOfTranslationUnit() override { Reported.clear(); }
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  /// Also report float division by a constant whose reciprocal is not exact
  /// (x / 3.0f): multiplying by the reciprocal is faster but changes the result.
  const bool DivisionByConstant;
  /// Template instantiations share their pattern's source: one finding per
  /// location and message.
  std::set<std::pair<unsigned, std::string>> Reported;
  void report(Report &R, const clang::SourceManager &SM);
};

} // namespace warplint

#endif
