//===- Measurement.h - What the GPU measured at a finding -------*- C++ -*-===//
//
// Part of warplint. `warplint --confirm` runs the user's program under Nsight
// Compute and attaches to each finding what the hardware counted at the same
// source line (docs/confirm.md). These are the facts every emitter prints.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FINDINGS_MEASUREMENT_H
#define WARPLINT_FINDINGS_MEASUREMENT_H

#include "llvm/ADT/StringRef.h"
#include <string>
#include <utility>
#include <vector>

namespace warplint {

/// How a measurement bears on a finding.
enum class Verdict {
  Confirmed,    ///< The counters show the cost the finding predicts.
  Refuted,      ///< The line ran and the counters show no such cost.
  NotExercised, ///< The program never executed the line in a profiled launch.
  Inconclusive, ///< The line ran, but the counters cannot settle the claim.
  NotMeasured,  ///< Host code or a rule source counters do not observe.
};

llvm::StringRef verdictName(Verdict V); ///< "confirmed", "not-exercised", ...

/// One measured quantity: a stable name for tools ("sectorsPerRequest") and
/// its value.
struct MeasuredValue {
  std::string Name;
  double Value = 0;
};

/// What Nsight Compute counted at one finding's source line.
struct Measurement {
  Verdict V = Verdict::NotMeasured;
  /// One sentence for people: "32.0 sectors per request (ideal 4.0) over
  /// 32768 requests of 'stridedCopy'".
  std::string Summary;
  std::vector<MeasuredValue> Values;
  std::vector<std::string> Kernels; ///< The profiled kernels the line ran in.
};

/// A source line whose counters show a cost no finding reported (a hot line
/// warplint did not flag).
struct UnflaggedLine {
  std::string File;
  unsigned Line = 0;
  std::string Kind; ///< "uncoalesced", "bank-conflict", "local-memory", ...
  std::string Summary;
  std::vector<std::string> Kernels;
};

/// The whole --confirm run: where it measured and what it saw beyond the
/// findings.
struct ConfirmSummary {
  std::string Device;     ///< "NVIDIA H100 80GB HBM3" when known.
  std::string NcuVersion; ///< ncu --version's last line.
  std::string Command;    ///< The program run under ncu.
  unsigned KernelsProfiled = 0; ///< Profiled launches.
  unsigned Confirmed = 0, Refuted = 0, NotExercised = 0, Inconclusive = 0,
           NotMeasured = 0;
  std::vector<UnflaggedLine> Unflagged;
};

} // namespace warplint

#endif
