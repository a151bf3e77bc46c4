//===- DeviceCompileCommand.h - nvcc and ptxas for one file -----*- C++ -*-===//
//
// Part of warplint. The command lines that compile a translation unit's device
// code with the CUDA toolkit the way exact mode needs it (nvcc -ptx -lineinfo,
// then ptxas -v): a plain function of explicit inputs (toolkit, architecture,
// include directories, macros, forced includes, language standard, extra
// ptxas options), so that what is passed can be tested without a toolkit.
// deviceCompileInputs() reads those inputs from the preprocessor clang parsed
// the file with; lib/Analysis/CompiledResources runs the command.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_DEVICECOMPILECOMMAND_H
#define WARPLINT_FRONTEND_DEVICECOMPILECOMMAND_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
class FileManager;
class Preprocessor;
} // namespace clang

namespace warplint {

/// One include directory of the parse, with the option that added it.
struct IncludeDir {
  enum GroupKind { Quoted, Angled, System };
  std::string Path; ///< Absolute.
  GroupKind Group = Angled;
};

/// One -D or -U of the parse.
struct MacroOption {
  std::string Text; ///< "NAME" or "NAME=VALUE".
  bool Undef = false;
};

/// Everything the device compile of one translation unit depends on.
struct DeviceCompileInputs {
  std::string ToolkitRoot; ///< Holds bin/nvcc and bin/ptxas.
  std::string Source;      ///< The main file, absolute.
  std::string Arch;        ///< "sm_90"
  std::vector<IncludeDir> Includes;
  std::vector<MacroOption> Macros;
  std::vector<std::string> ForcedIncludes; ///< -include files, absolute.
  std::string Std; ///< "c++17"; empty leaves nvcc's default.
  /// Clang's resource directory: its headers are clang's, not the project's.
  std::string ClangResourceDir;
  /// Extra ptxas options (warplint-register-pressure.PtxasArgs), one per
  /// element.
  std::vector<std::string> PtxasArgs;
};

/// The two programs exact mode runs, each as argv (element 0 the program).
/// The runner names the outputs: it appends `-o <ptx>` to Nvcc and
/// `<ptx> -o <cubin>` to Ptxas.
struct DeviceCompileCommand {
  std::string Arch;
  std::vector<std::string> Nvcc;
  std::vector<std::string> Ptxas;
};

/// The command lines for \p In. Include directories, macros and forced
/// includes that belong to clang, to warplint's fallback CUDA declarations,
/// to the toolkit (nvcc adds its own) or to the host compiler's system are
/// left out, as are include directories that do not exist.
DeviceCompileCommand buildDeviceCompileCommand(const DeviceCompileInputs &In);

/// Whether \p Dir is one nvcc finds by itself or must not see: clang's
/// resource directory (\p ClangResourceDir) and wrappers, warplint's fallback
/// declarations, the toolkit's include and include/cccl directories, and the
/// host system's directories.
bool isImplicitIncludeDir(llvm::StringRef Dir,
                          llvm::StringRef ClangResourceDir);

/// \p Text split at spaces (the PtxasArgs option).
std::vector<std::string> splitPtxasArgs(llvm::StringRef Text);

/// The register limit a -maxrregcount among \p Args sets (`-maxrregcount=N`,
/// `--maxrregcount N`), if any.
std::optional<unsigned> maxRegCount(llvm::ArrayRef<std::string> Args);

/// The include directories, macros, forced includes, language standard and
/// clang resource directory \p PP parsed with; relative paths are made
/// absolute against \p FM's working directory (the compile command's). The
/// toolkit, source, architecture and ptxas options are left to the caller.
DeviceCompileInputs deviceCompileInputs(const clang::Preprocessor &PP,
                                        clang::FileManager &FM);

} // namespace warplint

#endif
