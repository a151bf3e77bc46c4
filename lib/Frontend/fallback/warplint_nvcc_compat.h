/*===- warplint_nvcc_compat.h - What nvcc declares and clang does not ----===*
 *
 * Part of warplint, pre-included in every CUDA parse (docs/compatibility.md). What a
 * file written for nvcc expects and a clang parse lacks, kept apart from the user's code:
 *
 * - nvcc's predefined version macros __CUDACC_VER_MAJOR__/MINOR__/BUILD__ (from the
 *   toolkit's CUDA_VERSION; BUILD is 0) and the memory-order and scope constants
 *   __NV_ATOMIC_* and __NV_THREAD_SCOPE_* of nvcc's atomic builtins. __NVCC__ is not
 *   defined: CCCL and CUTLASS take it to mean nvcc's own builtins and pragmas, which
 *   clang does not have (-D__NVCC__ on the command line does it anyway);
 * - min() and max() on integers and floating point for host code: nvcc's
 *   crt/math_functions.hpp declares them, clang's CUDA headers declare them for device
 *   code only, so `int b = min(n, 256);` before a launch does not parse. These host
 *   overloads have nvcc's signatures; device code keeps clang's;
 * - assert(): nvcc's pre-included cuda_runtime.h includes <assert.h>
 *   (crt/common_functions.h; NVRTC defines assert() itself there), so a kernel calls
 *   assert() without including anything; clang's CUDA wrapper defines
 *   __COMMON_FUNCTIONS_H__ and skips that header. With a toolkit, <assert.h> as nvcc
 *   includes it (clang's wrapper declares the device __assert_fail it calls); without
 *   one, NVRTC's definition, on __assertfail;
 * - the cache-hint loads and stores (__ldcs ... __stwb) for the types clang's headers
 *   miss, as templates that yield to any exact overload;
 * - `__CUDACC__` as 1, as nvcc defines it, and declarations of nvcc's memory-scoped
 *   atomic builtins __nv_atomic_* (its own, declared in no header);
 * - <math.h>, which nvcc's cuda_runtime.h includes (host isfinite(), isnan(), ...);
 * - what CUDA 12 and 13 removed (warplint_removed_apis.h): texture references,
 *   cudaThread*, the cudaDeviceProp fields CUDA 13 dropped.
 *
 * Everything is guarded: a macro the command line defines wins, and
 * -DWARPLINT_NO_NVCC_COMPAT turns the whole layer off.
 *
 *===----------------------------------------------------------------------===*/
#ifndef WARPLINT_NVCC_COMPAT_H
#define WARPLINT_NVCC_COMPAT_H
#if defined(__cplusplus) && defined(__CUDA__) && !defined(WARPLINT_NO_NVCC_COMPAT)
/* nvcc defines these for every compilation; clang only CUDA_VERSION (from cuda.h). */
#if !defined(__CUDACC_VER_MAJOR__) && defined(CUDA_VERSION)
#define __CUDACC_VER_MAJOR__ (CUDA_VERSION / 1000)
#define __CUDACC_VER_MINOR__ ((CUDA_VERSION % 1000) / 10)
#define __CUDACC_VER_BUILD__ 0
#endif
/* nvcc defines __CUDACC__ as 1 (`#if __CUDACC__` is common); clang's wrapper defines it
 * empty. An empty definition becomes 1; a value from the command line stays. */
#if defined(__CUDACC__) && ~(~__CUDACC__ + 0) == 0 && ~(~__CUDACC__ + 1) == 1
#undef __CUDACC__
#endif
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
/* The orders and scopes of nvcc's __nv_atomic_* builtins (crt/device_functions.h declares
 * them as enumerators only when nvcc compiles). Macros with nvcc's values. */
