//===- Emitters.h - Findings as text, SARIF, GitHub and JSON ----*- C++ -*-===//
#ifndef WARPLINT_FINDINGS_EMITTERS_H
#define WARPLINT_FINDINGS_EMITTERS_H

#include "Findings/Finding.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// The GPU one file was analysed for, and why (the JSON and SARIF run
/// properties; decided by Frontend/TargetSelection).
struct TargetRecord {
  std::string File;
  std::string Arch;      ///< The hardware model's arch.
  std::string ParseArch; ///< What clang parsed the device code for.
  std::string Source;    ///< The layer that decided: "--arch", "default", ...
  std::vector<std::string> BuildArchs; ///< The compile command's GPUs.
  std::string Description;             ///< The one-line account.
};

/// What every emitter needs besides the findings.
struct RunInfo {
  std::string ToolVersion;
  std::string LlvmVersion;
  std::string
      SourceRoot; ///< Absolute; paths below it are written relative to it.
  /// Absolute; fingerprints hash paths relative to it (the baseline's root:
  /// --source-root, $GITHUB_WORKSPACE, else the git top level, so they do
  /// not change with the working directory). Empty: SourceRoot.
  std::string FingerprintRoot;
  llvm::StringRef fingerprintRoot() const {
    return FingerprintRoot.empty() ? SourceRoot : FingerprintRoot;
  }
  std::vector<CheckInfo> Rules;       ///< Every check that ran (SARIF rules).
  std::vector<ToolError> Errors;      ///< Compiler errors: files not analysed.
  std::vector<std::string> Artifacts; ///< Every file analysed.
  std::vector<TargetRecord> Targets;  ///< Each file's target, input order.
  std::vector<FileAnalysis> Analyses; ///< Each file's coverage, input order.
  std::string
      DocsBaseUrl; ///< If set, rules get helpUri = DocsBaseUrl + "/<id>.md".
  /// Set by --confirm: what the GPU measured beyond the findings.
  std::optional<ConfirmSummary> Confirm;
};

/// A finding's measurement as JSON (the JSON and SARIF emitters).
llvm::json::Object measurementJson(const Measurement &M);
/// The --confirm run as JSON: counts, device, unflagged hot lines.
llvm::json::Object confirmJson(const ConfirmSummary &C, const RunInfo &Info);

/// What makes two error lines the same line for a reader: the location and
/// the first compiler error (its text before the first "; "). A header's
/// error reached through several files is printed once per run (the counts
/// after it are each file's own; every file keeps its entry in the data
/// formats).
std::string printedErrorKey(const ToolError &E);

/// clang-style text: "file:line:col: warning: message [check]", the source line
/// with the range underlined and a caret, the fix-its under it, then the notes;
/// what clang-tidy prints, so editors parse it the same way. \p Color: clang's
/// escape sequences (--use-color).
void emitText(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
              const RunInfo &Info, bool ShowSnippets = true,
              bool Color = false);

/// Each file's target as JSON objects (the JSON and SARIF emitters).
llvm::json::Array targetsJson(const RunInfo &Info);

/// JSON, the schema in docs/output-formats.md.
void emitJson(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
              const RunInfo &Info);

/// GitHub workflow commands (::error/::warning/::notice file=...), highest
/// priority first.
void emitGitHub(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
                const RunInfo &Info);

/// SARIF 2.1.0 for GitHub code scanning (rules, repo-relative URIs,
/// fingerprints; each file's target in the run's properties).
void emitSarif(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
               const RunInfo &Info);

/// A path relative to \p Root when it lies below it, with '/' separators.
std::string relativePath(llvm::StringRef Path, llvm::StringRef Root);

/// The fingerprint of every finding, in order: a hash of the check, the
/// relative file and the trimmed text of the finding's line, so it survives
/// edits elsewhere and line shifts. When the same check fires more than once on
/// lines of the same text in one file, the second and later occurrences (in
/// source order) also hash their occurrence index, so fingerprints are unique
/// within a run. SARIF, JSON, Code Climate and the baseline all use this one
/// definition.
std::vector<std::string> fingerprints(llvm::ArrayRef<Finding> Findings,
                                      llvm::StringRef Root);

/// GitLab Code Quality (a subset of the Code Climate spec): a JSON array of
/// issues with description, check_name, fingerprint, severity and a location
/// relative to the source root.
void emitCodeClimate(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
                     const RunInfo &Info);

/// A Markdown summary for $GITHUB_STEP_SUMMARY: counts by priority and a table
/// of every finding, highest priority first (annotations are capped by GitHub,
/// the summary is not).
void emitGitHubSummary(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
                       const RunInfo &Info);

/// GitHub workflow command escaping (actions/toolkit's escapeData /
/// escapeProperty).
std::string escapeGitHubData(llvm::StringRef S);
std::string escapeGitHubProperty(llvm::StringRef S);

} // namespace warplint

#endif
