// RUN: %check_warplint --checks='-*,warplint-redundant-global-load' --config="{CheckOptions: {warplint.Assume: 'N=4096,C=8,blockDim.x=16,blockDim.y=16'}}" %s
// Sizes the run gives (--assume, the option warplint.Assume) decide which threads of a block
// read the same element: a product loop over a flattened index (row = i / N) and a kernel
// whose block only the user gives. Without the sizes both are unknown and silent
// (redundant-global-load.cu, good_unknown_shape).

// One thread per output of a 1-D grid: with N = 4096, the 256 threads of a block share one
// row, so every thread of the block reads the same A[row * K + k] in each iteration.
__global__ void bad_flattened_product(const float *A, const float *B, float *Out, int N,
                                      int K) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int row = i / N, col = i % N;
  float s = 0.0f;
  for (int k = 0; k < K; ++k)
    s += A[row * K + k] * B[k * N + col];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: global load from 'A' is repeated by 8 warps of each block: in every iteration of the loop over 'k' they load the same elements (256 threads of the 256 read each one; the address does not depend on threadIdx.x), 8x the global loads a shared-memory tile loaded once per block needs (Medium priority, CUDA Best Practices Guide §9.2.2) [warplint-redundant-global-load]
  Out[i] = s;
}

// Rows of 8 (C = 8): the threads that share a row are 8 lanes of one warp, which share
// one request; no other warp reads the element.
__global__ void good_short_rows(const float *A, float *Out, int C, int K) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int row = i / C;
  float s = 0.0f;
  for (int k = 0; k < K; ++k)
    s += A[row * K + k];
  Out[i] = s;
}

// A flattened index by a size nobody gives: which threads share a row is unknown.
__global__ void good_unknown_row_length(const float *A, float *Out, int M, int K) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int row = i / M;
  float s = 0.0f;
  for (int k = 0; k < K; ++k)
    s += A[row * K + k];
  Out[i] = s;
}

// No launch in this file (the host launches it from Python): the block is the user's
// blockDim 16x16, so the 16 rows of the block, 8 warps, read the same B[k * N + col].
__global__ void bad_given_block(const float *A, const float *B, float *Out, int N, int K) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int k = 0; k < K; ++k)
    s += A[row * K + k] * B[k * N + col];
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: global load from 'B' is repeated by 8 warps of each block: in every iteration of the loop over 'k' they load the same elements (16 threads of the 256 read each one; the address does not depend on threadIdx.y), 8x {{.*}} [warplint-redundant-global-load]
  Out[row * N + col] = s;
}

void launch(const float *a, const float *b, float *c, int m, int n, int k) {
  bad_flattened_product<<<(m * n + 255) / 256, 256>>>(a, b, c, n, k);
  good_short_rows<<<(m * n + 255) / 256, 256>>>(a, c, n, k);
  good_unknown_row_length<<<(m * n + 255) / 256, 256>>>(a, c, m, k);
}
