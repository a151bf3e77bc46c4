// RUN: %check_warplint --checks=-*,warplint-divergent-branch --config="{CheckOptions: {warplint-divergent-branch.Model: uniformity}}" %s
// The uniformity model (issue 35): divergence from a fixed point over the CFG,
// the lanes' split from the lane-set domain, priority from the share of the
// kernel's lane slots the idle lanes waste.

__global__ void __launch_bounds__(256) bad_tripsFollowTheLane(const float *in, float *out) {
  float acc = 0.0f;
  for (unsigned k = 0; k < threadIdx.x; ++k)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: loop condition differs between the lanes of a warp: lanes run up to 31 trips more than others of their warp, in 8 of 8 warps of each block; idle lanes waste about {{[0-9]+}}% of the kernel's lane slots (High priority, CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    acc = acc * in[k] + 1.0f;
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

__global__ void __launch_bounds__(256) good_tailGuardAcrossTheGrid(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = in[i];
    out[i] = sqrtf(v) / (v + 1.0f) + expf(v) * logf(v);
  }
}

__global__ void __launch_bounds__(256) bad_evenAndOddLanes(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (threadIdx.x % 2 == 0)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp: lanes take different paths in 8 of 8 warps of each block; idle lanes waste about {{[0-9]+}}% of the kernel's lane slots (High priority, CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    v = sqrtf(v) / (v + 1.0f) + expf(v) * logf(v);
  else
    v = v * 2.0f;
  out[i] = v;
}

__global__ void __launch_bounds__(256) good_wholeWarpsTakeOneSide(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (threadIdx.x / 32 == 1)
    v = sqrtf(v) / (v + 1.0f) + expf(v) * logf(v);
  out[i] = v;
}

__global__ void __launch_bounds__(256) bad_dataDecides(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (v > 0.0f)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp: depending on data; idle lanes waste about {{[0-9]+}}% of the kernel's lane slots (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    v = sqrtf(v) / (v + 1.0f) + expf(v) * logf(v);
  out[i] = v;
}

__global__ void __launch_bounds__(256) bad_boundSetUnderALaneCondition(const float *in, float *out, int n) {
  int k = 0;
  if (threadIdx.x < 16)
    k = n;
  float acc = 0.0f;
  for (int j = 0; j < k; ++j)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: loop condition differs between the lanes of a warp: through {{.*}}; idle lanes waste about {{[0-9]+}}% of the kernel's lane slots (High priority, CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    acc = acc * in[j] + 1.0f;
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

__global__ void __launch_bounds__(256) good_shortBodyIsPredicated(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x & 1)
    out[i] = 0.0f;
}

__global__ void __launch_bounds__(256) bad_countAfterABreakSomeLanesTake(const float *in, float *out, int n) {
  int last = 0;
  for (int j = 0; j < n; ++j) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: loop condition differs between the lanes of a warp: lanes leave the loop at different iterations; idle lanes waste about {{[0-9]+}}% of the kernel's lane slots (High priority, CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    if (in[j * 256 + threadIdx.x] < 0.0f)
      break;
    last = j;
  }
  float v = in[threadIdx.x];
  if (last > 3)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp: depending on data; idle lanes waste about {{[0-9]+}}% of the kernel's lane slots (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    v = sqrtf(v) / (v + 1.0f) + expf(v) * logf(v);
  out[threadIdx.x] = v;
}

__global__ void __launch_bounds__(256) good_uniformCounterBesideALaneBranch(const float *in, float *out) {
  float v = in[threadIdx.x];
  for (int s = 1; s < 64; s *= 2) {
    if (threadIdx.x < 4)
      v = v + 1.0f;
    out[s] = v;
  }
}

// The lanes that skip a branch wait through all the work under it, its loops'
// trips included: a short body over a loop of n x n trips is not a short wait.
__global__ void __launch_bounds__(256) bad_loopsUnderAShortBody(const float *t, float *out, int n, int channels) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int which = tid % (4 * channels) / channels;
  float sum = 0.0f;
  if (which == 1) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp: {{.*}} [warplint-divergent-branch]
    for (int d = 0; d < n; ++d)
      for (int e = 0; e < n; ++e)
        sum += t[d * n + e];
  }
  if (which == 2) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp: {{.*}} [warplint-divergent-branch]
    for (int d = 0; d < n; ++d)
      for (int e = 0; e < n; ++e)
        sum += t[e * n + d];
  }
  out[tid] = sum;
}
