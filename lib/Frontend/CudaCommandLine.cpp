//===- CudaCommandLine.cpp - How warplint compiles a CUDA file ------------===//
#include "Frontend/CudaCommandLine.h"

#include "Frontend/NvccTranslator.h"
#include "clang/Options/Options.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace warplint {

std::string bundledIncludeDir(const char *Argv0, void *MainAddr) {
  std::string Exe = llvm::sys::fs::getMainExecutable(Argv0, MainAddr);
  llvm::SmallString<256> Dir(
      llvm::sys::path::parent_path(llvm::sys::path::parent_path(Exe)));
  llvm::sys::path::append(Dir, "share", "warplint", "include");
  return std::string(Dir);
}

bool isCudaSourceName(llvm::StringRef File) {
  llvm::StringRef Ext = llvm::sys::path::extension(File);
  return Ext == ".cu" || Ext == ".cuh";
}

/// Drops arguments clang's driver does not know (what nvcc forwarded to the
/// host compiler), so that one stray flag cannot stop the whole parse.
static std::vector<std::string>
dropUnknownToClang(const std::vector<std::string> &Args) {
  if (Args.size() < 2)
    return Args;
  std::vector<const char *> Ptrs;
  for (size_t I = 1; I < Args.size(); ++I)
    Ptrs.push_back(Args[I].c_str());
  unsigned MissingIdx = 0, MissingCount = 0;
  const llvm::opt::OptTable &Tbl = clang::getDriverOptTable();
  llvm::opt::InputArgList Parsed =
      Tbl.ParseArgs(Ptrs, MissingIdx, MissingCount);
  std::vector<std::string> Out{Args[0]};
  for (const llvm::opt::Arg *A : Parsed) {
    if (A->getOption().getID() == clang::options::OPT_UNKNOWN)
      continue;
    // Re-render the argument exactly as it was spelled.
    unsigned Begin = A->getIndex();
    unsigned End = Parsed.getNumInputArgStrings();
    for (const llvm::opt::Arg *B : Parsed)
      if (B->getIndex() > Begin && B->getIndex() < End)
        End = B->getIndex();
    for (unsigned I = Begin; I < End; ++I)
      Out.push_back(Parsed.getArgString(I));
  }
  return Out;
}

