// Probe: one kernel per finding kind, to record what Nsight Compute's source
// page says for each line (validation/confirm/README.md).
#include <cstdio>
#include <cuda_runtime.h>
#include "probe_kernels.cuh"

__global__ void coalescedCopy(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
}

__global__ void stridedCopy(const float *in, float *out, int n, int stride) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if ((long)i * stride < n)
    out[i] = in[(long)i * stride];
}

__global__ void bankConflict(float *out) {
  __shared__ float tile[32][32];
  int x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = x + y;
  __syncthreads();
  out[y * 32 + x] = tile[x][y];
}

__global__ void divergent(float *out, int iters) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = out[i];
  if (threadIdx.x % 2) {
    for (int k = 0; k < iters; ++k)
      v = v * 1.0001f + 0.5f;
  } else {
    for (int k = 0; k < iters; ++k)
      v = v * 0.9999f - 0.5f;
  }
  out[i] = v;
}

__global__ void fp64InFloat(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = out[i] * 2.5 + 1.0;
}

__global__ void localArray(float *out, const int *idx, int n) {
  float a[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 64; ++k)
    a[k] = out[(i + k) % n];
  if (i < n)
    out[i] = a[idx[i] & 63];
}

template <int N> __global__ void templated(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i * N < n)
    out[i * N] += 1.0f;
}

// A short branch nvcc predicates: no divergent branch target is measured.
__global__ void predicated(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = out[i];
  if (threadIdx.x < 16)
    v = v * 2.0f;
  out[i] = v;
}

int main() {
  const int n = 1 << 20;
  float *a, *b;
  int *idx;
  cudaMalloc(&a, n * 16 * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  cudaMalloc(&idx, n * sizeof(int));
  cudaMemset(a, 0, n * 16 * sizeof(float));
  cudaMemset(b, 0, n * sizeof(float));
  cudaMemset(idx, 0, n * sizeof(int));
  coalescedCopy<<<n / 256, 256>>>(a, b, n);
  stridedCopy<<<n / 256, 256>>>(a, b, n * 16, 16);
  headerStrided<<<n / 256, 256>>>(a, b, n * 16);
  bankConflict<<<1024, dim3(32, 32)>>>(b);
  divergent<<<n / 256, 256>>>(b, 64);
  fp64InFloat<<<n / 256, 256>>>(b, n);
  localArray<<<n / 256, 256>>>(b, idx, n);
  templated<8><<<n / 256 / 8, 256>>>(b, n);
  predicated<<<n / 256, 256>>>(b);
  cudaError_t e = cudaDeviceSynchronize();
  printf("probe: %s\n", cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
