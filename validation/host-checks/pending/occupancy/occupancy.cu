// Launch occupancy (warplint-launch-occupancy, issue 15 item 2): for each launch
// configuration of test/checks/launch-occupancy.cu and test/dump/occupancy.cu, what
// cudaOccupancyMaxActiveBlocksPerMultiprocessor says, next to the kernel's registers and
// static shared memory (cudaFuncGetAttributes). predictions.csv holds what warplint
// predicts (warplint-dump --occupancy on this file); compare.py joins the two.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void scale(float *a) { a[blockIdx.x * blockDim.x + threadIdx.x] *= 2.0f; }

__global__ void tiled(float *a) {
  __shared__ float tile[12288]; // 49152 bytes
  tile[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  a[threadIdx.x] = tile[127 - threadIdx.x];
}

__global__ void dynamic(float *a) {
  extern __shared__ float buf[];
  buf[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  a[threadIdx.x] = buf[63 - threadIdx.x];
}

// The launches warplint evaluates (never called): one per case, the case named in the
// comment; make_predictions.py runs warplint-dump --occupancy on this file.
void predictedLaunches(float *a, int n) {
  scale<<<n, 16>>>(a);          // case: block-slots-16
  scale<<<n, 8>>>(a);           // case: block-slots-8
  scale<<<n, 32>>>(a);          // case: block-32
  scale<<<n, 256>>>(a);         // case: block-256
  tiled<<<n, 128>>>(a);         // case: shared-128
  tiled<<<n, 256>>>(a);         // case: shared-256
  dynamic<<<n, 64, 40000>>>(a); // case: dynamic-64-40000
}

struct Case {
  const char *Name;
  const void *Kernel;
  const char *KernelName;
  int Block;
  size_t Dynamic;
};

int main() {
  cudaDeviceProp P;
  cudaGetDeviceProperties(&P, 0);
  Case Cases[] = {
      {"block-slots-16", (const void *)scale, "scale", 16, 0},
      {"block-slots-8", (const void *)scale, "scale", 8, 0},
      {"block-32", (const void *)scale, "scale", 32, 0},
      {"block-256", (const void *)scale, "scale", 256, 0},
      {"shared-128", (const void *)tiled, "tiled", 128, 0},
      {"shared-256", (const void *)tiled, "tiled", 256, 0},
      {"dynamic-64-40000", (const void *)dynamic, "dynamic", 64, 40000},
  };
  printf("device,case,kernel,block,dynamic_shared,registers,static_shared,active_blocks,"
         "active_threads,max_threads,occupancy\n");
  for (const Case &C : Cases) {
    cudaFuncAttributes A;
    cudaFuncGetAttributes(&A, C.Kernel);
    int Blocks = -1;
    cudaError_t E = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&Blocks, C.Kernel,
                                                                  C.Block, C.Dynamic);
    if (E != cudaSuccess) {
      fprintf(stderr, "%s: %s\n", C.Name, cudaGetErrorString(E));
      return 1;
    }
    int Max = P.maxThreadsPerMultiProcessor;
    printf("%s,%s,%s,%d,%zu,%d,%zu,%d,%d,%d,%.4f\n", P.name, C.Name, C.KernelName,
           C.Block, C.Dynamic, A.numRegs, A.sharedSizeBytes, Blocks, Blocks * C.Block, Max,
           double(Blocks) * C.Block / Max);
  }
  return 0;
}
