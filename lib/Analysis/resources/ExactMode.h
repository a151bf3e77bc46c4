//===- ExactMode.h - Exact mode's compile of a translation unit -*- C++ -*-===//
//
// Part of warplint. Exact mode asks nvcc and ptxas for a translation unit's
// registers, stack frames and spills (Analysis/CompiledResources runs them;
// Analysis/CompileCache keeps the results): its options, and the compile
// they lead to, replayed, compiled, or none with the reason. The analysis
// context holds one compile per translation unit and options, which every
// check that reads ptxas's figures shares (checks/ExactCompile reads the
// options from the configuration).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_EXACTMODE_H
#define WARPLINT_ANALYSIS_EXACTMODE_H

#include "Analysis/resources/CompiledResources.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace clang {
class ASTContext;
class Preprocessor;
} // namespace clang

namespace warplint {

/// Exact mode's options, as warplint-register-pressure documents them.
struct ExactOptions {
  enum class Mode { Auto, On, Off };
  Mode Exact = Mode::Auto;
  std::string Replay, PtxasArgs, CudaPath;
  std::string CacheDir; ///< "" = the user's cache directory; "none" = off.
  unsigned CacheMaxSize = 256; ///< MiB.
  unsigned TimeoutSeconds = 120;

  /// Every option that changes the compile, as the analysis context's key.
  std::string key(llvm::StringRef Arch) const;
  /// The register cap a -maxrregcount in PtxasArgs sets, if any.
  std::optional<unsigned> maxRegisterCount() const;
  /// Whether a CUDA toolkit is found (CudaPath, else the usual places).
  bool toolkitFound() const;
};

/// Whether \p PP parsed with warplint's fallback declarations (no toolkit
/// headers: the source's real flags are unknown).
bool parsedWithFallback(clang::Preprocessor *PP);

/// Exact mode's compile of the translation unit of \p Ctx for \p Arch, done
/// now: replayed, compiled, or none with the reason (under Mode::Auto, none
/// for a source parsed with the fallback declarations). Says when the results
/// it leads to must not be cached.
ExactCompile compileExact(const ExactOptions &O, clang::ASTContext &Ctx,
                          clang::Preprocessor *PP, llvm::StringRef Arch);

} // namespace warplint

#endif
