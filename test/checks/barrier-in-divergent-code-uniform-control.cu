// RUN: %check_warplint --checks=-*,warplint-barrier-in-divergent-code %s
// Control flow that looks lane-varying but that every thread of the block takes alike
// (good_*), and warp-uniform splits whose sides arrive at the same number of barriers,
// which GPUs since Volta count as arrivals at one barrier (a Low note, never a hang). The target is the
// default sm_90; block shapes come from the launches at the end.
// Before Volta (sm_60) the balanced warp-uniform split keeps the High wording.
// RUN: %expect_exit 1 %warplint --arch=sm_60 --checks='-*,warplint-barrier-in-divergent-code' %s -- %cuda_args 2>&1 | FileCheck --check-prefix=PASCAL %s
// PASCAL: :[[@LINE+122]]:5: warning: __syncthreads() is reached under a condition that differs between threads of the block {{.*}} (High priority
// PASCAL-NOT: Low priority
#define FULL 0xffffffffu

// ---- loops whose lane offset cancels: every lane runs the same trips ----
__global__ void good_cancelledLaneOffset(float *out, const float *in, int b, int e) {
  __shared__ float tile[256];
  for (int t = b + threadIdx.x; t < e + threadIdx.x; t += 256) {
    tile[threadIdx.x] = in[t];
    __syncthreads();
    out[t] = tile[255 - threadIdx.x];
    __syncthreads();
  }
}
__global__ void good_cancelledLaneOffsetReused(float *out, const float *in, const int *offsets) {
  __shared__ float tile[256];
  int b = offsets[blockIdx.x], e = offsets[blockIdx.x + 1];
  int t;
  for (t = b + threadIdx.x; t < e + threadIdx.x; t += blockDim.x) {
    tile[threadIdx.x] = in[t];
    __syncthreads();
    out[t] = tile[255 - threadIdx.x];
    __syncthreads();
  }
}
__global__ void good_paddedBlockStrideBound(int *out, const int *in, int n) {
  __shared__ int s_any;
  const int padded = blockDim.x * ((n + blockDim.x - 1) / blockDim.x);
  for (int i = threadIdx.x; i < padded; i += blockDim.x) {
    int v = i < n ? in[i] : 0;
    if (threadIdx.x == 0)
      s_any = 0;
    __syncthreads();
    if (v)
      atomicOr(&s_any, 1);
    __syncthreads();
    if (i < n)
      out[i] = s_any;
  }
}
__global__ void bad_unpaddedBlockStrideBound(int *out, const int *in, int n) {
  __shared__ int s_any;
  for (int i = threadIdx.x; i < n + 1; i += blockDim.x) {
    if (threadIdx.x == 0)
      s_any = 0;
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: __syncthreads() is inside a loop whose trip count differs between threads of the block (line {{[0-9]+}}): threads that leave the loop early never arrive; the kernel can hang or read stale shared memory (undefined behaviour) (High priority, CUDA Best Practices Guide §12.1) [warplint-barrier-in-divergent-code]
    out[i] = s_any + in[i];
  }
}
__global__ void bad_laneOffsetOnStartOnly(float *out, const float *in, int e) {
  __shared__ float tile[256];
  for (int t = threadIdx.x; t < e; t += 256) {
    tile[threadIdx.x] = in[t];
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: __syncthreads() is inside a loop whose trip count differs between threads of the block (line {{[0-9]+}}): threads that leave the loop early never arrive; the kernel can hang or read stale shared memory (undefined behaviour) (High priority, CUDA Best Practices Guide §12.1) [warplint-barrier-in-divergent-code]
    out[t] = tile[255 - threadIdx.x];
  }
}

