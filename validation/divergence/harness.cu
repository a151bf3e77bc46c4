// Runs every kernel of a lit test file (test/checks/divergent-branch.cu) through its
// launch_all() so that Nsight Compute can count divergent branch targets per kernel.
// Built by run.sh with the real CUDA toolkit: nvcc -DTEST_FILE='"..."' harness.cu.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include TEST_FILE

int main() {
  const int n = 16384 - 13; // not a multiple of 32: the tail guards split one warp
  const size_t big = 64 * 16384;
  std::vector<float> hf(big);
  std::vector<int> hi(big);
  unsigned s = 12345;
  for (size_t k = 0; k < big; ++k) {
    s = s * 1664525u + 1013904223u;
    hf[k] = (int)(s >> 9) % 2001 / 1000.0f - 1.0f; // [-1, 1]
    hi[k] = (s >> 13) % 8;                        // small counts and flags
  }
  float *o, *in;
  int *ci, *io;
  cudaMalloc(&o, big * sizeof(float));
  cudaMalloc(&in, big * sizeof(float));
  cudaMalloc(&ci, big * sizeof(int));
  cudaMalloc(&io, big * sizeof(int));
  cudaMemcpy(in, hf.data(), big * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(ci, hi.data(), big * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemset(io, 0, big * sizeof(int));
  launch_all(o, in, ci, io, n);
  cudaError_t e = cudaDeviceSynchronize();
  std::printf("harness: %s\n", cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
