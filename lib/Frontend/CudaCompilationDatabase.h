//===- CudaCompilationDatabase.h - Adjusted compile commands ----*- C++ -*-===//
#ifndef WARPLINT_FRONTEND_CUDACOMPILATIONDATABASE_H
#define WARPLINT_FRONTEND_CUDACOMPILATIONDATABASE_H

#include "Frontend/CudaCommandLine.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringMap.h"
#include <memory>
#include <mutex>

namespace warplint {

/// Wraps any compilation database and passes each command through
/// adjustCudaCommand, so that every consumer (clang-tidy's runner included)
/// sees commands clang can parse.
class CudaCompilationDatabase : public clang::tooling::CompilationDatabase {
public:
  CudaCompilationDatabase(
      std::unique_ptr<clang::tooling::CompilationDatabase> Inner,
      CudaParseOptions Opts)
      : Inner(std::move(Inner)), Opts(std::move(Opts)) {}

  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef FilePath) const override;
  std::vector<std::string> getAllFiles() const override {
    return Inner->getAllFiles();
  }
  std::vector<clang::tooling::CompileCommand>
  getAllCompileCommands() const override;

  /// What was decided for \p FilePath's first command (after getCompileCommands
  /// ran).
  std::optional<AdjustedCommand> lastAdjustment(llvm::StringRef FilePath) const;

  /// The adjustment of \p FilePath's command (the one getCompileCommands
  /// returns), target decision included; none when there is no command. The
  /// decision is deterministic, so callers may ask before or after the run.
  std::optional<AdjustedCommand> adjustmentFor(llvm::StringRef FilePath) const;

  /// The directories of the headers clang reads as they are: the toolkit's,
  /// clang's own and warplint's bundled ones (NvccSpelling leaves them alone).
  std::vector<std::string> toolchainHeaderDirs() const;

private:
  /// The inner database's commands for \p FilePath; one it inferred from an
  /// nvcc command is that command moved to \p FilePath (the interpolation
  /// drops nvcc's options and what it misparses after them).
  std::vector<clang::tooling::CompileCommand>
  innerCommands(llvm::StringRef FilePath) const;

  /// \p File: the path the configuration is looked up for (the file asked
  /// about; the command's own file when listing all commands).
  clang::tooling::CompileCommand
  adjust(clang::tooling::CompileCommand C, llvm::StringRef File,
         AdjustedCommand *Decision = nullptr) const;

  std::unique_ptr<clang::tooling::CompilationDatabase> Inner;
  CudaParseOptions Opts;
  mutable std::mutex Mu;
  mutable llvm::StringMap<AdjustedCommand> Decisions;
};

} // namespace warplint

#endif
