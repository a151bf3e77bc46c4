//===- DeviceFunctionCheckBase.h - Checks that read device code --*- C++ -*-===//
//
// Part of warplint. The shared driver of the instruction checks (double
// precision, slow math functions, integer division, unsigned loop counters):
// each looks at the statements of every function that runs on the GPU, and
// reports a source location once, however many template instantiations share
// it.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_CHECKS_DEVICEFUNCTIONCHECKBASE_H
#define WARPLINT_CHECKS_DEVICEFUNCTIONCHECKBASE_H

#include "checks/WarplintCheck.h"
#include <set>
#include <string>
#include <utility>

namespace warplint {

/// Base of the checks that look at every device function definition (template
/// instantiations included, patterns excluded) one at a time.
class DeviceFunctionCheckBase : public WarplintCheck {
public:
  using WarplintCheck::WarplintCheck;
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) final;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &R) final;
  void onStartOfTranslationUnit() override { Reported.clear(); }

protected:
  /// Called once per device function definition that has a body.
  virtual void checkFunction(const clang::FunctionDecl &FD,
                             clang::ASTContext &Ctx) = 0;
  /// Emits \p R unless the same location and message was already reported in
  /// this file: template instantiations share their pattern's source.
  void report(Report &R, const clang::SourceManager &SM);

private:
  std::set<std::pair<unsigned, std::string>> Reported;
};

} // namespace warplint

#endif
