//===- WarplintCheck.cpp - Base of every warplint check -------------------===//
#include "checks/WarplintCheck.h"

#include "checks/CheckRegistry.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/TargetInfo.h"
#include "llvm/ADT/StringMap.h"
#include <mutex>

using namespace clang;

namespace warplint {

WarplintCheck::WarplintCheck(llvm::StringRef Name,
                             tidy::ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), Info(findCheck(Name)) {
  const auto &Opts = Context->getOptions().CheckOptions;
  auto It = Opts.find(ArchOptionKey);
  if (It != Opts.end())
    ArchOption = It->second.Value;
}

const hw::HardwareModel &WarplintCheck::target(const ASTContext &Ctx) const {
  if (!ArchOption.empty())
    if (const hw::HardwareModel *M = hw::findBuiltinModel(ArchOption))
      return *M;
  // Device-side compilation: the target CPU is the GPU ("sm_90").
  const std::string &CPU = Ctx.getTargetInfo().getTargetOpts().CPU;
  if (const hw::HardwareModel *M = hw::findBuiltinModel(CPU))
    return *M;
  return *hw::findBuiltinModel(DefaultArch);
}

/// clang's diagnostic formatter treats '%' as the start of an argument.
static std::string escapeForDiag(llvm::StringRef S) {
  std::string Out;
  for (char C : S) {
    if (C == '%')
      Out += '%';
    Out += C;
  }
  return Out;
}

void WarplintCheck::emit(const Report &R, const SourceManager &SM) {
  {
    DiagnosticBuilder D = diag(R.Loc, escapeForDiag(R.Message));
    if (R.Range.isValid())
      D << R.Range;
  }
  SourceLocation FileLoc = SM.getFileLoc(R.Loc);
  if (FileLoc.isValid()) {
    std::pair<FileID, unsigned> Dec = SM.getDecomposedLoc(FileLoc);
    if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(Dec.first))
      recordConfidence(getID(), FE->getName(), Dec.second, R.Conf);
  }
  // Notes go at file locations: a note inside a macro would drag its own
  // "expanded from macro" chain along, repeating what the warning already
  // shows.
  for (const auto &N : R.Notes)
    diag(SM.getFileLoc(N.first), escapeForDiag(N.second), DiagnosticIDs::Note);
  if (R.Suggestion)
    diag(R.Suggestion->second.RemoveRange.getBegin(),
         escapeForDiag(R.Suggestion->first), DiagnosticIDs::Note)
        << R.Suggestion->second;
  if (Info)
    diag(SM.getFileLoc(R.Loc), escapeForDiag(priorityNoteText(*Info)),
         DiagnosticIDs::Note);
}

namespace {
struct ConfidenceLog {
  std::mutex Mu;
  llvm::StringMap<Confidence> Entries;
};
ConfidenceLog &confidenceLog() {
  static ConfidenceLog Log;
  return Log;
}
std::string confidenceKey(llvm::StringRef Check, llvm::StringRef File,
                          unsigned Offset) {
  return (Check + "\n" + File + "\n" + llvm::Twine(Offset)).str();
}
} // namespace

void recordConfidence(llvm::StringRef Check, llvm::StringRef File,
                      unsigned Offset, Confidence C) {
  ConfidenceLog &L = confidenceLog();
  std::lock_guard<std::mutex> Lock(L.Mu);
  L.Entries[confidenceKey(Check, File, Offset)] = C;
}

std::optional<Confidence>
lookupConfidence(llvm::StringRef Check, llvm::StringRef File, unsigned Offset) {
  ConfidenceLog &L = confidenceLog();
  std::lock_guard<std::mutex> Lock(L.Mu);
  auto It = L.Entries.find(confidenceKey(Check, File, Offset));
  if (It == L.Entries.end())
    return std::nullopt;
  return It->second;
}

} // namespace warplint
