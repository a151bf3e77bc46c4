//===- CudaToolkit.cpp - Finding the CUDA toolkit -------------------------===//
#include "Frontend/CudaToolkit.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
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
  if (auto Buf = llvm::MemoryBuffer::getFile(CudaH)) {
    llvm::Regex Re("#define[ \t]+CUDA_VERSION[ \t]+([0-9]+)");
    llvm::SmallVector<llvm::StringRef, 2> M;
    if (Re.match((*Buf)->getBuffer(), &M)) {
      unsigned V = 0;
      if (!M[1].getAsInteger(10, V)) {
        TK.Major = V / 1000;
        TK.Minor = (V % 1000) / 10;
      }
    }
  }
  return TK;
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
