// RUN: %warplint_dump --constant %s -- %cuda_args | FileCheck %s --implicit-check-not=constant-memory.cu
// RUN: %warplint_dump --arch=sm_13 --constant %s -- %cuda_args | FileCheck %s --check-prefix=CC13 --implicit-check-not=constant-memory.cu
// The constant-memory dump mode: every read of a __constant__ variable with the
// serialised reads per request (distinct addresses per warp; per half warp on CC 1.x,
// 2.3 guide §3.2.5) and the most addresses one warp reads.
__constant__ float c_tab[256];

__global__ void k(float *out, int p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = c_tab[threadIdx.x] + c_tab[p] + c_tab[threadIdx.x / 8];
  // CHECK: constant-memory.cu:[[@LINE-1]]:12: k: constant ld 4B 'c_tab', blockDim 256 (launch, p = 3): 32.000 reads/request (ideal 1.000), 32 addresses in the worst warp
  // CHECK-NEXT: index: (i64)threadIdx.x
  // CHECK: constant-memory.cu:[[@LINE-3]]:33: k: constant ld 4B 'c_tab', blockDim 256 (launch, p = 3): 1.000 reads/request (ideal 1.000), 1 addresses in the worst warp
  // CHECK: constant-memory.cu:[[@LINE-4]]:44: k: constant ld 4B 'c_tab', blockDim 256 (launch, p = 3): 4.000 reads/request (ideal 1.000), 4 addresses in the worst warp
  // CC13: constant-memory.cu:[[@LINE-5]]:12: k: constant ld 4B 'c_tab', blockDim 256 (launch, p = 3): 32.000 reads/request (ideal 2.000), 16 addresses in the worst warp
  // CC13: constant-memory.cu:[[@LINE-6]]:33: k: constant ld 4B 'c_tab', blockDim 256 (launch, p = 3): 2.000 reads/request (ideal 2.000), 1 addresses in the worst warp
  // CC13: constant-memory.cu:[[@LINE-7]]:44: k: constant ld 4B 'c_tab', blockDim 256 (launch, p = 3): 4.000 reads/request (ideal 2.000), 2 addresses in the worst warp
}

__global__ void loop(float *out) {
  float s = 0.0f;
  for (int j = 0; j < 4; ++j)
    s += c_tab[threadIdx.x % (8 << j)];
  // CHECK: constant-memory.cu:[[@LINE-1]]:10: loop: constant ld 4B 'c_tab', blockDim 256 (launch): 32.000 reads/request (ideal 1.000), 32 addresses in the worst warp
  // CHECK: iterations (all 4, worst j = 2): [j = 0: 8] [j = 1: 16] [j = 2: 32] [j = 3: 32]
  // CC13: constant-memory.cu:[[@LINE-3]]:10: loop: constant ld 4B 'c_tab', blockDim 256 (launch): 32.000 reads/request (ideal 2.000), 16 addresses in the worst warp
  out[threadIdx.x] = s;
}

void launch(float *out, int n) {
  k<<<n, 256>>>(out, 3);
  loop<<<n, 256>>>(out);
}
