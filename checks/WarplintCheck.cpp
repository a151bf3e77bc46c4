//===- WarplintCheck.cpp - Base of every warplint check -------------------===//
#include "checks/WarplintCheck.h"

#include "checks/CheckRegistry.h"
#include "Findings/FindingGroups.h"
#include "clang/Basic/CharInfo.h"
#include "llvm/Support/raw_ostream.h"
#include <set>
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Regex.h"
#include <atomic>
#include <map>
#include <memory>
#include <mutex>

using namespace clang;

namespace warplint {

namespace {
/// The header filter of the file being analysed. clang-tidy lets a diagnostic
/// in a header through its filter when one of its notes is in the main file,
/// and nearly every finding in a header kernel has one (the launch that
/// judged it), so `-header-filter` could not narrow the default: the checks
/// apply the filter to the warning's own location themselves. clang-tidy
/// creates a file's checks in the thread that then parses it, just before the
/// parse (the standalone binary runs one file at a time per thread), so the
/// constructors set it for the emissions that follow.
struct HeaderFilter {
  std::string Include, Exclude;
  std::optional<llvm::Regex> IncludeRe, ExcludeRe;
  void set(const tidy::ClangTidyOptions &O) {
    std::string I = O.HeaderFilterRegex.value_or(""),
                X = O.ExcludeHeaderFilterRegex.value_or("");
    if (IncludeRe && I == Include && X == Exclude)
      return;
    Include = I;
    Exclude = X;
    IncludeRe.emplace(Include);
    if (Exclude.empty())
      ExcludeRe.reset();
    else
      ExcludeRe.emplace(Exclude);
  }
  /// Whether a finding at \p Loc is reported, as clang-tidy decides from the
  /// diagnostic's own location: the main file always, a header when its name
  /// matches the filter and not the exclusion.
  bool passes(SourceLocation Loc, const SourceManager &SM) const {
    if (!IncludeRe || Loc.isInvalid())
      return true;
    SourceLocation E = SM.getExpansionLoc(Loc);
    if (SM.isInMainFile(E))
      return true;
    OptionalFileEntryRef F = SM.getFileEntryRefForID(SM.getFileID(E));
    if (!F)
      return true;
    StringRef Name = F->getName();
    return IncludeRe->match(Name) && !(ExcludeRe && ExcludeRe->match(Name));
  }
};
thread_local HeaderFilter CurrentHeaderFilter;
} // namespace

WarplintCheck::WarplintCheck(llvm::StringRef Name,
                             tidy::ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), Info(findCheck(Name)) {
  CurrentHeaderFilter.set(Context->getOptions());
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
    TargetNote = configuredTargetNote(ArchOption);
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
  It = Opts.find(AssumeOptionKey);
  if (It != Opts.end() && !It->second.Value.empty()) {
    llvm::Expected<Assumptions> A = parseAssumptions(It->second.Value);
    if (A)
      Assumed = std::move(*A);
    else
      configurationDiag("invalid value for %0: %1")
          << AssumeOptionKey << llvm::toString(A.takeError());
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
///
/// One recorder per preprocessor, whichever checks are enabled: each check
/// used to add its own, and the preprocessor calls every callback in a chain
/// on every macro expansion and file change (about 4% of a small unit's
/// instructions with twelve checks). The set holds the preprocessors that
/// have one; the recorder leaves it when the preprocessor destroys it, so a
/// later preprocessor at the same address gets its own.
class MissingIncludeRecorder : public PPCallbacks {
public:
  MissingIncludeRecorder(const SourceManager &SM, const Preprocessor &PP)
      : SM(SM), PP(PP) {}
  ~MissingIncludeRecorder() override {
    std::lock_guard<std::mutex> Lock(registeredMutex());
    registered().erase(&PP);
  }
  /// True if \p PP had no recorder (and now counts as having one).
  static bool claim(const Preprocessor &PP) {
    std::lock_guard<std::mutex> Lock(registeredMutex());
    return registered().insert(&PP).second;
  }
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
    publishMissingInclude(mainFileKey(SM), M);
  }

private:
  static std::set<const Preprocessor *> &registered() {
    static std::set<const Preprocessor *> S;
    return S;
  }
  static std::mutex &registeredMutex() {
    static std::mutex M;
    return M;
  }
  const SourceManager &SM;
  const Preprocessor &PP;
};
} // namespace

void WarplintCheck::registerPPCallbacks(const SourceManager &SM,
                                        Preprocessor *PP, Preprocessor *) {
  if (!RecoverMissingIncludes || !PP)
    return;
  PP->SetSuppressIncludeNotFoundError(true);
  if (MissingIncludeRecorder::claim(*PP))
    PP->addPPCallbacks(std::make_unique<MissingIncludeRecorder>(SM, *PP));
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

const hw::HardwareModel &WarplintCheck::target(const ASTContext &Ctx) const {
  const std::string &CPU = Ctx.getTargetInfo().getTargetOpts().CPU;
  if (!CachedTarget || CPU != CachedCPU) {
    // The plugin's decision, and the binary's (whose warplint.Arch is final).
    CachedTarget = &builtinTargetModel(ArchOption, CPU, DefaultArch);
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
  AnalysisContext &AC = AnalysisContext::acquire(Ctx, target(Ctx), this);
  // A global option: every check of the run holds the same values.
  if (!Assumed.empty() && AC.assumptions().empty())
    AC.setAssumptions(Assumed);
  return AC;
}

void WarplintCheck::onEndOfTranslationUnit() {
  onEndOfFile();
  flush();
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
  if (!CurrentHeaderFilter.passes(R.Loc, SM))
    return;
  QueueSM = &SM;
  Queue.push_back({R, CurrentFunction});
}

/// Whether a check list after a NOLINT marker (\p Rest, the text after it)
/// names \p Check: no list, `*`, the check, or a glob ending in `*`.
static bool namesCheck(StringRef Rest, StringRef Check) {
  if (!Rest.starts_with("("))
    return true;
  StringRef List = Rest.drop_front().split(')').first;
  llvm::SmallVector<StringRef, 4> Globs;
  List.split(Globs, ',');
  for (StringRef G : Globs) {
    G = G.trim();
    if (G == "*" || G == Check ||
        (G.ends_with("*") && Check.starts_with(G.drop_back())))
      return true;
  }
  return false;
}

namespace {
/// Whether clang-tidy would suppress a finding of the check at a location: a
/// NOLINT on its line, a NOLINTNEXTLINE on the line before, or an open
/// NOLINTBEGIN region. Decided before grouping, so that a suppressed finding
/// neither becomes a group's warning (taking the others with it) nor a
/// related location of one. Each file is searched once, for its markers and
/// its line starts: searched per finding (the whole buffer for "NOLINT", then
/// the finding's line), 40,000 findings on one 1.3 MB line took 33 s where
/// clang parses the file in 2.4 s (docs/evaluation.md, "Issue 14: where each
/// item stands (session 10)").
class NolintScan {
public:
  NolintScan(const SourceManager &SM, StringRef Check) : SM(SM), Check(Check) {}

  bool suppressed(SourceLocation Loc) {
    Loc = SM.getExpansionLoc(Loc);
    if (Loc.isInvalid())
      return false;
    auto [FID, Offset] = SM.getDecomposedLoc(Loc);
    const Markers &M = markers(FID);
    if (M.Invalid || Offset > M.Buffer.size() || M.At.empty())
      return false;
    StringRef Buffer = M.Buffer;
    // The finding's line [Begin, End) and the line before it [PrevBegin,
    // Begin - 1), as the text between newlines.
    size_t Line =
        llvm::upper_bound(M.LineStarts, Offset) - M.LineStarts.begin() - 1;
    size_t Begin = M.LineStarts[Line];
    size_t End = Line + 1 < M.LineStarts.size() ? M.LineStarts[Line + 1] - 1
                                                : Buffer.size();
    auto From = [&](size_t Pos) { return llvm::lower_bound(M.At, Pos); };
    for (auto I = From(Begin); I != M.At.end() && *I < End; ++I)
      if (marks(Buffer.slice(*I, End), "NOLINT"))
        return true;
    if (Line > 0)
      for (auto I = From(M.LineStarts[Line - 1]); I != M.At.end() && *I < Begin - 1;
           ++I)
        if (marks(Buffer.slice(*I, Begin - 1), "NOLINTNEXTLINE"))
          return true;
    // Regions: the last NOLINTBEGIN naming the check before the finding, with
    // no NOLINTEND naming it in between.
    int Depth = 0;
    for (auto I = M.At.begin(); I != M.At.end() && *I < Begin; ++I) {
      StringRef Rest = Buffer.slice(*I + 6, Begin);
      if (Rest.starts_with("BEGIN") && namesCheck(Rest.drop_front(5), Check))
        ++Depth;
      else if (Rest.starts_with("END") && namesCheck(Rest.drop_front(3), Check) &&
               Depth > 0)
        --Depth;
    }
    if (Depth == 0)
      return false;
    // An unmatched NOLINTBEGIN suppresses nothing (clang-tidy reports it as an
    // error when a finding reaches it): only a region that ends counts.
    for (auto I = From(Offset); I != M.At.end(); ++I) {
      StringRef Rest = Buffer.substr(*I);
      if (Rest.starts_with("NOLINTEND") && namesCheck(Rest.substr(9), Check))
        return true;
    }
    return false;
  }

private:
  struct Markers {
    StringRef Buffer;
    bool Invalid = false;
    std::vector<size_t> At;         // each "NOLINT" in the buffer
    std::vector<size_t> LineStarts; // only when At is not empty
  };

  /// Whether \p Text, which starts with a marker, is \p Marker (not a longer
  /// word) naming the check; the text after it is its line's.
  bool marks(StringRef Text, StringRef Marker) const {
    if (!Text.starts_with(Marker))
      return false;
    StringRef Rest = Text.substr(Marker.size());
    if (!Rest.empty() && isAsciiIdentifierContinue(Rest[0]))
      return false;
    return namesCheck(Rest, Check);
  }

  const Markers &markers(FileID FID) {
    auto [It, New] = Files.try_emplace(FID);
    Markers &M = It->second;
    if (!New)
      return M;
    M.Buffer = SM.getBufferData(FID, &M.Invalid);
    if (M.Invalid)
      return M;
    for (size_t At = M.Buffer.find("NOLINT"); At != StringRef::npos;
         At = M.Buffer.find("NOLINT", At + 1))
      M.At.push_back(At);
    if (M.At.empty())
      return M;
    M.LineStarts.push_back(0);
    for (size_t I = M.Buffer.find('\n'); I != StringRef::npos;
         I = M.Buffer.find('\n', I + 1))
      M.LineStarts.push_back(I + 1);
    return M;
  }

  const SourceManager &SM;
  StringRef Check;
  llvm::DenseMap<FileID, Markers> Files;
};
} // namespace

/// "k<float>", "reduce".
static std::string functionName(const FunctionDecl *FD) {
  if (!FD)
    return "";
  std::string S;
  llvm::raw_string_ostream OS(S);
  FD->getNameForDiagnostic(OS, FD->getASTContext().getPrintingPolicy(),
                           /*Qualified=*/false);
  return S;
}

/// " (blockDim 128x1x1, launch at k.cu:40:3)" from a finding's facts.
static std::string shapeText(const FindingFacts &F) {
  if (!F.Block)
    return "";
  std::string S = " (blockDim " + blockDimString(F.Block->Dim);
  if (F.Block->Origin == "assumed")
    S += ", assumed";
  else if (!F.Block->Where.empty())
    S += ", " + F.Block->Origin + " at " + F.Block->Where;
  return S + ")";
}

/// The suggestions of the related locations listed in the group being
/// emitted: each distinct text is a note after the group's own.
static thread_local std::vector<FixSuggestion> RelatedSuggestions;
/// The safe fix-its of every other site of the group being emitted, listed or
/// not: each goes on the warning, so that one --fix fixes the whole group.
static thread_local std::vector<FixItHint> RelatedFixes;

/// Whether two fix-its make the same edit (the instantiations of one
/// template suggest the same edit at the same place).
static bool sameEdit(const FixItHint &A, const FixItHint &B) {
  return A.RemoveRange.getBegin() == B.RemoveRange.getBegin() &&
         A.RemoveRange.getEnd() == B.RemoveRange.getEnd() &&
         A.RemoveRange.isTokenRange() == B.RemoveRange.isTokenRange() &&
         A.CodeToInsert == B.CodeToInsert &&
         A.InsertFromRange.getBegin() == B.InsertFromRange.getBegin() &&
         A.InsertFromRange.getEnd() == B.InsertFromRange.getEnd();
}

void WarplintCheck::flush() {
  if (Queue.empty() || !QueueSM) {
    Queue.clear();
    return;
  }
  const SourceManager &SM = *QueueSM;
  std::vector<Queued> Items;
  Items.reserve(Queue.size());
  NolintScan Nolint(SM, getID());
  for (Queued &Q : Queue)
    if (!Nolint.suppressed(Q.R.Loc))
      Items.push_back(std::move(Q));
  Queue.clear();
  std::vector<GroupKey> Keys;
  Keys.reserve(Items.size());
  for (const Queued &Q : Items) {
    GroupKey K;
    SourceLocation FileLoc = SM.getFileLoc(Q.R.Loc);
    if (FileLoc.isValid()) {
      auto [FID, Off] = SM.getDecomposedLoc(FileLoc);
      K.File = FID.getHashValue();
      K.Offset = Off;
    }
    SourceLocation Exp = SM.getExpansionLoc(Q.R.Loc);
    if (Exp.isValid()) {
      auto [FID, Off] = SM.getDecomposedLoc(Exp);
      if (FileLoc.isValid() && FID.getHashValue() == K.File)
        K.Line = SM.getLineNumber(FID, Off);
    }
    const FunctionDecl *Fn = Q.Function;
    if (Fn)
      if (const FunctionDecl *Pattern = Fn->getTemplateInstantiationPattern())
        Fn = Pattern;
    K.Function = Fn;
    K.Variant = functionName(Q.Function) + shapeText(Q.R.Facts);
    K.Cause = Q.R.Cause;
    if (Q.R.Facts.Block) {
      K.AssumedShape = Q.R.Facts.Block->Origin == "assumed";
      K.KnownShape = !K.AssumedShape;
    }
    K.Priority = int(Q.R.Prio.value_or(Info ? Info->Prio : Priority::Medium));
    Keys.push_back(std::move(K));
  }
  for (const FindingGroup &G : groupFindings(Keys)) {
    const Queued &P = Items[G.Members[0]];
    std::vector<size_t> Others(G.Members.begin() + 1, G.Members.end());
    Report R = P.R;
    const GroupKey &PK = Keys[G.Members[0]];
    // The same location under other instantiations or shapes: named.
    std::vector<std::string> SameLoc;
    // Other locations, one entry each, in source order.
    std::vector<size_t> Related;
    std::set<unsigned> RelatedOffsets;
    bool OneLine = true, OneFunction = true;
    for (size_t I : Others) {
      const GroupKey &K = Keys[I];
      if (K.File == PK.File && K.Offset == PK.Offset) {
        const Queued &Q = Items[I];
        std::string S = "also for '" + functionName(Q.Function) + "'" +
                        shapeText(Q.R.Facts);
        if (Q.R.Message != P.R.Message)
          S += ": " + Q.R.Message;
        if (llvm::find(SameLoc, S) == SameLoc.end())
          SameLoc.push_back(std::move(S));
        continue;
      }
      OneLine &= K.File == PK.File && K.Line == PK.Line;
      OneFunction &= K.Function == PK.Function;
      if (RelatedOffsets.insert(K.Offset ^ (K.File * 2654435761u)).second)
        Related.push_back(I);
    }
    if (!Related.empty()) {
      std::string N = std::to_string(Related.size());
      std::string Where =
          OneLine ? " more on this line"
          : OneFunction && P.Function
              ? " more like it in '" + functionName(P.Function) + "'"
              : " more like it";
      R.Message += " (+" + N + Where +
                   (Related.size() > MaxRelatedNotes
                        ? "; the first " + std::to_string(MaxRelatedNotes) +
                              " in the notes)"
                        : ", in the notes)");
    }
    size_t Listed = 0;
    for (std::string &S : SameLoc) {
      if (Listed++ == MaxRelatedNotes)
        break;
      R.Notes.push_back({P.R.Loc, std::move(S)});
    }
    if (SameLoc.size() > MaxRelatedNotes)
      R.Notes.push_back(
          {P.R.Loc, "and " + std::to_string(SameLoc.size() - MaxRelatedNotes) +
                        " more instantiations or block shapes"});
    RelatedSuggestions.clear();
    RelatedFixes.clear();
    // Every site's safe edit, each once: the notes list only the first
    // locations, but the warning carries the fix of all of them.
    for (size_t I : Others) {
      const std::optional<FixSuggestion> &S = Items[I].R.Suggestion;
      if (!S || !S->Safe ||
          (R.Suggestion && R.Suggestion->Safe &&
           sameEdit(R.Suggestion->Fix, S->Fix)))
        continue;
      if (llvm::none_of(RelatedFixes, [&](const FixItHint &H) {
            return sameEdit(H, S->Fix);
          }))
        RelatedFixes.push_back(S->Fix);
    }
    for (size_t J = 0; J < Related.size() && J < MaxRelatedNotes; ++J) {
      const Queued &Q = Items[Related[J]];
      R.Notes.push_back({Q.R.Loc, "also here: " + Q.R.Message});
      // One note per text: a padding that fixes the whole array is
      // suggested once.
      if (Q.R.Suggestion &&
          !(R.Suggestion && R.Suggestion->Text == Q.R.Suggestion->Text) &&
          llvm::none_of(RelatedSuggestions, [&](const auto &S) {
            return S.Text == Q.R.Suggestion->Text;
          }))
        RelatedSuggestions.push_back(*Q.R.Suggestion);
    }
    if (Related.size() > MaxRelatedNotes)
      R.Notes.push_back({P.R.Loc, "and " +
                                      std::to_string(Related.size() -
                                                     MaxRelatedNotes) +
                                      " more locations not listed"});
    emitNow(R, SM, P.Function);
  }
  QueueSM = nullptr;
  for (const auto &[Key, Dropped] : DroppedPerLine)
    diag(Dropped.first,
         "%0 more finding%s0 of this check on this line not reported: at "
         "most %1 per line")
        << Dropped.second << MaxFindingsPerLine;
  PerLine.clear();
  DroppedPerLine.clear();
}

void WarplintCheck::emitNow(const Report &R, const SourceManager &SM,
                            const FunctionDecl *Function) {
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
    for (const FixItHint &H : RelatedFixes)
      D << H;
  }
  SourceLocation FileLoc = SM.getFileLoc(R.Loc);
  if (FileLoc.isValid()) {
    std::pair<FileID, unsigned> Dec = SM.getDecomposedLoc(FileLoc);
    if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(Dec.first)) {
      recordConfidence(getID(), FE->getName(), Dec.second, R.Conf, R.Prio);
      // The unsafe edits travel with the facts: the JSON output names them as
      // data, where the clang diagnostics only have the note's text.
      FindingFacts Facts = R.Facts;
      auto AddUnsafe = [&](const FixSuggestion &S) {
        const FixItHint &H = S.Fix;
        if (S.Safe || !H.RemoveRange.isValid())
          return;
        CharSourceRange Range = Lexer::makeFileCharRange(
            H.RemoveRange, SM, LangOptions());
        if (Range.isInvalid())
          return;
        std::pair<FileID, unsigned> B = SM.getDecomposedLoc(Range.getBegin());
        std::pair<FileID, unsigned> E = SM.getDecomposedLoc(Range.getEnd());
        OptionalFileEntryRef EF = SM.getFileEntryRefForID(B.first);
        if (!EF || B.first != E.first)
          return;
        Facts.UnsafeFixes.push_back({EF->getName().str(), B.second,
                                     E.second - B.second, H.CodeToInsert,
                                     S.Text});
      };
      if (R.Suggestion)
        AddUnsafe(*R.Suggestion);
      for (const FixSuggestion &S : RelatedSuggestions)
        AddUnsafe(S);
      recordFacts(getID(), FE->getName(), Dec.second, Message, Facts,
                  Function);
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
  auto SuggestionNote = [&](const FixSuggestion &S) {
    const FixItHint &H = S.Fix;
    SourceLocation At = H.RemoveRange.isValid() ? H.RemoveRange.getBegin()
                                                : R.Loc;
    std::string Text = S.Text;
    if (S.Safe)
      Text += " (fix available: --fix applies it)";
    else
      Text += " (review it: not applied by --fix, " + unsafeEditText(H, SM) +
              ")";
    diag(SM.getFileLoc(At), escapeForDiag(Text), DiagnosticIDs::Note);
  };
  if (R.Suggestion)
    SuggestionNote(*R.Suggestion);
  // The related locations' own suggestions (their safe fix-its went on the
  // warning above).
  for (const FixSuggestion &S : RelatedSuggestions)
    SuggestionNote(S);
  RelatedSuggestions.clear();
  RelatedFixes.clear();
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

namespace {
thread_local std::string UncacheableReason;
} // namespace

void markResultsUncacheable(llvm::StringRef Why) {
  if (UncacheableReason.empty())
    UncacheableReason = Why.str();
}

std::string takeUncacheableReason() {
  std::string Out;
  Out.swap(UncacheableReason);
  return Out;
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
