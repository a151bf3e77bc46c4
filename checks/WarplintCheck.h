//===- WarplintCheck.h - Base of every warplint check -----------*- C++ -*-===//
//
// Part of warplint. A check decides whether and how to report; the analysis
// lives in lib/Analysis. Every check is a clang-tidy check, so the standalone
// binary and the clang-tidy plugin run the same code and give the same
// findings.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_CHECKS_WARPLINTCHECK_H
#define WARPLINT_CHECKS_WARPLINTCHECK_H

#include "Analysis/AnalysisContext.h"
#include "Analysis/TargetModel.h"
#include "Findings/Finding.h"
#include "Hardware/HardwareModel.h"
#include "clang-tidy/ClangTidyCheck.h"
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// The documented default target when neither the command line, the compile
/// command nor the configuration names one (docs/configuration.md "Target
/// architecture").
inline constexpr const char *DefaultArch = DefaultTargetArch;

/// The global option that names the target: plugin users set it in
/// .clang-tidy CheckOptions; the standalone binary sets it for each file to the
/// target it decided (Frontend/TargetSelection) from --arch, the configuration
/// and the compile command, together with the two options below.
inline constexpr const char *ArchOptionKey = "warplint.Arch";

/// Set by the standalone binary only: the one-line description of its
/// decision. Its presence means warplint.Arch is already the final decision.
inline constexpr const char *ArchSourceOptionKey = "warplint.ArchSource";

/// Set by the standalone binary only: the note every finding carries about the
/// target (TargetSelection::findingNote), empty for none.
inline constexpr const char *ArchNoteOptionKey = "warplint.ArchNote";

/// Set by the standalone binary only: an #include the preprocessor cannot
/// resolve is skipped instead of ending the parse, and recorded, so that the
/// rest of the file is analysed and the binary names the header in one line
/// (docs/compatibility.md). clang-tidy keeps clang's fatal error.
inline constexpr const char *RecoverMissingIncludesOptionKey =
    "warplint.RecoverMissingIncludes";
/// Global option: findings below this priority (high, medium, low) are not
/// reported, in either front end. .warplint.yaml's `min-priority`.
inline constexpr const char *MinPriorityOptionKey = "warplint.MinPriority";

/// Global option: runtime values the source cannot know, `T=1024,C=768,
/// blockDim.x=256` (Analysis/Assumptions). .warplint.yaml's `assume`, the
/// binary's --assume.
inline constexpr const char *AssumeOptionKey = "warplint.Assume";

/// Global option: a hardware model override file (lib/Hardware's YAML schema)
/// merged into the target's built-in model. .warplint.yaml's `hardware-model`.
inline constexpr const char *HardwareModelOptionKey = "warplint.HardwareModel";

/// The model for \p Base with the override file \p Path applied, loaded once
/// per (file, base) and kept for the life of the process; an error names the
/// file and the YAML path.
llvm::Expected<const hw::HardwareModel *>
overriddenModel(const hw::HardwareModel &Base, llvm::StringRef Path);

/// A suggested edit. Safe ones (the program computes what it computed,
/// only faster: `2.0` -> `2.0f` for an exact constant among floats, padding a
/// shared tile that is only ever subscripted) become a fix-it on the warning,
/// which `--fix` applies. Unsafe ones (anything that changes what a launch
/// covers or what a result is: a block size, a float function for a double
/// one) are a note that names the edit and carries no fix-it, so neither
/// `--fix` nor `--fix-notes` can apply them, in either front end.
struct FixSuggestion {
  std::string Text; ///< "write 2.0f: ...": the note.
  clang::FixItHint Fix;
  bool Safe = false;
};

/// A finding as a check describes it, before it becomes clang diagnostics.
struct Report {
  clang::SourceLocation Loc;
  clang::SourceRange Range;
  std::string Message;
  /// Evidence: where each number in the message comes from.
  std::vector<std::pair<clang::SourceLocation, std::string>> Notes;
  /// The suggested edit, safe or not (FixSuggestion).
  std::optional<FixSuggestion> Suggestion;
  Confidence Conf = Confidence::Likely;
  /// This finding's priority where it differs from the check's (a
  /// data-dependent divergent branch is not the guide's High rule at full
  /// strength); unset: the check's.
  std::optional<Priority> Prio;
  /// What the check computed (lanes, sectors, banks, masks, resources): the
  /// standalone binary's JSON and HTML output carry it. emit() fills in the
  /// function when the check left it empty.
  FindingFacts Facts;
  /// What makes two findings of this check in one function one cause (the
  /// memory checks: the array and the verdict; FP64: the kind of site): the
  /// findings of one function with the same non-empty Cause are reported as
  /// one, with the others as related locations. Empty: never grouped by
  /// function (findings of one location or one line still are).
  std::string Cause;
};

/// Base class of warplint's checks: emits a Report as a warning, its evidence
/// notes and the guide's priority note, and records the confidence for the
/// standalone emitters.
class WarplintCheck : public clang::tidy::ClangTidyCheck {
public:
  WarplintCheck(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);

  bool isLanguageVersionSupported(const clang::LangOptions &LO) const override {
    return LO.CUDA;
  }

