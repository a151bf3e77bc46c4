//===- ResultCodec.h - Findings as bytes, for the result cache --*- C++ -*-===//
//
// Part of warplint. The result cache (tools/warplint/ResultCache.h) keeps
// what one parse found, before any output is formatted, so that every
// --format, the baseline, --fix and the exit code come out of a cached run
// exactly as out of a fresh one. This is its byte format: every field of
// Finding, FindingNote, FixIt, FindingFacts, ToolError and FileAnalysis,
// written and read by one description per struct (ResultCodec.cpp), so a
// field cannot be written and then forgotten by the reader. A field added to
// those structs must be added there too (the cold/warm comparisons of
// test/tool/result-cache.test and the codec's unit test would show it).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FINDINGS_RESULTCODEC_H
#define WARPLINT_FINDINGS_RESULTCODEC_H

#include "Findings/Finding.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// What one parse found, as the result cache keeps it (the Runner's
/// RunResult for one translation unit).
struct CachedResults {
  std::vector<Finding> Findings;
  std::vector<ToolError> Errors;
  std::vector<ToolError> CompilerErrors;
  std::vector<FileAnalysis> Analyses;
};

/// The results as bytes. Finding::Measured is not written: --confirm sets it
/// after the run, never in a parse's results.
std::string encodeResults(const CachedResults &R);

/// The results \p Bytes hold; nullopt for anything encodeResults did not
/// write (truncated, corrupt, another format version), never a crash.
std::optional<CachedResults> decodeResults(llvm::StringRef Bytes);

} // namespace warplint

#endif
