//===- Baseline.h - Findings accepted once, not reported again --*- C++ -*-===//
//
// Part of warplint. A baseline is a JSON file of fingerprints (the one
// definition in Emitters.h); with --baseline, only findings whose fingerprint
// is not in it are reported, so a project can adopt warplint and fail CI only
// on new findings.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FINDINGS_BASELINE_H
#define WARPLINT_FINDINGS_BASELINE_H

#include "Findings/Emitters.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

namespace warplint {

/// The fingerprints of a baseline file, each with how often it occurs.
struct Baseline {
  llvm::StringMap<unsigned> Fingerprints;
  size_t size() const;
};

/// Writes every finding's fingerprint, with its check, relative file, line and
/// message so that a reviewer can read the file:
///   {"version": 1, "tool": "warplint", "findings": [{"fingerprint": ...}]}
void writeBaseline(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
                   const RunInfo &Info);

/// Reads a baseline written by writeBaseline. Errors name the file and the
/// JSON path, e.g. "b.json: findings[2].fingerprint: expected a string of 32
/// hex digits".
llvm::Expected<Baseline> readBaseline(llvm::StringRef Path);

/// The findings whose fingerprint the baseline does not hold; each baseline
/// entry absorbs at most as many findings as it occurs.
std::vector<Finding> subtractBaseline(std::vector<Finding> Findings,
                                      const Baseline &B, llvm::StringRef Root);

} // namespace warplint

#endif
