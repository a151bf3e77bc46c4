// RUN: %warplint_dump --transfers %s -- %cuda_args | FileCheck %s --implicit-check-not=transfers.cu
// The host-transfer analysis' dump mode (lib/Analysis/HostTransfers): one line per
// transfer call of the host code (API, direction, stream, bytes, where the host buffer
// was allocated, the loop around it with its trip count, the helper calls that reach it,
// whether the loop is staged or launches kernels), then one line per round trip.
#include <stdlib.h>
__global__ void k(float *a) { a[threadIdx.x] += 1.0f; }
__constant__ float coeffs[16];
typedef unsigned long long CUdeviceptr;
typedef struct CUstream_st *CUstream;
extern "C" int cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t n);
#define cuMemcpyHtoD cuMemcpyHtoD_v2

void loops(float *d, int n) {
  float *h = (float *)malloc(1024 * sizeof(float));
  float *p;
  cudaMallocHost(&p, 4096);
  float stackArr[256];
  for (int i = 0; i < 100; ++i)
    cudaMemcpy(d + i * 256, h + i * 256, 256 * sizeof(float), cudaMemcpyHostToDevice);
  int it = 0;
  while (it < n) {
    k<<<1, 256>>>(d);
    cudaMemcpy(stackArr, d, sizeof(stackArr), cudaMemcpyDeviceToHost);
    ++it;
  }
  for (int i = 0; i < 10; ++i)
    cudaMemcpy(d, d + 256, 1024, cudaMemcpyDeviceToDevice);
  cudaStream_t s[4];
  for (int i = 0; i < 4; ++i) {
    cudaMemcpyAsync(d + i * 64, p + i * 64, 256, cudaMemcpyHostToDevice, s[i]);
    k<<<1, 64, 0, s[i]>>>(d + i * 64);
  }
  for (int i = 0; i < 8; i += 2)
    cudaMemcpyToSymbol(coeffs, h, 64);
  for (int i = 0; i < 3; ++i)
    cuMemcpyHtoD((CUdeviceptr)d, h, 64);
  cudaMemcpyAsync(d, h, 64, cudaMemcpyHostToDevice, s[0]);
  cudaMemcpyAsync(d, p, 64, cudaMemcpyHostToDevice, s[0]);
}

static void upload(float *d, const float *h, int n) {
  cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
}
void helpers(float *d, float *h, int n) {
  for (int step = 0; step < n; ++step) {
    upload(d, h, 256);
    k<<<1, 256>>>(d);
  }
}

void roundTrip(float *d, float *h) {
  k<<<1, 256>>>(d);
  cudaMemcpy(h, d, 1024, cudaMemcpyDeviceToHost);
  cudaMemcpy(d, h, 1024, cudaMemcpyHostToDevice);
  k<<<1, 256>>>(d);
}
void hostWork(float *d, float *h) {
  k<<<1, 256>>>(d);
  cudaMemcpy(h, d, 1024, cudaMemcpyDeviceToHost);
  h[0] = 1.0f;
  cudaMemcpy(d, h, 1024, cudaMemcpyHostToDevice);
  k<<<1, 256>>>(d);
}
// CHECK: transfers.cu:20:5: cudaMemcpy host-to-device in 'loops', 1024 bytes, host pageable (malloc), loop at line 19 x100
// CHECK-NEXT: transfers.cu:24:5: cudaMemcpy device-to-host in 'loops', 1024 bytes, host pageable (stack array), loop at line 22, launches
// CHECK-NEXT: transfers.cu:28:5: cudaMemcpy device-to-device in 'loops', 1024 bytes, loop at line 27 x10
// CHECK-NEXT: transfers.cu:31:5: cudaMemcpyAsync host-to-device async in 'loops', stream, 256 bytes, host pinned (cudaMallocHost), loop at line 30 x4, staged, launches
// CHECK-NEXT: transfers.cu:35:5: cudaMemcpyToSymbol host-to-device in 'loops', 64 bytes, host pageable (malloc), loop at line 34 x4
// CHECK-NEXT: transfers.cu:37:5: cuMemcpyHtoD host-to-device in 'loops', 64 bytes, host pageable (malloc), loop at line 36 x3
// CHECK-NEXT: transfers.cu:38:3: cudaMemcpyAsync host-to-device async in 'loops', stream, 64 bytes, host pageable (malloc)
// CHECK-NEXT: transfers.cu:39:3: cudaMemcpyAsync host-to-device async in 'loops', stream, 64 bytes, host pinned (cudaMallocHost)
// CHECK-NEXT: transfers.cu:43:3: cudaMemcpy host-to-device in 'upload', 1024 bytes, host unknown, loop at line 46 via line 47, launches
// CHECK-NEXT: transfers.cu:54:3: cudaMemcpy device-to-host in 'roundTrip', 1024 bytes, host unknown
// CHECK-NEXT: transfers.cu:55:3: cudaMemcpy host-to-device in 'roundTrip', 1024 bytes, host unknown
// CHECK-NEXT: transfers.cu:60:3: cudaMemcpy device-to-host in 'hostWork', 1024 bytes, host unknown
// CHECK-NEXT: transfers.cu:62:3: cudaMemcpy host-to-device in 'hostWork', 1024 bytes, host unknown
// CHECK-NEXT: transfers.cu:55:3: round trip of 'h' from line 54, unchanged
// CHECK-NEXT: transfers.cu:62:3: round trip of 'h' from line 60, host uses it
