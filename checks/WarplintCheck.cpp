//===- WarplintCheck.cpp - Base of every warplint check -------------------===//
#include "checks/WarplintCheck.h"

#include "checks/CheckRegistry.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringMap.h"
#include <atomic>
#include <map>
#include <memory>
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
  if (Opts.count(ArchSourceOptionKey)) {
    // The standalone binary decided, and said what each finding should note.
    It = Opts.find(ArchNoteOptionKey);
    if (It != Opts.end())
      TargetNote = It->second.Value;
  } else if (!ArchOption.empty() && hw::findBuiltinModel(ArchOption)) {
    // The plugin. A configured arch decides; a parsed GPU or the default never
    // needs a note on each finding (a single GPU clang parses for is one it can
    // parse, and the plugin never sees a multi-arch list), so the note is
    // known before the parse.
    TargetInputs In;
    In.Configuration = ArchSetting{ArchOption, "warplint.Arch option"};
    TargetNote = selectTarget(In).findingNote();
  }
  // The standalone binary validates these before it runs; in clang-tidy a bad
  // value is a configuration error, and the option is ignored.
  It = Opts.find(MinPriorityOptionKey);
  if (It != Opts.end() && !It->second.Value.empty()) {
    MinPriority = parsePriority(It->second.Value);
    if (!MinPriority)
      configurationDiag("invalid value '%0' for %1 (expected high, medium or "
                        "low)")
          << It->second.Value << MinPriorityOptionKey;
  }
  It = Opts.find(RecoverMissingIncludesOptionKey);
  RecoverMissingIncludes = It != Opts.end() && It->second.Value == "true";
  It = Opts.find(HardwareModelOptionKey);
  if (It != Opts.end() && !It->second.Value.empty()) {
    llvm::Expected<const hw::HardwareModel *> M = overriddenModel(
        *hw::findBuiltinModel(DefaultArch), It->second.Value);
    if (M)
      ModelOverride = It->second.Value;
    else
      configurationDiag("%0: %1")
          << HardwareModelOptionKey << llvm::toString(M.takeError());
  }
}

namespace {
/// Publishes every #include the preprocessor could not resolve (it skips them:
/// Preprocessor::SetSuppressIncludeNotFoundError, what -MG uses).
class MissingIncludeRecorder : public PPCallbacks {
public:
  explicit MissingIncludeRecorder(const SourceManager &SM) : SM(SM) {}
  void InclusionDirective(SourceLocation HashLoc, const Token &,
                          StringRef FileName, bool IsAngled,
                          CharSourceRange, OptionalFileEntryRef File,
                          StringRef, StringRef, const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    if (File)
      return;
    OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
    if (!Main)
      return;
    MissingInclude M;
    M.Header = FileName.str();
    M.Angled = IsAngled;
    PresumedLoc P = SM.getPresumedLoc(HashLoc);
    if (P.isValid()) {
      M.IncludedFrom = P.getFilename();
      M.Line = P.getLine();
    }
    publishMissingInclude(Main->getName(), M);
  }

private:
  const SourceManager &SM;
};
} // namespace

void WarplintCheck::registerPPCallbacks(const SourceManager &SM,
                                        Preprocessor *PP, Preprocessor *) {
  if (!RecoverMissingIncludes || !PP)
    return;
  // Every check registers one; the registry keeps each header once.
  PP->SetSuppressIncludeNotFoundError(true);
  PP->addPPCallbacks(std::make_unique<MissingIncludeRecorder>(SM));
}

llvm::Expected<const hw::HardwareModel *>
overriddenModel(const hw::HardwareModel &Base, llvm::StringRef Path) {
  static std::mutex Mu;
  static std::map<std::pair<std::string, std::string>,
                  std::unique_ptr<hw::HardwareModel>>
      Cache;
  std::lock_guard<std::mutex> Lock(Mu);
  auto Key = std::make_pair(Path.str(), Base.Name);
  auto It = Cache.find(Key);
  if (It != Cache.end())
    return It->second.get();
  llvm::Expected<hw::HardwareModel> M = hw::loadModelOverride(Base, Path);
  if (!M)
    return M.takeError();
  if (llvm::Error E = hw::validateModel(*M))
    return std::move(E);
  auto &Slot = Cache[Key];
  Slot = std::make_unique<hw::HardwareModel>(std::move(*M));
  return Slot.get();
}

