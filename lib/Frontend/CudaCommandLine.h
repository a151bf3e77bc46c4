//===- CudaCommandLine.h - How warplint compiles a CUDA file ----*- C++ -*-===//
//
// Part of warplint. Every compile command, whether from compile_commands.json,
// from `--` or inferred, goes through one adjuster that makes it parse the
// device side of the target architecture with host code (launch sites) visible
// in the same AST.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_CUDACOMMANDLINE_H
#define WARPLINT_FRONTEND_CUDACOMMANDLINE_H

#include "Frontend/CudaToolkit.h"
#include "Frontend/TargetSelection.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include <functional>
#include <optional>
#include <string>

namespace warplint {

/// Settings the adjuster applies to every command.
struct CudaParseOptions {
  std::string Arch; ///< --arch; empty: the layers below decide.
  std::string DefaultArch = DefaultTargetArch; ///< The documented default.
  /// The configured arch that applies to a file (the nearest .warplint.yaml's
  /// `arch`, a .clang-tidy's or -config's warplint.Arch), with where it came
  /// from; unset or returning nothing: no configuration names one.
  std::function<std::optional<ArchSetting>(llvm::StringRef File)>
      ConfiguredArch;
  std::optional<CudaToolkit>
      Toolkit; ///< Null: parse with the bundled declarations.
  std::string FallbackIncludeDir; ///< Bundled minimal CUDA declarations.
  std::string ResourceDir; ///< clang's builtin headers; empty: leave as is.
};

/// What the adjuster decided for one command, for --verbose and tests.
struct AdjustedCommand {
  std::vector<std::string> Args;
  TargetSelection Target; ///< The target, decided once (selectTarget).
  std::string TargetArch; ///< Target.Arch: the hardware model's arch (may be
                          ///< one clang cannot parse).
  std::string ParseArch;  ///< Target.ParseArch: what clang parses for.
  bool FromNvcc = false;
  bool UsesFallbackHeaders = false;
};

/// The adjustment for one command; \p Directory is the command's working
/// directory.
AdjustedCommand adjustCudaCommand(const std::vector<std::string> &Args,
                                  llvm::StringRef File,
                                  llvm::StringRef Directory,
                                  const CudaParseOptions &Opts);

/// The bundled CUDA declarations, laid out as `cmake --install` does:
/// <prefix>/share/warplint/include beside <prefix>/bin/<tool>. \p MainAddr is
/// any address in the executable (for llvm::sys::fs::getMainExecutable).
std::string bundledIncludeDir(const char *Argv0, void *MainAddr);

/// True for files parsed as CUDA: .cu and .cuh (or an explicit -x cuda).
bool isCudaSourceName(llvm::StringRef File);

} // namespace warplint

#endif
