//===- main.cpp - The warplint command-line tool --------------------------===//
//
// A clang-tidy compatible command line (files, -p, --, -checks, -config,
// -config-file, .clang-tidy, NOLINT) plus warplint's own options. Exit codes
// (README "Exit codes"):
//   0  no finding at or above --min-priority
//   1  findings at or above --min-priority
//   2  usage or input error: bad option, unknown --arch, bad configuration
//      (.clang-tidy, .warplint.yaml, hardware model), bad baseline, missing or
//      unreadable file, unusable compilation database or CUDA path
//   3  a file was not fully analysed: a kernel or device function has a
//      compiler error in its own code, or nothing in a file with errors could
//      be analysed; or an unmatched NOLINTBEGIN (one line per file says it)
//   4  partial analysis: compiler errors (or headers not found) outside the
//      device code, and every kernel and device function was analysed; no
//      finding (findings give 1)
// Precedence: 2, 3, 1, 4, 0.
//
//===----------------------------------------------------------------------===//
#include "Analysis/AnalysisContext.h"
#include "Findings/Baseline.h"
#include "Findings/Emitters.h"
#include "Findings/HtmlReport.h"
#include "Frontend/CudaCommandLine.h"
#include "Frontend/CudaCompilationDatabase.h"
#include "Frontend/CudaToolkit.h"
#include "Hardware/HardwareModel.h"
#include "checks/CheckRegistry.h"
#include "checks/WarplintCheck.h"
#include "tools/warplint/Confirm.h"
#include "tools/warplint/Fixes.h"
#include "tools/warplint/IncludeFragments.h"
#include "tools/warplint/ProjectConfig.h"
#include "tools/warplint/Runner.h"

#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang-tidy/GlobList.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/PrettyStackTrace.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/ToolOutputFile.h"
#include <mutex>
#include <thread>

using namespace llvm;
using namespace warplint;
namespace tidy = clang::tidy;
namespace tooling = clang::tooling;

