//===- DeviceCompileCommand.cpp - nvcc and ptxas for one file -------------===//
#include "Frontend/DeviceCompileCommand.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/HeaderSearchOptions.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace warplint {

bool isImplicitIncludeDir(llvm::StringRef Dir,
                          llvm::StringRef ClangResourceDir) {
  if (!ClangResourceDir.empty() && Dir.starts_with(ClangResourceDir))
    return true;
  llvm::SmallString<256> Marker(Dir);
  llvm::sys::path::append(Marker, "warplint_nvcc_compat.h");
  if (llvm::sys::fs::exists(Marker))
    return true;
  llvm::SmallString<256> Cuda(Dir);
  llvm::sys::path::append(Cuda, "cuda_runtime_api.h");
  if (llvm::sys::fs::exists(Cuda))
    return true;
  // The toolkit's include/cccl, which nvcc adds by itself.
  llvm::SmallString<256> Parent(llvm::sys::path::parent_path(Dir));
  llvm::sys::path::append(Parent, "cuda_runtime_api.h");
  if (llvm::sys::path::filename(Dir) == "cccl" && llvm::sys::fs::exists(Parent))
    return true;
  return Dir == "/usr/include" || Dir == "/usr/local/include" ||
         Dir.starts_with("/usr/include/c++") ||
         Dir.starts_with("/usr/include/x86_64") ||
         Dir.starts_with("/usr/include/aarch64") ||
         Dir.contains("cuda_wrappers") || Dir.contains("/lib/clang/") ||
         Dir.contains("/lib/gcc/");
}

DeviceCompileCommand buildDeviceCompileCommand(const DeviceCompileInputs &In) {
  DeviceCompileCommand C;
  C.Arch = In.Arch;
  llvm::SmallString<256> Nvcc(In.ToolkitRoot), Ptxas(In.ToolkitRoot);
  llvm::sys::path::append(Nvcc, "bin", "nvcc");
  llvm::sys::path::append(Ptxas, "bin", "ptxas");

  // nvcc accepts what the clang parse accepted: relaxed constexpr and
  // extended lambdas are clang's default behaviour for CUDA.
  C.Nvcc = {std::string(Nvcc), "-ptx", "-lineinfo", "-arch=" + In.Arch,
            "--expt-relaxed-constexpr", "--extended-lambda"};
  for (const IncludeDir &D : In.Includes) {
    if (isImplicitIncludeDir(D.Path, In.ClangResourceDir) ||
        !llvm::sys::fs::is_directory(D.Path))
      continue;
    switch (D.Group) {
    case IncludeDir::Quoted:
      C.Nvcc.push_back("-iquote");
      break;
    case IncludeDir::Angled:
      C.Nvcc.push_back("-I");
      break;
    case IncludeDir::System:
      C.Nvcc.push_back("-isystem");
      break;
    }
    C.Nvcc.push_back(D.Path);
  }
  // The macros clang and nvcc predefine differ; warplint's own mark the
  // parse, not the source.
  for (const MacroOption &M : In.Macros) {
    llvm::StringRef Name = llvm::StringRef(M.Text).split('=').first;
    if (Name.starts_with("__CUDA") || Name.starts_with("__NVCC") ||
        Name.starts_with("__clang") || Name.starts_with("__WARPLINT"))
      continue;
    C.Nvcc.push_back((M.Undef ? "-U" : "-D") + M.Text);
  }
  for (const std::string &Inc : In.ForcedIncludes) {
    llvm::StringRef F = llvm::sys::path::filename(Inc);
    if (F == "cuda_runtime.h" || F.starts_with("__clang_cuda") ||
        F.starts_with("warplint_") ||
        isImplicitIncludeDir(llvm::sys::path::parent_path(Inc),
                             In.ClangResourceDir))
      continue;
    C.Nvcc.push_back("-include");
    C.Nvcc.push_back(Inc);
  }
  if (!In.Std.empty())
    C.Nvcc.push_back("-std=" + In.Std);
  C.Nvcc.push_back(In.Source);

  C.Ptxas = {std::string(Ptxas), "-v", "-arch=" + In.Arch};
  C.Ptxas.insert(C.Ptxas.end(), In.PtxasArgs.begin(), In.PtxasArgs.end());
  return C;
}

std::vector<std::string> splitPtxasArgs(llvm::StringRef Text) {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Text.split(Parts, ' ', -1, false);
  return std::vector<std::string>(Parts.begin(), Parts.end());
}

std::optional<unsigned> maxRegCount(llvm::ArrayRef<std::string> Args) {
  std::optional<unsigned> Limit;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = llvm::StringRef(Args[I]).ltrim('-');
    unsigned N = 0;
    if (A.consume_front("maxrregcount")) {
      A.consume_front("=");
      if (A.empty() && I + 1 < Args.size())
        A = Args[I + 1];
      if (!A.getAsInteger(10, N))
        Limit = N; // the last one wins, as in ptxas
    }
  }
  return Limit;
}

DeviceCompileInputs deviceCompileInputs(const clang::Preprocessor &PP,
                                        clang::FileManager &FM) {
  DeviceCompileInputs In;
  const clang::HeaderSearchOptions &HS =
      PP.getHeaderSearchInfo().getHeaderSearchOpts();
  In.ClangResourceDir = HS.ResourceDir;
  // Relative paths are relative to the compile command's directory, which is
  // the file manager's working directory, not necessarily this process's.
  auto Absolute = [&](llvm::StringRef P) {
    llvm::SmallString<256> A(P);
    FM.makeAbsolutePath(A);
    return std::string(A);
  };
  for (const clang::HeaderSearchOptions::Entry &E : HS.UserEntries) {
    if (E.IsFramework)
      continue;
    IncludeDir D;
    switch (E.Group) {
    case clang::frontend::Quoted:
      D.Group = IncludeDir::Quoted;
      break;
    case clang::frontend::Angled:
      D.Group = IncludeDir::Angled;
      break;
    case clang::frontend::System:
    case clang::frontend::ExternCSystem:
    case clang::frontend::CSystem:
    case clang::frontend::CXXSystem:
      D.Group = IncludeDir::System;
      break;
    default:
      continue;
    }
    D.Path = Absolute(E.Path);
    In.Includes.push_back(std::move(D));
  }
  const clang::PreprocessorOptions &PO = PP.getPreprocessorOpts();
  for (const auto &[Macro, Undef] : PO.Macros)
    In.Macros.push_back({Macro, Undef});
  for (const std::string &Inc : PO.Includes)
    In.ForcedIncludes.push_back(Absolute(Inc));
  const clang::LangOptions &LO = PP.getLangOpts();
  if (LO.CPlusPlus20)
    In.Std = "c++20";
  else if (LO.CPlusPlus17)
    In.Std = "c++17";
  else if (LO.CPlusPlus14)
    In.Std = "c++14";
  else if (LO.CPlusPlus11)
    In.Std = "c++11";
  return In;
}

} // namespace warplint
