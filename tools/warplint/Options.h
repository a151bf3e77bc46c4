//===- Options.h - warplint's command-line options -------------*- C++ -*-===//
//
// The options of the warplint binary (llvm::cl, defined in Options.cpp), its
// exit codes and the one way a usage error is reported. Exit codes (README
// "Exit codes"):
//   0  no finding at or above --min-priority
//   1  findings at or above --min-priority
//   2  usage or input error: bad option, unknown --arch, bad configuration
//      (.clang-tidy, .warplint.yaml, hardware model), bad baseline, missing or
//      unreadable file, unusable compilation database or CUDA path
//   3  a file was not fully analysed: a kernel or device function has a
//      compiler error in its own code, or nothing in a file with errors could
//      be analysed; or an unmatched NOLINTBEGIN (one line per file says it)
//   4  partial analysis: compiler errors (or headers not found) outside the
//      device code, and every kernel and device function was analysed; no
//      finding (findings give 1)
//   5  --confirm could not build, run or read the measurement
// Precedence: 2, 3, 1, 4, 0. --lsp (LanguageServer.h): 0 after shutdown and
// exit, 1 on exit without shutdown. --mcp (McpServer.h): 0 at the end of
// input. A .py input (PythonSources.h) follows the same codes; a source its
// scanner cannot read counts as a kernel not analysed (3).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_OPTIONS_H
#define WARPLINT_TOOLS_OPTIONS_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace warplint::cli {

enum ExitCode {
  ExitClean = 0,
  ExitFindings = 1,
  ExitUsage = 2,
  ExitSource = 3,
  ExitPartial = 4,
  ExitConfirm = 5
};

extern llvm::cl::OptionCategory Category;
extern llvm::cl::list<std::string> Files;
extern llvm::cl::opt<std::string> BuildPath;
extern llvm::cl::opt<std::string> Checks;
extern llvm::cl::opt<std::string> Config;
extern llvm::cl::opt<std::string> ConfigFile;
extern llvm::cl::opt<std::string> HeaderFilter;
extern llvm::cl::list<std::string> ExtraArgs;
extern llvm::cl::list<std::string> ExtraArgsBefore;
extern llvm::cl::opt<std::string> Arch;
extern llvm::cl::opt<std::string> Format;
extern llvm::cl::opt<std::string> GitHubSummary;
extern llvm::cl::opt<std::string> SarifOutput;
extern llvm::cl::opt<std::string> HtmlOutput;
extern llvm::cl::opt<std::string> JsonOutput;
extern llvm::cl::opt<std::string> BaselineFile;
extern llvm::cl::opt<std::string> WriteBaselineFile;
extern llvm::cl::opt<std::string> HardwareModelFile;
extern llvm::cl::list<std::string> Assume;
extern llvm::cl::opt<std::string> MinPriority;
extern llvm::cl::opt<unsigned> Jobs;
extern llvm::cl::opt<std::string> FailOn;
extern llvm::cl::opt<std::string> WarningsAsErrors;
extern llvm::cl::opt<bool> Progress;
extern llvm::cl::opt<bool> NoSummary;
extern llvm::cl::opt<std::string> OutputFile;
extern llvm::cl::alias OutputFileLong;
extern llvm::cl::opt<bool> ListChecks;
extern llvm::cl::opt<bool> DumpConfig;
extern llvm::cl::opt<std::string> CudaPath;
extern llvm::cl::opt<std::string> SourceRoot;
extern llvm::cl::opt<std::string> DocsUrl;
/// Where the per-check pages are, without a final '/': --docs-url, else
/// $WARPLINT_DOCS_URL, else CMake's WARPLINT_DOCS_URL, else the installed
/// pages (or the source tree's) as a file URI; empty when none exists.
std::string docsBaseUrl();
extern llvm::cl::opt<bool> Fix;
extern llvm::cl::opt<bool> FixNotes;
extern llvm::cl::opt<std::string> ExportFixes;
extern llvm::cl::opt<std::string> ExportCompileCommands;
extern llvm::cl::opt<std::string> LineFilterJson;
extern llvm::cl::opt<std::string> DiffRef;
extern llvm::cl::opt<bool> Lsp;
extern llvm::cl::opt<bool> Mcp;
extern llvm::cl::opt<bool> Quiet;
extern llvm::cl::opt<bool> Verbose;
extern llvm::cl::opt<bool> PrintAnalysisStats;
extern llvm::cl::opt<std::string> CacheDir;
extern llvm::cl::opt<bool> NoCache;
extern llvm::cl::opt<bool> CacheStats;
extern llvm::cl::opt<unsigned> CacheMaxSize;
extern llvm::cl::opt<bool> NoSnippets;
extern llvm::cl::opt<bool> UseColor;

/// --use-color, or by default: stdout is a terminal, NO_COLOR is unset or
/// empty (no-color.org) and no -o file is written.
bool useColor();
extern llvm::cl::OptionCategory ConfirmCategory;
extern llvm::cl::opt<bool> Confirm;
extern llvm::cl::opt<std::string> ConfirmRun;
extern llvm::cl::opt<std::string> ConfirmBuild;
extern llvm::cl::opt<std::string> NcuPath;
extern llvm::cl::opt<std::string> NcuReport;
extern llvm::cl::opt<std::string> ConfirmDir;
extern llvm::cl::opt<unsigned> ConfirmLaunches;
extern llvm::cl::opt<unsigned> ConfirmTimeout;
extern llvm::cl::opt<bool> ConfirmFirstLaunch;
extern llvm::cl::opt<bool> ConfirmAllKernels;

/// Prints "warplint: error: <Msg>" and returns ExitUsage.
int usageError(const llvm::Twine &Msg);

/// --version: the version, the LLVM it was built with, the default target.
void printVersion(llvm::raw_ostream &OS);

/// The -I, -D, -std and -isystem arguments after "--", for the program
/// --confirm builds itself.
std::vector<std::string> nvccArgsAfterDashDash(int Argc, const char **Argv);

} // namespace warplint::cli

#endif