/// The plugin's decision, and the binary's (whose warplint.Arch is final):
/// the configured arch, else the GPU clang parsed for (the device side's
/// target CPU, "sm_90"), else the default, by the same selectTarget the binary
/// uses before it parses.
static const hw::HardwareModel &builtinTarget(llvm::StringRef ArchOption,
                                              llvm::StringRef CPU) {
  TargetInputs In;
  if (!ArchOption.empty() && hw::findBuiltinModel(ArchOption))
    In.Configuration = ArchSetting{ArchOption.str(), "warplint.Arch option"};
  if (!CPU.empty()) {
    In.Command.Archs.push_back(CPU.str());
    In.Command.Spellings.push_back(("--cuda-gpu-arch=" + CPU).str());
  }
  In.DefaultArch = DefaultArch;
  return *hw::findBuiltinModel(selectTarget(In).Arch);
}

const hw::HardwareModel &WarplintCheck::target(const ASTContext &Ctx) const {
  const std::string &CPU = Ctx.getTargetInfo().getTargetOpts().CPU;
  if (!CachedTarget || CPU != CachedCPU) {
    CachedTarget = &builtinTarget(ArchOption, CPU);
    CachedCPU = CPU;
  }
  const hw::HardwareModel &Base = *CachedTarget;
  if (ModelOverride.empty())
    return Base;
  llvm::Expected<const hw::HardwareModel *> M =
      overriddenModel(Base, ModelOverride);
  if (!M) {
    llvm::consumeError(M.takeError()); // reported when the check was created
    return Base;
  }
  return **M;
}

AnalysisContext &WarplintCheck::analysis(ASTContext &Ctx) {
  Analysed = &Ctx;
  return AnalysisContext::acquire(Ctx, target(Ctx), this);
}

void WarplintCheck::onEndOfTranslationUnit() {
  onEndOfFile();
  for (const auto &[Key, Dropped] : DroppedPerLine)
    diag(Dropped.first,
         "%0 more finding%s0 of this check on this line not reported: at "
         "most %1 per line")
        << Dropped.second << MaxFindingsPerLine;
  PerLine.clear();
  DroppedPerLine.clear();
  if (Analysed)
    AnalysisContext::release(*Analysed, this);
  Analysed = nullptr;
}

static void recordFacts(llvm::StringRef Check, llvm::StringRef File,
                        unsigned Offset, llvm::StringRef Message,
                        const FindingFacts &Facts,
                        const FunctionDecl *Function);

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

/// "replace '100' with '96'": an unsafe edit spelled out in its note.
static std::string unsafeEditText(const FixItHint &H, const SourceManager &SM) {
  bool Invalid = false;
  StringRef Old;
  if (H.RemoveRange.isValid())
    Old = Lexer::getSourceText(H.RemoveRange, SM, LangOptions(), &Invalid);
  if (Invalid || Old.empty())
    return "insert '" + H.CodeToInsert + "'";
  return "replace '" + Old.str() + "' with '" + H.CodeToInsert + "'";
}