namespace {

enum ExitCode {
  ExitClean = 0,
  ExitFindings = 1,
  ExitUsage = 2,
  ExitSource = 3,
  ExitPartial = 4,
  ExitConfirm = 5
};

cl::OptionCategory Category("warplint options");

cl::list<std::string> Files(cl::Positional, cl::desc("<file.cu> ..."),
                            cl::cat(Category));
cl::opt<std::string> BuildPath(
    "p",
    cl::desc("Build directory holding compile_commands.json (CMake writes it "
             "with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON; nvcc commands are "
             "translated)"),
    cl::value_desc("build-dir"), cl::cat(Category));
cl::opt<std::string>
    Checks("checks",
           cl::desc("Comma-separated globs of checks to run, as in clang-tidy "
                    "(default: warplint-*); added to .clang-tidy's Checks"),
           cl::cat(Category));
cl::opt<std::string>
    Config("config",
           cl::desc("Configuration as YAML or JSON, like .clang-tidy: "
                    "-config=\"{Checks: 'warplint-*', CheckOptions: {...}}\""),
           cl::cat(Category));
cl::opt<std::string>
    ConfigFile("config-file",
               cl::desc("Read the configuration from this file instead of "
                        "the nearest .clang-tidy"),
               cl::value_desc("path"), cl::cat(Category));
cl::opt<std::string>
    HeaderFilter("header-filter",
                 cl::desc("Regular expression of headers to report findings in "
                          "(default: every header outside system and toolkit "
                          "directories)"),
                 cl::cat(Category));
cl::list<std::string>
    ExtraArgs("extra-arg",
              cl::desc("Argument to append to the compile command"),
              cl::cat(Category));
cl::list<std::string>
    ExtraArgsBefore("extra-arg-before",
                    cl::desc("Argument to prepend to the compile command"),
                    cl::cat(Category));
cl::opt<std::string>
    Arch("arch",
         cl::desc("Target GPU, e.g. sm_90; wins over the configuration and "
                  "the compile command (whose newest GPU is the default, "
                  "else sm_90)"),
         cl::value_desc("sm_XX"), cl::cat(Category));
cl::opt<std::string> Format("format",
                            cl::desc("Output format: clang (default), sarif, "
                                     "github, json, codeclimate (GitLab Code "
                                     "Quality), html (a report directory, "
                                     "given with -o)"),
                            cl::init("clang"), cl::cat(Category));
cl::opt<std::string> GitHubSummary(
    "github-summary",
    cl::desc("Also append a Markdown table of every finding to this file "
             "(in GitHub Actions: \"$GITHUB_STEP_SUMMARY\")"),
    cl::value_desc("path"), cl::cat(Category));
cl::opt<std::string> SarifOutput(
    "sarif-output",
    cl::desc("Also write SARIF to this file, whatever --format says (one run "
             "for annotations and code scanning)"),
    cl::value_desc("path"), cl::cat(Category));
cl::opt<std::string> HtmlOutput(
    "html-output",
    cl::desc("Also write the HTML report (index.html and one page per file) "
             "into this directory, whatever --format says"),
    cl::value_desc("dir"), cl::cat(Category));
cl::opt<std::string> BaselineFile(
    "baseline",
    cl::desc("Report only findings whose fingerprint is not in this file "
             "(written by --write-baseline)"),
    cl::value_desc("path"), cl::cat(Category));
cl::opt<std::string> WriteBaselineFile(
    "write-baseline",
    cl::desc("Write the fingerprints of every finding reported (before "
             "--baseline is applied) to this file"),
    cl::value_desc("path"), cl::cat(Category));
cl::opt<std::string> HardwareModelFile(
    "hardware-model",
    cl::desc("Hardware model override file merged into the target's model "
             "(docs/hardware-model.md)"),
    cl::value_desc("path"), cl::cat(Category));
cl::opt<std::string>
    MinPriority("min-priority",
                cl::desc("Report findings of this priority and above: high, "
                         "medium, low (default: low)"),
                cl::init("low"), cl::cat(Category));
cl::opt<unsigned> Jobs("j",
                       cl::desc("Files analysed in parallel (default: the "
                                "number of cores)"),
                       cl::init(0), cl::cat(Category));
cl::opt<std::string> FailOn(
    "fail-on",
    cl::desc("Exit 1 only for findings of this priority and above: high, "
             "medium, low (default), none; lower findings are still "
             "reported (e.g. --fail-on=medium reports Low findings without "
             "failing on them)"),
    cl::init("low"), cl::cat(Category));
cl::opt<std::string> WarningsAsErrors(
    "warnings-as-errors",
    cl::desc("As clang-tidy: findings of checks matching these globs are "
             "printed as errors and always fail (exit 1), whatever "
             "--fail-on says"),
    cl::value_desc("globs"), cl::cat(Category));
cl::opt<bool> Progress(
    "progress",
    cl::desc("Print a progress line ([12/36] file) as each file is done "
             "(default: when stderr is a terminal)"),
    cl::init(false), cl::cat(Category));
cl::opt<bool> NoSummary("no-summary",
                        cl::desc("clang format: no closing summary line "
                                 "(N findings (H high, ...) in F files)"),
                        cl::cat(Category));
cl::opt<std::string> OutputFile("o", cl::desc("Write the report to this file"),
                                cl::value_desc("path"), cl::cat(Category));
cl::alias OutputFileLong("output", cl::aliasopt(OutputFile), cl::cat(Category));
cl::opt<bool>
    ListChecks("list-checks",
               cl::desc("List the checks (id, priority, guide sections, "
                        "summary) and exit; with --format=json or "
                        "markdown for tools and docs"),
               cl::cat(Category));
cl::opt<bool>
    DumpConfig("dump-config",
               cl::desc("Print the effective configuration for the first "
                        "file (or the current directory) and exit"),
               cl::cat(Category));
cl::opt<std::string> CudaPath(
    "cuda-path",
    cl::desc("CUDA toolkit to parse with (default: $CUDA_PATH, "
             "/usr/local/cuda, then nvcc on $PATH); 'none' parses with "
             "warplint's bundled CUDA declarations"),
    cl::cat(Category));
cl::opt<std::string>
    SourceRoot("source-root",
               cl::desc("Directory that SARIF, GitHub and JSON paths are "
                        "relative to (default: $GITHUB_WORKSPACE, else the "
                        "current directory)"),
               cl::cat(Category));
cl::opt<std::string> DocsUrl(
    "docs-url",
    cl::desc("Base URL of the per-check pages (docs/checks/); SARIF rules' "
             "helpUri is URL/<check>.md (default: this version's pages on "
             "the project's repository)"),
    cl::init(WARPLINT_DOCS_URL), cl::value_desc("url"), cl::cat(Category));
cl::opt<bool> Fix("fix",
                  cl::desc("Apply the safe fixes (those on the warnings: "
                           "docs/checks say which) and report what is left; "
                           "unsafe suggestions are notes and never applied"),
                  cl::cat(Category));
cl::opt<bool> FixNotes(
    "fix-notes",
    cl::desc("As clang-tidy: also apply a fix-it found on a finding's only "
             "note with one (warplint puts none there: its unsafe "
             "suggestions carry no fix-it); implies --fix"),
    cl::cat(Category));
cl::opt<std::string> ExportFixes(
    "export-fixes",
    cl::desc("Write the findings and their fixes as clang-tidy's YAML to "
             "this file ('-': stdout, after the report)"),
    cl::value_desc("path"), cl::cat(Category));
cl::opt<bool> Quiet("quiet", cl::desc("No notes on stderr"), cl::cat(Category));
cl::opt<bool> Verbose("verbose",
                      cl::desc("Print the compile command used for each file"),
                      cl::cat(Category));
cl::opt<bool> PrintAnalysisStats(
    "analysis-stats",
    cl::desc("Print, per file, how many times each analysis ran (each fact "
             "is computed once per file, whatever the checks enabled)"),
    cl::Hidden, cl::cat(Category));
cl::opt<bool> NoSnippets("no-snippets",
                         cl::desc("clang format: omit source lines and carets"),
                         cl::cat(Category));

cl::OptionCategory ConfirmCategory(
    "warplint --confirm (measure the findings on the GPU with Nsight Compute)");
cl::opt<bool> Confirm(
    "confirm",
    cl::desc("Run the program under Nsight Compute and attach to each finding "
             "what the GPU measured at its line (docs/confirm.md)"),
    cl::cat(ConfirmCategory));
cl::opt<std::string> ConfirmRun(
    "confirm-run",
    cl::desc("Shell command that runs the program (built with -lineinfo); "
             "default: build the input files with nvcc and run them"),
    cl::value_desc("command"), cl::cat(ConfirmCategory));
cl::opt<std::string>
    ConfirmBuild("confirm-build",
                 cl::desc("Shell command run first to build the program"),
                 cl::value_desc("command"), cl::cat(ConfirmCategory));
cl::opt<std::string> NcuPath("ncu",
                             cl::desc("Nsight Compute's ncu (default: $NCU, "
                                      "PATH, the toolkit, /opt/nvidia)"),
                             cl::value_desc("path"), cl::cat(ConfirmCategory));
cl::opt<std::string> NcuReport(
    "ncu-report",
    cl::desc("Replay a recorded measurement instead of running the program: "
             "a --confirm-dir directory or a .ncu-rep file (implies --confirm)"),
    cl::value_desc("path"), cl::cat(ConfirmCategory));
cl::opt<std::string> ConfirmDir(
    "confirm-dir",
    cl::desc("Keep the ncu report and its CSV pages in this directory"),
    cl::value_desc("dir"), cl::cat(ConfirmCategory));
cl::opt<unsigned> ConfirmLaunches(
    "confirm-launches",
    cl::desc("Kernel launches profiled at most (default 100)"),
    cl::init(100), cl::cat(ConfirmCategory));
cl::opt<unsigned> ConfirmTimeout(
    "confirm-timeout",
    cl::desc("Seconds the build or the profiled run may take (default 900)"),
    cl::init(900), cl::cat(ConfirmCategory));
cl::opt<bool> ConfirmFirstLaunch(
    "confirm-first-launch",
    cl::desc("Profile only the first launch of each kernel (programs that "
             "launch a kernel in a timing loop), not every launch up to "
             "--confirm-launches"),
    cl::cat(ConfirmCategory));
cl::opt<bool> ConfirmAllKernels(
    "confirm-all-kernels",
    cl::desc("Profile every kernel, not only those with findings"),
    cl::cat(ConfirmCategory));

/// The -I, -D, -std and -isystem arguments after "--", for the program
/// --confirm builds itself.
std::vector<std::string> nvccArgsAfterDashDash(int Argc, const char **Argv) {
  std::vector<std::string> Out;
  int I = 1;
  while (I < Argc && StringRef(Argv[I]) != "--")
    ++I;
  for (++I; I < Argc; ++I) {
    StringRef A(Argv[I]);
    if (A.starts_with("-I") || A.starts_with("-D") || A.starts_with("-std") ||
        A.starts_with("--std") || A == "-isystem" || A.starts_with("-isystem")) {
      Out.push_back(A.str());
      if ((A == "-I" || A == "-D" || A == "-isystem") && I + 1 < Argc)
        Out.push_back(Argv[++I]);
    }
  }
  return Out;
}

int usageError(const Twine &Msg) {
  errs() << "warplint: error: " << Msg << "\n";
  return ExitUsage;
}

void printVersion(raw_ostream &OS) {
  OS << "warplint version " << WARPLINT_VERSION << "\n"
     << "  built with LLVM " << LLVM_VERSION_STRING << " (clang-tidy "
     << LLVM_VERSION_MAJOR << ")\n"
     << "  default target " << DefaultArch << "\n";
}

int listChecks(StringRef Fmt) {
  if (Fmt == "json") {
    json::Array Arr;
    for (const CheckInfo &C : allChecks())
      Arr.push_back(json::Object{{"id", C.Id},
                                 {"priority", C.PriorityLabel},
                                 {"modernSection", C.ModernSection},
                                 {"cuda23Section", C.G23Section},
                                 {"summary", C.Summary},
                                 {"doc", docPath(C)}});
    outs() << formatv("{0:2}", json::Value(std::move(Arr))) << "\n";
    return ExitClean;
  }
  if (Fmt == "markdown") {
    outs() << "# warplint checks\n\n"
           << "Generated by `warplint --list-checks --format=markdown`; do not "
              "edit.\n\n"
           << "| Check | Priority | Best Practices Guide | CUDA 2.3 guide | "
              "Summary |\n|---|---|---|---|---|\n";
    for (const CheckInfo &C : allChecks())
      outs() << "| [" << C.Id << "](" << C.Id << ".md) | " << C.PriorityLabel
             << " | \u00a7" << C.ModernSection << " | "
             << (C.G23Section.empty() ? "" : "\u00a7" + C.G23Section.str())
             << " | " << C.Summary << " |\n";
    return ExitClean;
  }
  for (const CheckInfo &C : allChecks()) {
    outs() << C.Id << "\n    priority: " << C.PriorityLabel
           << "\n    guide: CUDA C++ Best Practices Guide \u00a7"
           << C.ModernSection;
    if (!C.G23Section.empty())
      outs() << ", CUDA 2.3 guide \u00a7" << C.G23Section;
    outs() << "\n    " << C.Summary << "\n";
  }
  return ExitClean;
}

/// Validates every .clang-tidy that applies to the inputs: a malformed file is
/// an error, not something to skip silently.
bool validateConfigFiles(ArrayRef<std::string> Inputs) {
  StringSet<> Seen;
  for (const std::string &F : Inputs) {
    for (StringRef Dir = sys::path::parent_path(F); !Dir.empty();
         Dir = sys::path::parent_path(Dir)) {
      SmallString<256> P(Dir);
      sys::path::append(P, ".clang-tidy");
      if (!Seen.insert(P).second)
        break;
      if (!sys::fs::exists(P))
        continue;
      auto Buf = MemoryBuffer::getFile(P);
      if (!Buf) {
        usageError("cannot read configuration file '" + P +
                   "': " + Buf.getError().message());
        return false;
      }
      auto Parsed = tidy::parseConfiguration((*Buf)->getMemBufferRef());
      if (!Parsed) {
        usageError("malformed configuration file '" + P +
                   "': " + Parsed.getError().message());
        return false;
      }
      break; // the nearest one wins, as in clang-tidy
    }
  }
  return true;
}

} // namespace