#ifndef __NV_ATOMIC_RELAXED
#define __NV_ATOMIC_RELAXED 0
#define __NV_ATOMIC_CONSUME 1
#define __NV_ATOMIC_ACQUIRE 2
#define __NV_ATOMIC_RELEASE 3
#define __NV_ATOMIC_ACQ_REL 4
#define __NV_ATOMIC_SEQ_CST 5
#endif
#ifndef __NV_THREAD_SCOPE_THREAD
#define __NV_THREAD_SCOPE_THREAD 0
#define __NV_THREAD_SCOPE_BLOCK 1
#define __NV_THREAD_SCOPE_CLUSTER 2
#define __NV_THREAD_SCOPE_DEVICE 3
#define __NV_THREAD_SCOPE_SYSTEM 4
#endif
/* nvcc's memory-scoped atomic builtins (CUDA 12.8 and later), which no header declares:
 * declarations with nvcc's signatures (the scope defaults to the system). */
#define __WL_NV_ATOMIC_RMW(NAME)                                               \
  template <typename T>                                                        \
  __attribute__((device)) T __nv_atomic_fetch_##NAME(                          \
      T *, T, int, int = __NV_THREAD_SCOPE_SYSTEM);                            \
  template <typename T>                                                        \
  __attribute__((device)) void __nv_atomic_##NAME(T *, T, int,                 \
                                                  int = __NV_THREAD_SCOPE_SYSTEM);
__WL_NV_ATOMIC_RMW(add)
__WL_NV_ATOMIC_RMW(sub)
__WL_NV_ATOMIC_RMW(and)
__WL_NV_ATOMIC_RMW(or)
__WL_NV_ATOMIC_RMW(xor)
__WL_NV_ATOMIC_RMW(min)
__WL_NV_ATOMIC_RMW(max)
#undef __WL_NV_ATOMIC_RMW
template <typename T>
__attribute__((device)) T __nv_atomic_load_n(const T *, int, int = __NV_THREAD_SCOPE_SYSTEM);
template <typename T>
__attribute__((device)) void __nv_atomic_load(const T *, T *, int,
                                              int = __NV_THREAD_SCOPE_SYSTEM);
template <typename T>
__attribute__((device)) void __nv_atomic_store_n(T *, T, int, int = __NV_THREAD_SCOPE_SYSTEM);
template <typename T>
__attribute__((device)) void __nv_atomic_store(T *, T *, int, int = __NV_THREAD_SCOPE_SYSTEM);
template <typename T>
__attribute__((device)) T __nv_atomic_exchange_n(T *, T, int, int = __NV_THREAD_SCOPE_SYSTEM);
template <typename T>
__attribute__((device)) void __nv_atomic_exchange(T *, T *, T *, int,
                                                  int = __NV_THREAD_SCOPE_SYSTEM);
template <typename T>
__attribute__((device)) bool __nv_atomic_compare_exchange_n(T *, T *, T, bool, int, int,
                                                            int = __NV_THREAD_SCOPE_SYSTEM);
template <typename T>
__attribute__((device)) bool __nv_atomic_compare_exchange(T *, T *, T *, bool, int, int,
                                                          int = __NV_THREAD_SCOPE_SYSTEM);
#define __WL_MINMAX(T)                                                         \
  static inline __attribute__((host)) T min(const T a, const T b) {           \
    return a < b ? a : b;                                                      \
  }                                                                            \
  static inline __attribute__((host)) T max(const T a, const T b) {           \
    return a > b ? a : b;                                                      \
  }