  /// Runs the check's end-of-file work (onEndOfFile), then releases the
  /// translation unit's analysis context. Final, so that no check can forget
  /// to release it.
  void onEndOfTranslationUnit() final;
  /// Records unresolved #includes when the binary asks for it (a check that
  /// overrides this calls it first).
  void registerPPCallbacks(const clang::SourceManager &SM,
                           clang::Preprocessor *PP,
                           clang::Preprocessor *ModuleExpanderPP) override;

protected:
  /// The analysis of the translation unit \p Ctx belongs to, shared with every
  /// other check: each fact is computed once per file. Valid until the end of
  /// the translation unit.
  AnalysisContext &analysis(clang::ASTContext &Ctx);
  /// Whether \p FD may be analysed: false when its own code has a compiler
  /// error (it is then counted as not analysed; docs/compatibility.md).
  bool admit(const clang::FunctionDecl &FD, clang::ASTContext &Ctx) {
    return analysis(Ctx).admit(FD);
  }
  /// End-of-file work of a check that reports after seeing the whole file.
  virtual void onEndOfFile() {}

  /// Queues \p R; at the end of the translation unit the queued findings of
  /// one cause become one warning (groupFindings): one location (template
  /// instantiations, block shapes), one line (the accesses of a statement),
  /// one function and Cause. Both front ends group alike.
  void emit(const Report &R, const clang::SourceManager &SM);

  /// The kernel or device function being checked, named in each finding's
  /// facts (the HTML report filters by it); set by the check bases.
  const clang::FunctionDecl *CurrentFunction = nullptr;

  /// The hardware model of the target, decided by selectTarget: the
  /// warplint.Arch option (in the standalone binary, its per-file decision),
  /// else the GPU the translation unit is parsed for, else DefaultArch.
  const hw::HardwareModel &target(const clang::ASTContext &Ctx) const;

private:
  const CheckInfo *Info;
  clang::ASTContext *Analysed = nullptr; ///< The AST analysis() was asked for.
  std::string ArchOption;
  /// TargetSelection::findingNote of the decision; "" for none.
  std::string TargetNote;
  mutable std::string CachedCPU; ///< The parsed GPU target() last decided for.
  mutable const hw::HardwareModel *CachedTarget = nullptr;
  std::optional<Priority> MinPriority;
  Assumptions Assumed; ///< warplint.Assume
  std::string ModelOverride; ///< Empty, or a file that loaded without error.
  bool RecoverMissingIncludes = false;
  /// A report queued by emit(), with the function it was found in.
  struct Queued {
    Report R;
    const clang::FunctionDecl *Function;
  };
  std::vector<Queued> Queue;
  const clang::SourceManager *QueueSM = nullptr;
  /// Groups the queue and emits one warning per group.
  void flush();
  void emitNow(const Report &R, const clang::SourceManager &SM,
               const clang::FunctionDecl *Function);
  /// Warnings emitted per (file, line) in this translation unit, and where
  /// the ones beyond MaxFindingsPerLine were dropped (emitNow()).
  std::map<std::pair<unsigned, unsigned>, unsigned> PerLine;
  std::map<std::pair<unsigned, unsigned>,
           std::pair<clang::SourceLocation, unsigned>>
      DroppedPerLine;
};

/// Warnings of one check on one source line after grouping (findings without
/// a Cause are not grouped by line); beyond it they become one "N more"
/// warning.
inline constexpr unsigned MaxFindingsPerLine = 16;

/// Related locations of a grouped finding listed as notes; the rest are
/// counted. Generated code can put thousands of accesses on one line, and
/// clang-tidy's NOLINT scan re-reads the line for every diagnostic (8,000
/// findings on one line took 10.7 s): one warning per line and a bounded
/// number of notes keep the work per line bounded.
inline constexpr unsigned MaxRelatedNotes = 5;

/// Whether emit() keeps each finding's facts for takeFacts (the standalone
/// binary turns it on; the plugin has no reader for them).
void setFactRecording(bool On);
/// The facts of the findings emitted on this thread since the last call,
/// keyed by check, file, offset and message; the log is emptied. The binary
/// runs a file's checks on one thread and takes them after each file.
std::map<std::string, std::shared_ptr<const FindingFacts>> takeFacts();
/// Marks the results of the translation unit analysed on this thread as not
/// to be kept by the binary's result cache (tools/warplint/ResultCache.h):
/// they depend on something its key cannot see (a compile that failed or
/// timed out, a replayed ptxas output read from elsewhere). \p Why says what.
void markResultsUncacheable(llvm::StringRef Why);
/// The reason markResultsUncacheable gave on this thread since the last call,
/// or ""; cleared. The binary asks after each file.
std::string takeUncacheableReason();

/// The key takeFacts uses.
std::string factsKey(llvm::StringRef Check, llvm::StringRef File,
                     unsigned Offset, llvm::StringRef Message);

/// Records the confidence of each emitted warning, keyed by check, file and
/// offset; the standalone binary reads it back (clang diagnostics have no field
/// for it).
void recordConfidence(llvm::StringRef Check, llvm::StringRef File,
                      unsigned Offset, Confidence C,
                      std::optional<Priority> P = std::nullopt);
std::optional<Confidence>
lookupConfidence(llvm::StringRef Check, llvm::StringRef File, unsigned Offset);
/// The priority a finding was emitted with, when it overrides its check's.
std::optional<Priority> lookupPriority(llvm::StringRef Check,
                                       llvm::StringRef File, unsigned Offset);

} // namespace warplint

#endif
