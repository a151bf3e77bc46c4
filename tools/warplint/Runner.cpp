//===- Runner.cpp - Runs warplint's checks over files ---------------------===//
#include "tools/warplint/Runner.h"

#include "Findings/SourceFiles.h"
#include "Frontend/NvccMacroScope.h"
#include "Frontend/NvccSpelling.h"
#include "checks/CheckRegistry.h"
#include "checks/WarplintCheck.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "tools/warplint/PartialAnalysis.h"
#include "tools/warplint/ResultCache.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>
#include <numeric>
#include <set>
#include <thread>

namespace warplint {

/// The directory of the command being run: clang names a header found
/// through a relative -I relative to it, and lines are read from the file.
static thread_local std::string CommandDirectory;

/// \p File absolute (relative names are relative to the command's
/// directory).
static std::string absolutePath(llvm::StringRef File) {
  if (File.empty() || llvm::sys::path::is_absolute(File) ||
      CommandDirectory.empty())
    return File.str();
  llvm::SmallString<256> P(CommandDirectory);
  llvm::sys::path::append(P, File);
  llvm::sys::path::remove_dots(P, true);
  return std::string(P);
}

static SourcePos position(llvm::StringRef File, unsigned Offset) {
  std::string Abs = absolutePath(File);
  auto [Line, Col] = lineAndColumn(Abs, Offset);
  return SourcePos{Abs, Line, Col, Offset};
}

static std::vector<FixIt>
convertFixes(const llvm::StringMap<clang::tooling::Replacements> &Fix) {
  std::vector<FixIt> Out;
  for (const auto &Entry : Fix)
    for (const clang::tooling::Replacement &R : Entry.second) {
      FixIt X{absolutePath(R.getFilePath()), R.getOffset(), R.getLength(),
              R.getReplacementText().str()};
      std::tie(X.Line, X.Column) = lineAndColumn(X.File, X.Offset);
      std::tie(X.EndLine, X.EndColumn) =
          lineAndColumn(X.File, X.Offset + X.Length);
      Out.push_back(std::move(X));
    }
  return Out;
}

using FactMap = std::map<std::string, std::shared_ptr<const FindingFacts>>;

/// One clang-tidy error in warplint's model; compiler errors become ToolErrors.
/// \p Facts: what the checks recorded for this file (takeFacts).
static void convert(const clang::tidy::ClangTidyError &E, RunResult &Out,
                    const FactMap &Facts) {
  const clang::tooling::DiagnosticMessage &M = E.Message;
  // A check's option it could not use (the check says which value it took
  // instead): one line on stderr per message and process, whatever the
  // number of files, as clang-tidy prints it.
  if (E.DiagnosticName == "clang-tidy-config") {
    static std::mutex Lock;
    static std::set<std::string> Said;
    std::lock_guard<std::mutex> G(Lock);
    if (Said.insert(M.Message).second)
      llvm::errs() << "warplint: warning: " << M.Message
                   << " [clang-tidy-config]\n";
    return;
  }
  if (E.DiagLevel == clang::tooling::Diagnostic::Error) {
    ToolError TE;
    TE.File = absolutePath(M.FilePath);
    if (!M.FilePath.empty())
      std::tie(TE.Line, TE.Column) = lineAndColumn(TE.File, M.FileOffset);
    TE.Message = M.Message;
    if (E.DiagnosticName != "clang-diagnostic-error" &&
        !llvm::StringRef(E.DiagnosticName).empty())
      TE.Message += " [" + E.DiagnosticName + "]";
    Out.Errors.push_back(std::move(TE));
    return;
  }
  const CheckInfo *Info = findCheck(E.DiagnosticName);
  if (!Info)
    return; // Not one of ours (a clang warning enabled by a user's glob).
  Finding F;
  F.CheckId = E.DiagnosticName;
  F.Prio = Info->Prio;
  F.ModernSection = Info->ModernSection.str();
  F.G23Section = Info->G23Section.str();
  F.Pos = position(M.FilePath, M.FileOffset);
  F.EndPos = F.Pos;
  F.RangeBegin = F.Pos;
  if (!M.Ranges.empty() && M.Ranges[0].FilePath == M.FilePath) {
    F.EndPos =
        position(M.FilePath, M.Ranges[0].FileOffset + M.Ranges[0].Length);
    if (M.Ranges[0].FileOffset <= M.FileOffset)
      F.RangeBegin = position(M.FilePath, M.Ranges[0].FileOffset);
  }
  F.Message = M.Message;
  F.Fixes = convertFixes(M.Fix);
  F.Conf = lookupConfidence(F.CheckId, M.FilePath, M.FileOffset)
               .value_or(Info->DefaultConfidence);
  F.Prio = lookupPriority(F.CheckId, M.FilePath, M.FileOffset)
               .value_or(Info->Prio);
  auto It =
      Facts.find(factsKey(F.CheckId, M.FilePath, M.FileOffset, M.Message));
  if (It != Facts.end())
    F.Facts = It->second;
  for (const clang::tooling::DiagnosticMessage &N : E.Notes) {
    FindingNote FN;
    FN.Pos = position(N.FilePath, N.FileOffset);
    FN.Message = N.Message;
    FN.Fixes = convertFixes(N.Fix);
    F.Notes.push_back(std::move(FN));
  }
  Out.Findings.push_back(std::move(F));
}

namespace {
/// The file's options with the target decision on top: warplint.Arch (which
/// every layer below may have set, so the decision replaces it), its
/// description and the note its findings carry. One per file, like the
/// context it feeds, so each file's own .warplint.yaml counts.
class TargetOptionsProvider : public clang::tidy::ClangTidyOptionsProvider {
public:
  TargetOptionsProvider(
      std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> Inner,
      const TargetSelection &T)
      : Inner(std::move(Inner)) {
    using Value = clang::tidy::ClangTidyOptions::ClangTidyValue;
    Decision.CheckOptions[ArchOptionKey] = Value(T.Arch);
    Decision.CheckOptions[ArchSourceOptionKey] = Value(T.Description);
    Decision.CheckOptions[ArchNoteOptionKey] = Value(T.findingNote());
    Decision.CheckOptions[RecoverMissingIncludesOptionKey] = Value("true");
  }
  const clang::tidy::ClangTidyGlobalOptions &getGlobalOptions() override {
    return Inner->getGlobalOptions();
  }
  std::vector<OptionsSource> getRawOptions(llvm::StringRef FileName) override {
    std::vector<OptionsSource> Raw = Inner->getRawOptions(FileName);
    Raw.emplace_back(Decision, "warplint's target selection");
    return Raw;
  }

private:
  std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> Inner;
  clang::tidy::ClangTidyOptions Decision;
};
} // namespace

namespace {
/// File names made absolute against the compile command's directory before
/// the configuration is looked up: clang-tidy asks with the name the command
/// gives ("src/k.cu" in a database entry), which the .clang-tidy and
/// .warplint.yaml lookup would resolve against the process's own directory
/// (an editor's language server runs anywhere).
class CommandDirectoryProvider : public clang::tidy::ClangTidyOptionsProvider {
public:
  CommandDirectoryProvider(
      std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> Inner,
      std::string Directory)
      : Inner(std::move(Inner)), Directory(std::move(Directory)) {}
  const clang::tidy::ClangTidyGlobalOptions &getGlobalOptions() override {
    return Inner->getGlobalOptions();
  }
  std::vector<OptionsSource> getRawOptions(llvm::StringRef FileName) override {
    if (Directory.empty() || llvm::sys::path::is_absolute(FileName))
      return Inner->getRawOptions(FileName);
    llvm::SmallString<256> P(Directory);
    llvm::sys::path::append(P, FileName);
    llvm::sys::path::remove_dots(P, true);
    return Inner->getRawOptions(P);
  }

private:
  std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> Inner;
  std::string Directory;
};

/// The header filter of a parse made for include-only fragments: the
/// configured one, or the fragments (they are the inputs).
class FragmentOptionsProvider : public clang::tidy::ClangTidyOptionsProvider {
public:
  FragmentOptionsProvider(
      std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> Inner,
      llvm::StringRef ParseFile, const std::vector<std::string> &Fragments)
      : Inner(std::move(Inner)) {
    std::string Regex =
        "(" + this->Inner->getOptions(ParseFile).HeaderFilterRegex.value_or("") +
        ")";
    // clang names a header found through a relative -I relative to the
    // command's directory: match the name's end (the Runner keeps only the
    // fragments' own findings by their absolute paths).
    for (const std::string &F : Fragments)
      Regex += "|(^|/)" + llvm::Regex::escape(llvm::sys::path::filename(F)) +
               "$";
    Filter.HeaderFilterRegex = Regex;
  }
  const clang::tidy::ClangTidyGlobalOptions &getGlobalOptions() override {
    return Inner->getGlobalOptions();
  }
  std::vector<OptionsSource> getRawOptions(llvm::StringRef FileName) override {
    std::vector<OptionsSource> Raw = Inner->getRawOptions(FileName);
    Raw.emplace_back(Filter, "warplint's include-only fragments");
    return Raw;
  }

private:
  std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> Inner;
  clang::tidy::ClangTidyOptions Filter;
};

/// One parse: a file, and the inputs analysed through it.
struct ParseUnit {
  std::string File;
  bool FileIsInput = false;
  std::vector<std::string> Fragments;
};
} // namespace

/// \p From's results added to \p To's.
static void append(RunResult &To, RunResult From) {
  for (auto [Dst, Src] :
       {std::pair(&To.Errors, &From.Errors),
        std::pair(&To.CompilerErrors, &From.CompilerErrors)})
    std::move(Src->begin(), Src->end(), std::back_inserter(*Dst));
  std::move(From.Findings.begin(), From.Findings.end(),
            std::back_inserter(To.Findings));
  std::move(From.Analyses.begin(), From.Analyses.end(),
            std::back_inserter(To.Analyses));
  for (auto [Dst, Src] : {std::pair(&To.NeedIncluder, &From.NeedIncluder),
                          std::pair(&To.Held, &From.Held)})
    std::move(Src->begin(), Src->end(), std::back_inserter(*Dst));
}

static CachedResults toCache(const RunResult &R) {
  return CachedResults{R.Findings, R.Errors, R.CompilerErrors, R.Analyses};
}

static RunResult fromCache(CachedResults C) {
  RunResult R;
  R.Findings = std::move(C.Findings);
  R.Errors = std::move(C.Errors);
  R.CompilerErrors = std::move(C.CompilerErrors);
  R.Analyses = std::move(C.Analyses);
  return R;
}

/// \p O as text, its check options sorted (a StringMap's order depends on
/// how it was filled).
static std::string optionsText(const clang::tidy::ClangTidyOptions &O) {
  clang::tidy::ClangTidyOptions Copy = O;
  std::vector<std::pair<std::string, std::string>> Sorted;
  for (const auto &E : Copy.CheckOptions)
    Sorted.push_back({E.getKey().str(), E.getValue().Value});
  llvm::sort(Sorted);
  Copy.CheckOptions.clear();
  std::string Text = clang::tidy::configurationAsText(Copy);
  for (const auto &[K, V] : Sorted)
    Text += "\n" + K + "=" + std::to_string(V.size()) + ":" + V;
  return Text;
}

/// What a parse's key is made of, besides the run's identity: the files,
/// the adjusted commands, every configuration layer and the effective
/// options of the file (as the checks will read them).
static CacheKeyInputs
cacheKeyInputs(const ParseUnit &U,
               const std::vector<clang::tooling::CompileCommand> &Cmds,
               clang::tidy::ClangTidyOptionsProvider &Provider) {
  CacheKeyInputs K;
  K.File = U.File;
  K.FileIsInput = U.FileIsInput;
  K.Fragments = U.Fragments;
  for (const clang::tooling::CompileCommand &C : Cmds) {
    std::vector<std::string> Words{C.Directory, C.Filename, C.Output};
    Words.insert(Words.end(), C.CommandLine.begin(), C.CommandLine.end());
    K.Commands.push_back(std::move(Words));
  }
  for (const auto &[Opts, Source] : Provider.getRawOptions(U.File))
    K.Options.push_back(Source + "\n" + optionsText(Opts));
  clang::tidy::ClangTidyOptions Effective = Provider.getOptions(U.File);
  K.Options.push_back(optionsText(Effective));
  if (auto It = Effective.CheckOptions.find(HardwareModelOptionKey);
      It != Effective.CheckOptions.end())
    K.HardwareModel = It->second.Value;
  if (auto It =
          Effective.CheckOptions.find("warplint-register-pressure.CudaPath");
      It != Effective.CheckOptions.end())
    K.CudaPath = It->second.Value;
  return K;
}

/// A line for stderr: through the request's callback (which keeps it off the
/// progress line), else at once.
static void message(const RunRequest &Req, const std::string &Line) {
  if (Req.OnMessage)
    Req.OnMessage(Line);
  else
    llvm::errs() << Line << "\n";
}

/// Whether a parse that LibTooling reports as failed left some of its files'
/// device code unanalysed: a file whose every kernel and device function was
/// analysed despite compiler errors (a partial analysis) has its note, and
/// LibTooling's "Error while processing FILE." would only repeat it as an
/// error.
static bool leftCodeUnanalysed(const RunResult &Unit) {
  return llvm::any_of(Unit.Errors, [](const ToolError &E) {
    return !E.Partial && !llvm::StringRef(E.Message).contains(" [clang-tidy-");
  });
}

namespace {
/// clang-tidy's action: its AST consumer (the checks) on every parse.
class TidyActionFactory : public clang::tooling::FrontendActionFactory {
public:
  TidyActionFactory(
      clang::tidy::ClangTidyContext &Context,
      llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> BaseFS)
      : Consumers(Context, std::move(BaseFS)) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<Action>(&Consumers);
  }
  bool runInvocation(
      std::shared_ptr<clang::CompilerInvocation> Invocation,
      clang::FileManager *Files,
      std::shared_ptr<clang::PCHContainerOperations> PCHContainerOps,
      clang::DiagnosticConsumer *DiagConsumer) override {
    // As clang-tidy: __clang_analyzer__ is defined; and as its --quiet, no
    // carets in the compiler's own output.
    Invocation->getPreprocessorOpts().SetUpStaticAnalyzer = true;
    Invocation->getDiagnosticOpts().ShowCarets = false;
    return FrontendActionFactory::runInvocation(Invocation, Files,
                                                PCHContainerOps, DiagConsumer);
  }

private:
  class Action : public clang::ASTFrontendAction {
  public:
    explicit Action(clang::tidy::ClangTidyASTConsumerFactory *Consumers)
        : Consumers(Consumers) {}
    std::unique_ptr<clang::ASTConsumer>
    CreateASTConsumer(clang::CompilerInstance &CI,
                      llvm::StringRef File) override {
      scopeNvccMacro(CI);
      return Consumers->createASTConsumer(CI, File);
    }

