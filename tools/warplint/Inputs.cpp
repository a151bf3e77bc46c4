//===- Inputs.cpp - What warplint analyses and how it compiles it ---------===//
#include "tools/warplint/Inputs.h"

#include "Hardware/HardwareModel.h"
#include "checks/WarplintCheck.h"
#include "tools/warplint/Configuration.h"
#include "tools/warplint/DatabaseCheck.h"
#include "tools/warplint/Options.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;
namespace tooling = clang::tooling;

namespace warplint {
using namespace cli;

static Error failure(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

Expected<std::vector<std::string>> collectInputs(ArrayRef<std::string> Files,
                                                 StringRef BuildPath,
                                                 bool DumpConfig) {
  // Inputs: absolute, existing, readable.
  std::vector<std::string> Inputs;
  // Directories stand for the CUDA sources below them; `-p build` with no
  // file for every CUDA source of the compilation database.
  std::vector<std::string> Named(Files.begin(), Files.end());
  auto IsCudaSource = [](StringRef P) { return P.ends_with(".cu"); };
  if (Named.empty() && !BuildPath.empty() && !DumpConfig) {
    auto ProbeOrErr = loadBuildDatabase(BuildPath);
    if (!ProbeOrErr)
      return ProbeOrErr.takeError();
    std::unique_ptr<tooling::CompilationDatabase> Probe =
        std::move(*ProbeOrErr);
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
      return failure("the compilation database in '" + BuildPath +
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
    for (sys::fs::recursive_directory_iterator It(F, EC), End; It != End && !EC;
         It.increment(EC)) {
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
      return failure("cannot read directory '" + F + "': " + EC.message());
    if (Found.empty())
      return failure("'" + F +
                     "' is a directory with no CUDA source (.cu) below it");
    llvm::sort(Found);
    append_range(Expanded, Found);
  }
  for (const std::string &F : Expanded) {
    SmallString<256> Abs(F);
    if (std::error_code EC = sys::fs::make_absolute(Abs))
      return failure("cannot resolve '" + F + "': " + EC.message());
    sys::path::remove_dots(Abs, true);
    if (!sys::fs::exists(Abs))
      return failure("cannot read '" + F + "': no such file");
    if (sys::fs::is_directory(Abs))
      return failure("'" + F + "' is a directory, not a source file");
    auto Buf = MemoryBuffer::getFile(Abs);
    if (!Buf)
      return failure("cannot read '" + F + "': " + Buf.getError().message());
    Inputs.push_back(std::string(Abs));
  }
  return Inputs;
}

/// True when the command after "--" is written for nvcc (CLion passes a CUDA
/// target's nvcc flags; users copy them from their build): an option only nvcc
/// has. Clang's own spellings (--cuda-gpu-arch, -x cuda) are not among them.
static bool looksLikeNvcc(const std::vector<std::string> &Args) {
  for (size_t I = 1; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A == "-x" && I + 1 < Args.size() && Args[I + 1] == "cu")
      return true;
    for (StringRef P : {"-gencode",
                        "--generate-code",
                        "-arch=",
                        "--gpu-architecture",
                        "-code=",
                        "--gpu-code",
                        "-Xcompiler",
                        "--compiler-options",
                        "-Xptxas",
                        "--ptxas-options",
                        "-rdc",
                        "--relocatable-device-code",
                        "--expt-",
                        "-expt-",
                        "-lineinfo",
                        "--generate-line-info",
                        "-use_fast_math",
                        "--use_fast_math",
                        "-ccbin",
                        "--compiler-bindir",
                        "-forward-unknown-to-host-compiler",
                        "--default-stream",
                        "-maxrregcount",
                        "--maxrregcount",
                        "-Xcudafe",
                        "--extended-lambda",
                        "-extended-lambda"})
      if (A.starts_with(P))
        return true;
    if (A == "-arch" || A == "-code" || A == "-dc")
      return true;
  }
  return false;
}

namespace {
/// The command after "--" in nvcc's words: its commands go through the nvcc
/// translator, as a database's nvcc commands do.
class NvccFixedDatabase : public tooling::CompilationDatabase {
public:
  explicit NvccFixedDatabase(
      std::unique_ptr<tooling::CompilationDatabase> Inner)
      : Inner(std::move(Inner)) {}
  std::vector<tooling::CompileCommand>
  getCompileCommands(StringRef File) const override {
    return asNvcc(Inner->getCompileCommands(File));
  }
  std::vector<std::string> getAllFiles() const override {
    return Inner->getAllFiles();
  }
  std::vector<tooling::CompileCommand> getAllCompileCommands() const override {
    return asNvcc(Inner->getAllCompileCommands());
  }

private:
  static std::vector<tooling::CompileCommand>
  asNvcc(std::vector<tooling::CompileCommand> Cmds) {
    for (tooling::CompileCommand &C : Cmds)
      if (!C.CommandLine.empty())
        C.CommandLine.front() = "nvcc";
    return Cmds;
  }
  std::unique_ptr<tooling::CompilationDatabase> Inner;
};
} // namespace

Expected<std::unique_ptr<tooling::CompilationDatabase>>
databaseFromCommandLine(int &Argc, const char **Argv) {
  int DashDash = 1;
  while (DashDash < Argc && StringRef(Argv[DashDash]) != "--")
    ++DashDash;
  if (DashDash == Argc)
    return nullptr;
  // clang's driver would reject nvcc's options: they go to the translator.
  std::vector<std::string> Args{"nvcc"};
  for (int I = DashDash + 1; I < Argc; ++I)
    Args.push_back(Argv[I]);
  if (looksLikeNvcc(Args)) {
    Argc = DashDash;
    return std::make_unique<NvccFixedDatabase>(
        std::make_unique<tooling::FixedCompilationDatabase>(
            ".", ArrayRef<std::string>(Args).drop_front()));
  }
  std::string Err;
  std::unique_ptr<tooling::CompilationDatabase> DB =
      tooling::FixedCompilationDatabase::loadFromCommandLine(Argc, Argv, Err);
  if (!Err.empty())
    return failure(Err);
  return std::move(DB);
}

Expected<std::unique_ptr<tooling::CompilationDatabase>>
loadCompilationDatabase(std::unique_ptr<tooling::CompilationDatabase> Fixed,
                        StringRef BuildPath, StringRef FirstInput) {
  // The compilation database: "--", else -p, else one found above the first
  // file.
  std::unique_ptr<tooling::CompilationDatabase> DB;
  if (Fixed) {
    DB = std::move(Fixed);
  } else if (!BuildPath.empty()) {
    auto Loaded = loadBuildDatabase(BuildPath);
    if (!Loaded)
      return Loaded.takeError();
    DB = tooling::inferMissingCompileCommands(std::move(*Loaded));
  } else {
    // clang's search skips a database it cannot read (printing YAML's
    // diagnostics): name it instead.
    if (std::string P = brokenDatabaseAbove(FirstInput); !P.empty())
      return failure(P + " (found above " + FirstInput +
                     "; give the compile command after -- to lint without "
                     "it)");
    std::string Err;
    DB = tooling::CompilationDatabase::autoDetectFromSource(FirstInput, Err);
    if (DB)
      DB = tooling::inferMissingCompileCommands(std::move(DB));
    else
      DB = std::make_unique<tooling::FixedCompilationDatabase>(
          ".", std::vector<std::string>());
  }
  return std::move(DB);
}

Expected<CudaParseOptions> parseOptions(const Configuration &C,
                                        const char *Argv0, void *MainAddr) {
  CudaParseOptions ParseOpts;
  ParseOpts.Arch = Arch.empty() ? "" : hw::canonicalArchName(Arch);
  ParseOpts.DefaultArch = DefaultArch;
  ParseOpts.ConfiguredArch = C.configuredArch();
  ParseOpts.FallbackIncludeDir = bundledIncludeDir(Argv0, MainAddr);
  ParseOpts.ResourceDir = WARPLINT_CLANG_RESOURCE_DIR;
  if (CudaPath == "none") {
    // Parse with the bundled declarations even where a toolkit is installed.
  } else if (!CudaPath.empty()) {
    ParseOpts.Toolkit = probeCudaToolkit(CudaPath, "--cuda-path");
    if (!ParseOpts.Toolkit)
      return failure("--cuda-path '" + CudaPath +
                     "' is not a CUDA toolkit (no include/cuda_runtime.h)");
  } else {
    ParseOpts.Toolkit = findCudaToolkit("");
  }
  return ParseOpts;
}

} // namespace warplint
