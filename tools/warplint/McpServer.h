//===- McpServer.h - warplint --mcp -----------------------------*- C++ -*-===//
//
// A Model Context Protocol server over stdio (docs/agents.md): JSON-RPC 2.0
// messages, one per line, as the protocol's stdio transport specifies;
// initialize, notifications/initialized, ping, tools/list and tools/call with
// three tools: lint_source (a kernel's text, CUDA or Python), lint_file and
// explain_check. A warm process: the configuration, compilation database and
// hardware models are read per call as the language server reads them, but
// the process, its loaded libraries and the file system's caches stay, so a
// request after the first costs what the parse costs.
//
// Exit code: 0 at the end of input.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_MCPSERVER_H
#define WARPLINT_TOOLS_MCPSERVER_H

#include "clang/Tooling/CompilationDatabase.h"
#include <memory>

namespace warplint {

/// Serves the protocol on stdin/stdout until the input ends. \p Fixed: the
/// command after "--" (every file's), or null. \p Argv0 finds the bundled
/// CUDA declarations.
int runMcpServer(std::unique_ptr<clang::tooling::CompilationDatabase> Fixed,
                 const char *Argv0);

} // namespace warplint

#endif
