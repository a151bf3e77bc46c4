//===- CudaCompilationDatabase.cpp - Adjusted compile commands ------------===//
#include "Frontend/CudaCompilationDatabase.h"

#include "Frontend/NvccTranslator.h"
#include "llvm/ADT/SmallString.h"
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

/// \p Path as an absolute path, relative to \p Directory.
static std::string absoluteIn(llvm::StringRef Directory, llvm::StringRef Path) {
  llvm::SmallString<256> P;
  if (!llvm::sys::path::is_absolute(Path))
    P = Directory;
  llvm::sys::path::append(P, Path);
  llvm::sys::path::remove_dots(P, true);
  return std::string(P);
}

/// \p Neighbour's nvcc command moved to \p File: its input replaced, its
/// outputs (-o, the dependency file and target) dropped, everything else kept
/// as written.
static clang::tooling::CompileCommand
moveNvccCommand(const clang::tooling::CompileCommand &Neighbour,
                llvm::StringRef File) {
  clang::tooling::CompileCommand C;
  C.Directory = Neighbour.Directory;
  C.Filename = File.str();
  std::string Input = absoluteIn(Neighbour.Directory, Neighbour.Filename);
  bool Replaced = false;
  const std::vector<std::string> &A = Neighbour.CommandLine;
  for (size_t I = 0; I < A.size(); ++I) {
    llvm::StringRef Arg = A[I];
    if (I == 0) {
      C.CommandLine.push_back(A[I]);
      continue;
    }
    // Options whose value is the next argument and names an output.
    if (Arg == "-o" || Arg == "--output-file" || Arg == "-odir" ||
        Arg == "--output-directory" || Arg == "-MF" ||
        Arg == "--dependency-output" || Arg == "-MT" || Arg == "-MQ") {
      ++I;
      continue;
    }
    if ((Arg.starts_with("-o") && Arg.size() > 2 && !Arg.starts_with("-opt")) ||
        Arg.starts_with("--output-file=") || Arg.starts_with("-MF") ||
        Arg.starts_with("--dependency-output=") || Arg.starts_with("-MT") ||
        Arg.starts_with("-MQ") || Arg == "-MD" || Arg == "-MMD" ||
        Arg == "--generate-dependencies-with-compile" ||
        Arg == "--generate-nonsystem-dependencies-with-compile")
      continue;
    if (!Arg.starts_with("-") &&
        absoluteIn(Neighbour.Directory, Arg) == Input) {
      C.CommandLine.push_back(File.str());
      Replaced = true;
      continue;
    }
    C.CommandLine.push_back(A[I]);
  }
  if (!Replaced)
    C.CommandLine.push_back(File.str());
  C.Heuristic = "inferred from " + Neighbour.Filename;
  return C;
}

std::vector<clang::tooling::CompileCommand>
CudaCompilationDatabase::innerCommands(llvm::StringRef FilePath) const {
  std::vector<clang::tooling::CompileCommand> Cmds =
      Inner->getCompileCommands(FilePath);
  // clang's interpolation (inferMissingCompileCommands) reads the neighbour's
  // command with clang's own options: nvcc's -gencode, -arch=, -Xcompiler,
  // --expt-* are unknown to it, and it drops them and what it misparses after
  // them (-I, and -std where it judges the language different). An nvcc
  // neighbour's command is moved to the file as written, for
  // adjustCudaCommand to translate like any other: its nvcc options suit the
  // file as they suit its neighbour, which the interpolation chose as the
  // nearest by path and language.
  if (Cmds.empty())
    return Cmds;
  llvm::StringRef Heuristic = Cmds.front().Heuristic;
  if (!Heuristic.consume_front("inferred from "))
    return Cmds;
  std::vector<clang::tooling::CompileCommand> Own =
      Inner->getCompileCommands(absoluteIn(Cmds.front().Directory, Heuristic));
  if (Own.empty() || !Own.front().Heuristic.empty() ||
      Own.front().CommandLine.empty() ||
      !isNvccCommand(Own.front().CommandLine.front()))
    return Cmds;
  Cmds.front() = moveNvccCommand(Own.front(), FilePath);
  return Cmds;
}

std::vector<clang::tooling::CompileCommand>
CudaCompilationDatabase::getCompileCommands(llvm::StringRef FilePath) const {
  std::vector<clang::tooling::CompileCommand> Cmds = innerCommands(FilePath);
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
  std::vector<clang::tooling::CompileCommand> Cmds = innerCommands(FilePath);
  if (Cmds.empty())
    return std::nullopt;
  AdjustedCommand A;
  adjust(std::move(Cmds.front()), FilePath, &A);
  return A;
}

std::vector<std::string> CudaCompilationDatabase::toolchainHeaderDirs() const {
  std::vector<std::string> Out;
  auto Add = [&](llvm::StringRef Dir) {
    if (Dir.empty())
      return;
    std::string D = Dir.str();
    if (!llvm::StringRef(D).ends_with("/"))
      D += '/';
    Out.push_back(std::move(D));
  };
  if (Opts.Toolkit)
    Add(Opts.Toolkit->Path);
  Add(Opts.FallbackIncludeDir);
  Add(Opts.ResourceDir);
  return Out;
}
} // namespace warplint
