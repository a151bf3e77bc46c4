// RUN: %warplint_dump %s -- %cuda_args | FileCheck %s
// The memory analysis' dump mode: what the engine derives for each access.

#define TILE 32

__global__ void tiles(float *out, const float *in, int width) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8)
    out[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void gather(float *out, const float *in, const int *idx, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[idx[i]];
}

void launch(float *a, float *b, int *idx) {
  tiles<<<dim3(16, 16), dim3(TILE, 8)>>>(a, b, 512);
  gather<<<64, 128>>>(a, b, idx, 8192);
}

// CHECK: memory-accesses.cu:11:5: tiles: shared st 4B, blockDim 32x8 (launch, width = 512): 1.000 wavefronts/request (ideal 1.000), 1-way
// CHECK-NEXT: index: 33 * (i64)(threadIdx.y + (u32)(8 * j.iter)) + (i64)threadIdx.x
// CHECK: memory-accesses.cu:11:42: tiles: global ld 4B, blockDim 32x8 (launch, width = 512): 4.000 sectors/request (ideal 4.000)
// CHECK: memory-accesses.cu:16:5: tiles: global st 4B, blockDim 32x8 (launch, width = 512): 4.000 sectors/request (ideal 4.000)
// CHECK: memory-accesses.cu:16:32: tiles: shared ld 4B, blockDim 32x8 (launch, width = 512): 1.000 wavefronts/request (ideal 1.000), 1-way
// The tail guard `if (i < n)` holds for every lane of all blocks but the last: said so.
// CHECK: memory-accesses.cu:22:5: gather: global st 4B, blockDim 128 (launch, n = 8192): 4.000 sectors/request (ideal 4.000)
// CHECK-NEXT: index: (i64)(i32)(threadIdx.x + blockIdx.x * blockDim.x)
// CHECK-NEXT: assumption: all lanes pass the enclosing condition ((i32)(threadIdx.x + blockIdx.x * blockDim.x) < n), as in every block but possibly the last
// The gather: its address depends on a loaded value.
// CHECK: memory-accesses.cu:22:14: gather: global ld 4B, blockDim 128 (launch, n = 8192): no prediction: lane-varying value: value loaded from memory at a lane-varying address
// CHECK: memory-accesses.cu:22:17: gather: global ld 4B, blockDim 128 (launch, n = 8192): 4.000 sectors/request (ideal 4.000)