  private:
    clang::tidy::ClangTidyASTConsumerFactory *Consumers;
  };
  clang::tidy::ClangTidyASTConsumerFactory Consumers;
};
} // namespace

/// Parses \p File and runs the checks: clang::tidy::runClangTidy (LLVM 22,
/// with Quiet, without fixes or profiling) step for step, except that
/// LibTooling does not print "Error while processing FILE." itself: it would
/// from this worker's thread, in the middle of the progress line of another
/// (docs/evaluation.md, "Issue 14, session 11", item 4). \p Failed says
/// whether it would have; the caller prints it through message().
static std::vector<clang::tidy::ClangTidyError>
parseAndCheck(clang::tidy::ClangTidyContext &Context,
              const clang::tooling::CompilationDatabase &Compilations,
              const std::string &File,
              llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> BaseFS,
              bool &Failed) {
  clang::tooling::ClangTool Tool(
      Compilations, {File},
      std::make_shared<clang::PCHContainerOperations>(), BaseFS);
  // The configuration's ExtraArgsBefore and ExtraArgs, as clang-tidy adds
  // them.
  Tool.appendArgumentsAdjuster(
      [&Context](const clang::tooling::CommandLineArguments &Args,
                 llvm::StringRef Filename) {
        clang::tidy::ClangTidyOptions Opts =
            Context.getOptionsForFile(Filename);
        clang::tooling::CommandLineArguments Adjusted = Args;
        if (Opts.ExtraArgsBefore) {
          auto I = Adjusted.begin();
          if (I != Adjusted.end() && !llvm::StringRef(*I).starts_with("-"))
            ++I; // The compiler's name.
          Adjusted.insert(I, Opts.ExtraArgsBefore->begin(),
                          Opts.ExtraArgsBefore->end());
        }
        if (Opts.ExtraArgs)
          Adjusted.insert(Adjusted.end(), Opts.ExtraArgs->begin(),
                          Opts.ExtraArgs->end());
        return Adjusted;
      });
  Tool.appendArgumentsAdjuster(clang::tooling::getStripPluginsAdjuster());
  Tool.setPrintErrorMessage(false);
  Context.setEnableProfiling(false);
  Context.setProfileStoragePrefix("");
  clang::tidy::ClangTidyDiagnosticConsumer DiagConsumer(
      Context, nullptr, /*RemoveIncompatibleErrors=*/true,
      /*GetFixesFromNotes=*/false);
  auto DiagOpts = std::make_unique<clang::DiagnosticOptions>();
  clang::DiagnosticsEngine DE(clang::DiagnosticIDs::create(), *DiagOpts,
                              &DiagConsumer, /*ShouldOwnClient=*/false);
  Context.setDiagnosticsEngine(std::move(DiagOpts), &DE);
  Tool.setDiagnosticConsumer(&DiagConsumer);
  TidyActionFactory Factory(Context, std::move(BaseFS));
  Failed = Tool.run(&Factory) == 1;
  return DiagConsumer.take();
}

