// A small CUDA program for trying warplint: `warplint examples/vector_add.cu`.
// The launch below uses 100 threads per block, which is not a multiple of the warp size.
// (test/tool/example.test checks what warplint says about it.)
#include <cstdio>

__global__ void vectorAdd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

int main() {
  const int n = 1 << 20;
  float *a, *b, *c;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  cudaMalloc(&c, n * sizeof(float));
  const int threadsPerBlock = 100;
  int blocks = (n + threadsPerBlock - 1) / threadsPerBlock;
  vectorAdd<<<blocks, threadsPerBlock>>>(a, b, c, n);
  cudaDeviceSynchronize();
  std::printf("done\n");
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
  return 0;
}
