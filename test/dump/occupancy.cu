// RUN: %warplint_dump --occupancy %s -- %cuda_args | FileCheck %s --match-full-lines
// The occupancy of each launch with a known kernel, block and dynamic shared memory on
// sm_90 (lib/Analysis/LaunchOccupancy): every limit of the calculator, the limiter, and a
// configuration that reaches 50% where the launch does not.

__global__ void scale(float *a) { a[blockIdx.x * blockDim.x + threadIdx.x] *= 2.0f; }

__global__ void tiled(float *a) {
  __shared__ float tile[12288];
  tile[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  a[threadIdx.x] = tile[127 - threadIdx.x];
}

void host(float *a, int n, int runtime) {
  scale<<<n, 16>>>(a);
  scale<<<n, 256>>>(a);
  tiled<<<n, 128>>>(a);
  tiled<<<64, 1024, 200000>>>(a);
  scale<<<n, runtime>>>(a);
  void *args[] = {&a};
  cudaLaunchKernel((void *)scale, 8, 16, args);
}

// CHECK: occupancy.cu:16: scale on sm_90: block 16, [[R:[0-9]+]] registers (estimate), 0 B static + 0 B dynamic shared: 32 blocks/SM, limited by blocks per SM (blocks 32, warps 64, registers {{[0-9]+}}, shared 228); 512/2048 threads (25%), 32/64 warps; better: blocks of 32 threads with the same resources per thread: 32 blocks, 1024 threads per SM (50%)
// CHECK-NEXT: occupancy.cu:17: scale on sm_90: block 256, [[R]] registers (estimate), 0 B static + 0 B dynamic shared: 8 blocks/SM, limited by warps per SM (blocks 32, warps 8, registers {{[0-9]+}}, shared 228); 2048/2048 threads (100%), 64/64 warps
// CHECK-NEXT: occupancy.cu:18: tiled on sm_90: block 128, {{[0-9]+}} registers (estimate), 49152 B static + 0 B dynamic shared: 4 blocks/SM, limited by shared memory (blocks 32, warps 16, registers {{[0-9]+}}, shared 4); 512/2048 threads (25%), 16/64 warps; better: blocks of 256 threads with the same shared memory per block: 4 blocks, 1024 threads per SM (50%); or at most 28160 bytes of shared memory per block: 8 blocks, 1024 threads per SM (50%)
// CHECK-NEXT: occupancy.cu:19: tiled on sm_90: block 1024, {{.*}}, grid 64: cannot launch ({{.*}})
// CHECK-NEXT: occupancy.cu:22: scale on sm_90: block 16, {{.*}}, grid 8: 32 blocks/SM, {{.*}}
// CHECK-NOT: occupancy.cu
