// RUN: %check_warplint --checks=-*,warplint-divergent-branch %s
// Positive (bad_*) and negative (good_*) cases side by side; every warning is accounted
// for, in both front ends. Block shapes come from the launches at the end. The same
// file is the GPU validation suite: validation/divergence/ runs every kernel through
// launch_all() under Nsight Compute (docs/validation-divergence.md).
#define FULL 0xffffffffu
#define IS_ODD(t) ((t) % 2 == 1)

__device__ float heavy(float x) { return x * x + 3.0f * x - 1.0f; }

// ---- positives ----
__global__ void bad_evenOdd(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (threadIdx.x % 2 == 0) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp: even and odd lanes take different paths, in every warp; the warp runs both paths one after the other (about 66 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  } else {
    v = v / 3.0f + 1.0f; v = v * v - 2.0f; v = v * v + 5.0f; v = sqrtf(v);
  }
  out[i] = v;
}

__global__ void bad_firstHalfWarp(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (threadIdx.x < 16) {
  // Quiet by default (issue 13, third round): an inherent split (lanes 0-15 of warp 0 only: packing them leaves one divergent warp, so aligning with warps saves nothing; option ReportInherentSplits)
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  }
  out[i] = v;
}

__global__ void bad_laneQuarter(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  float v = in[i];
  if (lane < 8) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp: lanes 0-7 take the branch and the other 24 lanes do not, in every warp; the warp runs both paths one after the other (about 23 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  }
  out[i] = v;
}

__global__ void bad_dataDependent(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (v > 0.5f) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp depending on data (the value loaded by 'in[i]'); the warp runs both paths one after the other (about 23 instructions under the branch) (Low priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  }
  out[i] = v;
}

__global__ void bad_dataLoop(float *out, const float *in, const int *counts) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  for (int j = 0; j < counts[i]; ++j)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: loop condition differs between the lanes of a warp depending on data (the value loaded by 'counts[i]'); lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    v = v * 0.5f + 1.0f;
  out[i] = v;
}

__global__ void bad_triangular(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  for (int j = 0; j < threadIdx.x % 32; ++j)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: loop condition differs between the lanes of a warp: lanes run different numbers of iterations in every warp; lanes that finish early wait for the others (High priority, CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    v = v * 0.5f + 1.0f;
  out[i] = v;
}

__global__ void bad_rowsOf16(float *out, const float *in, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  float v = in[y * w + x];
  if (threadIdx.y % 2 == 0) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp: lanes 0-15 take the branch and the other 16 lanes do not, in every warp; the warp runs both paths one after the other (about 23 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  }
  out[y * w + x] = v;
}

__global__ void bad_macro(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (IS_ODD(threadIdx.x)) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp: even and odd lanes take different paths, in every warp; the warp runs both paths one after the other (about 23 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  }
  out[i] = v;
}

template <int N> __global__ void bad_everyNth(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (threadIdx.x % N == 0) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp: lanes 0, 4, 8, ... (every 4th) take the branch and the other 24 lanes do not, in every warp; the warp runs both paths one after the other (about 23 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  }
  out[i] = v;
}

__device__ void helperBranch(float *out, int i, float v) {
  if (i % 3 == 0) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp through 'threadIdx.x'; the warp runs both paths one after the other (about 23 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  }
  out[i] = v;
}
__global__ void bad_viaHelper(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  helperBranch(out, i, in[i]);
}

__global__ void bad_switch(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  switch (threadIdx.x % 4) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: switch condition differs between the lanes of a warp: lanes go to different cases, in every warp; the warp runs both paths one after the other (about 87 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
  case 0: v = sqrtf(v) + 1.0f; break;
  case 1: v = expf(v) - 1.0f; break;
  case 2: v = logf(v + 2.0f); break;
  default: v = sinf(v); break;
  }
  out[i] = v;
}

__global__ void good_atomicQueue(float *out, const float *in, int *counter) {
  // The warp's atomics return consecutive slots: only the warp that crosses 1000 splits.
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int slot = atomicAdd(counter, 1);
  if (slot < 1000) {
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  }
  out[i] = v;
}

__global__ void bad_atomicFlag(float *out, const float *in, int *flags) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (atomicExch(&flags[i % 64], 1) == 0) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp depending on data (the value returned by atomicExch()); the warp runs both paths one after the other (about 23 instructions under the branch) (Low priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  }
  out[i] = v;
}

