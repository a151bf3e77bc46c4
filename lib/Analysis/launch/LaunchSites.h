//===- LaunchSites.h - Every way host code launches a kernel -----*- C++ -*-===//
//
// Part of warplint. A launch is `kernel<<<grid, block, smem, stream>>>(args)`
// or a call of the runtime's launch API: cudaLaunchKernel and
// cudaLaunchCooperativeKernel (grid and block as arguments),
// cudaLaunchKernelEx / cudaLaunchKernelExC (grid, block and dynamic shared
// memory in a cudaLaunchConfig_t). This file finds the kernel, the grid, the
// block and the dynamic shared memory of either form, so that the launch index
// and every check that needs a block shape see all of them alike.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_LAUNCHSITES_H
#define WARPLINT_ANALYSIS_LAUNCHSITES_H

#include "clang/AST/Expr.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace warplint {

/// How a launch is written.
enum class LaunchForm { Chevron, LaunchKernel, Cooperative, LaunchKernelEx };

/// The parts of one launch, as expressions of the source.
struct LaunchSite {
  const clang::CallExpr *Call = nullptr; ///< The launch (a CUDAKernelCallExpr or the API call).
  LaunchForm Form = LaunchForm::Chevron;
  const clang::FunctionDecl *Kernel = nullptr; ///< Null when not a named kernel.
  /// The grid, block and dynamic shared memory expressions; null when the
  /// source does not say them in one place (a config structure assigned in a
  /// branch, or passed in from elsewhere). SharedMem is null when omitted (0).
  const clang::Expr *Grid = nullptr, *Block = nullptr, *SharedMem = nullptr;
  /// Whether the dynamic shared memory is known (omitted: 0 bytes).
  bool SharedMemKnown = true;
  /// The stream the kernel runs in; null when omitted (the default stream) or
  /// not known.
  const clang::Expr *Stream = nullptr;
  /// The kernel's arguments, when the launch passes them one by one (the
  /// chevron and the C++ cudaLaunchKernelEx); empty for `void **args`.
  llvm::SmallVector<const clang::Expr *, 8> Args;
  /// cudaLaunchKernelEx: the local cudaLaunchConfig_t the fields come from.
  const clang::VarDecl *ConfigVar = nullptr;
  /// Why Grid or Block is null.
  std::string UnknownReason;

  /// "<<<>>>", "cudaLaunchKernel", ...: for messages and dumps.
  const char *formName() const;
};

/// The launch \p Call makes, or nothing when it is not a launch. API launches
/// are recognised by the callee's name (with or without the toolkit's _ptsz
/// per-thread-stream suffix).
std::optional<LaunchSite> launchSite(const clang::CallExpr &Call,
                                     clang::ASTContext &Ctx);

/// Every launch of the translation unit in the order of one visit of its AST,
/// template instantiations included: chevrons anywhere, runtime API launches
/// outside system headers (the toolkit's own wrappers forward parameters and
/// say nothing). The launch index and the launches' occupancy both read this
/// list (AnalysisContext::launchCalls), which each visited the whole AST for.
std::vector<const clang::CallExpr *> findLaunchCalls(clang::ASTContext &Ctx);

/// Whether \p Name is one of the runtime's launch functions.
bool isLaunchApiName(llvm::StringRef Name);

/// Matches every launch, in either form, outside system headers (the
/// toolkit's own template wrappers forward their parameters): bind "launch".
clang::ast_matchers::StatementMatcher launchCallExpr();

} // namespace warplint

#endif
