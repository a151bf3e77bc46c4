// Shared host-side harness for the memory-check validation kernels.
//
// Every kernel file defines its kernels and one host function run<File>()
// that launches each of them with a fixed configuration, written literally at
// the launch site, and then calls H.record(label, kernel, grid, block, smem).
// record() checks the launch, and logs it: launches are profiled by ncu in
// program order, so the n-th record is the n-th ncu result.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <vector>

#define CUDA_CHECK(call)                                                      \
  do {                                                                        \
    cudaError_t err_ = (call);                                                \
    if (err_ != cudaSuccess) {                                                \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                 \
                   cudaGetErrorString(err_));                                 \
      std::exit(1);                                                           \
    }                                                                         \
  } while (0)

struct Harness {
  // Large device buffers every kernel reads from and writes to.
  static constexpr size_t kFloats = size_t(16) << 20; // 64 MiB each
  float *in = nullptr, *in2 = nullptr, *out = nullptr;
  int *idxIdentity = nullptr, *idxRandom = nullptr; // kIdx entries each
  static constexpr int kIdx = 1 << 16;
  int launches = 0;

  void record(const char *label, const char *kernel, dim3 grid, dim3 block,
              size_t smem = 0) {
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    std::printf("launch,%d,%s,%s,%u,%u,%u,%u,%u,%u,%zu\n", launches++, label,
                kernel, grid.x, grid.y, grid.z, block.x, block.y, block.z,
                smem);
  }
  // Copies n floats of `out` back to the host (for the few result checks).
  std::vector<float> result(size_t n) {
    std::vector<float> h(n);
    CUDA_CHECK(cudaMemcpy(h.data(), out, n * sizeof(float),
                          cudaMemcpyDeviceToHost));
    return h;
  }
};

extern Harness H;

void runGuideCopy();
void runGuideMatmul();
void runTranspose();
void runReduction();
void runLocalsLoops();
void runHelpersMacrosTemplates();
void runStructsVectors();
void runPointersLdgCg();
void runBroadcastGather();
void runBlocks2D();
void runSharedBasic();
void runSharedTiles();
void runSharedWide();
void runRealCode();
void runIterationsGuardsFields();
void runValuesI12b();