int main(int argc, const char **argv) {
  sys::PrintStackTraceOnErrorSignal(argv[0]);
  // A crash report starts with what was being analysed: clang's parse
  // position and the check, function and file (checks/AnalysisTrace.h).
  EnablePrettyStackTrace();
  // Links checks/WarplintModule.o, whose static object registers the checks.
  [[maybe_unused]] volatile int Anchor = WarplintModuleAnchorSource;
  cl::SetVersionPrinter(printVersion);
  cl::HideUnrelatedOptions({&Category, &ConfirmCategory});

  // Everything after "--" is the compile command (clang-tidy's convention).
  std::string FixedErr;
  int Argc = argc;
  std::unique_ptr<tooling::CompilationDatabase> FixedDB =
      tooling::FixedCompilationDatabase::loadFromCommandLine(Argc, argv,
                                                             FixedErr);
  if (!FixedErr.empty())
    return usageError(FixedErr);
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

  static const char *Formats[] = {"clang", "sarif",       "github",
                                  "json",  "codeclimate", "html"};
  if (ListChecks) {
    if (Format != "clang" && Format != "json" && Format != "markdown")
      return usageError(
          "--list-checks supports --format=clang, json or markdown");
    return listChecks(Format);
  }
  if (!is_contained(Formats, StringRef(Format)))
    return usageError("unknown --format '" + Format +
                      "' (expected clang, sarif, github, json, codeclimate or "
                      "html)");
  // The HTML report is a directory of pages: it has no stream to go to.
  if (Format == "html" && OutputFile.empty())
    return usageError("--format=html writes a directory: give it with -o DIR");
  std::optional<Priority> Threshold = parsePriority(MinPriority);
  if (!Threshold)
    return usageError("unknown --min-priority '" + MinPriority +
                      "' (expected high, medium or low)");
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
  unsigned JobCount = Jobs;
  if (Jobs.getNumOccurrences() && Jobs == 0)
    return usageError("-j must be at least 1");
  if (JobCount == 0)
    JobCount = std::max(1u, std::thread::hardware_concurrency());

  // Options: clang-tidy's providers, with warplint's defaults underneath.
  tidy::ClangTidyOptions Defaults = tidy::ClangTidyOptions::getDefaults();
  Defaults.Checks = "-*,warplint-*";
  // Kernels in headers are the normal case in CUDA (templates, .cuh kernels):
  // every header outside system and toolkit directories, as clang-tidy 22's
  // ".*" default. runChecks reports a header's finding once however many
  // files include it.
  Defaults.HeaderFilterRegex = ".*";
  tidy::ClangTidyOptions Overrides;
  if (!Checks.empty())
    Overrides.Checks = Checks;
  if (!HeaderFilter.empty())
    Overrides.HeaderFilterRegex = HeaderFilter;
  // --arch is not a configuration layer: it goes to the target decision
  // (CudaParseOptions::Arch), which the Runner hands to the checks per file.
  // The command line's --min-priority replaces a configured one (the checks
  // apply it; the filter below applies it to the output as well).
  if (MinPriority.getNumOccurrences())
    Overrides.CheckOptions[MinPriorityOptionKey] =
        tidy::ClangTidyOptions::ClangTidyValue(
            StringRef(MinPriority).lower());
  if (!HardwareModelFile.empty()) {
    SmallString<256> P(HardwareModelFile);
    sys::fs::make_absolute(P);
    sys::path::remove_dots(P, true);
    Overrides.CheckOptions[HardwareModelOptionKey] =
        tidy::ClangTidyOptions::ClangTidyValue(std::string(P));
  }
  // Exact register mode compiles with the toolkit the files are parsed with.
  if (!CudaPath.empty() && CudaPath != "none")
    Overrides.CheckOptions["warplint-register-pressure.CudaPath"] =
        tidy::ClangTidyOptions::ClangTidyValue(std::string(CudaPath));
  if (!ExtraArgs.empty())
    Overrides.ExtraArgs =
        std::vector<std::string>(ExtraArgs.begin(), ExtraArgs.end());
  if (!ExtraArgsBefore.empty())
    Overrides.ExtraArgsBefore = std::vector<std::string>(
        ExtraArgsBefore.begin(), ExtraArgsBefore.end());

  std::optional<tidy::ClangTidyOptions> ExplicitConfig;
  std::string ConfigText = Config;
  std::string ConfigOrigin = "-config";
  if (!ConfigFile.empty()) {
    if (!Config.empty())
      return usageError("-config and -config-file are mutually exclusive");
    auto Buf = MemoryBuffer::getFile(ConfigFile);
    if (!Buf)
      return usageError("cannot read configuration file '" + ConfigFile +
                        "': " + Buf.getError().message());
    ConfigText = (*Buf)->getBuffer().str();
    ConfigOrigin = ConfigFile;
  }
  if (!ConfigText.empty()) {
    auto Parsed =
        tidy::parseConfiguration(MemoryBufferRef(ConfigText, ConfigOrigin));
    if (!Parsed)
      return usageError("malformed configuration in " + ConfigOrigin + ": " +
                        Parsed.getError().message());
    ExplicitConfig = *Parsed;
  }
  // .warplint.yaml files, parsed and validated before anything runs.
  auto ProjectConfigs =
      std::make_shared<StringMap<tidy::ClangTidyOptions>>();
  auto MakeProvider = [=]() -> std::unique_ptr<tidy::ClangTidyOptionsProvider> {
    std::unique_ptr<tidy::ClangTidyOptionsProvider> Inner;
    if (ExplicitConfig)
      Inner = std::make_unique<tidy::ConfigOptionsProvider>(
          tidy::ClangTidyGlobalOptions(), Defaults, *ExplicitConfig, Overrides);
    else
      Inner = std::make_unique<tidy::FileOptionsProvider>(
          tidy::ClangTidyGlobalOptions(), Defaults, Overrides);
    return std::make_unique<ProjectConfigProvider>(std::move(Inner),
                                                   ProjectConfigs);
  };

  // Inputs: absolute, existing, readable.
  std::vector<std::string> Inputs;
  // Directories stand for the CUDA sources below them; `-p build` with no
  // file for every CUDA source of the compilation database.
  std::vector<std::string> Named(Files.begin(), Files.end());
  auto IsCudaSource = [](StringRef P) {
    return P.ends_with(".cu");
  };
  if (Named.empty() && !BuildPath.empty() && !DumpConfig) {
    std::string Err;
    auto Probe =
        tooling::CompilationDatabase::loadFromDirectory(BuildPath, Err);
    if (!Probe)
      return usageError("cannot load a compilation database from '" +
                        BuildPath + "': " + Err);
    for (const std::string &F : Probe->getAllFiles()) {
      bool Cuda = IsCudaSource(F);
      for (const tooling::CompileCommand &C : Probe->getCompileCommands(F))
        if (!C.CommandLine.empty() &&
            (sys::path::filename(C.CommandLine.front()).starts_with("nvcc") ||
             is_contained(C.CommandLine, "cuda")))
          Cuda = true;
      if (Cuda)
        Named.push_back(F);
    }
    if (Named.empty())
      return usageError("the compilation database in '" + BuildPath +
                        "' has no CUDA source (.cu, or compiled by nvcc or "
                        "with -x cuda)");
  }
  std::vector<std::string> Expanded;
  for (const std::string &F : Named) {
    if (!sys::fs::is_directory(F)) {
      Expanded.push_back(F);
      continue;
    }
    std::error_code EC;
    std::vector<std::string> Found;
    for (sys::fs::recursive_directory_iterator It(F, EC), End;
         It != End && !EC; It.increment(EC)) {
      StringRef P = It->path();
      StringRef Name = sys::path::filename(P);
      // Build trees and hidden directories hold no sources of the project.
      if (It->type() == sys::fs::file_type::directory_file &&
          (Name.starts_with(".") || Name == "build" ||
           Name.starts_with("cmake-build"))) {
        It.no_push();
        continue;
      }
      if (IsCudaSource(P))
        Found.push_back(P.str());
    }
    if (EC)
      return usageError("cannot read directory '" + F + "': " + EC.message());
    if (Found.empty())
      return usageError("'" + F +
                        "' is a directory with no CUDA source (.cu) below it");
    llvm::sort(Found);
    append_range(Expanded, Found);
  }
  for (const std::string &F : Expanded) {
    SmallString<256> Abs(F);
    if (std::error_code EC = sys::fs::make_absolute(Abs))
      return usageError("cannot resolve '" + F + "': " + EC.message());
    sys::path::remove_dots(Abs, true);
    if (!sys::fs::exists(Abs))
      return usageError("cannot read '" + F + "': no such file");
    if (sys::fs::is_directory(Abs))
      return usageError("'" + F + "' is a directory, not a source file");
    auto Buf = MemoryBuffer::getFile(Abs);
    if (!Buf)
      return usageError("cannot read '" + F + "': " + Buf.getError().message());
    Inputs.push_back(std::string(Abs));
  }
  if (!ExplicitConfig && !validateConfigFiles(Inputs))
    return ExitUsage;

  // Every .warplint.yaml that applies, then the warplint.* options of each
  // input's effective configuration (however they were set).
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  std::vector<std::string> ConfigFor = Inputs;
  if (ConfigFor.empty())
    ConfigFor.push_back((Cwd + "/dummy.cu").str());
  for (const std::string &F : ConfigFor)
    if (std::optional<std::string> P = findProjectConfig(F);
        P && !ProjectConfigs->count(*P)) {
      Expected<tidy::ClangTidyOptions> C = loadProjectConfig(*P);
      if (!C)
        return usageError(toString(C.takeError()));
      ProjectConfigs->try_emplace(*P, std::move(*C));
    }
  for (const std::string &F : ConfigFor) {
    auto Provider = MakeProvider();
    if (Error E = validateWarplintOptions(Provider->getOptions(F),
                                          "configuration for '" + F + "'"))
      return usageError(toString(std::move(E)));
  }
  std::optional<Baseline> Accepted;
  if (!BaselineFile.empty()) {
    Expected<Baseline> B = readBaseline(BaselineFile);
    if (!B)
      return usageError("bad baseline: " + toString(B.takeError()));
    Accepted = std::move(*B);
  }

  if (DumpConfig) {
    auto Provider = MakeProvider();
    std::string For = ConfigFor.front();
    // Where each layer came from, lowest priority first.
    outs() << "# effective configuration for " << For << "\n";
    for (const auto &Source : Provider->getRawOptions(For))
      outs() << "#   from " << Source.second << "\n";
    tidy::ClangTidyOptions Effective = Provider->getOptions(For);
    // Every option of every enabled check, configured or default, as
    // clang-tidy --dump-config shows them.
    for (auto &Entry : tidy::getCheckOptions(Effective, false, false))
      Effective.CheckOptions.insert_or_assign(Entry.getKey(),
                                              std::move(Entry.getValue()));
    if (!Effective.CheckOptions.count(MinPriorityOptionKey))
      Effective.CheckOptions[MinPriorityOptionKey] =
          tidy::ClangTidyOptions::ClangTidyValue("low");
    if (!Arch.empty() || !Effective.CheckOptions.count(ArchOptionKey))
      Effective.CheckOptions.insert_or_assign(
        ArchOptionKey,
        tidy::ClangTidyOptions::ClangTidyValue(
            Arch.empty() ? std::string(DefaultArch) +
                               " (unless the compile command names one)"
                         : hw::canonicalArchName(Arch)));
    outs() << tidy::configurationAsText(Effective);
    return ExitClean;
  }
  if (Inputs.empty())
    return usageError(
        "no input files (try: warplint kernel.cu -- <compiler args>)");

  // The compilation database: "--", else -p, else one found above the first
  // file.
  std::unique_ptr<tooling::CompilationDatabase> DB;
  if (FixedDB) {
    DB = std::move(FixedDB);
  } else if (!BuildPath.empty()) {
    std::string Err;
    DB = tooling::CompilationDatabase::loadFromDirectory(BuildPath, Err);
    if (!DB)
      return usageError("cannot load a compilation database from '" +
                        BuildPath + "': " + Err);
    DB = tooling::inferMissingCompileCommands(std::move(DB));
  } else {
    std::string Err;
    DB =
        tooling::CompilationDatabase::autoDetectFromSource(Inputs.front(), Err);
    if (DB)
      DB = tooling::inferMissingCompileCommands(std::move(DB));
    else
      DB = std::make_unique<tooling::FixedCompilationDatabase>(
          ".", std::vector<std::string>());
  }

  CudaParseOptions ParseOpts;
  AnalysisContext::setPrintStatistics(PrintAnalysisStats);
  ParseOpts.Arch = Arch.empty() ? "" : hw::canonicalArchName(Arch);
  ParseOpts.DefaultArch = DefaultArch;
  // The configured arch of a file: the highest layer that sets warplint.Arch
  // (.clang-tidy < .warplint.yaml < -config), named for the reports.
  ParseOpts.ConfiguredArch = [MakeProvider, ConfigOrigin](
                                 StringRef File) -> std::optional<ArchSetting> {
    std::optional<ArchSetting> Found;
    for (const auto &[Opts, Source] : MakeProvider()->getRawOptions(File)) {
      auto It = Opts.CheckOptions.find(ArchOptionKey);
      if (It == Opts.CheckOptions.end() || It->second.Value.empty())
        continue;
      std::string Origin;
      if (Source == tidy::ClangTidyOptionsProvider::
                        OptionsSourceTypeConfigCommandLineOption)
        Origin = "warplint.Arch in " + ConfigOrigin;
      else if (sys::path::filename(Source) == ProjectConfigName)
        Origin = "arch in " + Source;
      else
        Origin = "warplint.Arch in " + Source;
      Found = ArchSetting{It->second.Value, Origin};
    }
    return Found;
  };
  ParseOpts.FallbackIncludeDir =
      bundledIncludeDir(argv[0], (void *)&printVersion);
  ParseOpts.ResourceDir = WARPLINT_CLANG_RESOURCE_DIR;
  if (CudaPath == "none") {
    // Parse with the bundled declarations even where a toolkit is installed.
  } else if (!CudaPath.empty()) {
    ParseOpts.Toolkit = probeCudaToolkit(CudaPath, "--cuda-path");
    if (!ParseOpts.Toolkit)
      return usageError("--cuda-path '" + CudaPath +
                        "' is not a CUDA toolkit (no include/cuda_runtime.h)");
  } else {
    ParseOpts.Toolkit = findCudaToolkit("");
  }
  CudaCompilationDatabase CudaDB(std::move(DB), ParseOpts);

  // Include-only fragments and headers: analysed through a translation unit
  // that #includes them (tools/warplint/IncludeFragments).
  std::map<std::string, std::string> Through;
  {
    FragmentSearch Search;
    Search.Compilations = &CudaDB;
    if (!SourceRoot.empty()) {
      SmallString<256> R(SourceRoot);
      sys::fs::make_absolute(R);
      sys::path::remove_dots(R, true);
      Search.SourceRoot = std::string(R);
    }
    Search.Inputs = Inputs;
    Through = findIncluders(Search);
    if (Verbose)
      for (const auto &[Fragment, Includer] : Through)
        errs() << "warplint: " << Fragment << ": analysed through " << Includer
               << ", which includes it\n";
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
    auto Provider = MakeProvider();
    tidy::ClangTidyOptions Opts = Provider->getOptions(Inputs.front());
    if (tidy::getCheckNames(Opts, false, false).empty())
      return usageError("no checks enabled for '" + Inputs.front() +
                        "' (Checks: '" + Opts.Checks.value_or("") +
                        "'); warplint's checks are warplint-*");
  }

  // The target of each file, decided once (the Runner asks the same
  // database, so the parse and the checks use this very decision).
  std::vector<TargetRecord> Targets;
  for (const std::string &F : Inputs)
    if (std::optional<AdjustedCommand> A = CudaDB.adjustmentFor(ParsedAs(F))) {
      const TargetSelection &T = A->Target;
      Targets.push_back(TargetRecord{F, T.Arch, T.ParseArch, T.Source,
                                     T.BuildArchs, T.Description});
      if (!Verbose)
        continue;
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
  Req.MakeOptionsProvider = MakeProvider;
  Req.Jobs = JobCount;
  // A progress line on a terminal ([12/36] file), rewritten in place.
  bool ShowProgress =
      (Progress || sys::Process::StandardErrIsDisplayed()) && !Quiet &&
      Inputs.size() > 1;
  std::mutex ProgressLock;
  unsigned Done = 0;
  if (ShowProgress)
    Req.OnFileDone = [&](const std::string &File) {
      std::lock_guard<std::mutex> Lock(ProgressLock);
      ++Done;
      errs() << "\r\x1b[K[" << Done << "/" << Inputs.size() << "] "
             << relativePath(File, Cwd);
      if (Done == Inputs.size())
        errs() << "\r\x1b[K";
      errs().flush();
    };
  RunResult Result = runChecks(Req);

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

  std::vector<Finding> Shown;
  std::optional<tidy::CachedGlobList> AsErrors;
  if (!WarningsAsErrors.empty())
    AsErrors.emplace(WarningsAsErrors);
  for (Finding &F : Result.Findings)
    if (F.Prio >= *Threshold) {
      F.AsError = AsErrors && AsErrors->contains(F.CheckId);
      Shown.push_back(std::move(F));
    }

  RunInfo Info;
  Info.ToolVersion = WARPLINT_VERSION;
  Info.DocsBaseUrl = StringRef(DocsUrl).rtrim('/').str();
  Info.LlvmVersion = LLVM_VERSION_STRING;
  if (!SourceRoot.empty()) {
    SmallString<256> R(SourceRoot);
    sys::fs::make_absolute(R);
    Info.SourceRoot = std::string(R);
  } else if (std::optional<std::string> W =
                 sys::Process::GetEnv("GITHUB_WORKSPACE")) {
    Info.SourceRoot = *W;
  } else {
    SmallString<256> Cwd;
    sys::fs::current_path(Cwd);
    Info.SourceRoot = std::string(Cwd);
  }
  for (const CheckInfo &C : allChecks())
    Info.Rules.push_back(C);
  Info.Errors = Result.Errors;
  Info.Analyses = Result.Analyses;
  if (Verbose)
    for (const ToolError &E : Result.CompilerErrors)
      errs() << E.File << ":" << E.Line << ":" << E.Column
             << ": error: " << E.Message << "\n";
  Info.Artifacts = Inputs;
  Info.Targets = std::move(Targets);

  // The baseline: what was written is everything found; what is reported is
  // what the baseline does not hold. Its fingerprints are relative to the
  // repository, not to the working directory: --source-root, else
  // $GITHUB_WORKSPACE, else the git top level of the first input.
  RunInfo BaselineInfo = Info;
  if (SourceRoot.empty() && !sys::Process::GetEnv("GITHUB_WORKSPACE"))
    if (std::string Top = gitTopLevel(Inputs.front()); !Top.empty())
      BaselineInfo.SourceRoot = Top;
  if (!WriteBaselineFile.empty()) {
    std::error_code EC;
    ToolOutputFile B(WriteBaselineFile, EC, sys::fs::OF_Text);
    if (EC)
      return usageError("cannot write '" + WriteBaselineFile +
                        "': " + EC.message());
    writeBaseline(B.os(), Shown, BaselineInfo);
    B.keep();
    if (!Quiet)
      errs() << "warplint: wrote " << Shown.size() << " finding(s) to "
             << WriteBaselineFile << "\n";
  }
  if (Accepted) {
    size_t Before = Shown.size();
    Shown = subtractBaseline(std::move(Shown), *Accepted,
                             BaselineInfo.SourceRoot);
    if (!Quiet && Before != Shown.size())
      errs() << "warplint: " << Before - Shown.size()
             << " finding(s) in the baseline not reported\n";
  }

  if (!ExportFixes.empty() && ExportFixes != "-") {
    std::error_code EC;
    ToolOutputFile X(ExportFixes, EC, sys::fs::OF_Text);
    if (EC)
      return usageError("cannot write '" + ExportFixes + "': " + EC.message());
    exportFixes(X.os(), Shown, Info.SourceRoot);
    X.keep();
  }
  if (Fix || FixNotes) {
    Expected<AppliedFixes> A = applyFixes(Shown, FixNotes);
    if (!A)
      return usageError("--fix: " + toString(A.takeError()));
    for (const std::string &S : A->Skipped)
      errs() << "warplint: " << S << "\n";
    std::vector<Finding> Left;
    unsigned Applied = 0;
    for (size_t I = 0; I < Shown.size(); ++I) {
      if (A->Fixed[I])
        ++Applied;
      else
        Left.push_back(std::move(Shown[I]));
    }
    if (!Quiet || Applied)
      errs() << "warplint: applied " << Applied << " fix"
             << (Applied == 1 ? "" : "es") << " in " << A->Files << " file"
             << (A->Files == 1 ? "" : "s") << "\n";
    Shown = std::move(Left);
  }

  if (Confirm || !NcuReport.empty()) {
    ConfirmRequest CR;
    CR.RunCommand = ConfirmRun;
    CR.BuildCommand = ConfirmBuild;
    CR.Ncu = NcuPath;
    if (ParseOpts.Toolkit)
      CR.CudaPath = ParseOpts.Toolkit->Path;
    CR.Arch = Info.Targets.empty() ? std::string(DefaultArch)
                                   : Info.Targets.front().Arch;
    CR.Inputs = Inputs;
    CR.NvccArgs = nvccArgsAfterDashDash(argc, argv);
    CR.KeepDir = ConfirmDir;
    CR.ReplayFrom = NcuReport;
    CR.LaunchCount = ConfirmLaunches;
    CR.TimeoutSeconds = ConfirmTimeout;
    CR.AllKernels = ConfirmAllKernels;
    CR.FirstLaunchOnly = ConfirmFirstLaunch;
    CR.Quiet = Quiet;
    if (Error E = runConfirm(CR, Shown, Info)) {
      errs() << "warplint: error: --confirm: " << toString(std::move(E))
             << "\n";
      return ExitConfirm;
    }
  }

  for (const std::string &Dir :
       {Format == "html" ? std::string(OutputFile) : std::string(),
        std::string(HtmlOutput)}) {
    if (Dir.empty())
      continue;
    if (llvm::Error E = writeHtmlReport(Dir, Shown, Info))
      return usageError(toString(std::move(E)));
  }
  std::error_code EC;
  std::unique_ptr<ToolOutputFile> Out;
  if (!OutputFile.empty() && Format != "html") {
    Out = std::make_unique<ToolOutputFile>(OutputFile, EC, sys::fs::OF_Text);
    if (EC)
      return usageError("cannot write '" + OutputFile + "': " + EC.message());
  }
  raw_ostream &OS = Out ? Out->os() : outs();
  if (Format == "html")
    ; // written above
  else if (Format == "sarif")
    emitSarif(OS, Shown, Info);
  else if (Format == "json")
    emitJson(OS, Shown, Info);
  else if (Format == "github")
    emitGitHub(OS, Shown, Info);
  else if (Format == "codeclimate")
    emitCodeClimate(OS, Shown, Info);
  else
    emitText(OS, Shown, Info, !NoSnippets);
  if (Out)
    Out->keep();
  if (ExportFixes == "-")
    exportFixes(OS, Shown, Info.SourceRoot);
  if (!SarifOutput.empty()) {
    std::error_code EC;
    ToolOutputFile S(SarifOutput, EC, sys::fs::OF_Text);
    if (EC)
      return usageError("cannot write '" + SarifOutput + "': " + EC.message());
    emitSarif(S.os(), Shown, Info);
    S.keep();
  }
  if (!GitHubSummary.empty()) {
    // Appended, as GitHub expects of $GITHUB_STEP_SUMMARY.
    std::error_code EC;
    raw_fd_ostream S(GitHubSummary, EC, sys::fs::OF_Append | sys::fs::OF_Text);
    if (EC)
      return usageError("cannot write '" + GitHubSummary +
                        "': " + EC.message());
    emitGitHubSummary(S, Shown, Info);
  }

  unsigned Incomplete = 0, Partial = 0;
  for (const ToolError &E : Result.Errors)
    (E.Partial ? Partial : Incomplete) += 1;
  if (Format != "clang" && Incomplete)
    errs() << "warplint: error: " << Incomplete
           << " file(s) not fully analysed (compiler errors; see the report's "
              "errors)\n";
  else if (Format != "clang" && Partial && !Quiet)
    errs() << "warplint: note: " << Partial
           << " file(s) analysed partially: compiler errors outside the "
              "device code\n";
  // The closing line of a terminal run (clang-tidy's "N warnings generated"
  // is per file; this is the whole run).
  if (Format == "clang" && !Quiet && !NoSummary) {
    outs().flush();
    unsigned Count[3] = {0, 0, 0};
    StringSet<> FilesWith;
    for (const Finding &F : Shown) {
      ++Count[unsigned(F.Prio)];
      FilesWith.insert(F.Pos.File);
    }
    errs() << "warplint: " << Shown.size() << " finding"
           << (Shown.size() == 1 ? "" : "s") << " (" << Count[2] << " high, "
           << Count[1] << " medium, " << Count[0] << " low) in "
           << FilesWith.size() << " file" << (FilesWith.size() == 1 ? "" : "s")
           << " of " << Inputs.size() << " analysed\n";
  }
  if (Incomplete)
    return ExitSource;
  if (llvm::any_of(Shown, [&](const Finding &F) {
        return F.AsError || (FailThreshold && F.Prio >= *FailThreshold);
      }))
    return ExitFindings;
  return Partial ? ExitPartial : ExitClean;
}
