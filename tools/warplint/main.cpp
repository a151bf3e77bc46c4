//===- main.cpp - The warplint command-line tool --------------------------===//
//
// A clang-tidy compatible command line (files, -p, --, -checks, -config,
// -config-file, .clang-tidy, NOLINT) plus warplint's own options. The options
// and exit codes are in Options.h, the configuration layers in
// Configuration.h, the inputs and the compilation database in Inputs.h, and
// everything done with the findings in Report.h; this file puts them in order.
//
//===----------------------------------------------------------------------===//
#include "Analysis/AnalysisContext.h"
#include "Findings/Baseline.h"
#include "Findings/Emitters.h"
#include "Findings/SourceFiles.h"
#include "Frontend/CudaCompilationDatabase.h"
#include "Hardware/HardwareModel.h"
#include "checks/CheckRegistry.h"
#include "checks/WarplintCheck.h"
#include "tools/warplint/BatchClaims.h"
#include "tools/warplint/Configuration.h"
#include "tools/warplint/ExportCommands.h"
#include "tools/warplint/IncludeFragments.h"
#include "tools/warplint/Inputs.h"
#include "tools/warplint/LanguageServer.h"
#include "tools/warplint/LineFilter.h"
#include "tools/warplint/McpServer.h"
#include "tools/warplint/Options.h"
#include "tools/warplint/OutputFormats.h"
#include "tools/warplint/PythonSources.h"
#include "tools/warplint/Report.h"
#include "tools/warplint/ResultCache.h"
#include "tools/warplint/Runner.h"

#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/PrettyStackTrace.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Signals.h"
#include <map>
#include <mutex>
#include <thread>

using namespace llvm;
using namespace warplint;
using namespace warplint::cli;
namespace tidy = clang::tidy;
namespace tooling = clang::tooling;

