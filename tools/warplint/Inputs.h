//===- Inputs.h - What warplint analyses and how it compiles it -*- C++ -*-===//
//
// The input files (named files, directories, or every CUDA source of a
// compilation database), the compilation database ("--", -p, or one found
// above the first file) and the settings of the parse (toolkit, target).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_INPUTS_H
#define WARPLINT_TOOLS_INPUTS_H

#include "Frontend/CudaCommandLine.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>
#include <vector>

namespace warplint {

struct Configuration;

/// The files to analyse, absolute, existing and readable. Directories stand
/// for the CUDA sources below them (build trees and hidden directories
/// skipped); no file but \p BuildPath: every CUDA source of its database
/// (unless \p DumpConfig, which needs none).
llvm::Expected<std::vector<std::string>>
collectInputs(llvm::ArrayRef<std::string> Named, llvm::StringRef BuildPath,
              bool DumpConfig);

/// The command after "--" (clang-tidy's convention), taken out of \p Argc; null
/// when there is none. nvcc's options there (-gencode, -rdc=true, -x cu, ...)
/// are translated as a database's nvcc command is.
llvm::Expected<std::unique_ptr<clang::tooling::CompilationDatabase>>
databaseFromCommandLine(int &Argc, const char **Argv);

/// Another owner's database, lent for one analysis (loadCompilationDatabase
/// takes ownership of what it is given): the language and MCP servers keep the
/// command after "--" for every request.
class BorrowedDatabase : public clang::tooling::CompilationDatabase {
public:
  explicit BorrowedDatabase(const clang::tooling::CompilationDatabase &DB)
      : DB(DB) {}
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef File) const override {
    return DB.getCompileCommands(File);
  }
  std::vector<std::string> getAllFiles() const override {
    return DB.getAllFiles();
  }
  std::vector<clang::tooling::CompileCommand>
  getAllCompileCommands() const override {
    return DB.getAllCompileCommands();
  }

private:
  const clang::tooling::CompilationDatabase &DB;
};

/// The compilation database: \p Fixed (the command after "--"), else the one in
/// \p BuildPath, else one found above \p FirstInput, else an empty command.
/// Missing files' commands are inferred from their neighbours'.
llvm::Expected<std::unique_ptr<clang::tooling::CompilationDatabase>>
loadCompilationDatabase(
    std::unique_ptr<clang::tooling::CompilationDatabase> Fixed,
    llvm::StringRef BuildPath, llvm::StringRef FirstInput);

/// How every command is adjusted (Options.h: --arch, --cuda-path; the
/// configuration's arch per file); \p Argv0 and \p MainAddr find the bundled
/// declarations. Errors: a --cuda-path that is no toolkit.
llvm::Expected<CudaParseOptions>
parseOptions(const Configuration &C, const char *Argv0, void *MainAddr);

} // namespace warplint

#endif
