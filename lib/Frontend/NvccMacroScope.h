//===- NvccMacroScope.h - __NVCC__ for the user's code only ---------------===//
//
// nvcc defines __NVCC__ (as 1) in every compilation, and code written for it
// tests the macro to pick its CUDA spellings: `#ifdef __NVCC__` around
// `#define HD __host__ __device__`, launch helpers, `#include <cuda.h>`
// instead of a HIP header. clang does not define it, so such code parses as
// host-only C++ and its kernels fail to call their helpers. Defining it
// everywhere is wrong the other way: the toolkit's own headers (CCCL's
// compiler detection, <nv/target>, cooperative groups) read it as "nvcc's own
// front end" and use builtins clang lacks.
//
// So __NVCC__ is defined while the preprocessor is in the user's files and
// undefined while it is in system headers (the toolkit's, clang's, the C++
// library's). A command line that defines or undefines __NVCC__ itself, and
// user code that does, turn the scoping off.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_NVCCMACROSCOPE_H
#define WARPLINT_FRONTEND_NVCCMACROSCOPE_H

namespace clang {
class CompilerInstance;
}

namespace warplint {

/// Installs the scoping on \p CI's preprocessor, before it reads the main
/// file; nothing for a compilation that is not CUDA.
void scopeNvccMacro(clang::CompilerInstance &CI);

} // namespace warplint

#endif
