//===- CudaCompilationDatabase.cpp - Adjusted compile commands ------------===//
#include "Frontend/CudaCompilationDatabase.h"

namespace warplint {

clang::tooling::CompileCommand
CudaCompilationDatabase::adjust(clang::tooling::CompileCommand C) const {
  AdjustedCommand A =
      adjustCudaCommand(C.CommandLine, C.Filename, C.Directory, Opts);
  C.CommandLine = A.Args;
  std::lock_guard<std::mutex> Lock(Mu);
  Decisions[C.Filename] = std::move(A);
  return C;
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
    C = adjust(std::move(C));
  return Cmds;
}

std::vector<clang::tooling::CompileCommand>
CudaCompilationDatabase::getAllCompileCommands() const {
  std::vector<clang::tooling::CompileCommand> Cmds =
      Inner->getAllCompileCommands();
  for (auto &C : Cmds)
    C = adjust(std::move(C));
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

} // namespace warplint
