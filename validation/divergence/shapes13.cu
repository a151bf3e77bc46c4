// Issue 13: the branch shapes real code reported as divergent although they cost nothing
// (or little), each beside a variant that does cost, for nvcc 13 -O3 sm_90 SASS and
// Nsight Compute's branch counters (validation/divergence/run.sh with harness.cu).
#include <cuda_fp16.h>

// while (clock64() < end): one clock read gives every lane the same value? (measured:
// divergent targets of the spin loop).
__global__ void s_clockSpin(float *o, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  long long end = clock64() + 2000;
  while (clock64() < end)
    ;
  if (i < n) o[i] = in[i];
}

// A value loaded once through a warp-uniform address, a fixed-lane shuffle, a vote.
__global__ void s_uniformSources(float *o, const float *in, const int *ci, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int flag = ci[blockIdx.x];                        // uniform address
  int lead = __shfl_sync(0xffffffffu, ci[i], 0);    // fixed source lane
  int any = __any_sync(0xffffffffu, v > 0.5f);      // vote
  if (flag > 3) { v = v * v + 1.0f; v = v * v + 2.0f; v = v * v + 3.0f; v = v * v + 4.0f; v = sqrtf(v); v = v * v + 5.0f; v = v * v + 6.0f; v = v * v + 7.0f; }
  if (lead > 3) { v = v * v + 1.0f; v = v * v + 2.0f; v = v * v + 3.0f; v = v * v + 4.0f; v = sqrtf(v); v = v * v + 5.0f; v = v * v + 6.0f; v = v * v + 7.0f; }
  if (any) { v = v * v + 1.0f; v = v * v + 2.0f; v = v * v + 3.0f; v = v * v + 4.0f; v = sqrtf(v); v = v * v + 5.0f; v = v * v + 6.0f; v = v * v + 7.0f; }
  o[i] = v;
}

// if (threadIdx.x < 16) v[t] = __hadd2(v[t], v[t + 16]): a few predicated instructions?
__global__ void s_hadd2Tail(float *o, const float *in, int n) {
  __shared__ __half2 v[64];
  int t = threadIdx.x;
  const __half2 *src = (const __half2 *)in;
  if (t < 64) v[t] = src[blockIdx.x * 64 + t];
  __syncthreads();
  if (t < 16) v[t] = __hadd2(v[t], v[t + 16]);
  __syncthreads();
  if (t < 64) ((__half2 *)o)[blockIdx.x * 64 + t] = v[t];
}

// if (swap) { if (s < len) a[s] = x; else b[s - len] = x; ... }: predicated stores.
__global__ void s_swapStores(float *o, const float *in, const int *ci, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = in[i], y = in[i + n];
  bool swap = ci[i] & 1; // data decides
  int len = n / 2;
  int s = i;
  if (swap) {
    if (s < len) o[s] = x; else o[2 * n + s - len] = x;
    if (s < len) o[n + s] = y; else o[3 * n + s - len] = y;
  }
}

// do { ... break; ... } while (0): not a loop.
__global__ void s_doWhile0(float *o, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  do {
    if (i >= n) break;
    if (threadIdx.x & 1) v = v * v + 1.0f;
    o[i] = v;
  } while (0);
}

// A kernel launched <<<1, 1>>>: one thread, nothing can split.
__global__ void s_singleThread(float *o, const float *in, int n) {
  float acc = 0.0f;
  for (int k = 0; k < 64; ++k)
    if (in[k] > 0.0f) acc += in[k]; else acc -= in[k];
  o[0] = acc;
}

// if (ty == 0 && by == 0): only the blocks with blockIdx.y == 0 can split (16x16 blocks:
// a warp is two rows, ty == 0 keeps lanes 0-15).
__global__ void s_tyByZero(float *o, const float *in, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[x];
  if (threadIdx.y == 0 && blockIdx.y == 0) {
    for (int k = 0; k < 16; ++k) v = v * v + 0.5f;
    o[x] = v;
  }
}

// for (it = b + tid; it < end; it += N) if (it < end) ...: the inner guard is implied.
__global__ void s_impliedGuard(float *o, const float *in, int n) {
  int tid = threadIdx.x;
  int b = blockIdx.x * 1024, end = b + 1000;
  for (int it = b + tid; it < end; it += blockDim.x)
    if (it < end) o[it] = in[it] * 2.0f;
}

// if (lane_id == 0) atomicAdd(...): the warp-aggregated atomic.
__global__ void s_leaderAtomic(float *o, const float *in, int *io, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane_id = threadIdx.x % 32;
  int pred = in[i] > 0.0f;
  int cnt = __popc(__ballot_sync(0xffffffffu, pred));
  if (lane_id == 0) atomicAdd(io, cnt);
}

// A tree walk: one lane-varying condition tested at each level of an unrolled loop.
__global__ void s_treeWalk(float *o, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int node = 0;
#pragma unroll
  for (int level = 0; level < 6; ++level) {
    if (v < in[n + node]) node = 2 * node + 1; else node = 2 * node + 2;
  }
  o[i] = in[2 * n + node];
}

// A costly split for contrast: half the warp runs a long loop.
__global__ void s_costly(float *o, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (threadIdx.x % 32 < 16)
    for (int k = 0; k < 64; ++k) v = v * v + 0.25f;
  o[i] = v;
}

void launch_all(float *o, const float *in, int *ci, int *io, int n) {
  const int g = n / 256;
  s_clockSpin<<<g, 256>>>(o, in, n);
  s_uniformSources<<<g, 256>>>(o, in, ci, n);
  s_hadd2Tail<<<g / 4, 64>>>(o, in, n);
  s_swapStores<<<g, 256>>>(o, in, ci, n);
  s_doWhile0<<<g, 256>>>(o, in, n);
  s_singleThread<<<1, 1>>>(o, in, n);
  s_tyByZero<<<dim3(g / 4, 4), dim3(16, 16)>>>(o, in, n);
  s_impliedGuard<<<g, 256>>>(o, in, n);
  s_leaderAtomic<<<g, 256>>>(o, in, io, n);
  s_treeWalk<<<g, 256>>>(o, in, n);
  s_costly<<<g, 256>>>(o, in, n);
}
