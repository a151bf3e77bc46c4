// RUN: %check_warplint --checks=-*,warplint-divergent-branch %s
// RUN: %expect_exit 1 %warplint --cuda-path=none --format=json --quiet --checks='-*,warplint-divergent-branch' %s \
// RUN:   | %python %S/../Inputs/findings_summary.py | FileCheck %s --check-prefix=PRIO
// Issue 13, second round: what is cheap is quiet or Low, High only for a split that a warp
// provably pays for again and again or at length. Positives (bad_*) and negatives (good_*)
// side by side; the GPU harness (validation/divergence/run.sh) runs launch_all.

__device__ float heavy(float x) { return sqrtf(x) + sqrtf(x + 1.0f); }

// ---- positives ----
// A leader lane that runs a loop alone while the rest of its warp waits: High.
__global__ void bad_leaderSerialLoop(float *o, const float *in, int n) {
  if (threadIdx.x == 0) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp: only lane 0 takes the branch, in warp 0 of each block; the warp runs both paths one after the other (an atomic, loop or barrier under the branch rules out predication) (High priority, CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    float s = 0.0f;
    for (int k = 0; k < n; ++k)
      s += in[k];
    o[blockIdx.x] = s;
  }
}
// PRIO: [[@LINE-8]] High certain notes=2

