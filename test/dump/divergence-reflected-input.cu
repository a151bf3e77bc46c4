// RUN: %warplint_dump --divergence %s -- %cuda_args | FileCheck %s --match-full-lines
// Issue 13, tenth round: a helper that folds its lane-linear input into the lower half
// (`if (x >= c) x = k - x;`) keeps a threshold on it a tail guard (tail-guard); one that
// folds it by a remainder does not.

__device__ float folded(unsigned x) {
  if (x >= 0x80000000U)
    x = 0xffffffffU - x;
  float p = x * 2.3283064e-10f;
  float z = 0.0f;
  if (p > 0.08f)
    z = sqrtf(p) * p + p * p * p + sqrtf(p + 1.0f) + sqrtf(p + 2.0f);
  return z;
}

__device__ float remainder(unsigned x) {
  if (x >= 0x80000000U)
    x = x % 1000U;
  float p = x * 0.001f;
  float z = 0.0f;
  if (p > 0.5f)
    z = sqrtf(p) * p + p * p * p + sqrtf(p + 1.0f) + sqrtf(p + 2.0f);
  return z;
}

__global__ void k(float *o, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  o[i] = folded(i * 4096U) + remainder(i * 4096U);
}

// CHECK: {{.*}}divergence-reflected-input.cu:11:3: k: blockDim 256 (assumed): branch if: source=thread-index:'threadIdx.x' split=none cost={{[0-9]+}} tail-guard via={{.*}}:28:10 function-cost={{[0-9]+}}
// CHECK: {{.*}}divergence-reflected-input.cu:21:3: k: blockDim 256 (assumed): branch if: source=thread-index:'threadIdx.x' split=none cost={{[0-9]+}} via={{.*}}:28:30 function-cost={{[0-9]+}}
