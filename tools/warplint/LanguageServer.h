//===- LanguageServer.h - warplint --lsp ------------------------*- C++ -*-===//
//
// A language server over stdio (docs/integrations.md "Language server"):
// open, changed and saved documents are analysed from their in-memory text
// and published as diagnostics; the safe fix-its are quick fixes. The
// configuration is found as the binary finds it (.clang-tidy, .warplint.yaml
// and compile_commands.json above each file, or -p / -- / the
// initializationOptions).
//
// Exit codes: 0 after shutdown then exit; 1 on exit (or end of input)
// without shutdown, as the protocol asks.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_LANGUAGESERVER_H
#define WARPLINT_TOOLS_LANGUAGESERVER_H

#include "clang/Tooling/CompilationDatabase.h"
#include <memory>

namespace warplint {

/// Serves the protocol on stdin/stdout until exit; returns the exit code.
/// \p Fixed: the command after "--" (every file's), or null. \p Argv0 finds
/// the bundled CUDA declarations.
int runLanguageServer(std::unique_ptr<clang::tooling::CompilationDatabase> Fixed,
                      const char *Argv0);

} // namespace warplint

#endif
