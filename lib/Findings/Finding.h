//===- Finding.h - One finding, whatever emits it ---------------*- C++ -*-===//
//
// Part of warplint. The one model every emitter (text, SARIF, GitHub, JSON)
// reads.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FINDINGS_FINDING_H
#define WARPLINT_FINDINGS_FINDING_H

#include "Findings/Measurement.h"
#include "Findings/Facts.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// The Best Practices Guide's priority of a rule. Ordered: High is the most
/// urgent.
enum class Priority { Low = 0, Medium = 1, High = 2 };

llvm::StringRef priorityName(Priority P); ///< "High", "Medium", "Low"

/// What every output calls a priority, in one table (Finding.cpp): the
/// guide's name and each format's severity scale.
struct PrioritySeverity {
  llvm::StringRef Name;         ///< The guide's: High, Medium, Low.
  llvm::StringRef SarifLevel;   ///< SARIF result level: error, warning, note.
  llvm::StringRef SarifProblem; ///< GitHub code scanning's problem.severity
                                ///< (what its alert list filters by for tools
                                ///< that are not security tools).
  llvm::StringRef GitHub;       ///< Workflow annotation: error, warning, notice.
  llvm::StringRef CodeClimate;  ///< GitLab Code Quality: critical, major,
                                ///< minor (blocker is left for problems that
                                ///< stop a build).
};
const PrioritySeverity &prioritySeverity(Priority P);
/// Parses "high", "Medium", "LOW"; nullopt otherwise.
std::optional<Priority> parsePriority(llvm::StringRef S);

/// How sure warplint is that a finding costs performance on the target.
enum class Confidence { Possible = 0, Likely = 1, Certain = 2 };
llvm::StringRef
confidenceName(Confidence C); ///< "possible", "likely", "certain"

/// What the registry knows of a check: used for --list-checks, SARIF rules,
/// docs.
struct CheckInfo {
  llvm::StringRef Id;            ///< "warplint-block-size-not-warp-multiple"
  Priority Prio;                 ///< As the guide labels the rule.
  llvm::StringRef PriorityLabel; ///< The guide's own words where they differ
                                 ///< ("Low Medium").
  llvm::StringRef
      ModernSection; ///< CUDA C++ Best Practices Guide section, "10.3".
  llvm::StringRef G23Section; ///< CUDA 2.3 Best Practices Guide section, "4.4";
                              ///< may be empty.
  llvm::StringRef Summary;    ///< One line, lower case, no final period.
  llvm::StringRef Rule;       ///< The guide's recommendation, quoted.
  Confidence DefaultConfidence;
};

/// A position in a source file (1-based line and byte column, like clang).
struct SourcePos {
  std::string File; ///< Absolute path as the compiler saw it.
  unsigned Line = 0;
  unsigned Column = 0;
  unsigned Offset = 0; ///< Byte offset in the file.
};

/// One textual replacement suggested by a fix-it.
struct FixIt {
  std::string File;
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Replacement;
  unsigned Line = 0, Column = 0, EndLine = 0, EndColumn = 0;
};

/// A note attached to a finding: the evidence behind the verdict.
struct FindingNote {
  SourcePos Pos;
  std::string Message;
  std::vector<FixIt>
      Fixes; ///< Suggestions the user should review before applying.
};

/// One finding: what costs performance, where, how sure, and why.
struct Finding {
  std::string CheckId;
  Priority Prio = Priority::Low;
  std::string ModernSection, G23Section;
  SourcePos Pos;
  SourcePos EndPos; ///< End of the main range when known (== Pos otherwise).
  /// Start of the main range (== Pos when unknown): clang's range may start
  /// before the caret ('a[i] * 2.0' with the caret on '*').
  SourcePos RangeBegin;
  std::string Message;
  std::vector<FindingNote> Notes;
  std::vector<FixIt>
      Fixes; ///< Attached to the warning itself: certainly right.
  Confidence Conf = Confidence::Likely;
  /// Matched --warnings-as-errors: printed as an error, always fails.
  bool AsError = false;
  bool IsCompilerError =
      false; ///< A clang error: the file could not be analysed.
  /// What the GPU measured at this line (--confirm); nullopt otherwise.
  std::optional<Measurement> Measured;
  /// What the check computed behind the message (JSON "facts", the HTML
  /// report's pictures); null when it exported none.
  std::shared_ptr<const FindingFacts> Facts;
};

/// A compiler error or other problem that prevented analysing a file.
struct ToolError {
  std::string File;
  unsigned Line = 0, Column = 0;
  std::string Message;
  /// Compiler errors outside the device code, which was all analysed
  /// (docs/compatibility.md "Partial analysis"): a note, not an error.
  bool Partial = false;
};

/// Where one kernel or device function of a file is defined.
struct FunctionSpan {
  std::string Name; ///< The identifier: "reduce".
  bool Kernel = false;
  std::string File; ///< Absolute.
  unsigned BeginLine = 0, EndLine = 0;
};

/// What the analysis of one file covered (the JSON "analysis" array).
struct FileAnalysis {
  std::string File;
  /// "complete": no compiler error; "partial": compiler errors, every kernel
  /// and device function analysed; "incomplete": some not analysed, or
  /// nothing analysed at all.
  std::string Status;
  unsigned CompilerErrors = 0;
  unsigned Kernels = 0, KernelsAnalysed = 0;
  unsigned DeviceFunctions = 0, DeviceFunctionsAnalysed = 0;
  std::vector<std::string> NotAnalysed;
  std::vector<std::string> MissingIncludes; ///< One sentence each.
  /// "k.cu:12 (memory accesses)": expressions nested too deeply to analyse.
  std::vector<std::string> TooComplex;
  /// Every kernel and device function of the file and of the headers it
  /// includes (outside system headers), in source order.
  std::vector<FunctionSpan> Functions;
  /// For an include-only fragment or a header: the file it was analysed
  /// through (one that #includes it); empty when analysed on its own.
  std::string Through;
};

} // namespace warplint

#endif
