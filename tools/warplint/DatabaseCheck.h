//===- DatabaseCheck.h - Why a compilation database is unusable -*- C++ -*-===//
//
// clang's loader, given a bad compile_commands.json, prints YAML's
// diagnostics to stderr (with the file's bytes, binary or not) and puts every
// plugin's failure in its message, the "fixed-compilation-database: No such
// file" line first. warplint reads the file itself first and names the one
// real cause; only a database that passes is handed to clang.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_DATABASECHECK_H
#define WARPLINT_TOOLS_DATABASECHECK_H

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>

namespace warplint {

/// Why the compile_commands.json at \p File cannot be used, in a few words
/// that start with the file's name ("<file> is not JSON: line 1, column 43:
/// ..."); empty when it is a JSON array of entries that each have a
/// "directory", a "file", and a "command" or "arguments".
std::string databaseFileProblem(llvm::StringRef File);

/// The database that -p \p BuildPath names: a build directory holding
/// compile_commands.json or compile_flags.txt, or a JSON database file
/// itself. An error is one line, the cause first, naming the path.
llvm::Expected<std::unique_ptr<clang::tooling::CompilationDatabase>>
loadBuildDatabase(llvm::StringRef BuildPath);

/// Where clang's search for a database above \p Source (autoDetectFromSource)
/// would stop at a compile_commands.json it cannot read: the problem, naming
/// the file; empty when the search finds a usable one or none.
std::string brokenDatabaseAbove(llvm::StringRef Source);

} // namespace warplint

#endif
