// RUN: %warplint_dump --launches %s -- %cuda_args | FileCheck %s --match-full-lines
// Launches through the runtime API feed the launch index as <<<>>> launches do:
// cudaLaunchKernel, cudaLaunchCooperativeKernel (grid and block as arguments) and
// cudaLaunchKernelEx / cudaLaunchKernelExC (grid and block in a cudaLaunchConfig_t).

__global__ void k(float *a, int n) { a[threadIdx.x] = n; }

void host(float *a, int n, int runtime, cudaStream_t s, bool flag) {
  void *args[] = {&a, &n};
  cudaLaunchKernel((const void *)k, dim3(8), dim3(96), args, 0, s);
  cudaLaunchKernel((void *)k, 8, 128, args);
  cudaLaunchCooperativeKernel((void *)&k, dim3(4), dim3(16, 16), args, 0, s);
  cudaLaunchKernel((void *)k, 8, runtime, args);

  cudaLaunchConfig_t cfg = {0};
  cfg.gridDim = dim3(64);
  cfg.blockDim = dim3(160);
  cfg.dynamicSmemBytes = 0;
  cfg.stream = s;
  cudaLaunchKernelEx(&cfg, k, a, n);
  cudaLaunchKernelExC(&cfg, (const void *)k, args);

  cudaLaunchConfig_t designated = {.gridDim = dim3(2), .blockDim = dim3(32, 4)};
  cudaLaunchKernelEx(&designated, k, a, 3);

  cudaLaunchConfig_t twice = {};
  twice.blockDim = dim3(64);
  if (flag)
    twice.blockDim = dim3(100);
  cudaLaunchKernelEx(&twice, k, a, n);

  cudaLaunchConfig_t never = {};
  cudaLaunchKernelEx(&never, k, a, n);

  cudaLaunchConfig_t perField = {};
  perField.blockDim = dim3(256);
  perField.blockDim.x = 100;
  cudaLaunchKernelEx(&perField, k, a, n);
}

// CHECK: launch-api.cu:10:3: launch of k through cudaLaunchKernel: block 96
// CHECK-NEXT: launch-api.cu:11:3: launch of k through cudaLaunchKernel: block 128
// CHECK-NEXT: launch-api.cu:12:3: launch of k through cudaLaunchCooperativeKernel: block 16x16
// CHECK-NEXT: launch-api.cu:13:3: launch of k through cudaLaunchKernel: block unknown (not a compile-time constant)
// CHECK-NEXT: launch-api.cu:20:3: launch of k through cudaLaunchKernelEx: block 160
// CHECK-NEXT: launch-api.cu:21:3: launch of k through cudaLaunchKernelEx: block 160
// CHECK-NEXT: launch-api.cu:24:3: launch of k through cudaLaunchKernelEx: block 32x4
// CHECK-NEXT: launch-api.cu:30:3: launch of k through cudaLaunchKernelEx: block unknown ('twice.blockDim' is assigned more than once)
// CHECK-NEXT: launch-api.cu:33:3: launch of k through cudaLaunchKernelEx: block unknown ('never.blockDim' is never set)
// CHECK-NEXT: launch-api.cu:38:3: launch of k through cudaLaunchKernelEx: block unknown ('perField.blockDim' is modified element by element)
// CHECK-NOT: launch of
