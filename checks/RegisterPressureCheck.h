//===- RegisterPressureCheck.h ----------------------------------*- C++ -*-===//
#ifndef WARPLINT_CHECKS_REGISTERPRESSURECHECK_H
#define WARPLINT_CHECKS_REGISTERPRESSURECHECK_H

#include "Analysis/resources/CompiledResources.h"
#include "Analysis/launch/LaunchConfig.h"
#include "checks/ExactCompile.h"
#include "checks/WarplintCheck.h"
#include <optional>

namespace warplint {
namespace hw {
struct OccupancyInput;
} // namespace hw

/// Reports kernels whose register use limits occupancy at the launch
/// configurations seen in the translation unit, and kernels whose register cap
/// (__launch_bounds__, -maxrregcount) forces spills. Registers come from ptxas
/// when the CUDA toolkit is present (exact mode), else from an estimate from
/// the source. Best Practices Guide §10.2 and §9.2.6 (2.3: §4.3), Medium.
/// Docs: docs/checks/warplint-register-pressure.md
class RegisterPressureCheck : public WarplintCheck {
public:
  RegisterPressureCheck(llvm::StringRef Name,
                        clang::tidy::ClangTidyContext *Context);
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void registerPPCallbacks(const clang::SourceManager &SM,
                           clang::Preprocessor *PP,
                           clang::Preprocessor *ModuleExpanderPP) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
  void onStartOfTranslationUnit() override;
  void onEndOfFile() override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

private:
  /// One launch of a kernel whose block size and dynamic shared memory are
  /// compile-time facts.
  struct Launch {
    const clang::FunctionDecl *Kernel;
    BlockShape Block;
    uint64_t DynamicShared;
    clang::SourceLocation Loc;
    /// What the occupancy calculator needs of this launch for a kernel that
    /// uses \p Registers per thread and \p StaticShared bytes of
    /// `__shared__` arrays.
    hw::OccupancyInput occupancy(unsigned Registers,
                                 uint64_t StaticShared) const;
  };
  std::optional<CompiledTU> compiled(std::string &Why);
  bool worthCompiling(const clang::FunctionDecl &K);
  void checkKernel(const clang::FunctionDecl &K, const CompiledTU *TU,
                   const std::string &ExactWhy);
  void addLocalTrafficNotes(const CompiledKernel &CK, Report &R) const;

  /// Exact mode's options (Exact, Replay, PtxasArgs, CudaPath, CacheDir,
  /// CacheMaxSize, Timeout), read once as every check that shares the
  /// compile reads them (exactOptionsFromCheckOptions); this check also
  /// reports their invalid values.
  ExactOptions ExactOpts;
  bool ExactAllKernels; ///< ExactKernels: all, else near-limit.
  unsigned OccupancyThreshold;

  clang::Preprocessor *PP = nullptr;
  clang::ASTContext *Ctx = nullptr;
  std::vector<const clang::FunctionDecl *> Kernels;
  std::vector<Launch> Launches;
};

} // namespace warplint

#endif