void WarplintCheck::emit(const Report &R, const SourceManager &SM) {
  if (MinPriority && Info && R.Prio.value_or(Info->Prio) < *MinPriority)
    return;
  if (SourceLocation Line = SM.getExpansionLoc(R.Loc); Line.isValid()) {
    std::pair<FileID, unsigned> Dec = SM.getDecomposedLoc(Line);
    std::pair<unsigned, unsigned> Key{Dec.first.getHashValue(),
                                      SM.getLineNumber(Dec.first, Dec.second)};
    if (++PerLine[Key] > MaxFindingsPerLine) {
      auto &Dropped = DroppedPerLine[Key];
      if (!Dropped.second)
        Dropped.first = Line;
      ++Dropped.second;
      return;
    }
  }
  // The priority and the guide section end the message itself: editors, GitHub
  // annotations and many CI logs show no notes.
  std::string Message =
      Info ? R.Message + " " + priorityTag(*Info, R.Prio) : R.Message;
  {
    DiagnosticBuilder D = diag(R.Loc, escapeForDiag(Message));
    if (R.Range.isValid())
      D << R.Range;
    // A safe fix belongs to the warning: clang-tidy's --fix applies the
    // warning's fix-its and nothing else.
    if (R.Suggestion && R.Suggestion->Safe)
      D << R.Suggestion->Fix;
  }
  SourceLocation FileLoc = SM.getFileLoc(R.Loc);
  if (FileLoc.isValid()) {
    std::pair<FileID, unsigned> Dec = SM.getDecomposedLoc(FileLoc);
    if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(Dec.first)) {
      recordConfidence(getID(), FE->getName(), Dec.second, R.Conf, R.Prio);
      recordFacts(getID(), FE->getName(), Dec.second, Message, R.Facts,
                  CurrentFunction);
    }
  }
  // Notes go at file locations: a note inside a macro would drag its own
  // "expanded from macro" chain along, repeating what the warning already
  // shows.
  for (const auto &N : R.Notes)
    diag(SM.getFileLoc(N.first), escapeForDiag(N.second), DiagnosticIDs::Note);
  // Only where the target needs saying on each finding (findingNote): the
  // rest of the decision is in --verbose and the JSON/SARIF run properties.
  if (!TargetNote.empty())
    diag(SM.getFileLoc(R.Loc), escapeForDiag(TargetNote), DiagnosticIDs::Note);
  // The suggestion's note. An unsafe one carries no fix-it at all:
  // clang-tidy's --fix-notes applies a note's fix-it whenever exactly one note
  // has one, so the edit is only named in the text.
  if (R.Suggestion) {
    const FixItHint &H = R.Suggestion->Fix;
    SourceLocation At = H.RemoveRange.isValid() ? H.RemoveRange.getBegin()
                                                : R.Loc;
    std::string Text = R.Suggestion->Text;
    if (R.Suggestion->Safe)
      Text += " (fix available: --fix applies it)";
    else
      Text += " (review it: not applied by --fix, " + unsafeEditText(H, SM) +
              ")";
    diag(SM.getFileLoc(At), escapeForDiag(Text), DiagnosticIDs::Note);
  }
}

namespace {
std::atomic<bool> FactRecording{false};
/// Per thread: a file's checks run on the thread that runs clang-tidy.
thread_local std::map<std::string, std::shared_ptr<const FindingFacts>> FactLog;

} // namespace

static void recordFacts(llvm::StringRef Check, llvm::StringRef File,
                        unsigned Offset, llvm::StringRef Message,
                        const FindingFacts &Facts,
                        const FunctionDecl *Function) {
  if (!FactRecording.load(std::memory_order_relaxed))
    return;
  auto F = std::make_shared<FindingFacts>(Facts);
  if (F->Function.empty() && Function)
    F->Function = Function->getNameAsString();
  if (F->empty())
    return;
  FactLog[factsKey(Check, File, Offset, Message)] = std::move(F);
}

namespace {

struct ConfidenceLog {
  std::mutex Mu;
  llvm::StringMap<std::pair<Confidence, std::optional<Priority>>> Entries;
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

void setFactRecording(bool On) { FactRecording = On; }

std::string factsKey(llvm::StringRef Check, llvm::StringRef File,
                     unsigned Offset, llvm::StringRef Message) {
  return (Check + "\n" + File + "\n" + llvm::Twine(Offset) + "\n" + Message)
      .str();
}

std::map<std::string, std::shared_ptr<const FindingFacts>> takeFacts() {
  std::map<std::string, std::shared_ptr<const FindingFacts>> Out;
  Out.swap(FactLog);
  return Out;
}

void recordConfidence(llvm::StringRef Check, llvm::StringRef File,
                      unsigned Offset, Confidence C,
                      std::optional<Priority> P) {
  ConfidenceLog &L = confidenceLog();
  std::lock_guard<std::mutex> Lock(L.Mu);
  L.Entries[confidenceKey(Check, File, Offset)] = {C, P};
}

std::optional<Confidence>
lookupConfidence(llvm::StringRef Check, llvm::StringRef File, unsigned Offset) {
  ConfidenceLog &L = confidenceLog();
  std::lock_guard<std::mutex> Lock(L.Mu);
  auto It = L.Entries.find(confidenceKey(Check, File, Offset));
  if (It == L.Entries.end())
    return std::nullopt;
  return It->second.first;
}

std::optional<Priority> lookupPriority(llvm::StringRef Check,
                                       llvm::StringRef File, unsigned Offset) {
  ConfidenceLog &L = confidenceLog();
  std::lock_guard<std::mutex> Lock(L.Mu);
  auto It = L.Entries.find(confidenceKey(Check, File, Offset));
  if (It == L.Entries.end())
    return std::nullopt;
  return It->second.second;
}

} // namespace warplint
