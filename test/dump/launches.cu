// RUN: %warplint_dump --launches %s -- %cuda_args | FileCheck %s --match-full-lines
// The launch index of the per-file analysis context: every launch, its block folded once.

#define BLOCK 128

__global__ void k(float *a, int n) { a[threadIdx.x] = n; }

template <int N> __global__ void t(float *a) { a[threadIdx.x] = N; }

void host(float *a, int n, int runtime) {
  k<<<4, 256>>>(a, n);
  const int threads = BLOCK;
  k<<<4, threads>>>(a, n);
  dim3 block(16, 8);
  k<<<1, block>>>(a, n);
  k<<<1, runtime>>>(a, n);
  t<64><<<2, 64>>>(a);
}

// CHECK: launches.cu:11:3: launch of k: block 256
// CHECK-NEXT: launches.cu:13:3: launch of k: block 128
// CHECK-NEXT: launches.cu:15:3: launch of k: block 16x8
// CHECK-NEXT: launches.cu:16:3: launch of k: block unknown ({{.*}})
// CHECK-NEXT: launches.cu:17:3: launch of t: block 64
// CHECK-NOT: launch of