/// The fragments of \p U that \p R, its includer's results, has no outcome
/// for: the includer saw none of their kernels and device functions, though
/// their text has some. Each is analysed alone, so that a .cu file with
/// kernels of its own never comes out with none.
static std::vector<std::string> fragmentsNotSeen(const ParseUnit &U,
                                                 const RunResult &R) {
  std::vector<std::string> Out;
  for (const std::string &Frag : U.Fragments)
    if (llvm::none_of(R.Analyses,
                      [&](const FileAnalysis &A) { return A.File == Frag; }))
      Out.push_back(Frag);
  return Out;
}

/// Parses and checks \p Units. \p Tentative: an input parsed alone whose
/// parse says an includer can matter is marked (RunResult::NeedIncluder) and
/// its stderr lines held (RunResult::Held) for runChecks to decide.
static RunResult runOne(const RunRequest &Req,
                        const std::vector<ParseUnit> &Units,
                        bool Tentative = false) {
  RunResult Out;
  // A physical file system of our own: its working directory is per thread,
  // unlike the process-wide one behind getRealFileSystem().
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> Files(
      new llvm::vfs::OverlayFileSystem(llvm::vfs::createPhysicalFileSystem()));
  if (!Req.Overlay.empty()) {
    llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> Unsaved(
        new llvm::vfs::InMemoryFileSystem);
    for (const auto &[Path, Text] : Req.Overlay)
      Unsaved->addFile(Path, /*ModificationTime=*/0,
                       llvm::MemoryBuffer::getMemBufferCopy(Text, Path));
    Files->pushOverlay(Unsaved);
  }
  // What clang reads of the user's files is respelt where nvcc's dialect
  // differs (NvccSpelling.h), byte for byte.
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> BaseFS(
      new llvm::vfs::OverlayFileSystem(createNvccSpellingFileSystem(
          Files, Req.Compilations->toolchainHeaderDirs())));
  // One file per call: LibTooling prints "[i/n] Processing file ..." to stderr
  // whenever it is given several, which clutters pre-commit, CI and editor
  // output.
  for (const ParseUnit &U : Units) {
    const std::string &File = U.File;
    // A context per file: clang-tidy maps each custom diagnostic ID to the
    // check that first used it, and the IDs start again in every file's
    // compiler instance, so a shared context gave the second file's findings
    // the first file's check names.
    //
    // The target is decided here, once per file, from the same command the
    // parse uses: the adjuster gives clang its ParseArch, and the checks get
    // its Arch through the options.
    std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> Provider =
        Req.MakeOptionsProvider();
    if (!U.Fragments.empty())
      Provider = std::make_unique<FragmentOptionsProvider>(std::move(Provider),
                                                           File, U.Fragments);
    if (std::optional<AdjustedCommand> A =
            Req.Compilations->adjustmentFor(File))
      Provider = std::make_unique<TargetOptionsProvider>(std::move(Provider),
                                                         A->Target);
    CommandDirectory.clear();
    std::vector<clang::tooling::CompileCommand> Cmds =
        Req.Compilations->getCompileCommands(File);
    if (!Cmds.empty())
      CommandDirectory = Cmds.front().Directory;
    Provider = std::make_unique<CommandDirectoryProvider>(std::move(Provider),
                                                          CommandDirectory);
    // The result cache: everything this parse's results depend on is in the
    // key or recorded as the parse reads it (ResultCache.h).
    std::string Key;
    if (Req.Cache && Req.Overlay.empty()) {
      Key = Req.Cache->key(cacheKeyInputs(U, Cmds, *Provider));
      if (!Key.empty()) {
        CacheLookup L = Req.Cache->lookup(Key);
        if (Req.OnCacheEvent)
          Req.OnCacheEvent(File, L.Results ? "hit" : "miss", L.Miss);
        if (L.Results) {
          ++Req.Cache->Hits;
          // What LibTooling prints after a parse with compiler errors.
          RunResult Cached = fromCache(std::move(*L.Results));
          bool Need = Tentative && U.FileIsInput && U.Fragments.empty() &&
                      L.NeedsIncluder;
          if (Need)
            Cached.NeedIncluder.push_back(File);
          if (L.Failed && leftCodeUnanalysed(Cached))
            (Need ? Cached.Held.push_back("Error while processing " + File + ".")
                  : message(Req, "Error while processing " + File + "."));
          std::vector<std::string> Alone = fragmentsNotSeen(U, Cached);
          append(Out, std::move(Cached));
          for (const std::string &Frag : Alone)
            append(Out, runOne(Req, {ParseUnit{Frag, true, {}}}));
          continue;
        }
        ++Req.Cache->Misses;
      }
    }
    llvm::IntrusiveRefCntPtr<RecordingFileSystem> Recorder;
    llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> ParseFS = BaseFS;
    if (!Key.empty()) {
      Recorder = new RecordingFileSystem(BaseFS);
      ParseFS = new llvm::vfs::OverlayFileSystem(Recorder);
    }
    clang::tidy::ClangTidyContext Context(std::move(Provider));
    bool ToolFailed = false;
    std::vector<clang::tidy::ClangTidyError> Errors =
        parseAndCheck(Context, *Req.Compilations, File, ParseFS, ToolFailed);
    FactMap Facts = takeFacts();
    std::string Uncacheable = takeUncacheableReason();
    RunResult Unit;
    RunResult One;
    for (const clang::tidy::ClangTidyError &E : Errors)
      convert(E, One, Facts);
    // LibTooling printed "Error while processing <file>." (ClangTool::run):
    // the diagnostics counted an error, each of which convert() made a
    // ToolError.
    bool Failed = !One.Errors.empty();
    // clang-tidy's own errors (an unmatched NOLINTBEGIN) are not compiler
    // errors: each stays a line of its own and keeps exit code 3.
    auto Own = std::stable_partition(
        One.Errors.begin(), One.Errors.end(), [](const ToolError &E) {
          return !llvm::StringRef(E.Message).contains(" [clang-tidy-");
        });
    std::move(Own, One.Errors.end(), std::back_inserter(Unit.Errors));
    One.Errors.erase(Own, One.Errors.end());
    std::vector<FunctionRange> Ranges = takeFunctionRanges(File);
    std::optional<FileCoverage> Coverage = takeCoverage(File);
    // Parsed only for fragments: only their findings are the user's question.
    if (!U.FileIsInput)
      llvm::erase_if(One.Findings, [&](const Finding &F) {
        return !llvm::is_contained(U.Fragments, F.Pos.File);
      });
    std::vector<FileOutcome> Outcomes;
    if (U.FileIsInput)
      Outcomes.push_back(summariseFile(File, One.Errors, Coverage, Ranges));
    for (const std::string &Frag : U.Fragments) {
      // The includer did not see the fragment's own kernels (it includes it
      // under a macro it does not define, or defines one that removes them):
      // the fragment gets no outcome here and is analysed alone (below).
      FileCoverage FC = coverageOfFile(Coverage.value_or(FileCoverage()), Frag);
      if (FC.Kernels + FC.DeviceFunctions == 0 && hasDeviceCode(Frag))
        continue;
      std::vector<FunctionRange> Own;
      for (const FunctionRange &R : Ranges)
        if (R.File == Frag)
          Own.push_back(R);
      Outcomes.push_back(summariseFile(Frag, One.Errors, FC, Own, File));
    }
    // A file whose only errors are where nvcc accepts the code is complete:
    // no line for it.
    if (ToolFailed && Unit.Errors.empty() &&
        llvm::all_of(Outcomes, [](const FileOutcome &O) {
          return O.Analysis.Status == "complete";
        }))
      ToolFailed = Failed = false;
    for (FileOutcome &O : Outcomes) {
      llvm::erase_if(One.Findings, [&](const Finding &F) {
        return llvm::any_of(O.Withdrawn, [&](const FunctionRange &R) {
          return R.contains(F.Pos.File, F.Pos.Line, F.Pos.Column);
        });
      });
      if (O.Summary)
        Unit.Errors.push_back(std::move(*O.Summary));
      Unit.Analyses.push_back(std::move(O.Analysis));
    }
    Unit.Findings = std::move(One.Findings);
    Unit.CompilerErrors = std::move(One.Errors);
    // Whether a file that includes this one can matter: its parse failed, or
    // it has device code it does not launch. Decided from this parse, so a
    // self-contained file costs no search of the tree.
    bool NeedsIncluder =
        U.FileIsInput && U.Fragments.empty() &&
        (!Unit.CompilerErrors.empty() ||
         (Coverage && Coverage->MainCodeUnlaunched));
    bool Need = Tentative && NeedsIncluder;
    if (Need)
      Unit.NeedIncluder.push_back(File);
    if (ToolFailed && leftCodeUnanalysed(Unit))
      (Need ? Unit.Held.push_back("Error while processing " + File + ".")
            : message(Req, "Error while processing " + File + "."));
    if (Recorder && Uncacheable.empty())
      Req.Cache->store(Key, Recorder->dependencies(), toCache(Unit), Failed,
                       NeedsIncluder);
    else if (Recorder && Req.OnCacheEvent)
      Req.OnCacheEvent(File, "not stored", Uncacheable);
    std::vector<std::string> Alone = fragmentsNotSeen(U, Unit);
    append(Out, std::move(Unit));
    for (const std::string &Frag : Alone)
      append(Out, runOne(Req, {ParseUnit{Frag, true, {}}}));
  }
  return Out;
}

