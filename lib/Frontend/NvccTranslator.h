//===- NvccTranslator.h - nvcc command lines to clang ones ------*- C++ -*-===//
//
// Part of warplint. compile_commands.json files that CMake writes for CUDA hold
// nvcc commands (-gencode, -Xcompiler, --expt-*, -rdc=true, -lineinfo, ...)
// that clang rejects. They are translated, not rejected.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_NVCCTRANSLATOR_H
#define WARPLINT_FRONTEND_NVCCTRANSLATOR_H

#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// What an nvcc command line says, in clang's words, plus the nvcc-only facts
/// that later checks may need.
struct NvccTranslation {
  std::vector<std::string> ClangArgs; ///< argv for clang, argv[0] included.
  std::vector<std::string> GpuArchs;  ///< "sm_80", in command-line order.
  /// The options that named them, as written: "-arch=sm_80", "-gencode
  /// arch=compute_80,code=sm_80" (what reports quote as the target's source).
  std::vector<std::string> ArchSpellings;
  std::optional<unsigned> MaxRegCount;
  bool FastMath = false;
  bool RelocatableDeviceCode = false;
  std::vector<std::string>
      Dropped; ///< nvcc-only options that have no clang meaning.
};

/// True when argv[0] names nvcc ("nvcc", "/usr/local/cuda/bin/nvcc",
/// "nvcc.exe").
bool isNvccCommand(llvm::StringRef Argv0);

/// Translates an nvcc argv (argv[0] included). \p Directory resolves
/// --options-file.
NvccTranslation translateNvccCommand(const std::vector<std::string> &Argv,
                                     llvm::StringRef Directory);

/// The sm_XX named by an nvcc or clang architecture spelling: "sm_80",
/// "compute_80", "arch=compute_80,code=[sm_80,compute_80]", "sm_90a"; empty for
/// "native", "all".
std::vector<std::string> archsFromSpelling(llvm::StringRef Spelling);

} // namespace warplint

#endif