AdjustedCommand adjustCudaCommand(const std::vector<std::string> &In,
                                  llvm::StringRef File,
                                  llvm::StringRef Directory,
                                  const CudaParseOptions &Opts) {
  AdjustedCommand Out;
  std::vector<std::string> Args = In;
  CommandArchs Command;
  if (!Args.empty() && isNvccCommand(Args[0])) {
    NvccTranslation T = translateNvccCommand(Args, Directory);
    Args = dropUnknownToClang(T.ClangArgs);
    Command.Archs = T.GpuArchs;
    Command.Spellings = T.ArchSpellings;
    Command.FromNvcc = true;
    Out.FromNvcc = true;
  }

  // Take out everything that selects the side, the GPU or the CUDA
  // installation: the adjuster sets them explicitly below.
  std::vector<std::string> Kept;
  bool HasCudaLang = false, NoCudaInc = false;
  std::string CudaPathArg;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if (I > 0) {
      if (A.consume_front("--cuda-gpu-arch=") ||
          A.consume_front("--offload-arch=")) {
        Command.Spellings.push_back(Args[I]);
        for (llvm::StringRef P : llvm::split(A, ','))
          for (std::string &Arch : archsFromSpelling(P))
            if (!llvm::is_contained(Command.Archs, Arch))
              Command.Archs.push_back(Arch);
        continue;
      }
      if (A == "--cuda-device-only" || A == "--cuda-host-only" ||
          A == "--cuda-compile-host-device" || A == "-nocudalib" ||
          A == "--no-cuda-version-check" || A == "-fsyntax-only")
        continue;
      if (A.consume_front("--cuda-path=")) {
        CudaPathArg = A.str();
        continue;
      }
      if (A == "-nocudainc")
        NoCudaInc = true;
      if (A == "-x" && I + 1 < Args.size() && Args[I + 1] == "cuda")
        HasCudaLang = true;
      if (A == "-xcuda")
        HasCudaLang = true;
    }
    Kept.push_back(Args[I]);
  }
  if (Kept.empty())
    Kept.push_back("clang++");

  // The target, decided once from every layer; it drives the parse here and
  // the model in the checks (the Runner passes it on as check options).
  TargetInputs Layers;
  if (!Opts.Arch.empty())
    Layers.CommandLine = Opts.Arch;
  if (Opts.ConfiguredArch)
    Layers.Configuration = Opts.ConfiguredArch(File);
  Layers.Command = std::move(Command);
  if (!Opts.DefaultArch.empty())
    Layers.DefaultArch = Opts.DefaultArch;
  Out.Target = selectTarget(Layers);
  Out.TargetArch = Out.Target.Arch;
  Out.ParseArch = Out.Target.ParseArch;

  std::vector<std::string> Extra;
  bool Cuda = HasCudaLang || isCudaSourceName(File);
  if (Cuda) {
    if (!HasCudaLang) {
      Extra.push_back("-x");
      Extra.push_back("cuda");
    }
    Extra.push_back("--cuda-device-only");
    Extra.push_back("--cuda-gpu-arch=" + Out.ParseArch);
    // Only the front end runs: no libdevice, and no refusal of toolkits newer
    // than clang.
    Extra.push_back("-nocudalib");
    Extra.push_back("--no-cuda-version-check");
    Extra.push_back("-Wno-unknown-cuda-version");
    // `"...%d"PRIu64`, `"text"MACRO`: a string literal followed by an
    // identifier is an error in clang's C++11 mode (a reserved user-defined
    // literal suffix) but older code that nvcc builds has it in kernels' debug
    // output (Rodinia's mummergpu); silenced so that those kernels parse.
    Extra.push_back("-Wno-reserved-user-defined-literal");
    // `uchar4 c = {x, y, z, w};` from wider integers: a narrowing conversion
    // in a braced initializer is an error in clang's C++11 mode but a warning
    // in nvcc's (13.0: #2361-D "invalid narrowing conversion"), and clang
    // builds the initializer whole either way (Parboil's histo_final kernels).
    // A warning here, as in nvcc; warplint does not show compiler warnings.
    Extra.push_back("-Wno-error=c++11-narrowing");
    // `register int i;` in C++17: an error in clang (-Wregister), a warning
    // in nvcc, and common in kernels written before C++17.
    Extra.push_back("-Wno-register");
    // Device-side launches (dynamic parallelism) and extern __device__
    // variables need relocatable device code; nvcc projects set -rdc in the
    // build, which a plain
    // `-- <args>` command often lacks. For parsing it only lifts those
    // restrictions.
    Extra.push_back("-fgpu-rdc");
    std::optional<CudaToolkit> TK = Opts.Toolkit;
    if (!CudaPathArg.empty())
      TK = probeCudaToolkit(CudaPathArg, "--cuda-path in the compile command");
    if (NoCudaInc) {
      // The command brings its own CUDA declarations (tests, custom setups).
    } else if (TK) {
      // Host-side declarations nvcc provides and clang does not (min/max).
      Extra.push_back("-include");
      Extra.push_back(Opts.FallbackIncludeDir + "/warplint_nvcc_compat.h");
      Extra.push_back("--cuda-path=" + TK->Path);
      if (TK->HasCccl) {
        Extra.push_back("-isystem");
        Extra.push_back(TK->Path + "/include/cccl");
      }
      // clang finds the toolkit version in version.txt/version.json, which some
      // installs lack; without it clang picks the pre-9.2 launch API and every
      // <<<>>> fails.
      if (TK->Major) {
        Extra.push_back("-Xclang");
        Extra.push_back("-target-sdk-version=" + TK->version());
      }
    } else {
      Out.UsesFallbackHeaders = true;
      Extra.push_back("-nocudainc");
      Extra.push_back("-isystem");
      Extra.push_back(Opts.FallbackIncludeDir);
      Extra.push_back("-include");
      Extra.push_back("cuda_runtime.h");
    }
  }
  // What a PyTorch extension includes (<torch/extension.h>, ATen, c10):
  // warplint's stand-in, searched last, so that a real libtorch on the
  // include path wins (fallback/libtorch/warplint_torch.h).
  if (Cuda && !Opts.FallbackIncludeDir.empty()) {
    Extra.push_back("-idirafter");
    Extra.push_back(Opts.FallbackIncludeDir + "/libtorch");
  }
  Extra.push_back("-Wno-unused-command-line-argument");
  if (!Opts.ResourceDir.empty()) {
    bool HasResourceDir = false;
    for (const std::string &A : Kept)
      if (llvm::StringRef(A).starts_with("-resource-dir"))
        HasResourceDir = true;
    if (!HasResourceDir)
      Extra.push_back("-resource-dir=" + Opts.ResourceDir);
  }
  Out.Args.push_back(Kept.front());
  Out.Args.insert(Out.Args.end(), Extra.begin(), Extra.end());
  Out.Args.insert(Out.Args.end(), Kept.begin() + 1, Kept.end());
  return Out;
}

} // namespace warplint
