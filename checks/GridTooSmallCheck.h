//===- GridTooSmallCheck.h --------------------------------------*- C++ -*-===//
#ifndef WARPLINT_CHECKS_GRIDTOOSMALLCHECK_H
#define WARPLINT_CHECKS_GRIDTOOSMALLCHECK_H

#include "checks/WarplintCheck.h"

namespace warplint {

/// Reports launches whose grid is a known constant with fewer blocks than the
/// target GPU has multiprocessors: the SMs without a block sit idle for the
/// whole launch. Best Practices Guide §10.3 (2.3: §4.4), Medium priority.
/// Docs: docs/checks/warplint-grid-too-small.md
class GridTooSmallCheck : public WarplintCheck {
public:
  GridTooSmallCheck(llvm::StringRef Name,
                    clang::tidy::ClangTidyContext *Context);
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  /// The SM count of the user's GPU; 0 takes the target model's
  /// (multiprocessors.count, known for sm_90 only).
  const unsigned Multiprocessors;
  /// Skip `<<<1, ...>>>`: a one-block grid is a deliberately serial step (the
  /// last pass of a reduction, a setup kernel), not parallel work cut small.
  const bool IgnoreSingleBlockGrids;
};

} // namespace warplint

#endif
