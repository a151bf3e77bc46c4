// RUN: %warplint_dump --accumulators %s -- %cuda_args | FileCheck %s --implicit-check-not=accumulators.cu
// The global-accumulator analysis' dump mode (lib/Analysis/GlobalAccumulators): one line
// per global element a kernel loop reads, modifies and writes at an index the loop does
// not change, with the trip count and the non-restrict pointers the loop also reads.
__global__ void bad_gemm_aliasing(float *a, float *b, float *c, int N) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < N; ++k)
    c[i * N + j] += a[i * N + k] * b[k * N + j];
}

#define NK 512
__global__ void bad_polybench_gemm(int ni, float alpha, float beta, float *a, float *b,
                                   float *c) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < ni && j < ni) {
    c[i * ni + j] *= beta;
    int k;
    for (k = 0; k < NK; k++) {
      c[i * ni + j] += alpha * a[i * NK + k] * b[k * ni + j];
    }
  }
}

__global__ void bad_known_trip_and_long_form(const float *x, float *y) {
  int t = threadIdx.x;
  for (int s = 0; s < 64; ++s)
    y[t] = y[t] + x[s * 32 + t];
}

__global__ void good_restrict(const float *__restrict__ a, const float *__restrict__ b,
                              float *__restrict__ c, int N) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < N; ++k)
    c[i * N + j] += a[i * N + k] * b[k * N + j];
}

__global__ void good_register_accumulator(float *a, float *b, float *c, int N) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int k = 0; k < N; ++k)
    sum += a[i * N + k] * b[k * N + j];
  c[i * N + j] += sum;
}

__global__ void good_index_moves_or_conditional(float *a, float *c, int N) {
  int j = threadIdx.x;
  for (int k = 0; k < N; ++k)
    c[k * N + j] += a[k]; // a different element each iteration
  for (int k = 0; k < N; ++k)
    if (a[k] > 0)
      c[j] += a[k]; // not every iteration
  for (int k = 0; k < N; ++k)
    c[j] += 1.0f; // no other pointer read: the compiler may promote it
}
// CHECK: accumulators.cu:9:5: bad_gemm_aliasing: 'c[i * N + j]' accumulated in the loop at line 8, may alias 'a' 'b'
// CHECK-NEXT: accumulators.cu:21:7: bad_polybench_gemm: 'c[i * ni + j]' accumulated in the loop at line 20, may alias 'a' 'b'
// CHECK-NEXT: accumulators.cu:29:5: bad_known_trip_and_long_form: 'y[t]' accumulated in the loop at line 28 x64, may alias 'x'
// CHECK-NEXT: accumulators.cu:37:5: good_restrict: 'c[i * N + j]' accumulated in the loop at line 36, no aliasing read
// CHECK-NEXT: accumulators.cu:57:5: good_index_moves_or_conditional: 'c[j]' accumulated in the loop at line 56, no aliasing read
