// RUN: %check_warplint --checks='-*,warplint-grid-too-small' %s
// Positive (bad_*) and negative (good_*) cases of warplint-grid-too-small at the default
// target (sm_90: 132 multiprocessors, measured on an H100 80GB HBM3 and an H200).
// Every warning has a CHECK-MESSAGES line; any other warning fails the test.

#define NI 512
#define DIM_THREAD_BLOCK_X 32
#define DIM_THREAD_BLOCK_Y 8

__global__ void kernel(float *a) { a[threadIdx.x] = 1.0f; }

void bad_literal(float *a) {
  kernel<<<4, 256>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: grid of 4 blocks on a GPU with 132 multiprocessors: 128 SMs (97%) have no block to run for the whole launch (Medium priority, CUDA Best Practices Guide §10.3) [warplint-grid-too-small]
}

void bad_polybench_style(float *a) {
  // PolyBench-ACC: grid = ceil(NI / block) blocks in each dimension.
  dim3 block(DIM_THREAD_BLOCK_X, DIM_THREAD_BLOCK_Y);
  dim3 grid((NI + DIM_THREAD_BLOCK_X - 1) / DIM_THREAD_BLOCK_X, 2);
  kernel<<<grid, block>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: grid of 16x2 = 32 blocks on a GPU with 132 multiprocessors: 100 SMs (76%) {{.*}} (Medium priority, CUDA Best Practices Guide §10.3) [warplint-grid-too-small]
  const int cnBlocks = 3;
  kernel<<<cnBlocks, 512>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: grid of 3 blocks on a GPU with 132 multiprocessors: 129 SMs (98%) {{.*}} (Medium priority, CUDA Best Practices Guide §10.3) [warplint-grid-too-small]
}

template <int G> void bad_template(float *a) { kernel<<<G, 64>>>(a); }
// CHECK-MESSAGES: :[[@LINE-1]]:57: warning: grid of 8 blocks on a GPU with 132 multiprocessors: 124 SMs (94%) {{.*}} (Medium priority, CUDA Best Practices Guide §10.3) [warplint-grid-too-small]
template void bad_template<8>(float *);

void good_large_or_runtime(float *a, int n) {
  kernel<<<132, 256>>>(a);
  kernel<<<dim3(64, 64), 256>>>(a);
  kernel<<<(n + 255) / 256, 256>>>(a);
  kernel<<<1, 32>>>(a); // one block: a deliberately serial step
  int grows = 2;
  grows *= 100;
  kernel<<<grows, 256>>>(a); // modified: not a constant
}

// PolyBench-ACC computes its grids in floating point through ceil (the host's, from math.h).
#include <math.h>
#define N_PB 2048
#define DIM_THREAD_BLOCK_KERNEL_X 256
void bad_polybench_ceil(float *a) {
  dim3 block(DIM_THREAD_BLOCK_X, DIM_THREAD_BLOCK_Y);
  dim3 grid((size_t)(ceil(((float)NI) / ((float)DIM_THREAD_BLOCK_X))),
            (size_t)(ceil(((float)NI) / ((float)DIM_THREAD_BLOCK_Y))));
  kernel<<<grid, block>>>(a); // 16 x 64 = 1024 blocks: enough
  dim3 grid1((size_t)(ceil((float)(N_PB)) / ((float)DIM_THREAD_BLOCK_KERNEL_X)), 1);
  kernel<<<grid1, DIM_THREAD_BLOCK_KERNEL_X>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: grid of 8 blocks on a GPU with 132 multiprocessors: 124 SMs (94%) {{.*}} [warplint-grid-too-small]
  dim3 grid2((size_t)ceil(((float)1000) / 32.0f));
  kernel<<<grid2, 32>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: grid of 32 blocks on a GPU with 132 multiprocessors: 100 SMs (76%) {{.*}} [warplint-grid-too-small]
}

// Launches through the runtime API.
void bad_launch_api(float *a) {
  void *args[] = {&a};
  cudaLaunchKernel((void *)kernel, dim3(4), dim3(256), args);
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: grid of 4 blocks on a GPU with 132 multiprocessors: 128 SMs (97%) {{.*}} [warplint-grid-too-small]
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(16);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: grid of 16 blocks on a GPU with 132 multiprocessors: 116 SMs (88%) {{.*}} [warplint-grid-too-small]
  cfg.blockDim = dim3(256);
  cudaLaunchKernelEx(&cfg, kernel, a);
}

void good_polybench_runtime(float *a, int n) {
  dim3 grid((size_t)(ceil(((float)n) / ((float)DIM_THREAD_BLOCK_X))));
  kernel<<<grid, 32>>>(a);
  void *args[] = {&a};
  cudaLaunchKernel((void *)kernel, dim3(264), dim3(256), args);
}

// A generic lambda's launch is judged in each instantiation; the body as
// written (its grid a template's value) says nothing.
template <int V> struct Blocks { static constexpr int value = V; };
void generic_lambda_launches(float *a) {
  auto launch = [&](auto g) { kernel<<<g.value, 256>>>(a); };
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: grid of 4 blocks on a GPU with 132 multiprocessors: 128 SMs (97%) {{.*}} [warplint-grid-too-small]
  launch(Blocks<528>{}); // good
  launch(Blocks<4>{});   // bad
}
