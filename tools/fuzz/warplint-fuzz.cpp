//===- warplint-fuzz.cpp - libFuzzer through every warplint check ---------===//
//
// One input is one CUDA source file, analysed as the warplint binary analyses
// a file with no compile command of its own and no toolkit: the binary's
// command adjustment (device side, sm_90, warplint's bundled CUDA declarations
// and its compatibility layer), the binary's Runner (every warplint-* check
// through clang-tidy's machinery, partial analysis, findings converted and
// merged per cause), then every emitter (text, JSON, SARIF, Code Climate,
// GitHub) into a null stream. Run it with a time and memory cap
// (scripts/fuzz.sh): a crash, a sanitizer report, a leak, a timeout or an
// out-of-memory is a finding of the fuzzer.
//
//===----------------------------------------------------------------------===//
#include "Findings/Emitters.h"
#include "Findings/SourceFiles.h"
#include "Frontend/CudaCompilationDatabase.h"
#include "checks/CheckRegistry.h"
#include "checks/WarplintCheck.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "tools/warplint/Runner.h"
#include "llvm/Support/raw_ostream.h"
#include <cstddef>
#include <cstdint>
#include <cstdlib>

using namespace llvm;
using namespace warplint;

static constexpr const char *InputName = "/warplint-fuzz/input.cu";

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  [[maybe_unused]] volatile int Anchor = WarplintModuleAnchorSource;
  StringRef Source(reinterpret_cast<const char *>(Data), Size);
  // An #include of a device or a process file (/dev/zero, /proc/self/...)
  // never ends or depends on the machine: not what is being fuzzed.
  if (Source.contains("/dev/") || Source.contains("/proc/") ||
      Source.contains("/sys/"))
    return 0;

  // The text the emitters and the Runner read lines from (as the language
  // server sets its open documents).
  clearSourceCache();
  setSourceText(InputName, Source);

  CudaParseOptions Parse;
  Parse.Arch = "sm_90";
  Parse.FallbackIncludeDir = WARPLINT_FALLBACK_DIR; // no toolkit: hermetic
  Parse.ResourceDir = WARPLINT_CLANG_RESOURCE_DIR;
  // No compile command: the binary's inferred one for a .cu file.
  CudaCompilationDatabase DB(
      std::make_unique<clang::tooling::FixedCompilationDatabase>(
          "/", std::vector<std::string>{}),
      Parse);

  setFactRecording(true); // the JSON and HTML output carry facts
  RunRequest Req;
  Req.Files = {InputName};
  Req.Compilations = &DB;
  Req.Overlay[InputName] = Source.str();
  Req.MakeOptionsProvider = [] {
    clang::tidy::ClangTidyOptions Options =
        clang::tidy::ClangTidyOptions::getDefaults();
    Options.Checks = "-*,warplint-*"; // the binary's defaults
    Options.HeaderFilterRegex = ".*";
    return std::make_unique<clang::tidy::DefaultOptionsProvider>(
        clang::tidy::ClangTidyGlobalOptions(), Options);
  };
  Req.Jobs = 1;
  RunResult Result = runChecks(Req);
  sortFindings(Result.Findings);

  RunInfo Info;
  Info.ToolVersion = "fuzz";
  Info.SourceRoot = "/warplint-fuzz";
  for (const CheckInfo &C : allChecks())
    Info.Rules.push_back(C);
  Info.Errors = Result.Errors;
  Info.Analyses = Result.Analyses;
  Info.Artifacts = {InputName};
  raw_null_ostream Null;
  emitText(Null, Result.Findings, Info);
  emitJson(Null, Result.Findings, Info);
  emitSarif(Null, Result.Findings, Info);
  emitCodeClimate(Null, Result.Findings, Info);
  emitGitHub(Null, Result.Findings, Info);

  // WARPLINT_FUZZ_VERBOSE=1: what each input gave (to see that the checks run).
  static const bool Verbose = std::getenv("WARPLINT_FUZZ_VERBOSE") != nullptr;
  if (Verbose)
    errs() << "warplint-fuzz: " << Result.Findings.size() << " finding(s), "
           << Result.Errors.size() << " file error(s), "
           << Result.CompilerErrors.size() << " compiler error(s)\n";
  return 0;
}