void sortFindings(std::vector<Finding> &Findings) {
  std::stable_sort(Findings.begin(), Findings.end(),
                   [](const Finding &A, const Finding &B) {
                     return std::tie(A.Pos.File, A.Pos.Line, A.Pos.Column,
                                     A.CheckId, A.Message) <
                            std::tie(B.Pos.File, B.Pos.Line, B.Pos.Column,
                                     B.CheckId, B.Message);
                   });
}

/// Calls \p Run with the index of each of \p Units on Req.Jobs threads, each
/// taking the next as it finishes one. With several workers, the largest
/// files first (by size on disk, a proxy for their cost): a big file drawn
/// last would leave the other workers idle while it runs alone. With one
/// worker the files run (and stream) in the order given.
static void runUnits(const RunRequest &Req,
                     const std::vector<ParseUnit> &Units,
                     llvm::function_ref<void(size_t)> Run) {
  unsigned Jobs = std::max(1u, std::min<unsigned>(Req.Jobs, Units.size()));
  std::vector<size_t> Order(Units.size());
  std::iota(Order.begin(), Order.end(), 0);
  if (Jobs > 1) {
    std::vector<uint64_t> Size(Units.size(), 0);
    for (size_t I = 0; I < Units.size(); ++I) {
      auto It = Req.Overlay.find(Units[I].File);
      if (It != Req.Overlay.end())
        Size[I] = It->second.size();
      else if (llvm::sys::fs::file_size(Units[I].File, Size[I]))
        Size[I] = 0;
    }
    std::stable_sort(Order.begin(), Order.end(),
                     [&](size_t A, size_t B) { return Size[A] > Size[B]; });
  }
  std::atomic<size_t> Next{0};
  auto Work = [&] {
    for (size_t N; (N = Next++) < Units.size();)
      Run(Order[N]);
  };
  if (Jobs == 1) {
    Work();
    return;
  }
  std::vector<std::thread> Threads;
  for (unsigned J = 0; J < Jobs; ++J)
    Threads.emplace_back(Work);
  for (std::thread &T : Threads)
    T.join();
}

