//===- Report.h - What warplint does with its findings ----------*- C++ -*-===//
//
// After the run: which findings are shown (--min-priority,
// --warnings-as-errors), the baseline, --fix and --export-fixes, --confirm,
// every emitter and output file, the closing summary line, and the exit code.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_REPORT_H
#define WARPLINT_TOOLS_REPORT_H

#include "Findings/Baseline.h"
#include "Findings/Emitters.h"
#include "Findings/Finding.h"
#include "tools/warplint/LineFilter.h"
#include "tools/warplint/Runner.h"
#include "llvm/ADT/StringRef.h"
#include <mutex>
#include <optional>
#include <set>
#include <tuple>
#include <string>
#include <vector>

namespace warplint {

/// --list-checks in \p Fmt (clang, json, markdown); returns the exit code.
int listChecks(llvm::StringRef Fmt);

/// The findings at or above \p Threshold, those matching --warnings-as-errors
/// marked as errors.
std::vector<Finding> shownFindings(std::vector<Finding> All,
                                   Priority Threshold);

/// The run's description for the emitters: version, source root, rules, each
/// file's target and coverage.
RunInfo makeRunInfo(const RunResult &Result,
                    const std::vector<std::string> &Inputs,
                    std::vector<TargetRecord> Targets);

/// The clang format's findings printed to stdout as each file finishes (a
/// slow file holds back only itself; each file's output is contiguous); the
/// summary line and the exit code still come at the end, from every finding.
struct StreamedOutput {
  std::mutex *Lock = nullptr;     ///< Shared with the progress line.
  bool ClearProgressLine = false; ///< The progress line is on the terminal.
  Priority Threshold = Priority::Low;
  const LineFilter *Lines = nullptr;
  /// What was printed: file, offset and check of each finding.
  std::set<std::tuple<std::string, unsigned, std::string>> Printed;
  /// The error lines printed (printedErrorKey): each once per run.
  std::set<std::string> PrintedErrors{};
};

/// Whether the options let findings stream: the clang format to stdout, and
/// nothing that needs every finding before the first is printed (--fix,
/// --fix-notes, --baseline, --confirm).
bool canStream();

/// Prints the findings one parse found in its own files (\p Files; those in
/// headers other files may include too wait for the end, where they are
/// merged) and its files' error lines.
void streamUnit(StreamedOutput &S, const RunResult &Unit,
                const std::vector<std::string> &Files);

/// Whether an error line is reported under the line filter (--diff,
/// --line-filter): a note of a partial analysis only where its location's
/// line is one the filter keeps, as a finding; an error (code left
/// unanalysed) always.
bool errorPasses(const ToolError &E, const LineFilter *Lines);

/// What reportFindings needs beyond the findings and the options.
struct ReportContext {
  std::vector<std::string> Inputs;
  std::optional<Baseline> Accepted;      ///< --baseline, read before the run.
  std::optional<Priority> FailThreshold; ///< --fail-on; none: never fail.
  std::string ToolkitPath; ///< The toolkit parsed with (--confirm builds).
  std::vector<std::string> NvccArgs; ///< -I/-D/-std after "--" (--confirm).
  /// Set when findings were streamed: the text report prints only the rest.
  const StreamedOutput *Streamed = nullptr;
};

/// Writes the baseline, subtracts the accepted one, applies or exports fixes,
/// runs --confirm, writes every report, prints the summary line; returns the
/// exit code (Options.h).
int reportFindings(std::vector<Finding> Shown, RunInfo &Info,
                   const ReportContext &Ctx);

} // namespace warplint

#endif
