//===- ExportCommands.h - --export-compile-commands -------------*- C++ -*-===//
//
// The compilation database as warplint compiles it: nvcc commands translated to
// clang's (the GPU, -x cuda, the toolkit, CUDA 13's cccl directory, the SDK
// version, the removed-API declarations), so that clang-tidy with the plugin,
// clangd or any LibTooling tool parse a CUDA file as the binary does.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_EXPORTCOMMANDS_H
#define WARPLINT_TOOLS_EXPORTCOMMANDS_H

#include "Frontend/CudaCommandLine.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace warplint {

/// The commands to export: every command of \p Whole (a database read from
/// -p or found above the files; null for the command after "--"), then one
/// for each of \p Files that it lacks, from \p Lookup (which infers missing
/// files). CUDA commands (nvcc's, or a .cu/.cuh or -x cuda file) are adjusted
/// with \p Opts; the others are kept as they are. One command per file.
std::vector<clang::tooling::CompileCommand>
translatedCommands(const clang::tooling::CompilationDatabase *Whole,
                   const clang::tooling::CompilationDatabase &Lookup,
                   llvm::ArrayRef<std::string> Files,
                   const CudaParseOptions &Opts);

/// Writes \p Commands as compile_commands.json (the "arguments" form) to
/// \p Path ('-': stdout), creating its directory.
llvm::Error
writeCompileCommands(llvm::StringRef Path,
                     llvm::ArrayRef<clang::tooling::CompileCommand> Commands);

} // namespace warplint

#endif
