// Driver of the memory-check validation kernels: allocates the buffers, runs
// every kernel file's launches in a fixed order and prints one line per
// launch ("launch,<n>,<label>,<kernel>,grid xyz,block xyz,smem"); the n-th
// launch is the n-th result ncu reports.
#include "harness.h"
#include <algorithm>
#include <numeric>
#include <random>

Harness H;

int main() {
  CUDA_CHECK(cudaMalloc(&H.in, Harness::kFloats * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&H.in2, Harness::kFloats * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&H.out, Harness::kFloats * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&H.idxIdentity, Harness::kIdx * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&H.idxRandom, Harness::kIdx * sizeof(int)));
  // Non-zero, varied inputs (small integers: sums are exact in float).
  std::vector<float> host(Harness::kFloats);
  std::mt19937 rng(12345);
  for (auto &v : host)
    v = float(int(rng() % 17) - 8);
  CUDA_CHECK(cudaMemcpy(H.in, host.data(), host.size() * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(H.in2, host.data(), host.size() * sizeof(float), cudaMemcpyHostToDevice));
  std::vector<int> idx(Harness::kIdx);
  std::iota(idx.begin(), idx.end(), 0);
  CUDA_CHECK(cudaMemcpy(H.idxIdentity, idx.data(), idx.size() * sizeof(int), cudaMemcpyHostToDevice));
  std::shuffle(idx.begin(), idx.end(), rng);
  CUDA_CHECK(cudaMemcpy(H.idxRandom, idx.data(), idx.size() * sizeof(int), cudaMemcpyHostToDevice));

  runGuideCopy();
  runGuideMatmul();
  runTranspose();
  runReduction();
  runLocalsLoops();
  runHelpersMacrosTemplates();
  runStructsVectors();
  runPointersLdgCg();
  runBroadcastGather();
  runBlocks2D();
  runSharedBasic();
  runSharedTiles();
  runSharedWide();
  runRealCode();
  runIterationsGuardsFields();
  runValuesI12b();
  std::printf("launches,%d\n", H.launches);
  return 0;
}
