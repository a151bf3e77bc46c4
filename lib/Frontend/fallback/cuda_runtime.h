/*===- cuda_runtime.h - warplint's minimal CUDA declarations -------------===*
 *
 * Part of warplint. Used when no CUDA toolkit is installed (and by the hermetic test suite):
 * enough of the CUDA runtime API, built-in variables, vector types and device intrinsics for
 * clang to parse typical CUDA source. Declarations only: warplint never generates code.
 *
 *===----------------------------------------------------------------------===*/
#ifndef WARPLINT_FALLBACK_CUDA_RUNTIME_H
#define WARPLINT_FALLBACK_CUDA_RUNTIME_H

#define __WARPLINT_CUDA_FALLBACK__ 1
#ifndef CUDA_VERSION
#define CUDA_VERSION 12000
#endif
#ifndef CUDART_VERSION
#define CUDART_VERSION CUDA_VERSION
#endif

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
#define __grid_constant__ __attribute__((grid_constant))

typedef __SIZE_TYPE__ size_t;

/* Vector types (vector_types.h): alignment as in CUDA, which the coalescing checks use. */
#define __WL_VEC1(T, N) struct N##1 { T x; };
#define __WL_VEC2(T, N, A) struct __attribute__((aligned(A))) N##2 { T x, y; };
#define __WL_VEC3(T, N) struct N##3 { T x, y, z; };
#define __WL_VEC4(T, N, A) struct __attribute__((aligned(A))) N##4 { T x, y, z, w; };
#define __WL_VECS(T, N, A2, A4) __WL_VEC1(T, N) __WL_VEC2(T, N, A2) __WL_VEC3(T, N) __WL_VEC4(T, N, A4)
__WL_VECS(signed char, char, 2, 4)
__WL_VECS(unsigned char, uchar, 2, 4)
__WL_VECS(short, short, 4, 8)
__WL_VECS(unsigned short, ushort, 4, 8)
__WL_VECS(int, int, 8, 16)
__WL_VECS(long long, longlong, 16, 16)
__WL_VECS(unsigned long long, ulonglong, 16, 16)
__WL_VECS(float, float, 8, 16)
__WL_VECS(double, double, 16, 16)
struct uint1 { unsigned int x; };
struct __attribute__((aligned(8))) uint2 { unsigned int x, y; };
struct uint3 { unsigned int x, y, z; };
struct __attribute__((aligned(16))) uint4 { unsigned int x, y, z, w; };
#undef __WL_VECS
#undef __WL_VEC1
#undef __WL_VEC2
#undef __WL_VEC3
#undef __WL_VEC4

struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1,
                                     unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3() const { return uint3{x, y, z}; }
};

__host__ __device__ inline float2 make_float2(float x, float y) { return float2{x, y}; }
__host__ __device__ inline float4 make_float4(float x, float y, float z, float w) {
  return float4{x, y, z, w};
}
__host__ __device__ inline int2 make_int2(int x, int y) { return int2{x, y}; }
__host__ __device__ inline int4 make_int4(int x, int y, int z, int w) { return int4{x, y, z, w}; }
__host__ __device__ inline double2 make_double2(double x, double y) { return double2{x, y}; }
__host__ __device__ inline uint3 make_uint3(unsigned x, unsigned y, unsigned z) {
  return uint3{x, y, z};
}

/* threadIdx, blockIdx, blockDim, gridDim, warpSize: clang's own definitions. */
#include <__clang_cuda_builtin_vars.h>
__device__ inline __cuda_builtin_threadIdx_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_threadIdx_t::operator uint3() const { return uint3{x, y, z}; }
__device__ inline __cuda_builtin_blockIdx_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_blockIdx_t::operator uint3() const { return uint3{x, y, z}; }
__device__ inline __cuda_builtin_blockDim_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_blockDim_t::operator uint3() const { return uint3{x, y, z}; }
__device__ inline __cuda_builtin_gridDim_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_gridDim_t::operator uint3() const { return uint3{x, y, z}; }

/* Runtime API (cuda_runtime_api.h), host side. */
typedef enum cudaError { cudaSuccess = 0, cudaErrorInvalidValue = 1,
                         cudaErrorMemoryAllocation = 2 } cudaError_t;
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
enum cudaMemcpyKind { cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1,
                      cudaMemcpyDeviceToHost = 2, cudaMemcpyDeviceToDevice = 3,
                      cudaMemcpyDefault = 4 };