__WL_MINMAX(int)
__WL_MINMAX(unsigned int)
__WL_MINMAX(long)
__WL_MINMAX(unsigned long)
__WL_MINMAX(long long)
__WL_MINMAX(unsigned long long)
__WL_MINMAX(float)
__WL_MINMAX(double)
#undef __WL_MINMAX
static inline __attribute__((host)) unsigned int min(const int a, const unsigned int b) {
  return (unsigned int)a < b ? (unsigned int)a : b;
}
static inline __attribute__((host)) unsigned int min(const unsigned int a, const int b) {
  return a < (unsigned int)b ? a : (unsigned int)b;
}
static inline __attribute__((host)) unsigned int max(const int a, const unsigned int b) {
  return (unsigned int)a > b ? (unsigned int)a : b;
}
static inline __attribute__((host)) unsigned int max(const unsigned int a, const int b) {
  return a > (unsigned int)b ? a : (unsigned int)b;
}
static inline __attribute__((host)) double min(const float a, const double b) {
  return a < b ? a : b;
}
static inline __attribute__((host)) double min(const double a, const float b) {
  return a < b ? a : b;
}
static inline __attribute__((host)) double max(const float a, const double b) {
  return a > b ? a : b;
}
static inline __attribute__((host)) double max(const double a, const float b) {
  return a > b ? a : b;
}
/* The cache-hint loads and stores of sm_32_intrinsics.h (__ldcs, __ldcg, __ldca, __ldlu,
 * __ldcv; __stcs, __stcg, __stwt, __stwb): nvcc declares them for every scalar and vector
 * type from char to double2, clang's __clang_cuda_intrinsics.h only some of them (no
 * __ldca, __ldlu, __stcs, __stcg, __stwb; no unsigned long), and the bundled declarations
 * none. One template per name fills the gaps: an exact non-template overload (clang's, or
 * cuda_fp16.h's and cuda_bf16.h's for __half and __nv_bfloat16) is preferred where one
 * exists, and the stored value is not deduced, so it converts to the pointee type as with
 * nvcc's overloads. The bodies are plain accesses of the same width (warplint never runs
 * the code; the PTX that exact mode compiles differs only in the hint). */
template <class __T> struct __wl_hint_value { typedef __T type; };
#define __WL_HINT_LOAD(F)                                                      \
  template <class __T>                                                         \
  static inline __attribute__((device)) __T F(const __T *__p) {                \
    return *__p;                                                               \
  }
#define __WL_HINT_STORE(F)                                                     \
  template <class __T>                                                         \
  static inline __attribute__((device)) void F(                                \
      __T *__p, typename __wl_hint_value<__T>::type __v) {                     \
    *__p = __v;                                                                \
  }
__WL_HINT_LOAD(__ldcs)
__WL_HINT_LOAD(__ldcg)
__WL_HINT_LOAD(__ldca)
__WL_HINT_LOAD(__ldlu)
__WL_HINT_LOAD(__ldcv)
__WL_HINT_STORE(__stcs)
__WL_HINT_STORE(__stcg)
__WL_HINT_STORE(__stwt)
__WL_HINT_STORE(__stwb)
#undef __WL_HINT_LOAD
#undef __WL_HINT_STORE
/* nvcc's pre-included crt/math_functions.h includes <math.h>, whose C++ form brings
 * isfinite, isnan, isinf, the float overloads and the rest of <cmath> into the global
 * namespace for host code; clang's CUDA wrapper includes <cmath> only. The device overloads
 * declared before stay the ones device code calls (clang prefers a __device__ function to a
 * constexpr host-device one). */
#if !defined(__CUDACC_RTC__)
#include <math.h>
#endif
#if !defined(__WARPLINT_CUDA_FALLBACK__)
#include <assert.h>
#elif !defined(assert)
/* NVRTC's assert (crt/common_functions.h under __CUDACC_RTC__). */
extern "C" __attribute__((host)) __attribute__((device)) void
__assertfail(const char *__assertion, const char *__file, unsigned int __line,
             const char *__function, __SIZE_TYPE__ __charsize);
#ifdef NDEBUG
#define assert(e) (static_cast<void>(0))
#else
#define __WL_ASSERT_STR(x) #x
#define assert(e)                                                              \
  ((e) ? static_cast<void>(0)                                                  \
       : __assertfail(__WL_ASSERT_STR(e), __FILE__, __LINE__,                  \
                      __PRETTY_FUNCTION__, sizeof(char)))
#endif
#endif
#if !defined(__WARPLINT_CUDA_FALLBACK__)
#include "warplint_removed_apis.h"
#endif
#endif
#endif /* WARPLINT_NVCC_COMPAT_H */
