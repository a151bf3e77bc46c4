// Part of warplint: the CUDA driver API header, for load_inline's sources
// (torch writes '#include <cuda.h>' above them) when no toolkit is installed.
// Searched last (-idirafter): the toolkit's cuda.h wins.
#ifndef WARPLINT_CUDA_H_STANDIN
#define WARPLINT_CUDA_H_STANDIN
#include <cuda_runtime.h>
typedef unsigned long long CUdeviceptr;
typedef int CUresult;
typedef int CUdevice;
typedef struct CUctx_st *CUcontext;
typedef struct CUstream_st *CUstream;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
#define CUDA_SUCCESS 0
#endif