__global__ void bad_syncDependence(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int flag = 0;
  if (threadIdx.x % 4 == 0)
    flag = 1;
  if (flag) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp: lanes 0, 4, 8, ... (every 4th) take the branch and the other 24 lanes do not, in every warp; the warp runs both paths one after the other (about 23 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  }
  out[i] = v;
}

__global__ void bad_breakDependence(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int k = 0;
  for (; k < 32; ++k)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: loop condition differs between the lanes of a warp depending on data (a break at line {{[0-9]+}} that only some lanes take, through the value loaded by 'in[i * 32 + k]'); lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    if (in[i * 32 + k] < 0.0f)
      break;
  if (k > 4) {
  // Quiet by default (issue 13, third round): one-off code after the loop (23 instructions once, outside any loop; option ReportOneOffSplits)
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  }
  out[i] = v;
}

// The reduction series (Harris): interleaved, strided index, sequential.
__global__ void reduce_interleaved(const int *g_idata, int *g_odata) {
  extern __shared__ int sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = g_idata[i];
  __syncthreads();
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

__global__ void reduce_strided(const int *g_idata, int *g_odata) {
  extern __shared__ int sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = g_idata[i];
  __syncthreads();
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    int index = 2 * s * tid;
    if (index < blockDim.x)
      sdata[index] += sdata[index + s];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

__global__ void reduce_sequential(const int *g_idata, int *g_odata) {
  extern __shared__ int sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = g_idata[i];
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

// ---- negatives ----
__global__ void good_warpId(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (threadIdx.x / 32 == 2) {
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  }
  if ((threadIdx.x >> 5) & 1) {
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  }
  if ((threadIdx.x & ~31) == 64) {
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  }
  if (threadIdx.x < 64) {
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  }
  out[i] = v;
}

__global__ void good_rowsOf32(float *out, const float *in, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  float v = in[y * w + x];
  if (threadIdx.y % 2 == 0) {
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  }
  out[y * w + x] = v;
}

__global__ void good_uniformSources(float *out, const float *in, const int *flags, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (n > 5) {
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  }
  if (blockIdx.x % 2) {
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  }
  if (flags[blockIdx.x]) {
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  }
  for (int j = 0; j < n; ++j)
    v = v * 0.5f + 1.0f;
  out[i] = v;
}

__global__ void good_warpCollectives(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (__any_sync(FULL, v > 0.5f)) {
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  }
  unsigned votes = __ballot_sync(FULL, v < 0.0f);
  if (votes != 0) {
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  }
  float leader = __shfl_sync(FULL, v, 0);
  if (leader > 1.0f) {
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  }
  int total = __reduce_add_sync(FULL, (int)v);
  if (total > 7) {
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  }
  out[i] = v;
}

__global__ void good_tailGuards(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = in[i];
  v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  out[i] = v;
}

__global__ void good_wholeBodyGuard(float *out, const float *in, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = in[i];
    for (int j = 0; j < m; ++j) {
      v += in[(i + 32 * j) % n] * 0.5f;
      v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f;
    }
    out[i] = v;
  }
}

__global__ void good_gridStride(float *out, const float *in, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    float v = in[i];
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
    out[i] = v;
  }
}

__global__ void good_leaders(float *out, const float *in, int *count) {
  __shared__ float s;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0)
    s = in[blockIdx.x] * 2.0f + 1.0f;
  __syncthreads();
  if ((threadIdx.x & 31) == 0)
    atomicAdd(count, 1);
  out[i] = s;
}

