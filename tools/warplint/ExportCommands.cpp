//===- ExportCommands.cpp - --export-compile-commands ---------------------===//
#include "tools/warplint/ExportCommands.h"

#include "Frontend/NvccTranslator.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace llvm;
namespace tooling = clang::tooling;

namespace warplint {

/// The command's file as an absolute, normalised path.
static std::string absoluteFile(const tooling::CompileCommand &C) {
  SmallString<256> P(C.Filename);
  if (!sys::path::is_absolute(P) && !C.Directory.empty()) {
    P = C.Directory;
    sys::path::append(P, C.Filename);
  }
  sys::path::remove_dots(P, true);
  return std::string(P);
}

/// A command warplint parses as CUDA: nvcc's, a .cu/.cuh file, or -x cuda.
static bool isCudaCommand(const tooling::CompileCommand &C) {
  if (!C.CommandLine.empty() && isNvccCommand(C.CommandLine.front()))
    return true;
  if (isCudaSourceName(C.Filename))
    return true;
  for (size_t I = 0; I < C.CommandLine.size(); ++I)
    if (C.CommandLine[I] == "-xcuda" ||
        (C.CommandLine[I] == "-x" && I + 1 < C.CommandLine.size() &&
         C.CommandLine[I + 1] == "cuda"))
      return true;
  return false;
}

std::vector<tooling::CompileCommand>
translatedCommands(const tooling::CompilationDatabase *Whole,
                   const tooling::CompilationDatabase &Lookup,
                   ArrayRef<std::string> Files, const CudaParseOptions &Opts) {
  std::vector<tooling::CompileCommand> Out;
  StringSet<> Done;
  auto Add = [&](tooling::CompileCommand C) {
    std::string File = absoluteFile(C);
    if (!Done.insert(File).second)
      return; // One command per file, the first (what clang-tidy uses).
    if (isCudaCommand(C))
      C.CommandLine =
          adjustCudaCommand(C.CommandLine, File, C.Directory, Opts).Args;
    Out.push_back(std::move(C));
  };
  if (Whole)
    for (tooling::CompileCommand &C : Whole->getAllCompileCommands())
      Add(std::move(C));
  for (const std::string &F : Files)
    if (!Done.count(F))
      for (tooling::CompileCommand &C : Lookup.getCompileCommands(F)) {
        C.Filename = F; // Absolute: the entry must match this very file.
        Add(std::move(C));
        break;
      }
  return Out;
}

Error writeCompileCommands(StringRef Path,
                           ArrayRef<tooling::CompileCommand> Commands) {
  json::Array Entries;
  for (const tooling::CompileCommand &C : Commands) {
    json::Object E{{"directory", C.Directory},
                   {"file", C.Filename},
                   {"arguments", json::Array(C.CommandLine)}};
    if (!C.Output.empty())
      E["output"] = C.Output;
    Entries.push_back(std::move(E));
  }
  json::Value V(std::move(Entries));
  if (Path == "-") {
    outs() << formatv("{0:2}", V) << "\n";
    return Error::success();
  }
  StringRef Dir = sys::path::parent_path(Path);
  if (!Dir.empty())
    if (std::error_code EC = sys::fs::create_directories(Dir))
      return createStringError(EC,
                               "cannot create '" + Dir + "': " + EC.message());
  std::error_code EC;
  ToolOutputFile Out(Path, EC, sys::fs::OF_Text);
  if (EC)
    return createStringError(EC,
                             "cannot write '" + Path + "': " + EC.message());
  Out.os() << formatv("{0:2}", V) << "\n";
  Out.keep();
  return Error::success();
}

} // namespace warplint
