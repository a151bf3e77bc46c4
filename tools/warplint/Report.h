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
#include "tools/warplint/Runner.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
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

/// What reportFindings needs beyond the findings and the options.
struct ReportContext {
  std::vector<std::string> Inputs;
  std::optional<Baseline> Accepted;      ///< --baseline, read before the run.
  std::optional<Priority> FailThreshold; ///< --fail-on; none: never fail.
  std::string ToolkitPath; ///< The toolkit parsed with (--confirm builds).
  std::vector<std::string> NvccArgs; ///< -I/-D/-std after "--" (--confirm).
};

/// Writes the baseline, subtracts the accepted one, applies or exports fixes,
/// runs --confirm, writes every report, prints the summary line; returns the
/// exit code (Options.h).
int reportFindings(std::vector<Finding> Shown, RunInfo &Info,
                   const ReportContext &Ctx);

} // namespace warplint

#endif
