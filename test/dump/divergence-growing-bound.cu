// RUN: %warplint_dump --divergence %s -- %cuda_args | FileCheck %s --match-full-lines
// Issue 13's seventh round in the divergence dump: a loop whose bound grows with the lane
// while a uniform counter runs up to it is marked growing-bound (its trip counts differ in
// every warp, so the check keeps it High); a tail guard is not.

typedef unsigned int uint;

__global__ void triangle(float *out, const float *in, uint w) {
  uint x = blockIdx.x * blockDim.x + threadIdx.x;
  float step = 1.0f / float(w);
  float to = float(x) * step, cur = 0.0f, acc = 0.0f;
  while (cur < to) {
    acc += in[uint(cur * w)] * step;
    cur += step;
  }
  out[x] = acc;
}
// CHECK: {{.*}}divergence-growing-bound.cu:[[@LINE-6]]:3: triangle: blockDim 256 (assumed): branch loop: source=thread-index:'threadIdx.x' split=none cost={{[0-9]+}} unpredicable contains-loop growing-bound scaled-loop

__global__ void tail(float *out, const float *in, uint n) {
  for (uint i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    out[i] = sqrtf(in[i]) * expf(in[i]);
}
// CHECK-NOT: growing-bound
// CHECK: {{.*}}divergence-growing-bound.cu:[[@LINE-4]]:{{.*}}tail-guard{{.*}}
// CHECK-NOT: growing-bound

// A mask below a rounded-up bound of the same value: every lane holds it, so the dump
// lists only the second branch (a possible split on stride).
__device__ uint roundUp(uint a) { return ((a % 128) == 0) ? (a / 128) : (a / 128 + 1); }
__global__ void masked(uint *r, const uint *k, uint stride, uint n) {
  uint pos = blockIdx.x * blockDim.x + threadIdx.x;
  const uint i = pos & ((stride / 128) - 1);
  uint acc = 0;
  if (i < roundUp(stride))
    for (uint s = n; s > 0; s >>= 1)
      acc += k[s + i];
  if (i < stride / 256)
    for (uint s = n; s > 0; s >>= 1)
      acc += k[s * 2 + i];
  r[pos] = acc;
}
// CHECK-NOT: divergence-growing-bound.cu:[[@LINE-8]]:
// CHECK: {{.*}}divergence-growing-bound.cu:[[@LINE-6]]:3: masked: blockDim 256 (assumed): branch if: source=thread-index:'threadIdx.x' split=none undecided=stride {{.*}}
