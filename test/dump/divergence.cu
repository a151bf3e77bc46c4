// RUN: %warplint_dump --divergence %s -- %cuda_args | FileCheck %s --match-full-lines
// RUN: %expect_exit 1 %warplint --no-snippets --checks='-*,warplint-divergent-branch' %s -- %cuda_args \
// RUN:   | FileCheck %s --check-prefix=MSG
// The divergence analysis' dump mode: the facts behind warplint-divergent-branch and
// warplint-barrier-in-divergent-code, one line per branch and barrier, per block shape.

__device__ float heavy(float x) { return sqrtf(x) + sqrtf(x + 1.0f); }

// An exact split: lanes 0-15 of warp 0 take the branch.
__global__ void exact(float *out) {
  float v = out[threadIdx.x];
  if (threadIdx.x < 16)
    v = heavy(v);
  out[threadIdx.x] = v;
}
// CHECK: {{.*}}divergence.cu:[[@LINE-4]]:3: exact: blockDim 64 (launch): branch if: source=thread-index:'threadIdx.x' split=exact warps=1/2 first=0 lanes=0x0000ffff/32 cost=45 avoidable=0 function-cost=49
// CHECK-NOT: exact: blockDim 64

// Data-dependent: which lanes diverge depends on what they read.
__global__ void gather(float *out, const int *flags) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (flags[i] > 0)
    out[i] = heavy(out[i]);
}
// CHECK: {{.*}}divergence.cu:[[@LINE-3]]:3: gather: blockDim 64 (launch): branch if: source=load:'flags[i]' data-dependent split=none cost=47 function-cost=51

// A loop whose condition on the loop variable diverges in some iterations only.
__global__ void reduce(float *data) {
  __shared__ float s[256];
  s[threadIdx.x] = data[threadIdx.x];
  __syncthreads();
  for (unsigned k = 128; k > 0; k >>= 1) {
    if (threadIdx.x < k)
      s[threadIdx.x] += s[threadIdx.x + k] * heavy(s[threadIdx.x]);
    __syncthreads();
  }
  data[threadIdx.x] = s[0];
}
// CHECK: {{.*}}divergence.cu:[[@LINE-6]]:5: reduce: blockDim 256 (launch): branch if: source=thread-index:'threadIdx.x' split=exact warps=1/8 first=0 lanes=0x0000ffff/32 iterations=k:16,8,4,2,1/8 cost=50 in-loop avoidable=0

// A tail guard: a lane-linear index against a runtime bound.
__global__ void tail(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = heavy(out[i]);
}
// CHECK: {{.*}}divergence.cu:[[@LINE-3]]:3: tail: blockDim 64 (launch): branch if: source=thread-index:'threadIdx.x' split=none undecided=n cost=47 tail-guard function-cost=50

// A barrier under a condition that differs between the warps of a block, and a
// loop whose lanes run different numbers of iterations (trip counts).
__global__ void barrier(float *out) {
  if (threadIdx.x < 32) {
    out[threadIdx.x] = heavy(out[threadIdx.x]);
    __syncthreads();
  }
  float acc = 0;
  for (int k = threadIdx.x; k < 40; k += 32)
    acc += heavy(out[k]);
  out[threadIdx.x] = acc;
}
// CHECK: {{.*}}divergence.cu:[[@LINE-7]]:5: barrier: blockDim 64 (launch): barrier __syncthreads: scope=block control={{.*}}divergence.cu:[[@LINE-9]]:3 level=warp-uniform
// CHECK: {{.*}}divergence.cu:[[@LINE-5]]:3: barrier: blockDim 64 (launch): branch loop: source=thread-index:'threadIdx.x' split=exact warps=2/2 first=0 lanes=mixed trip-counts cost=47 unpredicable contains-loop

// A switch on values that are not a 0/1 pattern (it once aborted warplint).
__global__ void cases(float *out, int n) {
  float v = out[threadIdx.x];
  switch (threadIdx.x + n) {
  case 0: v = heavy(v); break;
  case 1: v = heavy(v * 2.0f); break;
  default: v = heavy(v * 3.0f); break;
  }
  out[threadIdx.x] = v;
}
// CHECK: {{.*}}divergence.cu:[[@LINE-7]]:3: cases: blockDim 64 (launch): branch switch: source=thread-index:'threadIdx.x' split=exact warps=2/2 first=0 lanes=mixed cost=140 function-cost=143

// MSG: divergence.cu:[[@LINE-19]]:3: warning: loop condition differs between the lanes of a warp: lanes run different numbers of iterations in every warp; lanes that finish early wait for the others (High priority, CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
// MSG: divergence.cu:[[@LINE-10]]:3: warning: switch condition differs between the lanes of a warp: lanes go to different cases, in every warp; the warp runs both paths one after the other (about 140 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]

void launch(float *a, int *f, int n) {
  exact<<<1, 64>>>(a);
  gather<<<4, 64>>>(a, f);
  reduce<<<1, 256>>>(a);
  tail<<<(n + 63) / 64, 64>>>(a, n);
  barrier<<<1, 64>>>(a);
  cases<<<1, 64>>>(a, n);
}