#define cudaHostAllocDefault 0x00
#define cudaHostAllocMapped 0x02
#define cudaMemAttachGlobal 0x01
struct cudaDeviceProp { char name[256]; int major, minor, multiProcessorCount,
                        warpSize, maxThreadsPerBlock, integrated, canMapHostMemory;
                        size_t sharedMemPerBlock; int regsPerBlock; };

extern "C" {
/* The launch syntax <<<...>>> lowers to one of these, by toolkit version. */
int cudaConfigureCall(dim3 gridSize, dim3 blockSize, size_t sharedSize = 0,
                      cudaStream_t stream = 0);
unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                     size_t sharedMem = 0, void *stream = 0);
/* A launch in device code (a __host__ __device__ function, which lambdas and
   constexpr functions are implicitly, seen from the device side): the device
   runtime's launch and its parameter buffer, as cuda_device_runtime_api.h
   declares them. */
__device__ void *cudaGetParameterBuffer(size_t alignment, size_t size);
__device__ cudaError_t cudaLaunchDevice(void *func, void *parameterBuffer,
                                        dim3 gridDimension, dim3 blockDimension,
                                        unsigned int sharedMemSize,
                                        cudaStream_t stream);
cudaError_t cudaMalloc(void **devPtr, size_t size);
cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned flags = 1);
cudaError_t cudaMallocHost(void **ptr, size_t size);
cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned flags);
cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned flags);
cudaError_t cudaFree(void *devPtr);
cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count,
                            cudaMemcpyKind kind, cudaStream_t stream = 0);
cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count,
                               size_t offset = 0,
                               cudaMemcpyKind kind = cudaMemcpyHostToDevice);
cudaError_t cudaMemset(void *devPtr, int value, size_t count);
cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count,
                            cudaStream_t stream = 0);
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch,
                         size_t width, size_t height, cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src,
                              size_t spitch, size_t width, size_t height,
                              cudaMemcpyKind kind, cudaStream_t stream = 0);
cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src,
                                    size_t count, size_t offset,
                                    cudaMemcpyKind kind, cudaStream_t stream = 0);
cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count,
                                 size_t offset = 0,
                                 cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned flags);
cudaError_t cudaHostUnregister(void *ptr);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorString(cudaError_t error);
cudaError_t cudaGetDeviceProperties(cudaDeviceProp *prop, int device);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaStreamCreate(cudaStream_t *stream);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaEventCreate(cudaEvent_t *event);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
cudaError_t cudaEventDestroy(cudaEvent_t event);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks,
                                                          const void *func,
                                                          int blockSize,
                                                          size_t dynamicSMemSize);
/* Launches through the runtime API (cuda_runtime_api.h, driver_types.h). */
typedef struct cudaLaunchAttribute_st { int id; int pad[15]; } cudaLaunchAttribute;
typedef struct cudaLaunchConfig_st {
  dim3 gridDim;
  dim3 blockDim;
  size_t dynamicSmemBytes;
  cudaStream_t stream;
  cudaLaunchAttribute *attrs;
  unsigned int numAttrs;
} cudaLaunchConfig_t;
cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim,
                             void **args, size_t sharedMem, cudaStream_t stream);
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim,
                                        dim3 blockDim, void **args,
                                        size_t sharedMem, cudaStream_t stream);
cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config,
                                const void *func, void **args);
}
/* The C++ forms (cuda_runtime.h). */
template <class T>
inline cudaError_t cudaLaunchKernel(const T *func, dim3 gridDim, dim3 blockDim,
                                    void **args, size_t sharedMem = 0,
                                    cudaStream_t stream = 0) {
  return ::cudaLaunchKernel((const void *)func, gridDim, blockDim, args,
                            sharedMem, stream);
}
template <class T>
inline cudaError_t cudaLaunchCooperativeKernel(const T *func, dim3 gridDim,
                                               dim3 blockDim, void **args,
                                               size_t sharedMem = 0,
                                               cudaStream_t stream = 0) {
  return ::cudaLaunchCooperativeKernel((const void *)func, gridDim, blockDim,
                                       args, sharedMem, stream);
}
template <typename... ExpTypes, typename... ActTypes>
inline cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config,
                                      void (*kernel)(ExpTypes...),
                                      ActTypes &&...args) {
  void *pArgs[sizeof...(args) > 0 ? sizeof...(args) : 1] = {(void *)&args...};
  return cudaLaunchKernelExC(config, (const void *)kernel, pArgs);
}
template <class T> inline cudaError_t cudaMalloc(T **devPtr, size_t size) {
  return cudaMalloc((void **)devPtr, size);
}
template <class T>
inline cudaError_t cudaMallocManaged(T **devPtr, size_t size, unsigned flags = 1) {
  return cudaMallocManaged((void **)devPtr, size, flags);
}
template <class T> inline cudaError_t cudaMallocHost(T **ptr, size_t size) {
  return cudaMallocHost((void **)ptr, size);
}
template <class T>
inline cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count,
                                      size_t offset = 0,
                                      cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return cudaMemcpyToSymbol((const void *)&symbol, src, count, offset, kind);
}

/* Device intrinsics: barriers, fences, votes, shuffles, atomics, read-only loads. */
/* __syncthreads() is a clang builtin. */
__device__ inline int __syncthreads_count(int p) { return __nvvm_bar0_popc(p); }
__device__ inline int __syncthreads_and(int p) { return __nvvm_bar0_and(p); }
__device__ inline int __syncthreads_or(int p) { return __nvvm_bar0_or(p); }
__device__ inline void __syncwarp(unsigned mask = 0xffffffff) { __nvvm_bar_warp_sync(mask); }
__device__ inline void __threadfence(void) { __nvvm_membar_gl(); }
__device__ inline void __threadfence_block(void) { __nvvm_membar_cta(); }
__device__ unsigned __ballot_sync(unsigned mask, int pred);
__device__ int __all_sync(unsigned mask, int pred);
__device__ int __any_sync(unsigned mask, int pred);
__device__ unsigned __activemask(void);
__device__ int __shfl_sync(unsigned mask, int var, int srcLane, int width = 32);
__device__ float __shfl_sync(unsigned mask, float var, int srcLane, int width = 32);
__device__ double __shfl_sync(unsigned mask, double var, int srcLane, int width = 32);
__device__ int __shfl_down_sync(unsigned mask, int var, unsigned delta, int width = 32);
__device__ float __shfl_down_sync(unsigned mask, float var, unsigned delta, int width = 32);
__device__ double __shfl_down_sync(unsigned mask, double var, unsigned delta, int width = 32);
__device__ int __shfl_up_sync(unsigned mask, int var, unsigned delta, int width = 32);
__device__ float __shfl_up_sync(unsigned mask, float var, unsigned delta, int width = 32);
__device__ int __shfl_xor_sync(unsigned mask, int var, int laneMask, int width = 32);
__device__ float __shfl_xor_sync(unsigned mask, float var, int laneMask, int width = 32);
__device__ double __shfl_xor_sync(unsigned mask, double var, int laneMask, int width = 32);
__device__ int __reduce_add_sync(unsigned mask, int value);
__device__ unsigned __reduce_add_sync(unsigned mask, unsigned value);
__device__ int atomicAdd(int *address, int val);
__device__ unsigned atomicAdd(unsigned *address, unsigned val);
__device__ unsigned long long atomicAdd(unsigned long long *address, unsigned long long val);
__device__ float atomicAdd(float *address, float val);
__device__ double atomicAdd(double *address, double val);
__device__ int atomicSub(int *address, int val);
__device__ int atomicExch(int *address, int val);
__device__ float atomicExch(float *address, float val);
__device__ int atomicMin(int *address, int val);
__device__ int atomicMax(int *address, int val);
__device__ int atomicCAS(int *address, int compare, int val);
__device__ unsigned atomicCAS(unsigned *address, unsigned compare, unsigned val);
__device__ unsigned long long atomicCAS(unsigned long long *address,
                                        unsigned long long compare,
                                        unsigned long long val);
