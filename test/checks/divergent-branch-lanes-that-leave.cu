// RUN: %check_warplint --checks=-*,warplint-divergent-branch --config="{CheckOptions: {warplint-divergent-branch.Model: uniformity}}" %s
// Lanes that skip an `if` with nothing left to run in the kernel leave it:
// nvcc compiles the split as a predicated EXIT of those lanes, not a branch,
// and the warp runs one path (validation/divergence: cheap10 p_everyTile,
// bad_leaderSerialLoop, divergent-branch-shapes bad_oneOff's `@P0 EXIT`; on
// the H200 benchmark, every guard and leader at a kernel's end ran with no
// divergent branch target). Work after the split, an else, or a loop (whose
// remaining lanes branch back) keeps the branch.

__global__ void __launch_bounds__(256) good_leaderAtTheEnd(const float *in, float *out, int n) {
  __shared__ float s[256];
  s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    float acc = 0.0f;
    for (int k = 0; k < n; ++k)
      acc = acc * s[k % 256] + sqrtf(s[(k + 1) % 256]);
    out[blockIdx.x] = acc;
  }
}

__global__ void __launch_bounds__(256) good_twoDimensionalGuardAtTheEnd(const float *a, float *b, int ni, int nj) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i > 0 && j > 0 && i < ni - 1 && j < nj - 1) {
    b[i * nj + j] = 0.2f * (a[i * nj + j] + a[i * nj + j - 1] + a[i * nj + j + 1] +
                            a[(i + 1) * nj + j] + a[(i - 1) * nj + j]) +
                    sqrtf(a[i * nj + j]) / (a[i * nj + j] + 1.0f) + expf(a[i * nj + j]);
  }
}

__global__ void __launch_bounds__(256) good_dataGuardAtTheEnd(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (v > 0.0f) {
    out[i] = sqrtf(v) / (v + 1.0f) + expf(v) * logf(v) + sinf(v) * cosf(v);
  }
}

// A loop at the end still branches back for the lanes that stay.
__global__ void __launch_bounds__(256) bad_loopAtTheEnd(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < in[i]; ++k) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: loop condition differs between the lanes of a warp: depending on data; {{.*}} [warplint-divergent-branch]
    acc = acc * 0.5f + sqrtf(acc + k);
    out[i * 16 + k % 16] = acc;
  }
}

__global__ void __launch_bounds__(256) bad_dataGuardWithWorkAfter(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (v > 0.0f) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp: depending on data; {{.*}} [warplint-divergent-branch]
    v = sqrtf(v) / (v + 1.0f) + expf(v) * logf(v) + sinf(v) * cosf(v);
  }
  out[i] = v;
}

__global__ void __launch_bounds__(256) bad_dataGuardWithAnElseAtTheEnd(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (v > 0.0f) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp: depending on data; {{.*}} [warplint-divergent-branch]
    out[i] = sqrtf(v) / (v + 1.0f) + expf(v) * logf(v) + sinf(v) * cosf(v);
  } else {
    out[i] = sqrtf(-v) / (1.0f - v) + expf(-v) * logf(-v) + sinf(v) * tanf(v);
  }
}

__global__ void __launch_bounds__(256) bad_dataGuardInALoop(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int r = 0; r < n; ++r) {
    float v = in[i + r];
    if (v > 0.0f) {
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: branch condition differs between the lanes of a warp: depending on data; {{.*}} [warplint-divergent-branch]
      out[i + r] = sqrtf(v) / (v + 1.0f) + expf(v) * logf(v) + sinf(v) * cosf(v);
    }
  }
}
