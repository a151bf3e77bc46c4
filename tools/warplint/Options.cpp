//===- Options.cpp - warplint's command-line options ----------------------===//
#include "tools/warplint/Options.h"

#include "checks/WarplintCheck.h"
#include "tools/warplint/OutputFormats.h"
#include "tools/warplint/ResultCache.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

using namespace llvm;

namespace warplint::cli {

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
cl::opt<std::string> Format("format", cl::desc(outputFormatsHelp()),
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
cl::opt<std::string> JsonOutput(
    "json-output",
    cl::desc("Also write the JSON report to this file, whatever --format "
             "says (the GitHub action's pull-request comments read it)"),
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
cl::list<std::string> Assume(
    "assume",
    cl::desc("Runtime values the source cannot know, for the memory checks' "
             "evaluation: NAME=VALUE[,NAME=VALUE...], NAME a kernel "
             "parameter, an integer variable or blockDim.x/y/z (replaces the "
             "configuration's assume:; docs/configuration.md)"),
    cl::value_desc("NAME=VALUE,..."), cl::CommaSeparated, cl::cat(Category));
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
    cl::desc("Base URL of the per-check pages (docs/checks/): SARIF rules' "
             "helpUri and the language server's links are URL/<check>.md "
             "(default: $WARPLINT_DOCS_URL, else the pages installed with "
             "warplint, as file URIs)"),
    cl::value_desc("url"), cl::cat(Category));
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
cl::opt<std::string> ExportCompileCommands(
    "export-compile-commands",
    cl::desc("Write the compilation database as warplint compiles it (nvcc "
             "commands translated to clang's: GPU, toolkit, cccl includes, "
             "SDK version) to this file ('-': stdout) and exit; for "
             "clang-tidy with the plugin, clangd and other clang tools"),
    cl::value_desc("path"), cl::cat(Category));
cl::opt<std::string> LineFilterJson(
    "line-filter",
    cl::desc("As clang-tidy: report only findings on these lines, "
             "[{\"name\":\"a.cu\",\"lines\":[[1,3],[5,7]]},{\"name\":"
             "\"b.cuh\"}] (a file without lines: all of them; names match "
             "the end of the path)"),
    cl::value_desc("json"), cl::cat(Category));
cl::opt<std::string> DiffRef(
    "diff",
    cl::desc("Report only findings on lines added or changed since this git "
             "ref (git diff REF), or in the unified diff on stdin ('-'); "
             "with no file named, lint the CUDA files the diff changes"),
    cl::value_desc("ref|-"), cl::cat(Category));
cl::opt<bool> Lsp("lsp",
                  cl::desc("Serve the Language Server Protocol on stdin/stdout "
                           "(editors: docs/integrations.md); the other "
                           "options apply to every document"),
                  cl::cat(Category));
cl::opt<bool> Mcp("mcp",
                  cl::desc("Serve the Model Context Protocol on stdin/stdout "
                           "for agents and code generators: tools "
                           "lint_source, lint_file, explain_check "
                           "(docs/agents.md)"),
                  cl::cat(Category));
cl::opt<bool> Quiet("quiet", cl::desc("No notes on stderr"), cl::cat(Category));
cl::opt<bool> Verbose("verbose",
                      cl::desc("Print the compile command used for each file"),
                      cl::cat(Category));
cl::opt<bool> PrintAnalysisStats(
    "analysis-stats",
    cl::desc("Print, per file, how many times each analysis ran (each fact "
             "is computed once per file, whatever the checks enabled)"),
    cl::Hidden, cl::cat(Category));
cl::opt<std::string> CacheDir(
    "cache-dir",
    cl::desc("Directory of the result cache, which keeps each unchanged "
             "file's findings for the next run (default: "
             "$WARPLINT_CACHE_DIR, else $XDG_CACHE_HOME/warplint/results, "
             "else ~/.cache/warplint/results; docs/caching.md)"),
    cl::value_desc("dir"), cl::cat(Category));
cl::opt<bool> NoCache("no-cache",
                      cl::desc("Neither read nor write the result cache"),
                      cl::cat(Category));
cl::opt<bool> CacheStats(
    "cache-stats",
    cl::desc("Print whether each file's results came from the result cache "
             "(and why not), then the counts"),
    cl::cat(Category));
cl::opt<unsigned> CacheMaxSize(
    "cache-max-size",
    cl::desc("Size the result cache's directory is kept under, in MiB "
             "(default 256); the least recently used entries go first"),
    cl::value_desc("MiB"), cl::init(DefaultResultCacheMiB), cl::cat(Category));
cl::opt<bool> NoSnippets("no-snippets",
                         cl::desc("clang format: omit source lines and carets"),
                         cl::cat(Category));
cl::opt<bool> UseColor(
    "use-color",
    cl::desc("clang format: colours as clang prints them (clang-tidy's "
             "option; default: on when stdout is a terminal and NO_COLOR is "
             "unset); --use-color=false turns them off"),
    cl::cat(Category));

bool useColor() {
  if (UseColor.getNumOccurrences())
    return UseColor;
  std::optional<std::string> NoColor = sys::Process::GetEnv("NO_COLOR");
  return OutputFile.empty() && sys::Process::StandardOutIsDisplayed() &&
         (!NoColor || NoColor->empty());
}

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
    cl::desc(
        "Replay a recorded measurement instead of running the program: "
        "a --confirm-dir directory or a .ncu-rep file (implies --confirm)"),
    cl::value_desc("path"), cl::cat(ConfirmCategory));
cl::opt<std::string> ConfirmDir(
    "confirm-dir",
    cl::desc("Keep the ncu report and its CSV pages in this directory"),
    cl::value_desc("dir"), cl::cat(ConfirmCategory));
cl::opt<unsigned>
    ConfirmLaunches("confirm-launches",
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
        A.starts_with("--std") || A == "-isystem" ||
        A.starts_with("-isystem")) {
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

/// "file:///usr/share/doc/warplint/docs/checks": percent-encoded byte for
/// byte (RFC 8089), '/' kept.
static std::string fileUrl(StringRef Dir) {
  std::string Out = "file://";
  for (char C : Dir) {
    if (isAlnum(C) || StringRef("/-._~").contains(C))
      Out += C;
    else
      Out += "%" + utohexstr((unsigned char)C, false, 2);
  }
  return Out;
}

std::string docsBaseUrl() {
  std::string Url = DocsUrl;
  if (Url.empty())
    Url = sys::Process::GetEnv("WARPLINT_DOCS_URL").value_or("");
  if (Url.empty())
    Url = WARPLINT_DOCS_URL;
  if (Url.empty()) {
    // The pages the package installs beside the binary
    // (<prefix>/share/doc/warplint/docs/checks, CMake's install rules), else,
    // for a binary run from its build tree, those of the sources it was built
    // from; a link is written only to pages that exist.
    std::string Exe = sys::fs::getMainExecutable(
        "warplint", reinterpret_cast<void *>(&docsBaseUrl));
    SmallString<256> Installed(
        sys::path::parent_path(sys::path::parent_path(Exe)));
    sys::path::append(Installed, "share", "doc", "warplint");
    sys::path::append(Installed, "docs", "checks");
    for (StringRef Dir :
         {StringRef(Installed), StringRef(WARPLINT_SOURCE_DOCS)})
      if (!Dir.empty() && sys::fs::is_directory(Dir)) {
        SmallString<256> Real;
        if (sys::fs::real_path(Dir, Real))
          Real = Dir;
        Url = fileUrl(Real);
        break;
      }
  }
  return StringRef(Url).rtrim('/').str();
}

} // namespace warplint::cli
