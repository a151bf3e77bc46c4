// RUN: %check_warplint --checks=-*,warplint-divergent-branch %s
// RUN: %expect_exit 1 %warplint --cuda-path=none --format=json --quiet --checks='-*,warplint-divergent-branch' %s \
// RUN:   | %python %S/../Inputs/findings_summary.py | FileCheck %s --check-prefix=PRIO
// RUN: %expect_exit 1 %warplint --cuda-path=none --format=json --quiet --checks='-*,warplint-divergent-branch' \
// RUN:   --config='{CheckOptions: {warplint-divergent-branch.ReportDataMoveSplits: true}}' %s \
// RUN:   | %python %S/../Inputs/findings_summary.py | FileCheck %s --check-prefix=MOVES
// Issue 13, fourth round: splits whose cost the hardware barely pays. A body that only
// moves data (a quarter of the lanes loading float4 into a tile, an apron load) moves the
// same bytes however the lanes are packed; a helper loop over a warp's lanes is no loop
// that grows with the problem; a helper called with a constant divisor divides by a
// constant. Positives (bad_*) and negatives (good_*) side by side.

#define TILE 16

// ---- negatives ----
// A quarter of the lanes (tx < 4 of 16) load a float4 each into the tile, in every
// iteration of the tile loop: a data move, quiet (option ReportDataMoveSplits).
__global__ void good_float4TileLoad(float *c, const float *a, int n) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.0f;
  for (int t = 0; t < n; t += TILE) {
    if (tx < TILE / 4) {
      *reinterpret_cast<float4 *>(&As[ty][4 * tx]) =
          *reinterpret_cast<const float4 *>(&a[(blockIdx.y * TILE + ty) * n + t + 4 * tx]);
      *reinterpret_cast<float4 *>(&Bs[ty][4 * tx]) =
          *reinterpret_cast<const float4 *>(&a[(t + ty) * n + blockIdx.x * TILE + 4 * tx]);
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  c[(blockIdx.y * TILE + ty) * n + blockIdx.x * TILE + tx] = acc;
}
// MOVES: [[@LINE-14]] High certain notes=2

// An apron: the first 8 lanes of each 32-wide row also load the 8 elements past the
// block, with one arithmetic operation per store.
__global__ void good_apronLoad(float *o, const float *in, int n) {
  __shared__ float s[8][40];
  int x = blockIdx.x * 32 + threadIdx.x, y = threadIdx.y;
  for (int r = 0; r < n; ++r) {
    s[y][threadIdx.x] = in[r * n + x];
    if (threadIdx.x < 8) {
      s[y][32 + threadIdx.x] = in[r * n + x + 32] * 0.5f;
      s[y + 4][32 + threadIdx.x] = in[(r + 4) * n + x + 32] * 0.5f;
      s[y + 2][32 + threadIdx.x] = in[(r + 2) * n + x + 32] * 0.5f;
    }
    __syncthreads();
    o[r * n + x] = s[y][threadIdx.x] + s[y][threadIdx.x + 8];
    __syncthreads();
  }
}
// MOVES: [[@LINE-10]] High certain notes=2

// The last warp's reduction through a helper whose loop runs over a warp's lanes
// (log2(32) = 5 trips, not the problem): an inherent split (lanes 0-7 of warp 0), quiet.
template <class T> __device__ T warpSum(unsigned mask, T v) {
#pragma unroll 1
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down_sync(mask, v, offset);
  return v;
}
__global__ void good_lastWarpHelper(float *o, const float *in) {
  __shared__ float partial[8];
  float v = warpSum(0xffffffffu, in[blockIdx.x * blockDim.x + threadIdx.x]);
  if (threadIdx.x % 32 == 0)
    partial[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x < 8) {
    v = warpSum(0xffu, partial[threadIdx.x]);
    if (threadIdx.x == 0)
      o[blockIdx.x] = v;
  }
}

// A helper that divides by its parameter, called with 2: shifts, a short body that the
// compiler predicates; one-off and small, quiet.
__device__ int divUp(int a, int b) { return a / b + (a % b ? 1 : 0); }
__global__ void good_constantDivisorHelper(int *o, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int stride, offset = x / 2;
  if (x & 1) {
    stride = w / 2;
    offset += divUp(w, 2) * divUp(h, 2);
  } else {
    stride = w / 2 + (w & 1);
    offset -= divUp(h, 2);
  }
  for (int k = 0; k < h; ++k)
    o[offset + k * stride] = k;
}

// ---- positives ----
// The same copy with a square root per element is compute, not a move: it stays.
__global__ void bad_computeInLoader(float *o, const float *in, int n) {
  __shared__ float s[8][40];
  int x = blockIdx.x * 32 + threadIdx.x, y = threadIdx.y;
  for (int r = 0; r < n; ++r) {
    if (threadIdx.x < 8)
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: branch condition differs between the lanes of a warp: lanes 0-7 take the branch and the other 24 lanes do not, in every warp; the warp runs both paths one after the other (about 70 instructions under the branch) (High priority, CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
      s[y][32 + threadIdx.x] = sqrtf(in[r * n + x + 32]) * expf(in[r * n + x]) + logf(in[x]);
    __syncthreads();
    o[r * n + x] = s[y][threadIdx.x] + s[y][threadIdx.x + 8];
    __syncthreads();
  }
}
// PRIO: [[@LINE-8]] High certain notes=2
// MOVES: [[@LINE-9]] High certain notes=2

// A leader that calls a helper whose loop runs over a problem-sized count serialises
// it: High (the helper's bound is its parameter, the argument the kernel's n).
__device__ float sumFirst(const float *in, int count) {
  float s = 0.0f;
  for (int k = 0; k < count; ++k)
    s += in[k];
  return s;
}
__global__ void bad_leaderHelperLoop(float *o, const float *in, int n) {
  if (threadIdx.x == 0)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp: only lane 0 takes the branch, in warp 0 of each block; the warp runs both paths one after the other (an atomic, loop or barrier under the branch rules out predication) (High priority, CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    o[blockIdx.x] = sumFirst(in, n);
}
// PRIO: [[@LINE-4]] High certain notes=2
// MOVES: [[@LINE-5]] High certain notes=2

// The same helper called with a constant count of 8: bookkeeping, quiet.
__global__ void good_leaderHelperConstant(float *o, const float *in) {
  if (threadIdx.x == 0)
    o[blockIdx.x] = sumFirst(in, 8);
}

// Both paths load (cuda-samples' simpleAttributes): the warp waits for the even lanes'
// loads, then for the odd lanes': not a move that costs nothing. Reported.
__global__ void bad_bothPathsLoad(float *a, float *b, int n, int m, int iters) {
  unsigned r = threadIdx.x;
  for (int it = 0; it < iters; ++it) {
    r ^= r << 13;
    if (threadIdx.x % 2 == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: branch condition differs between the lanes of a warp: even and odd lanes take different paths, in every warp; the warp runs both paths one after the other (about 130 instructions under the branch) (High priority, CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
      a[r % n] = a[r % n] + a[(r + 7) % n];
    else
      b[r % m] = b[r % m] + b[(r + 7) % m];
  }
}
// PRIO: [[@LINE-7]] High certain notes=2

// A compare-and-swap (cdpBitonicSort): the nested conditions test the data moved, so the
// body computes. Reported.
__global__ void bad_compareExchange(unsigned *d, float *v, int len) {
  for (unsigned j = 16; j > 0; j >>= 1) {
    unsigned i = threadIdx.x, p = i ^ j;
    if (p > i) {
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: branch condition differs between the lanes of a warp: lanes 0-15 take the branch and the other 16 lanes do not, in every warp, in all 5 iterations of the loop; the warp runs both paths one after the other (about 19 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
      unsigned x = d[i + len], y = d[p + len];
      float vx = v[i + len], vy = v[p + len];
      bool sw = false;
      if (x > y)
        sw = true;
      if (sw) {
        d[p + len] = x;
        d[i + len] = y;
        v[p + len] = vx;
        v[i + len] = vy;
      }
    }
    __syncthreads();
  }
}
// PRIO: [[@LINE-17]] Medium certain notes=2

// The stored-to slot comes from an aggregated atomic (cuda-samples' warpAggregatedAtomicsCG):
// the address computation is an atomic, so the body is not a plain move. Data decides.
__device__ int nextSlot(int *counter) { return atomicAdd(counter, 1); }
__global__ void bad_filterWithAtomic(int *dst, int *nres, const int *src, int n) {
  for (int i = threadIdx.x + blockIdx.x * blockDim.x; i < n; i += gridDim.x * blockDim.x)
    if (src[i] > 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: branch condition differs between the lanes of a warp depending on data (the value loaded by 'src[i]'); the warp runs both paths one after the other (an atomic, loop or barrier under the branch rules out predication) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
      dst[nextSlot(nres)] = src[i];
}
// PRIO: [[@LINE-4]] Medium possible notes=3