__global__ void good_shortAndSelect(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (threadIdx.x % 2)
    v += 1.0f;
  v = (threadIdx.x % 3 == 0) ? v * 2.0f : v * 0.5f;
  out[i] = v;
}

template <int N> __global__ void good_warpMultiple(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if ((threadIdx.x / N) % 2 == 0) {
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  }
  out[i] = v;
}


__global__ void bad_reusedCounter(float *out, const float *in) {
  // The branch diverges (warp 0), but the loops under it do not: the function-scope
  // counter they reuse is set by each loop before use, the same for every lane there.
  int i, idx;
  float v = 0.0f;
  if (threadIdx.x < 16) {
  // Quiet since issue 13's fifth round: two half-warps' fixed loops, inherent, not serial.
    idx = threadIdx.x;
    for (i = 0; i < 8; i++)
      v += in[idx + 32 * i];
  } else {
    idx = threadIdx.x - 16;
    for (i = 8; i < 16; i++)
      v += in[idx + 32 * i];
  }
  for (i = 0; i < 4; i++)
    v = v * 0.5f + in[blockIdx.x * blockDim.x + threadIdx.x];
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

__global__ void bad_shuffleFromVaryingLane(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  float w = __shfl_sync(FULL, v, (threadIdx.x + 1) % 32);
  if (w > 0.5f) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp depending on data (the value loaded by 'in[i]'); the warp runs both paths one after the other (about 23 instructions under the branch) (Low priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  }
  out[i] = v;
}

__global__ void good_shuffleOfUniform(float *out, const float *in, float k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  float w = __shfl_xor_sync(FULL, k, 1);
  if (w > 0.5f) {
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  }
  out[i] = v;
}

__global__ void bad_depthSlices(float *out, const float *in) {
  // blockDim 8x2x2: threadIdx.z changes every 16 threads, inside a warp.
  int t = threadIdx.x + 8 * threadIdx.y + 16 * threadIdx.z;
  int i = blockIdx.x * 32 + t;
  float v = in[i];
  if (threadIdx.z == 0) {
  // Quiet by default (issue 13, third round): an inherent split (lanes 0-15 of the block's one warp; option ReportInherentSplits)
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  }
  out[i] = v;
}

__global__ void __launch_bounds__(128) good_boundsOnly(float *out, const float *in) {
  // No launch in this file: the shape comes from __launch_bounds__ (128 x 1 x 1).
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (threadIdx.x >= 64) {
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
  }
  out[i] = v;
}

template <typename Kernel> void launchByPointer(Kernel k, float *o, const float *in, int n) {
  k<<<n / 128, 128>>>(o, in);
}

__global__ void good_whileGridStride(float *out, const float *in, int n) {
  int i = __umul24(blockIdx.x, blockDim.x) + threadIdx.x;
  int stride = blockDim.x * gridDim.x;
  while (i < n) {
    float v = in[i];
    v = v * v + 1.0f; v = v * v - 2.0f; v = v * v + 3.0f; v = sqrtf(v);
    out[i] = v;
    i += stride;
  }
}

// ---- the predication threshold: lane-varying branches of growing bodies ----
__global__ void probe_body1(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (threadIdx.x % 2) { v = v * v + 1.0f; }
  out[i] = v;
}
__global__ void probe_body2(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (threadIdx.x % 2) { v = v * v + 1.0f; v = v * v + 2.0f; }
  out[i] = v;
}
__global__ void probe_body3(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (threadIdx.x % 2) { v = v * v + 1.0f; v = v * v + 2.0f; v = v * v + 3.0f; }
  out[i] = v;
}
__global__ void probe_body4(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (threadIdx.x % 2) { v = v * v + 1.0f; v = v * v + 2.0f; v = v * v + 3.0f; v = v * v + 4.0f; }
  out[i] = v;
}
__global__ void probe_body6(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (threadIdx.x % 2) {
    v = v * v + 1.0f; v = v * v + 2.0f; v = v * v + 3.0f;
    v = v * v + 4.0f; v = v * v + 5.0f; v = v * v + 6.0f;
  }
  out[i] = v;
}
__global__ void probe_body8(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (threadIdx.x % 2) {
    v = v * v + 1.0f; v = v * v + 2.0f; v = v * v + 3.0f; v = v * v + 4.0f;
    v = v * v + 5.0f; v = v * v + 6.0f; v = v * v + 7.0f; v = v * v + 8.0f;
  }
  out[i] = v;
}
__global__ void probe_load(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = 0.0f;
  if (threadIdx.x % 2) { v = in[i + 1] * 2.0f; }
  out[i] = v;
}
__global__ void probe_store(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % 2) { out[i] = in[i] + 1.0f; }
}

