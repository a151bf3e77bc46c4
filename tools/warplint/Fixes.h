//===- Fixes.h - --fix, --fix-notes and --export-fixes ----------*- C++ -*-===//
//
// The findings' fix-its, applied to the files or exported as clang-tidy's
// YAML. A check attaches a fix-it to its warning only when the edit is safe
// (checks/WarplintCheck.h, FixSuggestion); unsafe edits are named in a note
// without a fix-it, so nothing here can apply them.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_FIXES_H
#define WARPLINT_TOOLS_FIXES_H

#include "Findings/Finding.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <vector>

namespace warplint {

/// The edits of one finding as clang-tidy chooses them: the warning's own
/// fix-its; with \p FixNotes and none of those, the fix-its of its only note
/// that has any.
std::vector<FixIt> fixesOf(const Finding &F, bool FixNotes);

/// clang-tidy's --export-fixes YAML (clang::tooling::TranslationUnitDiagnostics:
/// MainSourceFile, Diagnostics with DiagnosticMessage, Notes, Level,
/// BuildDirectory), readable by clang-apply-replacements and editors.
void exportFixes(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
                 llvm::StringRef BuildDirectory);

/// What applyFixes did.
struct AppliedFixes {
  std::vector<bool> Fixed; ///< Per finding: its edits were applied.
  unsigned Files = 0;      ///< Files rewritten.
  std::vector<std::string> Skipped; ///< One sentence per conflicting edit.
};

/// Applies each finding's edits (fixesOf) to the files on disk; an edit that
/// overlaps one already taken is skipped and named. Errors: a file that
/// cannot be read or written.
llvm::Expected<AppliedFixes> applyFixes(llvm::ArrayRef<Finding> Findings,
                                        bool FixNotes);

} // namespace warplint

#endif
