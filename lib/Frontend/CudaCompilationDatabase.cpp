//===- CudaCompilationDatabase.cpp - Adjusted compile commands ------------===//
#include "Frontend/CudaCompilationDatabase.h"

#include "llvm/Support/Path.h"

namespace warplint {

clang::tooling::CompileCommand
CudaCompilationDatabase::adjust(clang::tooling::CompileCommand C,
                                llvm::StringRef File,
                                AdjustedCommand *Decision) const {
  AdjustedCommand A = adjustCudaCommand(C.CommandLine, File, C.Directory, Opts);
  C.CommandLine = A.Args;
  if (Decision)
    *Decision = A;
  std::lock_guard<std::mutex> Lock(Mu);
  Decisions[C.Filename] = std::move(A);
  return C;
}

/// The command's file as an absolute path (configuration files are found
/// from it).
static std::string absoluteFile(const clang::tooling::CompileCommand &C) {
  if (llvm::sys::path::is_absolute(C.Filename) || C.Directory.empty())
    return C.Filename;
  llvm::SmallString<256> P(C.Directory);
  llvm::sys::path::append(P, C.Filename);
  llvm::sys::path::remove_dots(P, true);
  return std::string(P);
}

std::vector<clang::tooling::CompileCommand>
CudaCompilationDatabase::getCompileCommands(llvm::StringRef FilePath) const {
  std::vector<clang::tooling::CompileCommand> Cmds =
      Inner->getCompileCommands(FilePath);
  // One parse per file: a database may hold several commands for one file (one
  // per configuration); the first is the one clang-tidy would use too.
  if (Cmds.size() > 1)
    Cmds.resize(1);
  for (auto &C : Cmds)
    C = adjust(std::move(C), FilePath);
  return Cmds;
}

std::vector<clang::tooling::CompileCommand>
CudaCompilationDatabase::getAllCompileCommands() const {
  std::vector<clang::tooling::CompileCommand> Cmds =
      Inner->getAllCompileCommands();
  for (auto &C : Cmds) {
    std::string File = absoluteFile(C);
    C = adjust(std::move(C), File);
  }
  return Cmds;
}

std::optional<AdjustedCommand>
CudaCompilationDatabase::lastAdjustment(llvm::StringRef FilePath) const {
  std::lock_guard<std::mutex> Lock(Mu);
  auto It = Decisions.find(FilePath);
  if (It == Decisions.end())
    return std::nullopt;
  return It->second;
}

std::optional<AdjustedCommand>
CudaCompilationDatabase::adjustmentFor(llvm::StringRef FilePath) const {
  std::vector<clang::tooling::CompileCommand> Cmds =
      Inner->getCompileCommands(FilePath);
  if (Cmds.empty())
    return std::nullopt;
  AdjustedCommand A;
  adjust(std::move(Cmds.front()), FilePath, &A);
  return A;
}

} // namespace warplint
