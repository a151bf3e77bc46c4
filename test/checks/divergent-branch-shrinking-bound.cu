// RUN: %check_warplint --checks=-*,warplint-divergent-branch %s
// RUN: %expect_exit 1 %warplint --cuda-path=none --format=json --quiet --checks='-*,warplint-divergent-branch' %s \
// RUN:   | %python %S/../Inputs/findings_summary.py | FileCheck %s --check-prefix=PRIO --implicit-check-not=Medium --implicit-check-not=High --implicit-check-not=Low
// Issue 13, tenth round: a bound that shrinks under its own test, and a loop without
// an init that starts where the code before it left its variable.
//
// A variable assigned in a loop only by the then side of its own test `x < v`, each time
// made no larger (>>= k, /= k, -= c), with x the same in every iteration: a lane that
// fails keeps its v and fails again in every later iteration, and the lanes that pass all
// hold the same value, so the test reads v as the uniform sequence the passing lanes
// follow (lib/Analysis/divergence/ShrinkingBound.cpp). A `for` without an init takes its start from
// the one definition that reaches it. Dump: test/dump/divergence-shrinking-bound.cu.

// ---- quiet ----

// cuda-samples dwtHaar1D: the number of active threads halves under its own test.
__global__ void good_shrinkUnderOwnTest(float *od, const float *in,
                                        unsigned dlevels) {
  __shared__ float sh[512];
  unsigned tid = threadIdx.x;
  sh[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  unsigned num_threads = blockDim.x >> 1;
  unsigned offset = 1;
  for (unsigned i = 1; i < dlevels; ++i) {
    if (tid < num_threads) {
      unsigned a = 2 * tid * offset, b = a + offset;
      od[num_threads + tid] = (sh[a] - sh[b]) * 0.7071f;
      sh[a] = sqrtf(sh[a] * sh[a] + sh[b] * sh[b]);
      num_threads = num_threads >> 1;
      offset <<= 1;
    }
    __syncthreads();
  }
}

// The same with the block size passed as a parameter (the sample's `bdim`).
__global__ void good_shrinkParamStart(float *od, const float *in,
                                      unsigned dlevels, int bdim) {
  __shared__ float sh[512];
  const int tid = threadIdx.x;
  sh[tid] = in[blockIdx.x * bdim + tid];
  __syncthreads();
  unsigned num_threads = bdim >> 1;
  unsigned offset = 1;
  for (unsigned i = 1; i < dlevels; ++i) {
    if (tid < num_threads) {
      unsigned a = 2 * tid * offset, b = a + offset;
      od[num_threads + tid] = (sh[a] - sh[b]) * 0.7071f;
      sh[a] = sqrtf(sh[a] * sh[a] + sh[b] * sh[b]);
      num_threads >>= 1;
      offset <<= 1;
    }
    __syncthreads();
  }
}

// The block size passed as a value the launch does not fix: the test is a tail guard
// over the sequence bdim / 2, bdim / 4, ... (only the warp that straddles it splits).
__global__ void good_shrinkRuntimeStart(float *od, const float *in,
                                        unsigned dlevels, int bdim) {
  __shared__ float sh[512];
  const int tid = threadIdx.x;
  sh[tid] = in[blockIdx.x * bdim + tid];
  __syncthreads();
  unsigned num_threads = bdim >> 1;
  for (unsigned i = 1; i < dlevels; ++i) {
    if (tid < num_threads) {
      od[num_threads + tid] = sqrtf(sh[2 * tid] * sh[2 * tid + 1]) * 0.7071f;
      sh[tid] = (sh[2 * tid] + sh[2 * tid + 1]) / (sh[tid + 1] + 1.0f);
      num_threads = num_threads >> 1;
    }
    __syncthreads();
  }
}

// Divided and compared the other way round.
__global__ void good_shrinkDivide(float *out, int levels) {
  __shared__ float sh[256];
  int tid = threadIdx.x;
  sh[tid] = out[tid];
  __syncthreads();
  int active = 128;
  for (int l = 0; l < levels; ++l) {
    if (active > tid) {
      sh[tid] = sqrtf(sh[tid] * sh[tid] + sh[tid + active] * sh[tid + active]);
      out[blockIdx.x * 256 + tid] = sh[tid] / (sh[tid + 1] + 1.0f);
      active /= 2;
    }
    __syncthreads();
  }
}

// A loop without an init: it starts where the code before it left its variable
// (size / 2 >> 1); for strides of a warp or more, the lanes of a warp agree.
__global__ void good_noInitWarpStrides(float *s, unsigned size) {
  unsigned tid = threadIdx.x;
  unsigned stride = blockDim.x / 2;
  s[tid] = s[tid + stride];
  stride >>= 1;
  for (; stride >= 32; stride >>= 1) {
    __syncthreads();
    if ((tid & stride) == 0)
      s[tid] = sqrtf(s[tid] * s[tid] + s[tid + stride] * s[tid + stride]) /
               (s[tid + 1] + 1.0f);
  }
}

// The same with an additive step: j = 32, 64, 96, and `tid / j == 1` picks whole warps
// (1; 2-3; 3-5 at blockDim 256).
__global__ void good_noInitAdditive(float *s, unsigned n) {
  unsigned tid = threadIdx.x;
  unsigned j = 16;
  s[tid] = s[tid + j];
  j += 16;
  for (; j < 128; j += 32) {
    __syncthreads();
    if (tid / j == 1)
      s[tid] = sqrtf(s[tid] * s[tid] + s[tid + j] * s[tid + j]) / (s[tid + 1] + 1.0f);
  }
}

// ---- reported ----

// The bound grows under its test: a lane that failed may pass later.
__global__ void bad_growsUnderTest(float *out, int levels) {
  __shared__ float sh[256];
  int tid = threadIdx.x;
  sh[tid] = out[tid];
  __syncthreads();
  int limit = 8;
  for (int l = 0; l < levels; ++l) {
    if (tid < limit) {
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: branch condition differs between the lanes of a warp through 'threadIdx.x'; the warp runs both paths one after the other (about 56 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    // PRIO: [[@LINE-2]] Medium likely notes=2
      sh[tid] = sqrtf(sh[tid] * sh[tid] + sh[tid + 1] * sh[tid + 1]);
      out[blockIdx.x * 256 + tid] = sh[tid] / (sh[tid + 2] + 1.0f);
      limit += 16;
    }
    __syncthreads();
  }
}

// A test of another form: which lanes pass `tid % v == 0` is no threshold.
__global__ void bad_otherForm(float *out, int levels) {
  __shared__ float sh[256];
  unsigned tid = threadIdx.x;
  sh[tid] = out[tid];
  __syncthreads();
  unsigned v = 16;
  for (int l = 0; l < levels; ++l) {
    if (tid % v == 0) {
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: branch condition differs between the lanes of a warp through 'threadIdx.x'; the warp runs both paths one after the other (about 56 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    // PRIO: [[@LINE-2]] Medium likely notes=2
      sh[tid] = sqrtf(sh[tid] * sh[tid] + sh[tid + 1] * sh[tid + 1]);
      out[blockIdx.x * 256 + tid] = sh[tid] / (sh[tid + 2] + 1.0f);
      v >>= 1;
    }
    __syncthreads();
  }
}

// The lane's side of the test changes in the loop: a lane that failed may pass later
// with a bound the others have halved.
__global__ void bad_indexChanges(float *out, int levels) {
  __shared__ float sh[256];
  unsigned x = threadIdx.x;
  sh[x] = out[x];
  __syncthreads();
  unsigned v = 128;
  for (int l = 0; l < levels; ++l) {
    if (x < v) {
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: branch condition differs between the lanes of a warp through 'threadIdx.x'; the warp runs both paths one after the other (about 56 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    // PRIO: [[@LINE-2]] Medium likely notes=2
      sh[x] = sqrtf(sh[x] * sh[x] + sh[x + 1] * sh[x + 1]);
      out[blockIdx.x * 256 + x] = sh[x] / (sh[x + 2] + 1.0f);
      v >>= 1;
    }
    x = x * 3 % 256;
    __syncthreads();
  }
}

// A loop without an init whose variable has two reaching definitions: no one start.
__global__ void bad_noInitTwoStarts(float *s, unsigned size) {
  unsigned tid = threadIdx.x;
  unsigned stride = blockDim.x / 2;
  if (blockIdx.x == 0)
    stride = 16;
  s[tid] = s[tid + stride];
  for (; stride >= 8; stride >>= 1) {
    __syncthreads();
    if ((tid & stride) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: branch condition differs between the lanes of a warp through 'threadIdx.x'; the warp runs both paths one after the other (about 52 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    // PRIO: [[@LINE-2]] Medium likely notes=2
      s[tid] = sqrtf(s[tid] * s[tid] + s[tid + stride] * s[tid + stride]) /
               (s[tid + 1] + 1.0f);
  }
}

// The loop of good_noInitWarpStrides run down to 8: strides under a warp split every
// warp (positive control of the evaluation).
__global__ void bad_noInitSmallStrides(float *s, unsigned size) {
  unsigned tid = threadIdx.x;
  unsigned stride = blockDim.x / 2;
  s[tid] = s[tid + stride];
  stride >>= 1;
  for (; stride >= 8; stride >>= 1) {
    __syncthreads();
    if ((tid & stride) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: branch condition differs between the lanes of a warp: lanes 0-15 take the branch and the other 16 lanes do not, in every warp, only in the iterations where stride < 32 (stride = 16, 8: 2 of 4); the warp runs both paths one after the other (about 52 instructions under the branch) (High priority, CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    // PRIO: [[@LINE-2]] High certain notes=2
      s[tid] = sqrtf(s[tid] * s[tid] + s[tid + stride] * s[tid + stride]) /
               (s[tid + 1] + 1.0f);
  }
}

// Another read of the bound keeps the lanes' own values: after the halving, the lanes
// that passed hold half of what the others hold, and the second test is not read as the
// sequence (the first is: quiet).
__global__ void bad_otherReadOfBound(float *out, int levels) {
  __shared__ float sh[256];
  unsigned tid = threadIdx.x;
  sh[tid] = out[tid];
  __syncthreads();
  unsigned v = 128;
  for (int l = 0; l < levels; ++l) {
    if (tid < v) {
      sh[tid] = sqrtf(sh[tid] * sh[tid] + sh[tid + v] * sh[tid + v]);
      v >>= 1;
    }
    if (tid % 4 < v % 8) {
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: branch condition differs between the lanes of a warp through 'threadIdx.x'; the warp runs both paths one after the other (about 55 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    // PRIO: [[@LINE-2]] Medium likely notes=2
      sh[tid] = sqrtf(sh[tid] * sh[tid] + sh[tid + 1] * sh[tid + 1]);
      out[blockIdx.x * 256 + tid] = sh[tid] / (sh[tid + 2] + 1.0f);
    }
    __syncthreads();
  }
}

void launch(float *x, unsigned d, int n) {
  good_shrinkUnderOwnTest<<<64, 256>>>(x, x, d);
  good_shrinkParamStart<<<64, 256>>>(x, x, d, 256);
  good_shrinkRuntimeStart<<<64, 256>>>(x, x, d, n);
  good_shrinkDivide<<<64, 256>>>(x, n);
  good_noInitWarpStrides<<<64, 256>>>(x, d);
  good_noInitAdditive<<<64, 256>>>(x, d);
  bad_growsUnderTest<<<64, 256>>>(x, n);
  bad_otherForm<<<64, 256>>>(x, n);
  bad_indexChanges<<<64, 256>>>(x, n);
  bad_noInitTwoStarts<<<64, 256>>>(x, d);
  bad_noInitSmallStrides<<<64, 256>>>(x, d);
  bad_otherReadOfBound<<<64, 256>>>(x, n);
}
