// Records cudaOccupancyMaxActiveBlocksPerMultiprocessor for every kernel of
// occupancy_kernels.cu (one copy per register cap) over a grid of block sizes
// and dynamic shared-memory sizes, plus the device properties a model needs.
// Output: occupancy.csv and device.csv in the directory given as argv[1].
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <string>
#include <vector>

struct OccKernel {
  const char *Name;
  const void *Fn;
  int RegCap;
  int StaticSmem;
};

#define REG(N) void registerKernels##N(std::vector<OccKernel> &);
REG(16)
REG(24) REG(32) REG(40) REG(48) REG(56) REG(64) REG(72) REG(80) REG(96) REG(128)
    REG(168) REG(200) REG(255)
#undef REG

#define CHECK(X)                                                               \
  do {                                                                         \
    cudaError_t E = (X);                                                       \
    if (E != cudaSuccess) {                                                    \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #X,          \
                   cudaGetErrorString(E));                                     \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

        int main(int Argc, char **Argv) {
  std::string Dir = Argc > 1 ? Argv[1] : ".";
  std::vector<OccKernel> Ks;
#define REG(N) registerKernels##N(Ks);
  REG(16)
  REG(24) REG(32) REG(40) REG(48) REG(56) REG(64) REG(72) REG(80) REG(96)
      REG(128) REG(168) REG(200) REG(255)
#undef REG

          cudaDeviceProp P;
  CHECK(cudaGetDeviceProperties(&P, 0));
  FILE *D = std::fopen((Dir + "/device.csv").c_str(), "w");
  std::fprintf(D, "property,value\n");
  std::fprintf(D, "name,%s\n", P.name);
#define PROP(F) std::fprintf(D, #F ",%lld\n", (long long)P.F)
  PROP(major);
  PROP(minor);
  PROP(multiProcessorCount);
  PROP(warpSize);
  PROP(regsPerMultiprocessor);
  PROP(regsPerBlock);
  PROP(sharedMemPerMultiprocessor);
  PROP(sharedMemPerBlock);
  PROP(sharedMemPerBlockOptin);
  PROP(reservedSharedMemPerBlock);
  PROP(maxThreadsPerMultiProcessor);
  PROP(maxThreadsPerBlock);
  PROP(maxBlocksPerMultiProcessor);
  PROP(l2CacheSize);
  PROP(totalConstMem);
  PROP(maxThreadsDim[0]);
  PROP(maxThreadsDim[1]);
  PROP(maxThreadsDim[2]);
  PROP(maxGridSize[0]);
  PROP(maxGridSize[1]);
  PROP(maxGridSize[2]);
  PROP(memoryBusWidth);
#undef PROP
  std::fclose(D);

  const int BlockSizes[] = {1,   32,  33,  64,  96,  100,  128, 160,
                            192, 250, 256, 288, 320, 384,  448, 512,
                            576, 640, 768, 800, 896, 1000, 1024};
  const int Dyn[] = {0,      100,    2048,       8192,  20000,
                     32768,  49152,  65536,      98304, 131072,
                     163840, 200000, -1 /*max*/, -2 /*max+1*/};
  FILE *O = std::fopen((Dir + "/occupancy.csv").c_str(), "w");
  std::fprintf(O, "kernel,reg_cap,num_regs,static_smem,local_bytes,"
                  "max_threads_per_block,max_dynamic_smem,block_size,"
                  "dynamic_smem,active_blocks,status\n");
  int Rows = 0;
  for (const OccKernel &K : Ks) {
    cudaFuncAttributes A;
    CHECK(cudaFuncGetAttributes(&A, K.Fn));
    int MaxDyn = int(P.sharedMemPerBlockOptin) - int(A.sharedSizeBytes);
    CHECK(cudaFuncSetAttribute(
        K.Fn, cudaFuncAttributeMaxDynamicSharedMemorySize, MaxDyn));
    CHECK(cudaFuncGetAttributes(&A, K.Fn));
    for (int B : BlockSizes) {
      for (int DI : Dyn) {
        long long DS = DI == -1 ? MaxDyn : DI == -2 ? MaxDyn + 1 : DI;
        int NB = -1;
        cudaError_t E =
            cudaOccupancyMaxActiveBlocksPerMultiprocessor(&NB, K.Fn, B, DS);
        cudaGetLastError();
        std::fprintf(O, "%s,%d,%d,%zu,%zu,%d,%d,%d,%lld,%d,%s\n", K.Name,
                     K.RegCap, A.numRegs, A.sharedSizeBytes, A.localSizeBytes,
                     A.maxThreadsPerBlock, A.maxDynamicSharedSizeBytes, B, DS,
                     E == cudaSuccess ? NB : -1,
                     E == cudaSuccess ? "ok" : cudaGetErrorName(E));
        ++Rows;
      }
    }
  }
  std::fclose(O);
  std::printf("occupancy rows: %d kernels: %zu\n", Rows, Ks.size());
  return 0;
}
