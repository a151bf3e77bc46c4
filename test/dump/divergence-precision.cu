// RUN: %warplint_dump --divergence %s -- %cuda_args | FileCheck %s --match-full-lines
// Issue 13's second round of facts in the divergence dump: loops nvcc unrolls in full are
// straight-line code (their cost is trips x body, they are no loop under a branch, and a
// branch inside one is copied, not repeated: unrolled-copies=), one lane left out
// (left-out), a bound guard on an index passed to a helper (tail-guard), a loop whose
// lanes start apart but run the same trips (not reported), and data read into a
// reference parameter (source=load).

__device__ float heavy(float x) { return sqrtf(x) + sqrtf(x + 1.0f); }

// A 4-trip loop unrolls: 4 x (one FMA) and a store, predicable, no loop.
__global__ void unrolledSmall(float *o, const float *in) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[x];
  if (threadIdx.x < 16) {
    for (int k = 0; k < 4; ++k)
      v = v * v + 0.5f;
    o[x] = v;
  }
}
// CHECK: {{.*}}divergence-precision.cu:15:3: unrolledSmall: blockDim 256 (assumed): branch if: source=thread-index:'threadIdx.x' split=exact warps=1/8 first=0 lanes=0x0000ffff/32 cost=5 avoidable=0 function-cost=9

// `#pragma unroll 1` keeps the loop a loop; a runtime trip count too.
__global__ void rolled(float *o, const float *in, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[x];
  if (threadIdx.x < 16) {
#pragma unroll 1
    for (int k = 0; k < 4; ++k)
      v = v * v + 0.5f;
    o[x] = v;
  }
  if (threadIdx.x >= 16)
    for (int k = 0; k < n; ++k)
      v = v * v + 0.5f;
  o[x + 1] = v;
}
// CHECK: {{.*}}divergence-precision.cu:27:3: rolled: blockDim 256 (assumed): branch if: source=thread-index:'threadIdx.x' split=exact warps=1/8 first=0 lanes=0x0000ffff/32 cost=4 unpredicable contains-loop avoidable=0
// CHECK: {{.*}}divergence-precision.cu:33:3: rolled: blockDim 256 (assumed): branch if: source=thread-index:'threadIdx.x' split=exact warps=1/8 first=0 lanes=0xffff0000/32 cost=3 unpredicable contains-loop avoidable=0 scaled-loop

// A branch in an unrolled 3-trip loop is copied three times, not repeated.
__global__ void inUnrolled(float *o) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
  for (int i = 0; i < 3; ++i)
    if (threadIdx.x < 8)
      o[x + i] = heavy(o[x + i]);
}
// CHECK: {{.*}}divergence-precision.cu:46:5: inUnrolled: blockDim 256 (assumed): branch if: source=thread-index:'threadIdx.x' split=exact warps=1/8 first=0 lanes=0x000000ff/32 cost=49 unrolled-copies=3 avoidable=0 function-cost=154

// x != y on the diagonal of a 2-D grid (blocks of 32 columns): one lane left out.
__global__ void diagonal(float *o, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x != y)
    o[y * w + x] = heavy(o[y * w + x]) + heavy(o[y * w + x + 1]);
}
// CHECK: {{.*}}divergence-precision.cu:55:3: diagonal: blockDim 32x8 (assumed): branch if: source=thread-index:'threadIdx.x' split=none cost=98 left-out function-cost=102

// The index reaches the helper as a parameter; the count is the same for the block.
__device__ void firstN(float *o, unsigned tid, unsigned count) {
  if (tid < count)
    o[tid] = heavy(o[tid]) + heavy(o[tid + 1]);
  if (tid % 32 < count)
    o[tid] = heavy(o[tid]);
}
__global__ void helperBound(float *o, const unsigned *counts) {
  __shared__ unsigned active;
  if (threadIdx.x == 0)
    active = counts[blockIdx.x];
  __syncthreads();
  firstN(o, threadIdx.x, active);
}
// CHECK: {{.*}}divergence-precision.cu:62:3: helperBound: blockDim 256 (assumed): branch if: source=thread-index:'threadIdx.x' split=none cost=95 tail-guard via={{.*}}divergence-precision.cu:72:3 function-cost=154
// CHECK: {{.*}}divergence-precision.cu:64:3: helperBound: blockDim 256 (assumed): branch if: source=thread-index:'threadIdx.x' split=none cost=47 via={{.*}}divergence-precision.cu:72:3 function-cost=154
// CHECK: {{.*}}divergence-precision.cu:69:3: helperBound: blockDim 256 (assumed): branch if: source=thread-index:'threadIdx.x' split=exact warps=1/8 first=0 lanes=0x00000001/32 single-lane cost=1 leader avoidable=0 function-cost=154

// Each lane sums its own column: different starts, the same trips.
__global__ void columnSums(float *o, int rows, int cols) {
  for (int c = threadIdx.x; c < cols; c += blockDim.x) {
    int start = c * rows;
    float sum = 0.0f;
    for (int p = start; p < start + rows; p++) {
      sum += o[p];
      o[p] = sum;
    }
  }
}
// CHECK: {{.*}}divergence-precision.cu:80:3: columnSums: blockDim 256 (assumed): branch loop: source=thread-index:'threadIdx.x' split=none undecided=c,cols cost=7 unpredicable contains-loop tail-guard scaled-loop
// CHECK-NOT: divergence-precision.cu:83:

// A helper reads each lane's interval into reference parameters: data decides.
__device__ void readInterval(const float *s, unsigned tid, float &lo, float &hi) {
  lo = s[2 * tid];
  hi = s[2 * tid + 1];
}
__global__ void intervals(float *o, const float *s) {
  float lo = 0.0f, hi = 0.0f;
  readInterval(s, threadIdx.x, lo, hi);
  if (lo != hi)
    o[threadIdx.x] = heavy(lo) + heavy(hi);
}
// CHECK: {{.*}}divergence-precision.cu:100:3: intervals: blockDim 256 (assumed): branch if: source=load:'s[2 * tid]' data-dependent split=none cost=92 function-cost=100
