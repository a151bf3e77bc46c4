//===- Confirmation.h - Findings against what ncu measured ------*- C++ -*-===//
//
// Part of warplint. Puts each finding next to the counters Nsight Compute
// recorded for the same source line and decides, per check, whether the
// hardware paid the cost the finding predicts (docs/confirm.md has the rule
// of each check). Then lists the hot lines no finding covers.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FINDINGS_CONFIRMATION_H
#define WARPLINT_FINDINGS_CONFIRMATION_H

#include "Findings/Finding.h"
#include "Findings/NcuReport.h"
#include <vector>

namespace warplint {

/// Thresholds of the verdicts (docs/confirm.md).
struct ConfirmThresholds {
  /// Sectors over the ideal at which an access counts as uncoalesced; at or
  /// below RefuteRatio it counts as coalesced.
  double ExcessRatio = 1.5, RefuteRatio = 1.1;
  /// Average shared-memory conflict degree counted as a conflict.
  double ConflictWays = 1.5;
  /// Share of a kernel's executed instructions (or sectors) a line needs
  /// before it is listed as an unflagged hot line.
  double HotShare = 0.02;
  unsigned MaxUnflagged = 20;
};

/// Attaches a Measurement to every finding in \p Findings and fills
/// \p Summary's counts and unflagged lines. \p Analyses gives the function
/// spans (per-function rules); \p Launches the raw page (may be empty).
void confirmFindings(std::vector<Finding> &Findings,
                     const NcuSourceReport &Source,
                     const std::vector<MeasuredLaunch> &Launches,
                     const std::vector<FileAnalysis> &Analyses,
                     ConfirmSummary &Summary,
                     const ConfirmThresholds &T = ConfirmThresholds());

/// The innermost kernel or device function of \p Analyses whose span holds
/// \p File:\p Line, or null (host code).
const FunctionSpan *enclosingFunction(const std::vector<FileAnalysis> &Analyses,
                                      llvm::StringRef File, unsigned Line);

/// Whether ncu's file name \p Measured names the same file as \p Analysed
/// (absolute): equal, or the same trailing path components when the program
/// was built in another directory. Returns the number of trailing components
/// that agree (0: not the same file).
unsigned sameFileScore(llvm::StringRef Measured, llvm::StringRef Analysed);

} // namespace warplint

#endif