__device__ int atomicOr(int *address, int val);
__device__ int atomicAnd(int *address, int val);
__device__ float __ldg(const float *p);
__device__ int __ldg(const int *p);
__device__ double __ldg(const double *p);
__device__ float4 __ldg(const float4 *p);
__device__ float2 __ldg(const float2 *p);
__device__ int __popc(unsigned x);
__device__ int __clz(int x);
__device__ int __ffs(int x);
__device__ unsigned __brev(unsigned x);
__device__ int __mul24(int x, int y);
__device__ int __umul24(unsigned x, unsigned y);
__device__ long long clock64(void);
__device__ int clock(void);

/* Math (math_functions.h): device overloads, float and double. */
#define __WL_MATH1(F) __device__ float F##f(float); __device__ double F(double); \
  __device__ float F(float);
#define __WL_MATH2(F) __device__ float F##f(float, float); __device__ double F(double, double); \
  __device__ float F(float, float);
__WL_MATH1(sqrt) __WL_MATH1(rsqrt) __WL_MATH1(cbrt) __WL_MATH1(rcbrt) __WL_MATH1(exp)
__WL_MATH1(exp2) __WL_MATH1(exp10) __WL_MATH1(expm1) __WL_MATH1(log) __WL_MATH1(log2)
__WL_MATH1(log10) __WL_MATH1(log1p) __WL_MATH1(sin) __WL_MATH1(cos) __WL_MATH1(tan)
__WL_MATH1(asin) __WL_MATH1(acos) __WL_MATH1(atan) __WL_MATH1(sinh) __WL_MATH1(cosh)
__WL_MATH1(tanh) __WL_MATH1(sinpi) __WL_MATH1(cospi) __WL_MATH1(fabs) __WL_MATH1(floor)
__WL_MATH1(ceil) __WL_MATH1(trunc) __WL_MATH1(round) __WL_MATH1(rint) __WL_MATH1(erf)
__WL_MATH1(erfc) __WL_MATH1(lgamma) __WL_MATH1(tgamma)
__WL_MATH2(pow) __WL_MATH2(fmin) __WL_MATH2(fmax) __WL_MATH2(fmod) __WL_MATH2(atan2)
__WL_MATH2(hypot) __WL_MATH2(copysign) __WL_MATH2(fdim)
#undef __WL_MATH1
#undef __WL_MATH2
/* pow(float, int) and pow(double, int) as in CUDA's math_functions.hpp (powif, powi). */
__device__ float pow(float, int);
__device__ double pow(double, int);
extern "C" __device__ float powif(float, int);
extern "C" __device__ double powi(double, int);
/* Mixed argument types promote as <cmath> does: pow(float, double) is pow(double, double). */
template <class T, class U> struct __wl_promote2 { typedef double type; };
template <> struct __wl_promote2<float, float> { typedef float type; };
#define __WL_MATH2_MIXED(F)                                                     \
  template <class T, class U>                                                   \
  __device__ inline typename __wl_promote2<T, U>::type F(T a, U b) {            \
    typedef typename __wl_promote2<T, U>::type R;                               \
    return F((R)a, (R)b);                                                       \
  }
__WL_MATH2_MIXED(pow) __WL_MATH2_MIXED(fmin) __WL_MATH2_MIXED(fmax) __WL_MATH2_MIXED(fmod)
__WL_MATH2_MIXED(atan2) __WL_MATH2_MIXED(hypot) __WL_MATH2_MIXED(copysign) __WL_MATH2_MIXED(fdim)
#undef __WL_MATH2_MIXED
__device__ void sincospi(double, double *, double *);
__device__ float fmaf(float, float, float);
__device__ double fma(double, double, double);
__device__ void sincosf(float, float *, float *);
__device__ void sincos(double, double *, double *);
__device__ void sincospif(float, float *, float *);
__device__ float __sinf(float);
__device__ float __cosf(float);
__device__ float __expf(float);
__device__ float __logf(float);
__device__ float __powf(float, float);
__device__ float __fdividef(float, float);
__device__ float __saturatef(float);
__device__ int min(int, int);
__device__ int max(int, int);
__device__ unsigned min(unsigned, unsigned);
__device__ unsigned max(unsigned, unsigned);
__device__ int abs(int);
__device__ float __int_as_float(int);
__device__ int __float_as_int(float);
__device__ float __int2float_rn(int);
__device__ int __float2int_rn(float);

#include "warplint_nvcc_compat.h"

#endif /* WARPLINT_FALLBACK_CUDA_RUNTIME_H */
