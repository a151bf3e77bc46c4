//===- LaunchOccupancyCheck.h -----------------------------------*- C++ -*-===//
#ifndef WARPLINT_CHECKS_LAUNCHOCCUPANCYCHECK_H
#define WARPLINT_CHECKS_LAUNCHOCCUPANCYCHECK_H

#include "checks/WarplintCheck.h"

namespace warplint {

/// Reports launches whose occupancy on the target is low because of the
/// per-SM block limit, shared memory or warp slots (registers are
/// warplint-register-pressure's), with a configuration that does better. Best
/// Practices Guide §10.1-10.2 (2.3: §4.3-4.4), Medium priority.
/// Docs: docs/checks/warplint-launch-occupancy.md
class LaunchOccupancyCheck : public WarplintCheck {
public:
  LaunchOccupancyCheck(llvm::StringRef Name,
                       clang::tidy::ClangTidyContext *Context);
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  /// Report below this occupancy, in percent (default 50: the 2.3 guide's
  /// plateau, §4.4).
  const unsigned OccupancyThreshold;
  /// The SM count of the user's GPU, for the grid test; 0 takes the model's.
  const unsigned Multiprocessors;
  /// Skip blocks of one thread whatever the grid (default off, as in
  /// warplint-block-size-not-warp-multiple; a serial `<<<1, 1>>>` is a grid
  /// every SM holds at once and never reported).
  const bool IgnoreSingleThreadBlocks;
};

} // namespace warplint

#endif
