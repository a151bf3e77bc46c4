//===- DoublePrecisionCheck.h -----------------------------------*- C++ -*-===//
#ifndef WARPLINT_CHECKS_DOUBLEPRECISIONCHECK_H
#define WARPLINT_CHECKS_DOUBLEPRECISIONCHECK_H

#include "checks/WarplintCheck.h"
#include <set>

namespace warplint {

/// Reports FP64 work that executes inside single-precision device code
/// (the sites lib/Analysis/DoublePrecision finds): double
/// constants mixed into float arithmetic where the compiler cannot narrow the
/// operation back to float, integer-by-double arithmetic, double math
/// overloads called with float arguments, and double locals. Best Practices
/// Guide §11.1.4 (2.3: §5.1.3), Low priority. Docs:
/// docs/checks/warplint-double-precision.md
class DoublePrecisionCheck : public WarplintCheck {
public:
  DoublePrecisionCheck(llvm::StringRef Name,
                       clang::tidy::ClangTidyContext *Context)
      : WarplintCheck(Name, Context) {}
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
  void onStartOfTranslationUnit() override { Reported.clear(); }

private:
  /// Template instantiations share their pattern's source: one finding per
  /// location and message.
  std::set<std::pair<unsigned, std::string>> Reported;
};

} // namespace warplint

#endif