// ---- exit flags every thread of the block reads alike ----
__global__ void good_sharedExitFlag(float *data, int n) {
  __shared__ int s_done;
  __shared__ float tile[256];
  while (true) {
    tile[threadIdx.x] = data[threadIdx.x] * 0.5f;
    __syncthreads();
    if (threadIdx.x == 0)
      s_done = tile[0] < 1.0f;
    __syncthreads();
    if (s_done)
      break;
    data[threadIdx.x] = tile[255 - threadIdx.x];
  }
}
__global__ void good_sharedExitFlagCopied(float *data, int n) {
  __shared__ int s_done;
  __shared__ float tile[256];
  bool done = false;
  while (!done) {
    tile[threadIdx.x] = data[threadIdx.x] * 0.5f;
    __syncthreads();
    if (threadIdx.x == 0)
      s_done = tile[0] < 1.0f;
    __syncthreads();
    done = s_done;
    data[threadIdx.x] = tile[255 - threadIdx.x];
    __syncthreads();
  }
}
__global__ void good_voteOverSharedFlags(float *data, int n) {
  __shared__ int s_flags[32];
  __shared__ float tile[256];
  while (true) {
    tile[threadIdx.x] = data[threadIdx.x] * 0.5f;
    if (threadIdx.x < 32)
      s_flags[threadIdx.x] = data[threadIdx.x] < 1.0f;
    __syncthreads();
    if (__all_sync(FULL, s_flags[threadIdx.x % 32]))
      break;
    data[threadIdx.x] = tile[255 - threadIdx.x];
    __syncthreads();
  }
}
__global__ void bad_voteOverOwnValue(float *data, int n) {
  __shared__ float tile[256];
  while (true) {
    tile[threadIdx.x] = data[threadIdx.x] * 0.5f;
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: __syncthreads() is inside a loop whose trip count differs between threads of the block (line {{[0-9]+}}): threads that leave the loop early never arrive; the kernel can hang or read stale shared memory (undefined behaviour) (High priority, CUDA Best Practices Guide §12.1) [warplint-barrier-in-divergent-code]
    if (__all_sync(FULL, tile[threadIdx.x] < 1.0f))
      break;
    data[threadIdx.x] = tile[255 - threadIdx.x];
  }
}

// ---- warp-uniform splits ----
__global__ void bad_warpSplitSameBarriers(float *out, const float *in) {
  __shared__ float tile[256];
  int warp = threadIdx.x / 32;
  if (warp < 4) {
    tile[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: __syncthreads() is reached under a condition that is the same for each warp but differs between the warps of the block (line {{[0-9]+}}): every warp arrives at one barrier on either side, and GPUs since Volta count arrivals, not calls, so the block does not hang; the CUDA Programming Guide still asks every thread to reach the same call (Low priority here, High in CUDA Best Practices Guide §12.1) [warplint-barrier-in-divergent-code]
  } else {
    tile[threadIdx.x] = -in[threadIdx.x];
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: __syncthreads() is reached under a condition that is the same for each warp but differs between the warps of the block (line {{[0-9]+}}): every warp arrives at one barrier on either side, and GPUs since Volta count arrivals, not calls, so the block does not hang; the CUDA Programming Guide still asks every thread to reach the same call (Low priority here, High in CUDA Best Practices Guide §12.1) [warplint-barrier-in-divergent-code]
  }
  out[threadIdx.x] = tile[255 - threadIdx.x];
}
__global__ void bad_warpSplitOneSide(float *out, const float *in) {
  __shared__ float tile[256];
  tile[threadIdx.x] = in[threadIdx.x];
  if (threadIdx.x / 32 < 4) {
    tile[threadIdx.x] += 1.0f;
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: __syncthreads() is reached under a condition that differs between threads of the block (line {{[0-9]+}}): threads that take the other path never arrive; the kernel can hang or read stale shared memory (undefined behaviour) (High priority, CUDA Best Practices Guide §12.1) [warplint-barrier-in-divergent-code]
  }
  out[threadIdx.x] = tile[255 - threadIdx.x];
}

void launch(float *o, const float *in, const int *off, int n) {
  good_cancelledLaneOffset<<<n / 256, 256>>>(o, in, 0, n);
  good_cancelledLaneOffsetReused<<<n / 256, 256>>>(o, in, off);
  good_paddedBlockStrideBound<<<n / 256, 256>>>((int *)o, off, n);
  bad_unpaddedBlockStrideBound<<<n / 256, 256>>>((int *)o, off, n);
  bad_laneOffsetOnStartOnly<<<n / 256, 256>>>(o, in, n);
  good_sharedExitFlag<<<n / 256, 256>>>(o, n);
  good_sharedExitFlagCopied<<<n / 256, 256>>>(o, n);
  good_voteOverSharedFlags<<<n / 256, 256>>>(o, n);
  bad_voteOverOwnValue<<<n / 256, 256>>>(o, n);
  bad_warpSplitSameBarriers<<<n / 256, 256>>>(o, in);
  bad_warpSplitOneSide<<<n / 256, 256>>>(o, in);
}
