//===- Emitters.h - Findings as text, SARIF, GitHub and JSON ----*- C++ -*-===//
#ifndef WARPLINT_FINDINGS_EMITTERS_H
#define WARPLINT_FINDINGS_EMITTERS_H

#include "Findings/Finding.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace warplint {

/// What every emitter needs besides the findings.
struct RunInfo {
  std::string ToolVersion;
  std::string LlvmVersion;
  std::string
      SourceRoot; ///< Absolute; paths below it are written relative to it.
  std::vector<CheckInfo> Rules;       ///< Every check that ran (SARIF rules).
  std::vector<ToolError> Errors;      ///< Compiler errors: files not analysed.
  std::vector<std::string> Artifacts; ///< Every file analysed.
  std::string
      DocsBaseUrl; ///< If set, rules get helpUri = DocsBaseUrl + "/<id>.md".
};

/// clang-style text: "file:line:col: warning: message [check]", the source line
/// with a caret, then the notes; what clang-tidy prints, so editors parse it
/// the same way.
void emitText(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
              const RunInfo &Info, bool ShowSnippets = true);

/// JSON, the schema in docs/output-formats.md.
void emitJson(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
              const RunInfo &Info);

/// GitHub workflow commands (::error/::warning/::notice file=...), highest
/// priority first.
void emitGitHub(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
                const RunInfo &Info);

/// SARIF 2.1.0 for GitHub code scanning (rules, repo-relative URIs,
/// fingerprints).
void emitSarif(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
               const RunInfo &Info);

/// A path relative to \p Root when it lies below it, with '/' separators.
std::string relativePath(llvm::StringRef Path, llvm::StringRef Root);

/// A fingerprint that survives line shifts: check, relative file, and the
/// trimmed text of the finding's line (plus an occurrence index when the same
/// line text repeats).
std::string fingerprint(const Finding &F, llvm::StringRef Root);

/// GitHub workflow command escaping (actions/toolkit's escapeData /
/// escapeProperty).
std::string escapeGitHubData(llvm::StringRef S);
std::string escapeGitHubProperty(llvm::StringRef S);

} // namespace warplint

#endif
