//===- CudaToolkit.cpp - Finding the CUDA toolkit -------------------------===//
#include "Frontend/CudaToolkit.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include <cstdlib>

namespace warplint {

std::optional<CudaToolkit> probeCudaToolkit(llvm::StringRef Dir,
                                            llvm::StringRef FoundVia) {
  if (Dir.empty())
    return std::nullopt;
  llvm::SmallString<256> Inc(Dir);
  llvm::sys::path::append(Inc, "include");
  llvm::SmallString<256> Runtime(Inc), CudaH(Inc), Cccl(Inc);
  llvm::sys::path::append(Runtime, "cuda_runtime.h");
  llvm::sys::path::append(CudaH, "cuda.h");
  llvm::sys::path::append(Cccl, "cccl");
  if (!llvm::sys::fs::exists(Runtime) || !llvm::sys::fs::exists(CudaH))
    return std::nullopt;
  CudaToolkit TK;
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Dir, Real))
    Real = Dir;
  TK.Path = std::string(Real);
  TK.HasCccl = llvm::sys::fs::is_directory(Cccl);
  TK.FoundVia = FoundVia.str();
  // "#define CUDA_VERSION 13000": the one version source every toolkit layout
  // has (version.json is missing from pip-wheel style installs such as this
  // machine's).
  if (auto Buf = llvm::MemoryBuffer::getFile(CudaH))
    if (std::optional<unsigned> V = cudaVersionMacro((*Buf)->getBuffer())) {
      TK.Major = *V / 1000;
      TK.Minor = (*V % 1000) / 10;
    }
  return TK;
}

std::optional<unsigned> cudaVersionMacro(llvm::StringRef Text) {
  // What the regex "#define[ \t]+CUDA_VERSION[ \t]+([0-9]+)" finds first, by
  // plain searching: the regex cost 12.5 M instructions on CUDA 13's cuda.h,
  // half of warplint's own work on a small file.
  auto Blank = [](char C) { return C == ' ' || C == '\t'; };
  for (size_t At = Text.find("#define"); At != llvm::StringRef::npos;
       At = Text.find("#define", At + 1)) {
    llvm::StringRef Rest = Text.drop_front(At + 7);
    size_t Gap = Rest.find_if_not(Blank);
    if (Gap == 0 || Gap == llvm::StringRef::npos)
      continue;
    Rest = Rest.drop_front(Gap);
    if (!Rest.consume_front("CUDA_VERSION"))
      continue;
    Gap = Rest.find_if_not(Blank);
    if (Gap == 0 || Gap == llvm::StringRef::npos)
      continue;
    Rest = Rest.drop_front(Gap);
    llvm::StringRef Digits =
        Rest.take_while([](char C) { return C >= '0' && C <= '9'; });
    if (Digits.empty())
      continue;
    unsigned V = 0;
    if (Digits.getAsInteger(10, V))
      return std::nullopt; // Too many digits: what the regex's match gave.
    return V;
  }
  return std::nullopt;
}

std::optional<CudaToolkit> findCudaToolkit(llvm::StringRef Explicit) {
  if (!Explicit.empty())
    return probeCudaToolkit(Explicit, "--cuda-path");
  if (const char *Env = std::getenv("CUDA_PATH"))
    if (auto TK = probeCudaToolkit(Env, "CUDA_PATH"))
      return TK;
  if (auto TK = probeCudaToolkit("/usr/local/cuda", "/usr/local/cuda"))
    return TK;
  if (llvm::ErrorOr<std::string> Nvcc = llvm::sys::findProgramByName("nvcc")) {
    llvm::SmallString<256> Real;
    if (llvm::sys::fs::real_path(*Nvcc, Real))
      Real = *Nvcc;
    llvm::StringRef Root =
        llvm::sys::path::parent_path(llvm::sys::path::parent_path(Real));
    if (auto TK = probeCudaToolkit(Root, "nvcc on PATH"))
      return TK;
  }
  return std::nullopt;
}

} // namespace warplint