RunResult runChecks(const RunRequest &Req) {
  // One parse per file: an includer that is an input and the fragments
  // analysed through it share one.
  std::vector<ParseUnit> Units;
  std::map<std::string, size_t> UnitOf;
  for (const std::string &F : Req.Files) {
    auto T = Req.Through.find(F);
    const std::string &Parse = T == Req.Through.end() ? F : T->second;
    auto [It, New] = UnitOf.try_emplace(Parse, Units.size());
    if (New)
      Units.push_back(ParseUnit{Parse, false, {}});
    ParseUnit &U = Units[It->second];
    if (T == Req.Through.end())
      U.FileIsInput = true;
    else
      U.Fragments.push_back(F);
  }
  // Each worker takes the next file as it finishes one: a slow file holds
  // back only its own worker, never files queued behind it.
  std::vector<RunResult> Results(Units.size());
  auto Reported = [](const ParseUnit &U) {
    std::vector<std::string> R = U.Fragments;
    if (U.FileIsInput)
      R.insert(R.begin(), U.File);
    return R;
  };
  auto Finish = [&](const RunResult &R, const ParseUnit &U) {
    std::vector<std::string> Files = Reported(U);
    if (Req.OnUnitDone)
      Req.OnUnitDone(R, Files);
    if (Req.OnFileDone)
      for (const std::string &F : Files)
        Req.OnFileDone(F);
  };
  bool Tentative = bool(Req.FindIncluders);
  // The inputs whose own parse says an includer can matter are searched for
  // one as each finishes (FindIncluders keeps the trees it indexed for the
  // next): one without keeps its results, streamed at once; one with is
  // analysed through its includer after the others (the fragments of one
  // includer share its parse).
  std::vector<std::map<std::string, std::string>> Includers(Units.size());
  runUnits(Req, Units, [&](size_t I) {
    Results[I] = runOne(Req, {Units[I]}, Tentative);
    if (!Results[I].NeedIncluder.empty()) {
      Includers[I] = Req.FindIncluders(Results[I].NeedIncluder);
      if (!Includers[I].empty())
        return; // Replaced by the parse through the includer.
      for (const std::string &Line : Results[I].Held)
        message(Req, Line);
      Results[I].NeedIncluder.clear();
      Results[I].Held.clear();
    }
    Finish(Results[I], Units[I]);
  });
  RunResult Found;
  Found.Through = Req.Through;
  std::vector<ParseUnit> Second;
  std::map<std::string, size_t> SecondOf;
  for (size_t I = 0; I < Units.size(); ++I) {
    if (Results[I].NeedIncluder.empty())
      continue;
    auto T = Includers[I].find(Units[I].File);
    if (T == Includers[I].end()) {
      for (const std::string &Line : Results[I].Held)
        message(Req, Line);
      Finish(Results[I], Units[I]);
      continue;
    }
    Found.Through[T->first] = T->second;
    Results[I] = RunResult();
    auto [It, New] = SecondOf.try_emplace(T->second, Second.size());
    if (New)
      Second.push_back(ParseUnit{T->second, false, {}});
    Second[It->second].Fragments.push_back(T->first);
  }
  std::vector<RunResult> SecondResults(Second.size());
  runUnits(Req, Second, [&](size_t I) {
    SecondResults[I] = runOne(Req, {Second[I]});
    Finish(SecondResults[I], Second[I]);
  });
  std::move(SecondResults.begin(), SecondResults.end(),
            std::back_inserter(Results));
  RunResult All;
  for (RunResult &R : Results) {
    std::move(R.Findings.begin(), R.Findings.end(),
              std::back_inserter(All.Findings));
    std::move(R.Errors.begin(), R.Errors.end(), std::back_inserter(All.Errors));
    std::move(R.CompilerErrors.begin(), R.CompilerErrors.end(),
              std::back_inserter(All.CompilerErrors));
    std::move(R.Analyses.begin(), R.Analyses.end(),
              std::back_inserter(All.Analyses));
  }
  llvm::sort(All.Analyses, [](const FileAnalysis &A, const FileAnalysis &B) {
    return A.File < B.File;
  });
  All.Through = std::move(Found.Through);
  // Deterministic order whatever the thread count: file, line, column, check.
  sortFindings(All.Findings);
  // A kernel in a header is analysed once per file that includes it: with the
  // block of a launch where that file launches it, with an assumed block where
  // it does not. Where a real launch is known for a location, the verdicts
  // under an assumed block are dropped (they contradict it: an impossible
  // "16-way" beside the real 8-way).
  {
    auto Assumed = [](const Finding &F) {
      return llvm::any_of(F.Notes, [](const FindingNote &N) {
        return llvm::StringRef(N.Message).starts_with(
            "evaluated for an assumed blockDim");
      });
    };
    std::set<std::tuple<std::string, unsigned, std::string>> Real;
    for (const Finding &F : All.Findings)
      if (!Assumed(F))
        Real.insert({F.Pos.File, F.Pos.Offset, F.CheckId});
    llvm::erase_if(All.Findings, [&](const Finding &F) {
      return Assumed(F) && Real.count({F.Pos.File, F.Pos.Offset, F.CheckId});
    });
  }
  // A header or an included .cu is analysed once per file that includes it
  // (each file's checks already grouped its own findings): one location of
  // one check is one finding across files too, the most urgent, with what the
  // other files said there as a note when it differs.
  {
    std::vector<Finding> Merged;
    for (Finding &F : All.Findings) {
      Finding *Same = nullptr;
      for (auto It = Merged.rbegin(); It != Merged.rend(); ++It) {
        if (It->Pos.File != F.Pos.File || It->Pos.Offset != F.Pos.Offset)
          break;
        if (It->CheckId == F.CheckId)
          Same = &*It;
      }
      if (!Same) {
        Merged.push_back(std::move(F));
        continue;
      }
      if (F.Prio > Same->Prio)
        std::swap(*Same, F);
      std::string Note =
          "also, where another file includes this one: " + F.Message;
      unsigned Also = llvm::count_if(Same->Notes, [](const FindingNote &N) {
        return llvm::StringRef(N.Message).starts_with("also, where another");
      });
      if (F.Message != Same->Message && Also < 5 &&
          llvm::none_of(Same->Notes,
                        [&](const FindingNote &N) { return N.Message == Note; }))
        Same->Notes.push_back(FindingNote{F.Pos, std::move(Note), {}});
    }
    All.Findings = std::move(Merged);
  }
  for (std::vector<ToolError> *V : {&All.Errors, &All.CompilerErrors})
    std::stable_sort(V->begin(), V->end(),
                     [](const ToolError &A, const ToolError &B) {
                       return std::tie(A.File, A.Line, A.Column) <
                              std::tie(B.File, B.Line, B.Column);
                     });
  return All;
}

} // namespace warplint
