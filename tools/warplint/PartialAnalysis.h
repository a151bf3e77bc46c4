//===- PartialAnalysis.h - One line per file that did not parse -*- C++ -*-===//
//
// Part of warplint. A file with compiler errors is still analysed: every
// kernel and device function whose own code parsed (lib/Analysis/Coverage).
// This turns the file's compiler errors and what was analysed into its status
// (complete, partial, incomplete) and the one line that says it, instead of
// clang's cascade; a header the preprocessor could not find becomes the -I to
// add (docs/compatibility.md).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_PARTIALANALYSIS_H
#define WARPLINT_TOOLS_PARTIALANALYSIS_H

#include "Analysis/Coverage.h"
#include "Analysis/FunctionRanges.h"
#include "Findings/Finding.h"
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// A file's status and, when it had compiler errors or missing headers, the
/// one line (a note when everything was analysed, else an error).
struct FileOutcome {
  FileAnalysis Analysis;
  std::optional<ToolError> Summary;
  /// Functions the analysis admitted that hold a compiler error all the same
  /// (clang dropped the statement): their findings are withdrawn.
  std::vector<FunctionRange> Withdrawn;
};

/// \p Errors are the compiler errors of \p File's parse (any file it
/// includes), \p Coverage and \p Ranges what its analysis published.
/// \p Through: the file that was parsed when \p File is an include-only
/// fragment analysed through it (Coverage and Ranges then hold \p File's
/// functions only).
FileOutcome summariseFile(const std::string &File,
                          const std::vector<ToolError> &Errors,
                          const std::optional<FileCoverage> &Coverage,
                          const std::vector<FunctionRange> &Ranges,
                          const std::string &Through = "");

/// "'helper_cuda.h' not found (included from k.cu:5): it is in
/// /src/Common: add -I/src/Common". Looks for the header below the including
/// file's directory and up to three of its parents, and below the current
/// directory, with a bounded walk; cached per process.
std::string describeMissingInclude(const MissingInclude &M);

/// Whether \p File's text declares a kernel or a device function (true when
/// it cannot be read).
bool hasDeviceCode(const std::string &File);

} // namespace warplint

#endif
