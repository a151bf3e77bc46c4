// RUN: %warplint_dump --divergence %s -- %cuda_args | FileCheck %s --match-full-lines
// Issue 13's fourth round of facts in the divergence dump: a body that only moves data
// (data-move), a helper's loop whose bound is a warp's lanes or a constant argument (no
// scaled-loop) against one whose bound is the kernel's problem size (scaled-loop), and a
// helper's division by a parameter that the call makes a constant (a shift in the cost:
// 26 estimated instructions here, 136 when each division counted as a runtime one).

__global__ void tileLoad(float *c, const float *a, int n) {
  __shared__ float As[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  for (int t = 0; t < n; t += 16) {
    if (tx < 4)
      *reinterpret_cast<float4 *>(&As[ty][4 * tx]) =
          *reinterpret_cast<const float4 *>(&a[ty * n + t + 4 * tx]);
    __syncthreads();
    c[ty * n + tx] += As[ty][tx];
    __syncthreads();
  }
}
// CHECK: {{.*}}divergence-data-move-and-helper-loops.cu:12:5: tileLoad: blockDim 32x8 (assumed): branch if: source=thread-index:'threadIdx.x' split=exact warps=8/8 first=0 lanes=0x0000000f/32 cost=9 in-loop avoidable=8 busy=12% data-move

__device__ float sumFirst(const float *in, int count) {
  float s = 0.0f;
  for (int k = 0; k < count; ++k)
    s += in[k];
  return s;
}
__device__ float warpSum(float v) {
#pragma unroll 1
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}
__global__ void helperLoops(float *o, const float *in, int n) {
  if (threadIdx.x == 0)
    o[0] = sumFirst(in, n);
  if (threadIdx.x == 1)
    o[1] = sumFirst(in, 8);
  if (threadIdx.x < 8)
    o[2] = warpSum(in[threadIdx.x]);
}
// CHECK: {{.*}}divergence-data-move-and-helper-loops.cu:35:3: helperLoops: blockDim 256 (assumed): branch if: source=thread-index:'threadIdx.x' split=exact warps=1/8 first=0 lanes=0x00000001/32 single-lane cost=8 unpredicable contains-loop leader avoidable=0 scaled-loop
// CHECK: {{.*}}divergence-data-move-and-helper-loops.cu:37:3: helperLoops: blockDim 256 (assumed): branch if: source=thread-index:'threadIdx.x' split=exact warps=1/8 first=0 lanes=0x00000002/32 single-lane cost=8 unpredicable contains-loop leader avoidable=0
// CHECK: {{.*}}divergence-data-move-and-helper-loops.cu:39:3: helperLoops: blockDim 256 (assumed): branch if: source=thread-index:'threadIdx.x' split=exact warps=1/8 first=0 lanes=0x000000ff/32 cost=11 unpredicable contains-loop avoidable=0

__device__ int divUp(int a, int b) { return a / b + (a % b ? 1 : 0); }
__global__ void constantDivisor(int *o, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int offset = 0;
  if (x & 1)
    offset = divUp(w, 2) * divUp(h, 2);
  else
    offset = divUp(w, 3);
  o[x] = offset;
}
// CHECK: {{.*}}divergence-data-move-and-helper-loops.cu:50:3: constantDivisor: blockDim 256 (assumed): branch if: source=thread-index:'threadIdx.x' split=exact warps=8/8 first=0 lanes=0xaaaaaaaa/32 cost=26 avoidable=8 function-cost=30
