//===- NvccTranslator.cpp - nvcc command lines to clang ones --------------===//
//
// The option table follows nvcc's documentation ("NVCC Command Options", CUDA
// 12/13): every option has a long (--) and often a short (-) name, and a value
// given either after
// '=' or as the next argument.
//
//===----------------------------------------------------------------------===//
#include "Frontend/NvccTranslator.h"

#include "Symbolic/Budgets.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

namespace warplint {

bool isNvccCommand(llvm::StringRef Argv0) {
  llvm::StringRef Base = llvm::sys::path::filename(Argv0);
  Base.consume_back(".exe");
  return Base == "nvcc";
}

std::vector<std::string> archsFromSpelling(llvm::StringRef S) {
  std::vector<std::string> Out;
  // -gencode arch=compute_80,code=[sm_80,compute_80]: the code= list names the
  // machine code; arch= only the virtual architecture. Prefer code=, fall back
  // to arch=.
  llvm::StringRef Code;
  if (size_t P = S.find("code="); P != llvm::StringRef::npos)
    Code = S.substr(P + 5);
  llvm::StringRef List = Code.empty() ? S : Code;
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  List.split(Parts, ',');
  for (llvm::StringRef P : Parts) {
    P = P.trim().trim("[]\"' ");
    P.consume_front("arch=");
    unsigned N = 0;
    llvm::StringRef Digits;
    if (P.starts_with("sm_"))
      Digits = P.drop_front(3);
    else if (P.starts_with("compute_"))
      Digits = P.drop_front(8);
    else if (P.starts_with("lto_"))
      Digits = P.drop_front(4);
    else
      continue;
    Digits = Digits.take_while(llvm::isDigit);
    if (Digits.getAsInteger(10, N))
      continue;
    std::string Arch = "sm_" + std::to_string(N);
    if (std::find(Out.begin(), Out.end(), Arch) == Out.end())
      Out.push_back(Arch);
  }
  return Out;
}

namespace {

enum class Action {
  Drop,     ///< nvcc-only, no meaning for parsing
  Arch,     ///< -arch / -gencode / -code: the GPU targets
  Host,     ///< -Xcompiler: host compiler options; -D/-U/-I/-include/-std kept
  Rdc,      ///< -rdc=true
  DeviceC,  ///< -dc: compile for separate linking (implies rdc)
  FastMath, ///< --use_fast_math
  MaxReg,   ///< -maxrregcount
  Lang,     ///< -x cu
  Std,      ///< --std c++17
  Define,   ///< --define-macro
  Undefine, ///< --undefine-macro
  Include,  ///< --include-path
  SysInclude,  ///< -isystem
  PreInclude,  ///< --pre-include / -include
  Output,      ///< --output-file
  Compile,     ///< --compile
  OptionsFile, ///< --options-file: more options, read from a file
};

struct NvccOption {
  const char *Long;  ///< without the leading "--"
  const char *Short; ///< without the leading "-"; "" when none
  bool TakesValue;
  Action Act;
};

// Options clang does not know, or that mean something else to it.
const NvccOption Table[] = {
    {"gpu-architecture", "arch", true, Action::Arch},
    {"generate-code", "gencode", true, Action::Arch},
    {"gpu-code", "code", true, Action::Arch},
    {"compiler-options", "Xcompiler", true, Action::Host},
    {"relocatable-device-code", "rdc", true, Action::Rdc},
    {"device-c", "dc", false, Action::DeviceC},
    {"device-w", "dw", false, Action::Drop},
    {"device-link", "dlink", false, Action::Drop},
    {"use_fast_math", "use_fast_math", false, Action::FastMath},
    {"maxrregcount", "maxrregcount", true, Action::MaxReg},
    {"x", "x", true, Action::Lang},
    {"std", "std", true, Action::Std},
    {"define-macro", "D", true, Action::Define},
    {"undefine-macro", "U", true, Action::Undefine},
    {"include-path", "I", true, Action::Include},
    {"system-include", "isystem", true, Action::SysInclude},
    {"pre-include", "include", true, Action::PreInclude},
    {"output-file", "o", true, Action::Output},
    {"compile", "c", false, Action::Compile},
    {"options-file", "optf", true, Action::OptionsFile},
    {"compiler-bindir", "ccbin", true, Action::Drop},
    {"ptxas-options", "Xptxas", true, Action::Drop},
    {"nvlink-options", "Xnvlink", true, Action::Drop},
    {"linker-options", "Xlinker", true, Action::Drop},
    {"archive-options", "Xarchive", true, Action::Drop},
    {"fatbin-options", "Xfatbin", true, Action::Drop},
    {"cudafe-options", "Xcudafe", true, Action::Drop},
    {"expt-relaxed-constexpr", "expt-relaxed-constexpr", false, Action::Drop},
    {"expt-extended-lambda", "expt-extended-lambda", false, Action::Drop},
    {"extended-lambda", "extended-lambda", false, Action::Drop},
    {"generate-line-info", "lineinfo", false, Action::Drop},
    {"device-debug", "G", false, Action::Drop},
    {"ftz", "ftz", true, Action::Drop},
    {"prec-div", "prec-div", true, Action::Drop},
    {"prec-sqrt", "prec-sqrt", true, Action::Drop},
    {"fmad", "fmad", true, Action::Drop},
    {"default-stream", "default-stream", true, Action::Drop},
    {"threads", "t", true, Action::Drop},
    {"split-compile", "split-compile", true, Action::Drop},
    {"cudart", "cudart", true, Action::Drop},
    {"cudadevrt", "cudadevrt", true, Action::Drop},
    {"keep", "keep", false, Action::Drop},
    {"keep-dir", "keep-dir", true, Action::Drop},
    {"resource-usage", "res-usage", false, Action::Drop},
    {"source-in-ptx", "src-in-ptx", false, Action::Drop},
    {"restrict", "restrict", false, Action::Drop},
    {"dryrun", "dryrun", false, Action::Drop},
    {"verbose", "v", false, Action::Drop},
    {"forward-unknown-to-host-compiler", "forward-unknown-to-host-compiler",
     false, Action::Drop},
    {"forward-unknown-to-host-linker", "forward-unknown-to-host-linker", false,
     Action::Drop},
    {"forward-unknown-opts", "forward-unknown-opts", false, Action::Drop},
    {"allow-unsupported-compiler", "allow-unsupported-compiler", false,
     Action::Drop},
    {"Werror", "Werror", true, Action::Drop},
    {"diag-suppress", "diag-suppress", true, Action::Drop},
    {"diag-warn", "diag-warn", true, Action::Drop},
    {"diag-error", "diag-error", true, Action::Drop},
    {"display-error-number", "err-no", false, Action::Drop},
    {"no-display-error-number", "no-err-no", false, Action::Drop},
    {"disable-warnings", "w", false, Action::Drop},
    {"Wno-deprecated-gpu-targets", "Wno-deprecated-gpu-targets", false,
     Action::Drop},
    {"Wno-deprecated-declarations", "Wno-deprecated-declarations", false,
     Action::Drop},
    {"Wreorder", "Wreorder", false, Action::Drop},
    {"Wext-lambda-captures-this", "Wext-lambda-captures-this", false,
     Action::Drop},
    {"Wdefault-stream-launch", "Wdefault-stream-launch", false, Action::Drop},
    {"Wmissing-launch-bounds", "Wmissing-launch-bounds", false, Action::Drop},
    {"machine", "m", true, Action::Drop},
    {"library", "l", true, Action::Drop},
    {"library-path", "L", true, Action::Drop},
    {"shared", "shared", false, Action::Drop},
    {"lib", "lib", false, Action::Drop},
    {"link", "link", false, Action::Drop},
    {"ptx", "ptx", false, Action::Drop},
    {"cubin", "cubin", false, Action::Drop},
    {"fatbin", "fatbin", false, Action::Drop},
    {"optix-ir", "optix-ir", false, Action::Drop},
    {"extensible-whole-program", "ewp", false, Action::Drop},
    {"dopt", "dopt", true, Action::Drop},
    {"dlink-time-opt", "dlto", false, Action::Drop},
    {"static-global-template-stub", "static-global-template-stub", true,
     Action::Drop},
    {"list-gpu-arch", "arch-ls", false, Action::Drop},
};

/// Finds \p Arg in the table; sets \p Inline to the "=value" part if present.
const NvccOption *lookup(llvm::StringRef Arg,
                         std::optional<llvm::StringRef> &Inline) {
  Inline.reset();
  llvm::StringRef Name;
  bool IsLong = Arg.starts_with("--");
  if (IsLong)
    Name = Arg.drop_front(2);
  else if (Arg.starts_with("-"))
    Name = Arg.drop_front(1);
  else
    return nullptr;
  llvm::StringRef Value;
  bool HasEq = false;
  if (size_t Eq = Name.find('='); Eq != llvm::StringRef::npos) {
    Value = Name.substr(Eq + 1);
    Name = Name.substr(0, Eq);
    HasEq = true;
  }
  for (const NvccOption &O : Table) {
    // nvcc accepts both spellings with either dash count.
    if (Name == O.Long || (O.Short[0] && Name == O.Short)) {
      if (HasEq)
        Inline = Value;
      return &O;
    }
  }
  // Joined short forms clang shares: -DX, -IX, -UX (value glued to the name).
  for (const char *Joined : {"D", "U", "I"}) {
    if (!IsLong && Name.size() > 1 && Name.starts_with(Joined) && !HasEq) {
      for (const NvccOption &O : Table)
        if (llvm::StringRef(O.Short) == Joined) {
          Inline = Name.drop_front(1);
          return &O;
        }
    }
  }
  return nullptr;
}

/// -Xcompiler takes a comma-separated list; keep what defines the preprocessor
/// state.
void translateHostOptions(llvm::StringRef List, NvccTranslation &T) {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  List.split(Parts, ',', -1, false);
  for (llvm::StringRef P : Parts) {
    P = P.trim().trim("\"'");
    if (P.starts_with("-D") || P.starts_with("-U") || P.starts_with("-I") ||
        P.starts_with("-std="))
      T.ClangArgs.push_back(P.str());
    else
      T.Dropped.push_back("-Xcompiler " + P.str());
  }
}

void translateArgs(llvm::ArrayRef<std::string> Args, llvm::StringRef Directory,
                   NvccTranslation &T, unsigned Depth) {
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    std::optional<llvm::StringRef> Inline;
    const NvccOption *O = lookup(A, Inline);
    if (!O) {
      // Inputs and options nvcc shares with clang (-O3, -g, -Wall, -fPIC, -MD,
      // -MF x ...).
      T.ClangArgs.push_back(A.str());
      continue;
    }
    std::string Value;
    if (O->TakesValue) {
      if (Inline)
        Value = Inline->str();
      else if (I + 1 < Args.size())
        Value = Args[++I];
    }
    switch (O->Act) {
    case Action::Drop:
      T.Dropped.push_back(A.str());
      break;
    case Action::Arch:
      T.ArchSpellings.push_back(Inline ? A.str() : A.str() + " " + Value);
      for (std::string &Arch : archsFromSpelling(Value))
        if (std::find(T.GpuArchs.begin(), T.GpuArchs.end(), Arch) ==
            T.GpuArchs.end())
          T.GpuArchs.push_back(Arch);
      break;
    case Action::Host:
      translateHostOptions(Value, T);
      break;
    case Action::Rdc:
      T.RelocatableDeviceCode = llvm::StringRef(Value).trim() == "true";
      break;
    case Action::DeviceC:
      T.RelocatableDeviceCode = true;
      T.ClangArgs.push_back("-c");
      break;
    case Action::FastMath:
      // nvcc: -ftz=true -prec-div=false -prec-sqrt=false -fmad=true and every
      // sinf/expf/powf/... as its __ intrinsic (Programming Guide, "Intrinsic
      // Functions"); clang's -ffast-math gives the approximate
      // transcendentals and reciprocal division (and assumes no NaN/inf,
      // which nvcc does not: nothing warplint decides depends on it).
      T.FastMath = true;
      T.ClangArgs.push_back("-ffast-math");
      break;
    case Action::MaxReg: {
      unsigned N = 0;
      if (!llvm::StringRef(Value).getAsInteger(10, N))
        T.MaxRegCount = N;
      break;
    }
    case Action::Lang:
      T.ClangArgs.push_back("-x");
      T.ClangArgs.push_back(Value == "cu" ? "cuda" : Value);
      break;
    case Action::Std:
      T.ClangArgs.push_back("-std=" + Value);
      break;
    case Action::Define:
      T.ClangArgs.push_back("-D" + Value);
      break;
    case Action::Undefine:
      T.ClangArgs.push_back("-U" + Value);
      break;
    case Action::Include:
      T.ClangArgs.push_back("-I" + Value);
      break;
    case Action::SysInclude:
      T.ClangArgs.push_back("-isystem");
      T.ClangArgs.push_back(Value);
      break;
    case Action::PreInclude:
      T.ClangArgs.push_back("-include");
      T.ClangArgs.push_back(Value);
      break;
    case Action::Output:
      T.ClangArgs.push_back("-o");
      T.ClangArgs.push_back(Value);
      break;
    case Action::Compile:
      T.ClangArgs.push_back("-c");
      break;
    case Action::OptionsFile: {
      llvm::SmallString<256> Path(Value);
      if (!llvm::sys::path::is_absolute(Path) && !Directory.empty()) {
        Path = Directory;
        llvm::sys::path::append(Path, Value);
      }
      auto Buf = llvm::MemoryBuffer::getFile(Path);
      if (!Buf || Depth > budget::OptionsFileDepth) {
        T.Dropped.push_back("--options-file " + Value + " (unreadable)");
        break;
      }
      llvm::BumpPtrAllocator Alloc;
      llvm::StringSaver Saver(Alloc);
      llvm::SmallVector<const char *, 32> Toks;
      llvm::cl::TokenizeGNUCommandLine((*Buf)->getBuffer(), Saver, Toks);
      std::vector<std::string> More(Toks.begin(), Toks.end());
      translateArgs(More, Directory, T, Depth + 1);
      break;
    }
    }
  }
}

} // namespace

NvccTranslation translateNvccCommand(const std::vector<std::string> &Argv,
                                     llvm::StringRef Directory) {
  NvccTranslation T;
  if (Argv.empty())
    return T;
  // clang++ drives the parse; the real driver name does not matter to
  // LibTooling.
  T.ClangArgs.push_back("clang++");
  translateArgs(llvm::ArrayRef<std::string>(Argv).drop_front(), Directory, T,
                0);
  // Right after the driver name: anything after a "--" (which interpolated
  // commands for headers gain) would be taken for a file.
  if (T.RelocatableDeviceCode)
    T.ClangArgs.insert(T.ClangArgs.begin() + 1, "-fgpu-rdc");
  return T;
}

} // namespace warplint
