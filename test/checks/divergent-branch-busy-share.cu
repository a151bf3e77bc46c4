// RUN: %check_warplint --checks=-*,warplint-divergent-branch %s
// RUN: %expect_exit 1 %warplint --cuda-path=none --format=json --quiet --checks='-*,warplint-divergent-branch' %s \
// RUN:   | %python %S/../Inputs/findings_summary.py | FileCheck %s --check-prefix=PRIO
// RUN: %expect_exit 1 %warplint --cuda-path=none --quiet --no-snippets --checks='-*,warplint-divergent-branch' \
// RUN:   --config="{CheckOptions: {warplint-divergent-branch.BusyShare: 101}}" %s \
// RUN:   | FileCheck %s --check-prefix=ALL
// Issue 13, tenth round: a one-sided split (an `if` without `else`) whose body keeps most
// lanes of the warps that run it busy. The warp runs one path, not two; packing the busy
// lanes into whole warps could save at most the idle share of the body's issue slots.
// validation/divergence/cheap10.cu measured the two ends on an H100: Batcher's odd-even
// merge network (88% of the lanes busy in the warps that run a comparison) ran at 29.6
// threads an instruction and 3% faster than the bitonic network that keeps every lane
// busy; the interleaved tree (17% busy) ran at 24.1 and 48% slower than a tree whose
// active lanes are consecutive.

__device__ void cmpSwap(float &ka, unsigned &va, float &kb, unsigned &vb, unsigned dir) {
  if ((ka > kb) == (dir != 0)) {
    float t = ka;
    ka = kb;
    kb = t;
    unsigned v = va;
    va = vb;
    vb = v;
  }
}

// ---- quiet: most lanes busy ----

// The odd-even merge network: in each group of size / 2 lanes the first `stride` idle.
__global__ void good_oddEvenMerge(float *o, const float *in) {
  __shared__ float sk[1024];
  __shared__ unsigned sv[1024];
  unsigned t = threadIdx.x;
  sk[t] = in[t];
  sv[t] = t;
  sk[t + 512] = in[t + 512];
  sv[t + 512] = t + 512;
  for (unsigned size = 2; size <= 1024; size <<= 1) {
    unsigned offset = t & (size / 2 - 1);
    __syncthreads();
    unsigned p0 = 2 * t - (t & (size / 2 - 1));
    cmpSwap(sk[p0], sv[p0], sk[p0 + size / 2], sv[p0 + size / 2], 1);
    for (unsigned stride = size / 4; stride > 0; stride >>= 1) {
      __syncthreads();
      unsigned pos = 2 * t - (t & (stride - 1));
      if (offset >= stride)
        cmpSwap(sk[pos - stride], sv[pos - stride], sk[pos], sv[pos], 1);
    }
  }
  __syncthreads();
  o[t] = sk[t] + sv[t];
}

// Three lanes of four busy: the boundary of the default BusyShare (75).
__global__ void good_threeOfFour(float *o, const float *in, int n) {
  float v = in[threadIdx.x];
  for (int k = 0; k < n; ++k) {
    if (threadIdx.x % 4 != 0) {
      v = v * v + 1.0f; v = v * v + 2.0f; v = v * v + 3.0f; v = v * v + 4.0f;
      v = v * v + 5.0f; v = v * v + 6.0f; v = v * v + 7.0f; v = v * v + 8.0f;
      v = sqrtf(v); v = v * 0.5f + 1.0f; v = v * v + 9.0f; v = v * v + 10.0f;
    }
  }
  o[threadIdx.x] = v;
}

// ---- reported: few lanes busy, or both paths run ----

// The interleaved tree: lanes 0, 2s, 4s, ... busy.
__global__ void bad_interleavedTree(float *o, const float *in) {
  __shared__ float sk[1024];
  __shared__ unsigned sv[1024];
  unsigned t = threadIdx.x;
  sk[t] = in[t];
  sv[t] = t;
  for (unsigned s = 1; s < 256; s *= 2) {
    __syncthreads();
    if (t % (2 * s) == 0)
      cmpSwap(sk[t], sv[t], sk[t + s], sv[t + s], 1);
    // CHECK-MESSAGES: :[[@LINE-2]]:5: warning: branch condition differs between the lanes of a warp: even and odd lanes take different paths, in every warp, in all 8 iterations of the loop; the warp runs both paths one after the other (about 12 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
  }
  __syncthreads();
  o[t] = sk[t] + sv[t];
}
// PRIO: [[@LINE-7]] Medium certain notes=2

// Half the lanes busy.
__global__ void bad_halfBusy(float *o, const float *in, int n) {
  float v = in[threadIdx.x];
  for (int k = 0; k < n; ++k) {
    if (threadIdx.x % 2 == 0) {
      // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: branch condition differs
      v = v * v + 1.0f; v = v * v + 2.0f; v = v * v + 3.0f; v = v * v + 4.0f;
      v = v * v + 5.0f; v = v * v + 6.0f; v = v * v + 7.0f; v = v * v + 8.0f;
      v = sqrtf(v); v = v * 0.5f + 1.0f; v = v * v + 9.0f; v = v * v + 10.0f;
    }
  }
  o[threadIdx.x] = v;
}
// PRIO: [[@LINE-9]] High certain notes=2

// The network's lanes with an else: the warp runs both paths.
__global__ void bad_busyWithElse(float *o, const float *in) {
  __shared__ float sk[1024];
  __shared__ unsigned sv[1024];
  unsigned t = threadIdx.x;
  sk[t] = in[t];
  sv[t] = t;
  sk[t + 512] = in[t + 512];
  sv[t + 512] = t + 512;
  for (unsigned size = 2; size <= 1024; size <<= 1) {
    unsigned offset = t & (size / 2 - 1);
    for (unsigned stride = size / 4; stride > 0; stride >>= 1) {
      __syncthreads();
      unsigned pos = 2 * t - (t & (stride - 1));
      if (offset >= stride)
        cmpSwap(sk[pos - stride], sv[pos - stride], sk[pos], sv[pos], 1);
      // CHECK-MESSAGES: :[[@LINE-2]]:7: warning: branch condition differs
      else
        cmpSwap(sk[pos + stride], sv[pos + stride], sk[pos], sv[pos], 0);
    }
  }
  __syncthreads();
  o[t] = sk[t] + sv[t];
}
// PRIO: [[@LINE-10]] High certain notes=2

void launch(float *o, const float *in, int n) {
  good_oddEvenMerge<<<64, 512>>>(o, in);
  good_threeOfFour<<<64, 256>>>(o, in, n);
  bad_interleavedTree<<<64, 512>>>(o, in);
  bad_halfBusy<<<64, 256>>>(o, in, n);
  bad_busyWithElse<<<64, 512>>>(o, in);
}

// With BusyShare 101 every one-sided split is reported again.
// ALL: divergent-branch-busy-share.cu:46:7: warning: branch condition differs
// ALL: divergent-branch-busy-share.cu:58:5: warning: branch condition differs
// ALL: divergent-branch-busy-share.cu:78:5: warning: branch condition differs