void launch_all(float *o, const float *in, int *ci, int *io, int n) {
  bad_evenOdd<<<n / 256, 256>>>(o, in);
  bad_firstHalfWarp<<<n / 256, 256>>>(o, in);
  bad_laneQuarter<<<n / 256, 256>>>(o, in);
  bad_dataDependent<<<n / 256, 256>>>(o, in);
  bad_dataLoop<<<n / 256, 256>>>(o, in, ci);
  bad_triangular<<<n / 256, 256>>>(o, in);
  bad_rowsOf16<<<dim3(8, 8), dim3(16, 16)>>>(o, in, 128);
  bad_macro<<<n / 256, 256>>>(o, in);
  bad_everyNth<4><<<n / 256, 256>>>(o, in);
  bad_viaHelper<<<n / 256, 256>>>(o, in);
  bad_switch<<<n / 256, 256>>>(o, in);
  good_atomicQueue<<<n / 256, 256>>>(o, in, io);
  bad_atomicFlag<<<n / 256, 256>>>(o, in, io + 1);
  bad_syncDependence<<<n / 256, 256>>>(o, in);
  bad_breakDependence<<<n / 256, 256>>>(o, in);
  reduce_interleaved<<<n / 256, 256, 256 * sizeof(int)>>>(ci, io);
  reduce_strided<<<n / 256, 256, 256 * sizeof(int)>>>(ci, io);
  reduce_sequential<<<n / 256, 256, 256 * sizeof(int)>>>(ci, io);
  good_warpId<<<n / 256, 256>>>(o, in);
  good_rowsOf32<<<dim3(4, 16), dim3(32, 8)>>>(o, in, 128);
  good_uniformSources<<<n / 256, 256>>>(o, in, ci, n);
  good_warpCollectives<<<n / 256, 256>>>(o, in);
  good_tailGuards<<<(n + 255) / 256, 256>>>(o, in, n);
  good_wholeBodyGuard<<<(n + 255) / 256, 256>>>(o, in, n, 4);
  good_gridStride<<<64, 256>>>(o, in, n);
  good_leaders<<<n / 256, 256>>>(o, in, ci);
  good_shortAndSelect<<<n / 256, 256>>>(o, in);
  good_warpMultiple<64><<<n / 256, 256>>>(o, in);
  bad_reusedCounter<<<n / 256, 256>>>(o, in);
  bad_shuffleFromVaryingLane<<<n / 256, 256>>>(o, in);
  good_shuffleOfUniform<<<n / 256, 256>>>(o, in, 0.75f);
  bad_depthSlices<<<n / 32, dim3(8, 2, 2)>>>(o, in);
  launchByPointer(good_boundsOnly, o, in, n);
  good_whileGridStride<<<16, 256>>>(o, in, n);
  probe_body1<<<n / 256, 256>>>(o, in);
  probe_body2<<<n / 256, 256>>>(o, in);
  probe_body3<<<n / 256, 256>>>(o, in);
  probe_body4<<<n / 256, 256>>>(o, in);
  probe_body6<<<n / 256, 256>>>(o, in);
  probe_body8<<<n / 256, 256>>>(o, in);
  probe_load<<<n / 256, 256>>>(o, in);
  probe_store<<<n / 256, 256>>>(o, in);
}
