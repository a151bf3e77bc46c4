// RUN: %check_warplint --checks=-*,warplint-divergent-branch %s
// RUN: %expect_exit 1 %warplint --cuda-path=none --format=json --quiet --checks='-*,warplint-divergent-branch' %s \
// RUN:   | %python %S/../Inputs/findings_summary.py | FileCheck %s --check-prefix=PRIO
// Issue 13, eighth round (Parboil, read as a held-out corpus). A condition on the variables
// of two nested loops is evaluated for every pair of their values; a test the whole warp
// answers alike but that is not known here (`width % 2`) is evaluated under both answers;
// the same test on the components of manually unrolled code is one finding; and a
// data-dependent condition names the data, not the thread index beside it.

typedef unsigned int uint;
#define NBINS 20
#define HALF 32

// ---- positives ----
// Parboil tpacf's histogram merge: `warp_index < offset` inside a loop over bin_base, in a
// loop over offset. Both loops are counted: lanes 0-15 of each warp part from the rest
// while offset < 32 (before: "can differ, depends on 'off', 'base'").
__global__ void bad_twoLoopMerge(unsigned long *hist, const float *x, int n) {
  __shared__ unsigned long wh[NBINS][2 * HALF];
  uint tid = threadIdx.x;
  uint wi = tid & (HALF - 1);
  uint bi = tid / HALF;
  for (uint off = HALF; off > 0; off >>= 1) {
    for (uint base = 0; base < NBINS; base += 256 / HALF) {
      __syncthreads();
      if (wi < off && base + bi < NBINS) {
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: branch condition differs between the lanes of a warp: lanes 0-15 take the branch and the other 16 lanes do not, in every warp, only in the iterations where off < 32 (off = 16, 8, 4, 2, 1: 5 of 6); the warp runs both paths one after the other (about 12 instructions under the branch) (High priority, CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
        unsigned long s = wh[base + bi][wi] + wh[base + bi][wi + off];
        wh[base + bi][wi] = s;
      }
    }
  }
  __syncthreads();
  if (tid < NBINS)
    hist[blockIdx.x * NBINS + tid] = wh[tid][0];
}
// PRIO: [[@LINE-11]] High certain notes=2

// The same merge after the kernel's real work, a loop over all n points: the merge's
// loops run a fixed number of trips, so the split costs a fixed amount per thread beside
// work that grows with n. Medium, as one-off code (Parboil tpacf's gen_hists).
__global__ void bad_mergeAfterMainLoop(unsigned long *hist, const float *x, int n) {
  __shared__ unsigned long wh[NBINS][2 * HALF];
  uint tid = threadIdx.x;
  uint wi = tid & (HALF - 1);
  uint bi = tid / HALF;
  for (int j = tid; j < n; j += blockDim.x)
    wh[int(x[j]) % NBINS][wi] += 1;
  for (uint off = HALF; off > 0; off >>= 1) {
    for (uint base = 0; base < NBINS; base += 256 / HALF) {
      __syncthreads();
      if (wi < off && base + bi < NBINS) {
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: branch condition differs between the lanes of a warp: lanes 0-15 take the branch and the other 16 lanes do not, in every warp, only in the iterations where off < 32 (off = 16, 8, 4, 2, 1: 5 of 6); the warp runs both paths one after the other (about 12 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
        unsigned long s = wh[base + bi][wi] + wh[base + bi][wi + off];
        wh[base + bi][wi] = s;
      }
    }
  }
  __syncthreads();
  if (tid < NBINS)
    hist[blockIdx.x * NBINS + tid] = wh[tid][0];
}
// PRIO: [[@LINE-11]] Medium certain notes=2

// mri-gridding's gridding kernel: one distance test per unrolled z component, four ifs in
// one block. One finding, the other three as related locations.
__global__ void bad_unrolledComponents(float *out, const float *kx, int tiles, float c) {
  float x = threadIdx.x * 0.5f, y = blockIdx.x * 0.25f;
  float a0 = 0, a1 = 0, a2 = 0, a3 = 0;
  for (int j = 0; j < tiles; j++) {
    float d = kx[j] - x;
    float v0 = d * d, v1 = v0 + y, v2 = v0 + 2 * y, v3 = v0 + 3 * y;
    if (v0 < c) {
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: branch condition differs between the lanes of a warp through 'threadIdx.x'; the warp runs both paths one after the other (about 47 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
      a0 += sqrtf(c - v0) * kx[j + 1] + expf(-v0) * 0.5f;
    }
    if (v1 < c) {
      a1 += sqrtf(c - v1) * kx[j + 1] + expf(-v1) * 0.5f;
    }
    if (v2 < c) {
      a2 += sqrtf(c - v2) * kx[j + 1] + expf(-v2) * 0.5f;
    }
    if (v3 < c) {
      a3 += sqrtf(c - v3) * kx[j + 1] + expf(-v3) * 0.5f;
    }
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = a0 + a1 + a2 + a3;
}
// PRIO: [[@LINE-16]] Medium likely notes=5

// The same test on one variable twice in a row stays one cause as before; tests of one
// shape in different blocks (here: different loops) are separate causes.
__global__ void bad_sameShapeTwoLoops(float *out, const float *kx, int tiles, float c) {
  float x = threadIdx.x * 0.5f, acc = 0;
  for (int j = 0; j < tiles; j++) {
    float v = (kx[j] - x) * (kx[j] - x);
    if (v < c) {
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: branch condition differs between the lanes of a warp through 'threadIdx.x'; the warp runs both paths one after the other (about 69 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
      acc += sqrtf(c - v) * kx[j + 1] + expf(-v) * 0.5f + sqrtf(v * v + 1.0f);
    }
  }
  for (int j = 0; j < tiles; j++) {
    float w = (kx[j + 7] - x) * (kx[j + 7] - x);
    if (w < c) {
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: branch condition differs between the lanes of a warp through 'threadIdx.x'; the warp runs both paths one after the other (about 69 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
      acc += sqrtf(c - w) * kx[j + 1] + expf(-w) * 0.5f + sqrtf(w * w + 1.0f);
    }
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
// PRIO: [[@LINE-14]] Medium likely notes=2
// PRIO: [[@LINE-8]] Medium likely notes=2

// Parboil mri-gridding's radix sort: each lane walks back while the keys match. Which
// lanes stop when is decided by the keys: the message names the load.
__global__ void bad_walkBackWhileEqual(const int *a, int *o, int m) {
  __shared__ int s[1024];
  s[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  int n = 0;
  int i = 4 * threadIdx.x - 1;
  while (i >= 0) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: loop condition differs between the lanes of a warp depending on data (the value loaded by 's[i]'); lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    if (s[i] == m) {
      n++;
      i--;
    } else {
      break;
    }
  }
  o[threadIdx.x] = n;
}
// PRIO: [[@LINE-11]] Medium possible notes=2

// cuda-samples eigenvalues' bisection: `gtid < num && 0 == converged`, converged set under
// a test of loaded values on an earlier trip. The data decides; the message names it.
__global__ void bad_untilConverged(const float *a, float *o, int num) {
  unsigned gtid = blockIdx.x * blockDim.x + threadIdx.x;
  int converged = 0;
  float left = a[gtid], right = a[gtid + 1], mid = 0;
  while (true) {
    if ((gtid < num) && (0 == converged)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: branch condition differs between the lanes of a warp depending on data (the value loaded by 'a[gtid]'); the warp runs both paths one after the other (about 67 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
      mid = (left + right) * 0.5f + sqrtf(left * right) + sqrtf(mid + 1.0f) * 3.0f + sqrtf(mid + 2.0f);
    }
    if (mid > a[0])
      converged = 1;
    if (__syncthreads_and(converged))
      break;
  }
  o[gtid] = mid;
}
// PRIO: [[@LINE-11]] Medium possible notes=2

// ---- negatives ----
// Parboil histo: the block's last lane skips its second bin when the width is odd. Under
// either answer of `width % 2` at most that one lane parts from its warp, a split no
// arrangement of the threads avoids (before: "can differ, depends on 'width'").
__global__ void good_parityLaneLeftOut(unsigned *sm, const uint2 *in, unsigned width,
                                       int pitch, int lines) {
  for (int line = blockIdx.x; line < lines; line += gridDim.x) {
    unsigned store = line * width + threadIdx.x;
    bool skip = (width % 2) && (threadIdx.x == (blockDim.x - 1));
    const uint2 *p = in + line * pitch + threadIdx.x;
#pragma unroll
    for (int i = 0; i < 4; i++) {
      uint2 v = *p;
      sm[store] += v.x * 3u + (v.x >> 2) * 5u + (v.x >> 4) * 7u;
      if (!skip)
        atomicAdd(&sm[store + blockDim.x], v.y * 3u + (v.y >> 2) * 5u);
      p += pitch;
      store += width;
    }
  }
}

// Two loops whose every pair of values leaves whole warps on one side (before: "can
// differ, depends on 'off', 'b'").
__global__ void good_twoLoopsWholeWarps(float *a) {
  __shared__ float s[512];
  uint tid = threadIdx.x;
  s[tid] = a[blockIdx.x * 256 + tid];
  for (uint off = 2; off > 0; off >>= 1)
    for (uint b = 0; b < 2; ++b) {
      __syncthreads();
      if ((tid & 63) < (off + b) * 32)
        s[tid] += s[tid + off * 32] * 0.5f + s[tid + 1] * 0.25f + s[tid + 2] * 0.125f + s[tid + 3];
    }
  a[blockIdx.x * 256 + tid] = s[tid];
}

// Too many pairs to evaluate (40 x 40): still a possible split, with what decides it.
__global__ void unproven_tooManyPairs(float *a, int n) {
  uint tid = threadIdx.x;
  float acc = 0;
  for (uint p = 0; p < 40; ++p)
    for (uint q = 0; q < 40; ++q)
      if ((tid + p) % (q + 1) == 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: branch condition can differ between the lanes of a warp through 'threadIdx.x' (whether and where lanes split depends on 'p', 'q', not known here); the warp runs both paths one after the other (about 49 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
        acc += a[p * 40 + q] * 3.0f + a[q] * acc + a[p] / acc + sqrtf(acc);
  a[tid] = acc;
}
// PRIO: [[@LINE-5]] Medium likely notes=2

// A 1-D convolution whose window is clamped at both ends: only lanes within R of an edge
// run fewer trips (before: "loop condition differs ... through 'threadIdx.x'", Medium).
#define R 4
__global__ void good_clampedWindow(const float *in, float *out, int n, const float *w) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float acc = 0;
  for (int k = max(0, i - R); k <= min(n - 1, i + R); ++k)
    acc += in[k] * w[k - i + R];
  out[i] = acc;
}

// The same with `?:` and a runtime radius.
__global__ void good_clampedWindowSelect(const float *in, float *out, int n, int r,
                                         const float *w) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int lo = i - r < 0 ? 0 : i - r;
  int hi = i + r >= n ? n - 1 : i + r;
  float acc = 0;
  for (int k = lo; k <= hi; ++k)
    acc += in[k] * w[k - i + r];
  out[i] = acc;
}

// Clamped, but the unclamped ends move apart with the lane (i - r to 2 * i): every lane's
// window has its own length, in every warp.
__global__ void bad_clampedGrowingWindow(const float *in, float *out, int n, int r) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int k = max(0, i - r); k <= min(n - 1, 2 * i); ++k)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: loop condition differs between the lanes of a warp through 'threadIdx.x'; lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    acc += in[k];
  out[i] = acc;
}
// PRIO: [[@LINE-5]] Medium likely notes=2

void launch(unsigned long *h, unsigned *sm, const uint2 *in, float *x, float *a,
            const int *ia, int *io, int n) {
  bad_twoLoopMerge<<<64, 256>>>(h, x, n);
  bad_mergeAfterMainLoop<<<64, 256>>>(h, x, n);
  bad_unrolledComponents<<<64, 256>>>(a, x, n, 1.0f);
  bad_sameShapeTwoLoops<<<64, 256>>>(a, x, n, 1.0f);
  bad_walkBackWhileEqual<<<4, 256>>>(ia, io, 3);
  bad_untilConverged<<<4, 256>>>(x, a, n);
  good_parityLaneLeftOut<<<64, 256>>>(sm, in, n, n, n);
  good_twoLoopsWholeWarps<<<64, 256>>>(a);
  unproven_tooManyPairs<<<64, 256>>>(a, n);
  good_clampedWindow<<<64, 256>>>(x, a, n, x);
  good_clampedWindowSelect<<<64, 256>>>(x, a, n, 3, x);
  bad_clampedGrowingWindow<<<64, 256>>>(x, a, n, 3);
}
