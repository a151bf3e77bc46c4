//===- BlockSizeNotWarpMultipleCheck.h --------------------------*- C++ -*-===//
#ifndef WARPLINT_CHECKS_BLOCKSIZENOTWARPMULTIPLECHECK_H
#define WARPLINT_CHECKS_BLOCKSIZENOTWARPMULTIPLECHECK_H

#include "Analysis/launch/LaunchConfig.h"
#include "checks/WarplintCheck.h"

namespace warplint {

/// Reports kernel launches whose block size is a known constant that is not a
/// multiple of the warp size: the last warp of every block runs with idle
/// lanes. Best Practices Guide §10.3 (2.3: §4.4), Medium priority; each
/// finding's priority follows the idle share of the block's lanes. Docs:
/// docs/checks/warplint-block-size-not-warp-multiple.md
class BlockSizeNotWarpMultipleCheck : public WarplintCheck {
public:
  BlockSizeNotWarpMultipleCheck(llvm::StringRef Name,
                                clang::tidy::ClangTidyContext *Context);
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  /// Also report `__launch_bounds__(N)` whose maximum block size N is not a
  /// warp multiple.
  const bool CheckLaunchBounds;
  /// Skip `<<<g, 1>>>` whatever the grid (default off: a grid of one-thread
  /// blocks idles 31 of every 32 lanes; a launch that fits in one warp, the
  /// serial `<<<1, 1>>>`, is never reported).
  const bool IgnoreSingleThreadBlocks;
};

} // namespace warplint

#endif