// A small body (just over the predication threshold) in every iteration of a loop: Medium.
__global__ void bad_smallSplitInLoop(float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    if (threadIdx.x % 2 == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: branch condition differs between the lanes of a warp: even and odd lanes take different paths, in every warp; the warp runs both paths one after the other (about 13 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
      o[i] = o[i] * o[i + k] + o[i + 2 * k] * o[i + 1] + o[i + 3];
}
// PRIO: [[@LINE-4]] Medium certain notes=2

// A constant-trip loop nvcc unrolls: the split is copied 4 times, one-off work (Medium).
__global__ void bad_unrolledOneOff(float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 4; ++k)
    if (threadIdx.x < 16)
    // Quiet by default (issue 13, third round): an inherent split (lanes 0-15 of warp 0, in 4 unrolled copies; option ReportInherentSplits)
      o[i + k] = o[i + k] * o[i] + o[i + 1] * o[i + 2] + o[i + 3] * o[i + 4];
}
// (no PRIO line: quiet by default)

// A helper reads each lane's interval through reference parameters: data decides, so the
// message names the load and the finding is Low / possible (one-off).
__device__ void readInterval(const float *s, unsigned tid, float &lo, float &hi) {
  lo = s[2 * tid];
  hi = s[2 * tid + 1];
}
__global__ void bad_dataThroughReference(float *o, const float *s) {
  float lo = 0.0f, hi = 0.0f;
  readInterval(s, threadIdx.x, lo, hi);
  if (lo != hi)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp depending on data (the value loaded by 's[2 * tid]'); the warp runs both paths one after the other (about 92 instructions under the branch) (Low priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    o[threadIdx.x] = heavy(lo) + heavy(hi);
}
// PRIO: [[@LINE-4]] Low possible notes=2

// A leader that calls a helper with a loop serialises that loop: High.
__device__ float sumAll(const float *in, int n) {
  float s = 0.0f;
  for (int k = 0; k < n; ++k)
    s += in[k];
  return s;
}
__global__ void bad_leaderHelperLoop(float *o, const float *in, int n) {
  if (threadIdx.x == 0)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp: only lane 0 takes the branch, in warp 0 of each block; the warp runs both paths one after the other (an atomic, loop or barrier under the branch rules out predication) (High priority, CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    o[blockIdx.x] = sumAll(in, n);
}
// PRIO: [[@LINE-4]] High certain notes=2

// A flag set under a data-dependent condition: the same data decides the later split,
// and the message names the load.
__global__ void bad_flagFromData(float *o, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int big = 0;
  if (in[i] > 0.5f)
    big = 1;
  if (big)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp depending on data (the value loaded by 'in[i]'); the warp runs both paths one after the other (about 47 instructions under the branch) (Low priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    o[i] = heavy(o[i]);
}
// PRIO: [[@LINE-4]] Low possible notes=2

// A bound the loop moves: its value before the loop is not its value in the loop.
__global__ void bad_growingBound(float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int w;
  w = 0;
  for (int k = 0; k < n; ++k) {
    if ((threadIdx.x & w) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: branch condition differs between the lanes of a warp through 'threadIdx.x'; the warp runs both paths one after the other (about 47 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
      o[i] = heavy(o[i]);
    w = w * 2 + 1;
  }
}
// PRIO: [[@LINE-6]] Medium likely notes=3

// ---- negatives ----
// A 4-trip constant loop under the branch unrolls to 5 instructions: predicated.
__global__ void good_unrolledSmall(float *o, const float *in) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[x];
  if (threadIdx.x < 16) {
    for (int k = 0; k < 4; ++k)
      v = v * v + 0.5f;
    o[x] = v;
  }
}

// A leader's long straight-line bookkeeping: the other lanes only wait.
__global__ void good_leaderLargeBody(float *o, const float *in) {
  if (threadIdx.x == 0)
    o[blockIdx.x] = heavy(in[0]) + heavy(in[1]) + heavy(in[2]) + heavy(in[3]);
}

// The diagonal of a 2-D grid (blocks of 32 columns): one lane left out.
__global__ void good_diagonal(float *o, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x != y)
    o[y * w + x] = heavy(o[y * w + x]) + heavy(o[y * w + x + 1]);
}

// The index reaches a helper as a parameter, the count is the same for the block: only the
// warp that straddles the count splits.
__device__ void firstN(float *o, unsigned tid, unsigned count) {
  if (tid < count)
    o[tid] = heavy(o[tid]) + heavy(o[tid + 1]);
}
__global__ void good_helperBound(float *o, const int *counts) {
  __shared__ unsigned active;
  if (threadIdx.x == 0)
    active = counts[blockIdx.x] * 8 + 37;
  __syncthreads();
  firstN(o, threadIdx.x, active);
}

// Each lane sums its own column: different starts, the same number of trips.
__global__ void good_columnSums(float *o, int rows) {
  int start = (blockIdx.x * blockDim.x + threadIdx.x) * rows;
  float sum = 0.0f;
  for (int p = start; p < start + rows; p++) {
    sum += o[p];
    o[p] = sum;
  }
}

// C89 style: variables declared first and assigned later read as what was assigned, so
// the tail guard and the leader are recognised.
__global__ void good_declaredFirst(float *o, const float *in, int n) {
  int tx, bx, tid;
  tx = threadIdx.x;
  bx = blockIdx.x;
  tid = bx * 256 + tx;
  if (tid < n)
    o[tid] = heavy(in[tid]) + heavy(in[tid + 1]);
  if (tx == 0)
    o[bx] = heavy(in[bx]) + heavy(in[bx + 1]) + heavy(in[bx + 2]);
}

void launch_all(float *o, const float *in, int *ci, int *io, int n) {
  bad_leaderSerialLoop<<<4, 64>>>(o, in, 256);
  bad_smallSplitInLoop<<<4, 64>>>(o, 64);
  bad_unrolledOneOff<<<4, 64>>>(o);
  bad_dataThroughReference<<<4, 64>>>(o, in);
  good_unrolledSmall<<<4, 64>>>(o, in);
  good_leaderLargeBody<<<4, 64>>>(o, in);
  good_diagonal<<<dim3(4, 4), dim3(32, 8)>>>(o, 128);
  good_helperBound<<<4, 256>>>(o, ci);
  good_columnSums<<<4, 64>>>(o, 64);
  bad_leaderHelperLoop<<<4, 64>>>(o, in, 256);
  bad_flagFromData<<<4, 64>>>(o, in);
  bad_growingBound<<<4, 64>>>(o, 8);
  good_declaredFirst<<<4, 256>>>(o, in, n);
}

// ---- issue 13, third round ----
// Lanes spread over every warp (every other lane) in a loop: packing them would halve
// the divergent warps, so the split is avoidable and reported.
__global__ void bad_spreadInLoop(float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    if (threadIdx.x % 2 == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: branch condition differs between the lanes of a warp: even and odd lanes take different paths, in every warp; the warp runs both paths one after the other (about 25 instructions under the branch) (High priority, CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
      o[i] = sqrtf(o[i] * o[i + k] + 1.0f);
}
// PRIO: [[@LINE-4]] High certain notes=2

// The same body for lanes 0-7 of warp 0 only: no arrangement of the threads removes
// the split (inherent), quiet.
__global__ void good_fewLanesInLoop(float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    if (threadIdx.x < 8)
      o[i] = sqrtf(o[i] * o[i + k] + 1.0f);
}

// A leader whose loop is bounded by the block's own shape (a scan over the warp sums):
// bookkeeping, quiet.
__global__ void good_leaderBlockLoop(float *o) {
  __shared__ float sums[32];
  sums[threadIdx.x % 32] = o[threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0.0f;
    for (int w = 0; w < blockDim.x / 32; ++w)
      s += sums[w];
    o[blockIdx.x] = s;
  }
}

// A leader that prints (a loop builds the indent from a parameter): one thread's job.
extern "C" __device__ int printf(const char *, ...);
__global__ void good_leaderPrints(int depth) {
  if (threadIdx.x == 0) {
    for (int d = 0; d < depth; ++d)
      printf("  ");
    printf("block %d\n", blockIdx.x);
  }
}

// One-off code in a kernel with a loop: a short set-up stage for half of each warp,
// once, quiet.
__global__ void good_oneOffSetup(float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = 0.0f;
  if (threadIdx.x % 2 == 0)
    v = sqrtf(o[i]) * 3.0f + sqrtf(o[i + 1]);
  for (int k = 0; k < n; ++k)
    v += o[i + k];
  o[i] = v;
}

// A helper's float parameter carries its caller's per-lane data: the branch in the
// helper depends on data (it was taken for uniform when the argument was a float).
__device__ float rootOf(float x) {
  float w = 0.0f;
  if (x < 0.5f)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp depending on data (the value loaded by 'p[i]'); the warp runs both paths one after the other (about 103 instructions under the branch) (Low priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    w = sqrtf(x) * expf(x) / logf(x + 2.0f) + sinf(x);
  return w;
}
__global__ void bad_floatParamData(const float *p, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  o[i] = rootOf(p[i]);
}
// PRIO: [[@LINE-9]] Low possible notes=3
