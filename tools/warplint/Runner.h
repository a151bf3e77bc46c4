//===- Runner.h - Runs warplint's checks over files -------------*- C++ -*-===//
#ifndef WARPLINT_TOOLS_RUNNER_H
#define WARPLINT_TOOLS_RUNNER_H

#include "Findings/Finding.h"
#include "Frontend/CudaCompilationDatabase.h"
#include "clang-tidy/ClangTidyOptions.h"
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace warplint {

class ResultCache;
struct RunResult;

/// Everything one run needs.
struct RunRequest {
  std::vector<std::string> Files; ///< Absolute paths.
  const CudaCompilationDatabase *Compilations = nullptr;
  /// Builds a fresh options provider (one per worker thread: providers cache
  /// per file).
  std::function<std::unique_ptr<clang::tidy::ClangTidyOptionsProvider>()>
      MakeOptionsProvider;
  /// Inputs analysed through another file (IncludeFragments): fragment ->
  /// the translation unit that includes it. Their own findings are reported;
  /// the includer's only when it is an input too. Each includer is parsed
  /// once.
  std::map<std::string, std::string> Through;
  /// Finds includers after the parse (IncludeFragments): called from the
  /// worker's thread as each input parsed alone finishes, when its parse says
  /// an includer can matter (compiler errors, or code the file does not
  /// launch or call: FileCoverage::MainCodeUnlaunched); returns fragment ->
  /// includer for those that have one, which are then analysed through it
  /// after the other inputs (their results alone are dropped, nothing of them
  /// streamed). Unset: Through is final. A self-contained file costs no
  /// search.
  std::function<std::map<std::string, std::string>(
      const std::vector<std::string> &)>
      FindIncluders;
  /// Unsaved buffers (the language server's open documents): absolute path
  /// -> the text parsed instead of the file on disk.
  std::map<std::string, std::string> Overlay;
  unsigned Jobs = 1;
  /// Called (from the worker's thread) as each file is done, with the file:
  /// the progress line on a terminal.
  std::function<void(const std::string &)> OnFileDone;
  /// Called (from the worker's thread, before OnFileDone) with what one parse
  /// found and the inputs it reports on (the file, the fragments analysed
  /// through it): the findings streamed as each file finishes. runChecks
  /// still returns everything, merged across files.
  std::function<void(const RunResult &,
                     const std::vector<std::string> &)>
      OnUnitDone;
  /// The result cache (ResultCache.h): each parse's results are looked up
  /// before it runs and stored after; null: no cache. Never used with an
  /// Overlay (unsaved text is not on disk to be checked).
  ResultCache *Cache = nullptr;
  /// Called (from the worker's thread) with each parse's file and what the
  /// cache did: "hit"; "miss" with why; "not stored" with why, after a
  /// parse whose results depend on what the cache cannot check.
  std::function<void(const std::string &File, llvm::StringRef Event,
                     const std::string &Why)>
      OnCacheEvent;
  /// Called (from the worker's thread) with a line for stderr, without its
  /// newline: LibTooling's "Error while processing FILE." after a parse with
  /// compiler errors, which the Runner prints instead of LibTooling so that
  /// it cannot land in the middle of the progress line. Unset: printed to
  /// stderr at once.
  std::function<void(const std::string &Line)> OnMessage;
};

/// What the checks found, as warplint's finding model.
struct RunResult {
  std::vector<Finding> Findings;
  /// One line per file with compiler errors or missing headers
  /// (PartialAnalysis).
  std::vector<ToolError> Errors;
  /// Every compiler error, for --verbose.
  std::vector<ToolError> CompilerErrors;
  /// Each file's coverage, by file name.
  std::vector<FileAnalysis> Analyses;
  /// Every input analysed through another file, as Through, with those
  /// FindIncluders found.
  std::map<std::string, std::string> Through;
  /// Of one parse (inside runChecks): the input parsed alone when its parse
  /// says an includer can matter, and the lines for stderr held back until
  /// it is known whether these results stand.
  std::vector<std::string> NeedIncluder, Held;
};

/// Runs the enabled checks (clang-tidy's machinery: check globs, CheckOptions,
/// NOLINT, header filter) over the files, on \p Jobs threads, and converts what
/// they report.
RunResult runChecks(const RunRequest &Req);

/// The report's order: file, line, column, check, message.
void sortFindings(std::vector<Finding> &Findings);

} // namespace warplint

#endif
