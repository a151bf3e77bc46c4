// RUN: %check_warplint --checks=-*,warplint-barrier-in-divergent-code %s
// Positive (bad_*) and negative (good_*) cases side by side; every warning is accounted
// for, in both front ends. Block shapes come from the launches at the end.
#define FULL 0xffffffffu
__device__ void helperSync(float *s) { s[threadIdx.x] += 1.0f; __syncthreads(); }
// CHECK-MESSAGES: :[[@LINE-1]]:64: warning: __syncthreads() is reached under a condition that differs between threads of the block (line {{[0-9]+}}): threads that take the other path never arrive; the kernel can hang or read stale shared memory (undefined behaviour) (High priority, CUDA Best Practices Guide §12.1) [warplint-barrier-in-divergent-code]

// ---- positives ----
__global__ void bad_halfWarpSync(float *out, const float *in) {
  __shared__ float tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x < 16) {
    tile[threadIdx.x] = in[i];
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: __syncthreads() is reached under a condition that differs between threads of the block (line {{[0-9]+}}): threads that take the other path never arrive; the kernel can hang or read stale shared memory (undefined behaviour) (High priority, CUDA Best Practices Guide §12.1) [warplint-barrier-in-divergent-code]
  }
  out[i] = tile[threadIdx.x];
}
__global__ void bad_warpGranular(float *out, const float *in) {
  __shared__ float tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = in[i];
  if (threadIdx.x < 64)
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: __syncthreads() is reached under a condition that differs between threads of the block (line {{[0-9]+}}): threads that take the other path never arrive; the kernel can hang or read stale shared memory (undefined behaviour) (High priority, CUDA Best Practices Guide §12.1) [warplint-barrier-in-divergent-code]
  out[i] = tile[255 - threadIdx.x];
}
__global__ void bad_dataLoopSync(float *out, const float *in, const int *counts) {
  __shared__ float tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = 0; j < counts[i]; ++j) {
    tile[threadIdx.x] = in[i] + j;
    __syncthreads();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: __syncthreads() is inside a loop whose trip count differs between threads of the block (line {{[0-9]+}}): threads that leave the loop early never arrive; the kernel can hang or read stale shared memory (undefined behaviour) (High priority, CUDA Best Practices Guide §12.1) [warplint-barrier-in-divergent-code]
  }
  out[i] = tile[threadIdx.x];
}
__global__ void bad_syncwarpHalf(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if ((threadIdx.x & 31) < 16) {
    v = __shfl_down_sync(FULL, v, 1);
    __syncwarp();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: __syncwarp() with a full mask is reached under a condition that differs between lanes of a warp (line {{[0-9]+}}): the mask names lanes that take the other path and never arrive (undefined behaviour; name the arriving lanes in the mask) (High priority, CUDA Best Practices Guide §12.1) [warplint-barrier-in-divergent-code]
  }
  out[i] = v;
}
__global__ void bad_earlyExitTile(float *out, const float *in, int n) {
  __shared__ float tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  tile[threadIdx.x] = in[i];
  __syncthreads();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: __syncthreads() follows a return that only some threads of the block take (line {{[0-9]+}}): the threads that left skip the shared-memory stores this barrier publishes, and the CUDA Programming Guide leaves a barrier that not every thread reaches undefined (High priority, CUDA Best Practices Guide §12.1) [warplint-barrier-in-divergent-code]
  out[i] = tile[255 - threadIdx.x];
}
__global__ void bad_helperSync(float *out, const float *in) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = in[i];
  if (in[i] > 0.0f)
    helperSync(s);
  out[i] = s[threadIdx.x];
}
// ---- negatives ----
__global__ void good_uniformConditions(float *out, const float *in, int n) {
  __shared__ float tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = in[i];
  if (blockIdx.x == 0)
    __syncthreads();
  if (n > 0)
    __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      tile[threadIdx.x] += tile[threadIdx.x + s];
    __syncthreads();
  }
  if (__syncthreads_or(in[i] > 0.0f))
    __syncthreads();
  out[i] = tile[0];
}
__global__ void good_syncwarpWarpUniform(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (threadIdx.x < 64) {
    v += __shfl_down_sync(FULL, v, 1);
    __syncwarp();
  }
  if ((threadIdx.x & 31) < 16)
    __syncwarp(0x0000ffff);
  out[i] = v;
}
__global__ void good_earlyExitNoShared(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  __syncthreads();
  out[i] = in[i];
}
__global__ void good_earlyExitLeaderStore(float *out, const float *in, int n, const float *partial) {
  // Only thread 0 stores, and it never leaves while others stay (the lowest index of
  // the block): nothing the barrier publishes is missing.
  __shared__ float buf;
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  if (id > n)
    return;
  if (threadIdx.x == 0)
    buf = partial[blockIdx.x];
  __syncthreads();
  out[id] += buf;
}
void launch(float *o, const float *in, int *c, int n) {
  bad_halfWarpSync<<<n / 256, 256>>>(o, in);
  bad_warpGranular<<<n / 256, 256>>>(o, in);
  bad_dataLoopSync<<<n / 256, 256>>>(o, in, c);
  bad_syncwarpHalf<<<n / 256, 256>>>(o, in);
  bad_earlyExitTile<<<(n + 255) / 256, 256>>>(o, in, n);
  bad_helperSync<<<n / 256, 256>>>(o, in);
  good_uniformConditions<<<n / 256, 256>>>(o, in, n);
  good_syncwarpWarpUniform<<<n / 256, 256>>>(o, in);
  good_earlyExitNoShared<<<(n + 255) / 256, 256>>>(o, in, n);
  good_earlyExitLeaderStore<<<(n + 255) / 256, 256>>>(o, in, n, in);
}
