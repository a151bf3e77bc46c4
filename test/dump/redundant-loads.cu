// RUN: %warplint_dump --redundant-loads %s -- %cuda_args | FileCheck %s --implicit-check-not=redundant-loads.cu
// The redundant-load dump mode (lib/Analysis/RedundantLoads): for each global load in a
// kernel loop whose address the loop moves, how many threads and warps of a block read
// each element, the lanes of one warp among them, the step of one thread's address per
// iteration and the threadIdx components the address ignores. Assumed shapes are not
// evaluated.
#define TILE_DIM 32

__global__ void simpleMultiply(float *a, float *b, float *c, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int i = 0; i < TILE_DIM; i++)
    sum += a[row * TILE_DIM + i] * b[i * N + col];
  // CHECK: redundant-loads.cu:[[@LINE-1]]:12: simpleMultiply: global ld 'a', blockDim 32x32 (launch), loop 'i': 32 of 1024 threads read each element, 1 of 32 warps, 32 lanes per warp; step 4 bytes; ignores threadIdx.x
  // CHECK: redundant-loads.cu:[[@LINE-2]]:36: simpleMultiply: global ld 'b', blockDim 32x32 (launch), loop 'i': 32 of 1024 threads read each element, 32 of 32 warps, 1 lanes per warp; step unknown; ignores threadIdx.y
  c[row * N + col] = sum;
}

__global__ void stream(const float *in, float *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    out[i] = in[i];
  // CHECK: redundant-loads.cu:[[@LINE-1]]:14: stream: global ld 'in', blockDim 128 (launch), loop 'i': 1 of 128 threads read each element, 1 of 4 warps, 1 lanes per warp; step {{.*}}; ignores none
}

__global__ void unlaunched(const float *x, float *y, int n) {
  float s = 0.0f;
  for (int k = 0; k < n; ++k)
    s += x[k];
  y[threadIdx.x] = s;
}

void launch(float *a, float *b, float *c, int n) {
  simpleMultiply<<<dim3(n / 32, n / 32), dim3(32, 32)>>>(a, b, c, n);
  stream<<<n / 128, 128>>>(a, c, n);
}
