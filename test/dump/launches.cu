// RUN: %warplint_dump --launches %s -- %cuda_args | FileCheck %s --match-full-lines
// The launch index of the per-file analysis context: every launch, its block folded once.

#define BLOCK 128

__global__ void k(float *a, int n) { a[threadIdx.x] = n; }

template <int N> __global__ void t(float *a) { a[threadIdx.x] = N; }
template <int V> struct Threads { static constexpr int value = V; };

void host(float *a, int n, int runtime) {
  k<<<4, 256>>>(a, n);
  const int threads = BLOCK;
  k<<<4, threads>>>(a, n);
  dim3 block(16, 8);
  k<<<1, block>>>(a, n);
  k<<<1, runtime>>>(a, n);
  t<64><<<2, 64>>>(a);
  dim3 deep(4, 8, runtime);
  k<<<1, deep>>>(a, n);
  k<<<1, dim3(4, 4, runtime)>>>(a, n);
  auto launch = [&](auto c) { t<c.value><<<1, c.value>>>(a); };
  launch(Threads<32>{});
}

// CHECK: launches.cu:12:3: launch of k: block 256
// CHECK-NEXT: launches.cu:14:3: launch of k: block 128
// CHECK-NEXT: launches.cu:16:3: launch of k: block 16x8
// CHECK-NEXT: launches.cu:17:3: launch of k: block unknown ({{.*}})
// CHECK-NEXT: launches.cu:18:3: launch of t: block 64
// CHECK-NEXT: launches.cu:20:3: launch of k: block unknown (blockDim.z is not known: {{.*}}), known 4x8 with z 1 (decides the warps)
// CHECK-NEXT: launches.cu:21:3: launch of k: block unknown (blockDim.z is not known: {{.*}}), known 4x4 with z 1
// CHECK-NEXT: launches.cu:22:31: launch of t: block 32
// CHECK-NOT: launch of
