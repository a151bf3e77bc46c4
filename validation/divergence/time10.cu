// Times each kernel pair of cheap10.cu with CUDA events: 5 warm-up launches, then the
// median of 50, on the inputs harness.cu draws. Build and run on the GPU machine:
//   nvcc -O3 -arch=sm_90 -o /tmp/time10 time10.cu && /tmp/time10
// Prints: kernel, median microseconds, min microseconds.
#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>
#include "cheap10.cu"

static float median_us(const std::function<void()> &launch, float *min_us) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  for (int k = 0; k < 5; ++k)
    launch();
  std::vector<float> t;
  for (int k = 0; k < 50; ++k) {
    cudaEventRecord(a);
    launch();
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float ms = 0;
    cudaEventElapsedTime(&ms, a, b);
    t.push_back(ms * 1000.0f);
  }
  std::sort(t.begin(), t.end());
  *min_us = t.front();
  return t[t.size() / 2];
}

int main() {
  const size_t big = 64 * 16384;
  std::vector<float> hf(big);
  std::vector<int> hi(big);
  unsigned s = 12345;
  for (size_t k = 0; k < big; ++k) {
    s = s * 1664525u + 1013904223u;
    hf[k] = (int)(s >> 9) % 2001 / 1000.0f - 1.0f;
    hi[k] = (s >> 13) % 8;
  }
  float *o, *in;
  int *ci;
  cudaMalloc(&o, big * sizeof(float));
  cudaMalloc(&in, big * sizeof(float));
  cudaMalloc(&ci, big * sizeof(int));
  cudaMemcpy(in, hf.data(), big * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(ci, hi.data(), big * sizeof(int), cudaMemcpyHostToDevice);
  const unsigned stride = 8192, N = (1u << 20) - 3000;
  const unsigned last = N % (2 * stride);
  const unsigned tc = last > stride ? (N + 2 * stride - last) / (2 * SAMPLE_STRIDE)
                                    : (N - last) / (2 * SAMPLE_STRIDE);
  struct K {
    const char *name;
    std::function<void()> launch;
  } ks[] = {
      {"c_lastTile", [&] { c_lastTile<<<(tc + 255) / 256, 256>>>(o, in, stride, N, tc); }},
      {"p_everyTile", [&] { p_everyTile<<<(tc + 255) / 256, 256>>>(o, in, stride, N, tc); }},
      {"c_shrinkingBound", [&] { c_shrinkingBound<<<2048, 256>>>(o, in, 9); }},
      {"p_interleavedTree", [&] { p_interleavedTree<<<2048, 256>>>(o, in, 9); }},
      {"c_oddEvenMerge", [&] { c_oddEvenMerge<<<1024, 512>>>(o, in, 1024); }},
      {"p_bitonic", [&] { p_bitonic<<<1024, 512>>>(o, in, 1024); }},
      {"c_evenThreshold", [&] { c_evenThreshold<<<256, 256>>>(o, 1u << 20); }},
      {"p_randomThreshold", [&] { p_randomThreshold<<<256, 256>>>(o, ci, 1u << 20); }},
  };
  std::printf("kernel,median_us,min_us\n");
  for (auto &k : ks) {
    float mn = 0, med = median_us(k.launch, &mn);
    cudaError_t e = cudaGetLastError();
    std::printf("%s,%.2f,%.2f%s\n", k.name, med, mn, e == cudaSuccess ? "" : cudaGetErrorString(e));
  }
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
