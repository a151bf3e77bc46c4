//===- warplint-fuzz.cpp - libFuzzer through every warplint check ---------===//
//
// One input is one CUDA source file. It is parsed as the lit suite parses
// (device side for sm_90, warplint's bundled CUDA declarations) and every
// warplint check runs on it through clang-tidy's library, with the options the
// binary sets (missing headers skipped and recorded). Run it with a time and
// memory cap (scripts/fuzz.sh): a crash, a sanitizer report, a timeout or an
// out-of-memory is a finding of the fuzzer.
//
//===----------------------------------------------------------------------===//
#include "checks/CheckRegistry.h"
#include "checks/WarplintCheck.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <cstddef>
#include <cstdlib>
#include <cstdint>

using namespace llvm;

static constexpr const char *InputName = "/warplint-fuzz/input.cu";

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  [[maybe_unused]] volatile int Anchor = warplint::WarplintModuleAnchorSource;
  StringRef Source(reinterpret_cast<const char *>(Data), Size);
  // An #include of a device or a process file (/dev/zero, /proc/self/...)
  // never ends or depends on the machine: not what is being fuzzed.
  if (Source.contains("/dev/") || Source.contains("/proc/") ||
      Source.contains("/sys/"))
    return 0;

  auto Memory = makeIntrusiveRefCnt<vfs::InMemoryFileSystem>();
  Memory->addFile(InputName, 0, MemoryBuffer::getMemBufferCopy(Source));
  auto FS = makeIntrusiveRefCnt<vfs::OverlayFileSystem>(
      vfs::createPhysicalFileSystem());
  FS->pushOverlay(Memory);

  clang::tooling::FixedCompilationDatabase DB(
      "/", // a directory every layer of the file system has
      {"-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_90",
       "-nocudalib", "-nocudainc", "-Wno-unknown-cuda-version",
       "-resource-dir", WARPLINT_CLANG_RESOURCE_DIR, "-isystem",
       WARPLINT_FALLBACK_DIR, "-include", "cuda_runtime.h"});

  clang::tidy::ClangTidyOptions Options =
      clang::tidy::ClangTidyOptions::getDefaults();
  Options.Checks = "-*,warplint-*";
  Options.HeaderFilterRegex = ".*";
  using Value = clang::tidy::ClangTidyOptions::ClangTidyValue;
  Options.CheckOptions[warplint::ArchOptionKey] = Value("sm_90");
  Options.CheckOptions[warplint::RecoverMissingIncludesOptionKey] =
      Value("true");
  clang::tidy::ClangTidyContext Context(
      std::make_unique<clang::tidy::DefaultOptionsProvider>(
          clang::tidy::ClangTidyGlobalOptions(), Options));
  std::vector<clang::tidy::ClangTidyError> Errors =
      clang::tidy::runClangTidy(Context, DB, {InputName}, FS,
                                /*ApplyAnyFix=*/false,
                                /*EnableCheckProfile=*/false, "",
                                /*Quiet=*/true);
  // WARPLINT_FUZZ_VERBOSE=1: what each input gave (to see that the checks run).
  static const bool Verbose = std::getenv("WARPLINT_FUZZ_VERBOSE") != nullptr;
  if (Verbose) {
    unsigned Findings = 0;
    for (const clang::tidy::ClangTidyError &E : Errors)
      Findings += StringRef(E.DiagnosticName).starts_with("warplint-");
    llvm::errs() << "warplint-fuzz: " << Findings << " finding(s), "
                 << Errors.size() - Findings << " other diagnostic(s)\n";
  }
  return 0;
}
