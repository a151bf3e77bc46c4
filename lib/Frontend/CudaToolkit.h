//===- CudaToolkit.h - Finding the CUDA toolkit -----------------*- C++ -*-===//
#ifndef WARPLINT_FRONTEND_CUDATOOLKIT_H
#define WARPLINT_FRONTEND_CUDATOOLKIT_H

#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace warplint {

/// A CUDA toolkit installation usable for parsing.
struct CudaToolkit {
  std::string Path;   ///< Root: holds include/cuda_runtime.h.
  unsigned Major = 0; ///< From CUDA_VERSION in include/cuda.h (13000 -> 13.0).
  unsigned Minor = 0;
  bool HasCccl = false; ///< CUDA 13 moved Thrust/CUB/libcu++ to include/cccl.
  std::string FoundVia; ///< "--cuda-path", "CUDA_PATH", "/usr/local/cuda",
                        ///< "nvcc on PATH".
  std::string version() const {
    return std::to_string(Major) + "." + std::to_string(Minor);
  }
};

/// Finds a toolkit: \p Explicit (--cuda-path) if given, then $CUDA_PATH,
/// /usr/local/cuda, and the toolkit of the first nvcc on $PATH. A directory
/// counts only when it has include/cuda_runtime.h and include/cuda.h.
std::optional<CudaToolkit> findCudaToolkit(llvm::StringRef Explicit);

/// Checks one directory; nullopt when it is not a toolkit.
std::optional<CudaToolkit> probeCudaToolkit(llvm::StringRef Dir,
                                            llvm::StringRef FoundVia);

/// The number of the first `#define CUDA_VERSION <digits>` in \p Text (cuda.h),
/// or nullopt.
std::optional<unsigned> cudaVersionMacro(llvm::StringRef Text);

} // namespace warplint

#endif
