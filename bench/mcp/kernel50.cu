// A 50-line kernel file for bench/mcp/latency.py: a naive matrix product,
// a transpose, a reduction with shared memory and their launches.
#include <cuda_runtime.h>
#define TILE 16

__global__ void matmul(const float *A, const float *B, float *C, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < N && col < N) {
    float sum = 0.0f;
    for (int k = 0; k < N; ++k)
      sum += A[row * N + k] * B[k * N + col];
    C[row * N + col] = sum;
  }
}

__global__ void transpose(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < n && j < n)
    out[i * n + j] = in[j * n + i];
}

__global__ void reduce(const float *in, float *out, int n) {
  __shared__ float buf[256];
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  buf[t] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if (t % (2 * s) == 0)
      buf[t] += buf[t + s];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = buf[0];
}

void launch(const float *A, const float *B, float *C, float *partial, int N) {
  dim3 block(TILE, TILE);
  dim3 grid((N + TILE - 1) / TILE, (N + TILE - 1) / TILE);
  matmul<<<grid, block>>>(A, B, C, N);
  transpose<<<grid, block>>>(A, C, N);
  reduce<<<(N * N + 255) / 256, 256>>>(C, partial, N * N);
}

int main() {
  launch(nullptr, nullptr, nullptr, nullptr, 1024);
  return 0;
}