int main(int argc, const char **argv) {
  // A crash report starts with what was being analysed: clang's parse
  // position and the check, function and file (checks/AnalysisTrace.h). The
  // signal handlers run in the order they were added, so the pretty stack
  // trace's before the frames (a 100,000-term expression gives 256 of them).
  EnablePrettyStackTrace();
  sys::PrintStackTraceOnErrorSignal(argv[0]);
  // Links checks/WarplintModule.o, whose static object registers the checks.
  [[maybe_unused]] volatile int Anchor = WarplintModuleAnchorSource;
  cl::SetVersionPrinter(printVersion);
  cl::HideUnrelatedOptions({&Category, &ConfirmCategory});

  // Everything after "--" is the compile command (clang-tidy's convention).
  int Argc = argc;
  Expected<std::unique_ptr<tooling::CompilationDatabase>> FixedOrErr =
      databaseFromCommandLine(Argc, argv);
  if (!FixedOrErr)
    return usageError(toString(FixedOrErr.takeError()));
  std::unique_ptr<tooling::CompilationDatabase> FixedDB =
      std::move(*FixedOrErr);
  std::string ParseErrors;
  raw_string_ostream ParseErrStream(ParseErrors);
  if (!cl::ParseCommandLineOptions(
          Argc, argv,
          "warplint: static performance linter for CUDA.\n\n"
          "  warplint kernel.cu -- <compiler args>\n"
          "  warplint -p build/ src/*.cu --format=sarif -o warplint.sarif\n",
          &ParseErrStream)) {
    errs() << ParseErrors;
    return ExitUsage;
  }
  if (Lsp)
    return runLanguageServer(std::move(FixedDB), argv[0]);
  if (Mcp)
    return runMcpServer(std::move(FixedDB), argv[0]);

  if (ListChecks) {
    if (Format != "clang" && Format != "json" && Format != "markdown")
      return usageError(
          "--list-checks supports --format=clang, json or markdown");
    return listChecks(Format);
  }
  if (!findOutputFormat(Format))
    return usageError("unknown --format '" + Format + "' (expected " +
                      outputFormatNames() + ")");
  // The HTML report is a directory of pages: it has no stream to go to.
  if (Format == "html" && OutputFile.empty())
    return usageError("--format=html writes a directory: give it with -o DIR");
  std::optional<Priority> Threshold = parsePriority(MinPriority);
  if (!Threshold)
    return usageError("unknown --min-priority '" + MinPriority +
                      "' (expected high, medium or low)");
  for (const std::string &A : Assume)
    if (Expected<Assumptions> Parsed = parseAssumptions(A); !Parsed)
      return usageError("--assume " + toString(Parsed.takeError()));
  if (!Arch.empty() && !hw::findBuiltinModel(Arch))
    return usageError("unknown GPU architecture '" + Arch +
                      "'; known: " + hw::knownArchList());
  std::optional<Priority> FailThreshold;
  if (FailOn != "none") {
    FailThreshold = parsePriority(FailOn);
    if (!FailThreshold)
      return usageError("unknown --fail-on '" + FailOn +
                        "' (expected high, medium, low or none)");
  }
  if (CacheMaxSize == 0)
    return usageError("--cache-max-size must be at least 1 (MiB); --no-cache "
                      "turns the cache off");
  unsigned JobCount = Jobs;
  if (Jobs.getNumOccurrences() && Jobs == 0)
    return usageError("-j must be at least 1");
  if (JobCount == 0)
    JobCount = std::max(1u, std::thread::hardware_concurrency());

  // --line-filter or --diff: which lines' findings are reported.
  std::optional<LineFilter> Lines;
  if (!LineFilterJson.empty() && !DiffRef.empty())
    return usageError("--line-filter and --diff are mutually exclusive");
  if (!LineFilterJson.empty()) {
    Expected<LineFilter> L = parseLineFilter(LineFilterJson);
    if (!L)
      return usageError(toString(L.takeError()));
    Lines = std::move(*L);
  } else if (DiffRef == "-") {
    ErrorOr<std::unique_ptr<MemoryBuffer>> In = MemoryBuffer::getSTDIN();
    if (!In)
      return usageError("--diff -: cannot read stdin: " +
                        In.getError().message());
    SmallString<256> Cwd;
    sys::fs::current_path(Cwd);
    Lines = lineFilterFromDiff((*In)->getBuffer(), Cwd);
  } else if (!DiffRef.empty()) {
    Expected<LineFilter> L = lineFilterFromGit(DiffRef);
    if (!L)
      return usageError("--diff: " + toString(L.takeError()));
    Lines = std::move(*L);
  }
  // --diff with no file named: the CUDA files the diff changes.
  std::vector<std::string> Named(Files.begin(), Files.end());
  if (!DiffRef.empty() && Named.empty() && BuildPath.empty()) {
    for (const std::string &F : Lines->names())
      if (isCudaSourceName(F) && sys::fs::exists(F))
        Named.push_back(F);
    if (Named.empty()) {
      if (!Quiet)
        errs() << "warplint: the diff changes no CUDA file (.cu, .cuh)\n";
      return ExitClean;
    }
  }

  Expected<Configuration> ConfOrErr = readConfiguration();
  if (!ConfOrErr)
    return usageError(toString(ConfOrErr.takeError()));
  Configuration &Conf = *ConfOrErr;

  Expected<std::vector<std::string>> InputsOrErr =
      collectInputs(Named, BuildPath, DumpConfig);
  if (!InputsOrErr)
    return usageError(toString(InputsOrErr.takeError()));
  std::vector<std::string> Inputs = std::move(*InputsOrErr);
  // Python files: the CUDA their strings hold, each source a virtual .cu
  // beside the .py (tools/warplint/PythonSources.h, docs/python.md).
  std::vector<std::string> ReportInputs = Inputs;
  EmbeddedSourceMap PySources;
  std::map<std::string, std::string> PyOverlay;
  std::vector<ToolError> PyProblems;
  if (llvm::any_of(Inputs, [](const std::string &F) {
        return isPythonSourceName(F);
      })) {
    std::vector<std::string> Expanded;
    for (const std::string &F : Inputs) {
      if (!isPythonSourceName(F)) {
        Expanded.push_back(F);
        continue;
      }
      ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(F);
      if (!Buf)
        return usageError("cannot read '" + F +
                          "': " + Buf.getError().message());
      StringRef Py = (*Buf)->getBuffer();
      std::vector<EmbeddedCuda> Found = findEmbeddedCuda(Py);
      unsigned K = 0;
      for (const EmbeddedCuda &E : Found) {
        if (!E.Problem.empty()) {
          PyProblems.push_back(ToolError{
              F, E.Line, E.Column,
              "the CUDA source passed to " + E.Api +
                  " is not analysed: " + E.Problem,
              false});
          continue;
        }
        std::string V = embeddedSourcePath(F, K++);
        PySources.add(V, F, E, Py);
        PyOverlay[V] = E.Text;
        setSourceText(V, E.Text);
        Expanded.push_back(V);
      }
      if (Found.empty() && !Quiet)
        errs() << "warplint: " << F
               << ": no CUDA source found (load_inline cuda_sources, CuPy "
                  "RawKernel or RawModule, PyCUDA SourceModule)\n";
    }
    Inputs = std::move(Expanded);
  }
  if (!Conf.Explicit)
    if (Error E = validateConfigFiles(Inputs))
      return usageError(toString(std::move(E)));

  // Every .warplint.yaml that applies, then the warplint.* options of each
  // input's effective configuration (however they were set).
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  std::vector<std::string> ConfigFor = Inputs;
  if (ConfigFor.empty())
    ConfigFor.push_back((Cwd + "/dummy.cu").str());
  if (Error E = loadProjectConfigs(Conf, ConfigFor))
    return usageError(toString(std::move(E)));
  std::optional<Baseline> Accepted;
  if (!BaselineFile.empty()) {
    Expected<Baseline> B = readBaseline(BaselineFile);
    if (!B)
      return usageError("bad baseline: " + toString(B.takeError()));
    Accepted = std::move(*B);
  }

  if (DumpConfig) {
    dumpConfig(Conf, ConfigFor.front(), outs());
    return ExitClean;
  }
  if (Inputs.empty() && ReportInputs.empty())
    return usageError(
        "no input files (try: warplint kernel.cu -- <compiler args>)");
  if (Inputs.empty()) {
    // Python files with no CUDA source to analyse: nothing was analysed,
    // which is clean unless a source could not be read.
    RunResult None;
    None.Errors = PyProblems;
    RunInfo Info = makeRunInfo(None, ReportInputs, {});
    ReportContext Ctx;
    Ctx.Inputs = ReportInputs;
    Ctx.FailThreshold = FailThreshold;
    return reportFindings({}, Info, Ctx);
  }

  Expected<std::unique_ptr<tooling::CompilationDatabase>> DB =
      loadCompilationDatabase(std::move(FixedDB), BuildPath, Inputs.front());
  if (!DB)
    return usageError(toString(DB.takeError()));
  AnalysisContext::setPrintStatistics(PrintAnalysisStats);
  Expected<CudaParseOptions> ParseOpts =
      parseOptions(Conf, argv[0], (void *)&printVersion);
  if (!ParseOpts)
    return usageError(toString(ParseOpts.takeError()));
  if (!ExportCompileCommands.empty()) {
    CudaParseOptions ExportOpts = *ParseOpts;
    // Each tool that reads the database brings its own clang's builtin
    // headers; warplint's resource directory would be wrong for a clangd of
    // another version.
    ExportOpts.ResourceDir.clear();
    for (const std::string &F : Inputs)
      if ((*DB)->getCompileCommands(F).empty())
        return usageError("no compile command for '" + F +
                          "' in the compilation database and none to infer "
                          "from; add the file to compile_commands.json, or "
                          "give compiler arguments after --");
    std::vector<tooling::CompileCommand> Commands =
        translatedCommands(DB->get(), **DB, Inputs, ExportOpts);
    if (Error E = writeCompileCommands(ExportCompileCommands, Commands))
      return usageError(toString(std::move(E)));
    if (!Quiet && ExportCompileCommands != "-")
      errs() << "warplint: wrote " << Commands.size() << " compile command"
             << (Commands.size() == 1 ? "" : "s") << " to "
             << ExportCompileCommands << "\n";
    if (!Quiet && !ParseOpts->Toolkit)
      errs() << "warplint: note: no CUDA toolkit "
             << (CudaPath == "none" ? "(--cuda-path=none)" : "found")
             << ": the commands use warplint's bundled CUDA declarations\n";
    return ExitClean;
  }
  CudaCompilationDatabase CudaDB(std::move(*DB), *ParseOpts);

  // Include-only fragments and headers: analysed through a translation unit
  // that #includes them (tools/warplint/IncludeFragments). A header is
  // searched for now; any other input only if its own parse says an includer
  // can matter (Runner.h, FindIncluders), so that a self-contained file costs
  // no read of the tree around it. The search's index of each tree is kept in
  // the result cache's directory.
  std::map<std::string, std::string> Through;
  FragmentSearch Search;
  Search.Compilations = &CudaDB;
  if (!SourceRoot.empty()) {
    SmallString<256> R(SourceRoot);
    sys::fs::make_absolute(R);
    sys::path::remove_dots(R, true);
    Search.SourceRoot = std::string(R);
  }
  Search.Inputs = Inputs;
  if (!NoCache) {
    SmallString<256> Dir(CacheDir.empty() ? defaultResultCacheDir()
                                          : std::string(CacheDir));
    if (!Dir.empty()) {
      sys::fs::make_absolute(Dir);
      Search.IndexDirectory = std::string(Dir);
    }
  }
  Search.Trees = makeFragmentTrees();
  FragmentSearchStats SearchStats;
  std::mutex SearchLock;
  auto Search_ = [&](std::vector<std::string> Files) {
    std::lock_guard<std::mutex> Lock(SearchLock);
    FragmentSearch S = Search;
    S.Searched = std::move(Files);
    std::map<std::string, std::string> Found =
        findIncluders(S, &SearchStats);
    // A includer with no compile command would leave the input unanalysed:
    // it is analysed alone instead.
    for (auto It = Found.begin(); It != Found.end();)
      It = CudaDB.getCompileCommands(It->second).empty() ? Found.erase(It)
                                                         : std::next(It);
    if (Verbose)
      for (const auto &[Fragment, Includer] : Found)
        errs() << "warplint: " << Fragment << ": analysed through " << Includer
               << ", which includes it\n";
    return Found;
  };
  {
    std::vector<std::string> Headers;
    for (const std::string &F : Inputs)
      if (isHeaderName(F))
        Headers.push_back(F);
    if (!Headers.empty())
      Through = Search_(Headers);
  }
  auto ParsedAs = [&](const std::string &F) -> const std::string & {
    auto It = Through.find(F);
    return It == Through.end() ? F : It->second;
  };

  // A file the database has no command for (an empty database, nothing to
  // infer one from) would be skipped by LibTooling with exit code 0: a silent
  // pass in a pre-commit hook or CI job.
  for (const std::string &F : Inputs)
    if (CudaDB.getCompileCommands(ParsedAs(F)).empty())
      return usageError("no compile command for '" + F +
                        "' in the compilation database and none to infer "
                        "from; add the file to compile_commands.json, or "
                        "give compiler arguments after --");

  // An empty check set is a configuration mistake, not a clean result.
  {
    auto Provider = Conf.makeProvider();
    tidy::ClangTidyOptions Opts = Provider->getOptions(Inputs.front());
    if (tidy::getCheckNames(Opts, false, false).empty())
      return usageError("no checks enabled for '" + Inputs.front() +
                        "' (Checks: '" + Opts.Checks.value_or("") +
                        "'); warplint's checks are warplint-*");
  }

  // The target of each file, decided once (the Runner asks the same
  // database, so the parse and the checks use this very decision); recorded
  // after the run, once it is known which inputs went through an includer.
  // A Python file's CUDA sources are recorded once, under the .py.
  auto TargetsOf = [&] {
    std::vector<TargetRecord> Targets;
    for (const std::string &F : Inputs)
      if (std::optional<AdjustedCommand> A =
              CudaDB.adjustmentFor(ParsedAs(F))) {
        const TargetSelection &T = A->Target;
        if (PySources.pyPathOf(F) != F &&
            llvm::any_of(Targets, [&](const TargetRecord &R) {
              return R.File == PySources.pyPathOf(F);
            }))
          continue;
        Targets.push_back(TargetRecord{PySources.pyPathOf(F), T.Arch,
                                       T.ParseArch, T.Source, T.BuildArchs,
                                       T.Description});
      }
    return Targets;
  };
  if (Verbose)
    for (const std::string &F : Inputs)
      if (std::optional<AdjustedCommand> A =
              CudaDB.adjustmentFor(ParsedAs(F))) {
        const TargetSelection &T = A->Target;
        errs() << "warplint: " << F << ": target " << T.Description << "\n";
        errs() << "warplint: " << F << ":";
        for (const std::string &Arg : A->Args)
          errs() << " " << Arg;
        errs() << "\n";
      }

  // The JSON and HTML output carry each finding's facts (Findings/Facts.h).
  setFactRecording(true);
  RunRequest Req;
  Req.Files = Inputs;
  Req.Compilations = &CudaDB;
  Req.Through = Through;
  Req.FindIncluders = [&](const std::vector<std::string> &Files) {
    std::vector<std::string> Sources;
    for (const std::string &F : Files)
      // Headers were searched for already; a Python file's CUDA has no
      // includer.
      if (!isHeaderName(F) && PySources.pyPathOf(F) == F)
        Sources.push_back(F);
    return Sources.empty() ? std::map<std::string, std::string>()
                           : Search_(Sources);
  };
  Req.MakeOptionsProvider = Conf.providerFactory();
  Req.Jobs = JobCount;
  Req.Overlay = PyOverlay;
  // A progress line on a terminal ([12/36] file), rewritten in place.
  bool ShowProgress = (Progress || sys::Process::StandardErrIsDisplayed()) &&
                      !Quiet && Inputs.size() > 1;
  std::mutex ProgressLock;
  unsigned Done = 0;
  std::string ProgressText; // On the terminal now, without a newline.
  if (ShowProgress)
    Req.OnFileDone = [&](const std::string &File) {
      std::lock_guard<std::mutex> Lock(ProgressLock);
      ++Done;
      ProgressText = "[" + std::to_string(Done) + "/" +
                     std::to_string(Inputs.size()) + "] " +
                     relativePath(File, Cwd);
      errs() << "\r\x1b[K" << ProgressText;
      if (Done == Inputs.size()) {
        errs() << "\r\x1b[K";
        ProgressText.clear();
      }
      errs().flush();
    };
  // Lines the Runner prints while files are analysed ("Error while
  // processing FILE."): on a line of their own, the progress line cleared
  // first and drawn again after.
  Req.OnMessage = [&](const std::string &Line) {
    std::lock_guard<std::mutex> Lock(ProgressLock);
    if (ShowProgress && !ProgressText.empty())
      errs() << "\r\x1b[K";
    errs() << (PySources.empty() ? Line : PySources.remapText(Line)) << "\n";
    if (ShowProgress && !ProgressText.empty())
      errs() << ProgressText;
    errs().flush();
  };
  StreamedOutput Streamed{&ProgressLock, ShowProgress, *Threshold,
                          Lines ? &*Lines : nullptr, {}};
  // Python sources are reported at the end, mapped back to their .py.
  if (canStream() && PySources.empty())
    Req.OnUnitDone = [&](const RunResult &R,
                         const std::vector<std::string> &Files) {
      streamUnit(Streamed, R, Files);
    };
  // The result cache (docs/caching.md). --analysis-stats reports what the
  // analyses did, so it always analyses.
  std::unique_ptr<ResultCache> Cache;
  if (!NoCache && !PrintAnalysisStats) {
    SmallString<256> Dir(CacheDir.empty() ? defaultResultCacheDir()
                                          : std::string(CacheDir));
    if (!Dir.empty()) {
      sys::fs::make_absolute(Dir);
      Cache = std::make_unique<ResultCache>(
          std::string(Dir), uint64_t(CacheMaxSize) << 20, argv[0],
          (void *)&printVersion);
      Req.Cache = Cache.get();
    }
  }
  if (Cache && CacheStats)
    Req.OnCacheEvent = [&](const std::string &File, StringRef Event,
                           const std::string &Why) {
      std::lock_guard<std::mutex> Lock(ProgressLock);
      if (ShowProgress)
        errs() << "\r\x1b[K";
      errs() << "warplint: cache: " << Event << " " << File;
      if (!Why.empty())
        errs() << " (" << Why << ")";
      errs() << "\n";
    };
  RunResult Result = runChecks(Req);
  Through = Result.Through;
  PySources.remap(Result);
  llvm::append_range(Result.Errors, PyProblems);
  if (Verbose)
    errs() << "warplint: includer search: " << SearchStats.Searched << " of "
           << Inputs.size() << " inputs searched; " << SearchStats.FilesRead
           << " files read, " << SearchStats.FilesReused
           << " from the cached index\n";
  if (Cache) {
    if (Cache->Stored)
      Cache->evict();
    if (CacheStats) {
      unsigned H = Cache->Hits, M = Cache->Misses, S = Cache->Stored;
      errs() << "warplint: cache: " << H << (H == 1 ? " hit, " : " hits, ")
             << M << (M == 1 ? " miss, " : " misses, ") << S << " stored in "
             << Cache->directory() << "\n";
    }
  }

  if (!Quiet)
    for (const std::string &F : Inputs)
      if (auto A = CudaDB.lastAdjustment(ParsedAs(F));
          A && A->UsesFallbackHeaders) {
        if (CudaPath == "none")
          errs() << "warplint: note: --cuda-path=none: parsing with warplint's "
                    "bundled CUDA declarations\n";
        else
          errs()
              << "warplint: note: no CUDA toolkit found (looked at $CUDA_PATH, "
                 "/usr/local/cuda and nvcc on $PATH); parsing with warplint's "
                 "bundled CUDA declarations\n";
        break;
      }

  std::vector<Finding> Shown =
      shownFindings(std::move(Result.Findings), *Threshold);
  if (Lines)
    llvm::erase_if(Shown, [&](const Finding &F) {
      return !Lines->passes(F.Pos.File, F.Pos.Line);
    });
  if (Verbose)
    for (const ToolError &E : Result.CompilerErrors)
      errs() << E.File << ":" << E.Line << ":" << E.Column
             << ": error: " << E.Message << "\n";
  RunInfo Info = makeRunInfo(Result, ReportInputs, TargetsOf());
  llvm::erase_if(Info.Errors, [&](const ToolError &E) {
    return !errorPasses(E, Lines ? &*Lines : nullptr);
  });
  // A header's findings and error lines reached from several batches of one
  // pre-commit run (the header itself may be another batch's input):
  // printed by the batch that claims them first.
  llvm::erase_if(Shown, [&](const Finding &F) {
    return !BatchClaims::get().claim(findingClaim(F));
  });
  llvm::erase_if(Info.Errors, [&](const ToolError &E) {
    return !BatchClaims::get().claim("error " + printedErrorKey(E));
  });

  ReportContext Ctx;
  Ctx.Inputs = ReportInputs;
  Ctx.Accepted = std::move(Accepted);
  Ctx.FailThreshold = FailThreshold;
  if (ParseOpts->Toolkit)
    Ctx.ToolkitPath = ParseOpts->Toolkit->Path;
  Ctx.NvccArgs = nvccArgsAfterDashDash(argc, argv);
  if (canStream() && PySources.empty())
    Ctx.Streamed = &Streamed;
  return reportFindings(std::move(Shown), Info, Ctx);
}
