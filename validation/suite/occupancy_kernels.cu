// Kernels for the occupancy validation. This file is compiled once per
// register cap: nvcc -maxrregcount=REGS -DREGS=REGS. Each copy holds one kernel
// per static shared-memory size; the body keeps ACC floats live so that ptxas
// uses up to the cap. The measured numRegs (cudaFuncGetAttributes) is what the
// prediction is given, so the cap only needs to spread the register counts.
#include <cuda_runtime.h>
#include <vector>

#ifndef REGS
#error "define REGS"
#endif
#define ACC (REGS < 64 ? REGS : 160)
#define CAT2(A, B, C) A##B##C
#define CAT(A, B, C) CAT2(A, B, C)

struct OccKernel {
  const char *Name;
  const void *Fn;
  int RegCap;
  int StaticSmem;
};

template <int SmemBytes>
__device__ __forceinline__ void body(float *Out, const float *In, int N) {
  float Acc[ACC];
#pragma unroll
  for (int I = 0; I < ACC; ++I)
    Acc[I] = In[threadIdx.x + I * N];
  for (int K = 0; K < N; ++K) {
#pragma unroll
    for (int I = 0; I < ACC; ++I)
      Acc[I] = Acc[I] * Acc[(I + 1) % ACC] + Acc[(I + 7) % ACC];
  }
  float Sum = 0;
  if constexpr (SmemBytes > 0) {
    __shared__ float S[SmemBytes / 4];
    S[threadIdx.x % (SmemBytes / 4)] = Acc[0];
    __syncthreads();
    Sum = S[(threadIdx.x + 1) % (SmemBytes / 4)];
  } else {
    __syncthreads();
  }
#pragma unroll
  for (int I = 0; I < ACC; ++I)
    Sum += Acc[I];
  Out[blockIdx.x * blockDim.x + threadIdx.x] = Sum;
}

#define KERNEL(S)                                                              \
  extern "C" __global__ void CAT(occ_r, REGS, _s##S)(float *O, const float *I, \
                                                     int N) {                  \
    body<S>(O, I, N);                                                          \
  }
KERNEL(0)
KERNEL(1000)
KERNEL(8192)
KERNEL(20000)
KERNEL(48000)

#define STR2(X) #X
#define STR(X) STR2(X)
#define ENTRY(S)                                                               \
  { "occ_r" STR(REGS) "_s" #S, (const void *)CAT(occ_r, REGS, _s##S), REGS, S }

void CAT(registerKernels, REGS, )(std::vector<OccKernel> &V) {
  V.push_back(ENTRY(0));
  V.push_back(ENTRY(1000));
  V.push_back(ENTRY(8192));
  V.push_back(ENTRY(20000));
  V.push_back(ENTRY(48000));
}
