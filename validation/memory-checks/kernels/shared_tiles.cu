// 2-D shared tiles on 2-D blocks: a tile written by rows and read by columns
// (the transposed read), without and with one word of padding.
#include "harness.h"

// Launch <<<16, dim3(32, 32)>>>: column read of [32][32] -> 32-way.
__global__ void tile32ColumnRead(const float *in, float *out) {
  __shared__ float tile[32][32];
  int gid = (blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  tile[threadIdx.y][threadIdx.x] = in[gid]; // @access st shared conflict-free:1
  __syncthreads();
  out[gid] = tile[threadIdx.x][threadIdx.y]; // @access ld shared 32-way:32
}

// Launch <<<16, dim3(32, 32)>>>: [32][33] -> conflict-free.
__global__ void tile33ColumnRead(const float *in, float *out) {
  __shared__ float tile[32][33];
  int gid = (blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  tile[threadIdx.y][threadIdx.x] = in[gid]; // @access st shared conflict-free:1
  __syncthreads();
  out[gid] = tile[threadIdx.x][threadIdx.y]; // @access ld shared conflict-free:1
}

// Launch <<<16, dim3(16, 16)>>>: a warp is 16 columns x 2 rows of the block;
// the column read of [16][16] puts 8 distinct words in each of 4 banks.
__global__ void tile16ColumnRead(const float *in, float *out) {
  __shared__ float tile[16][16];
  int gid = (blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  tile[threadIdx.y][threadIdx.x] = in[gid]; // @access st shared conflict-free:1
  __syncthreads();
  out[gid] = tile[threadIdx.x][threadIdx.y]; // @access ld shared 8-way:8
}

// Launch <<<16, dim3(16, 16)>>>: [16][17] -> still 2-way, store and load.
__global__ void tile17ColumnRead(const float *in, float *out) {
  __shared__ float tile[16][17];
  int gid = (blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  tile[threadIdx.y][threadIdx.x] = in[gid]; // @access st shared 2-way:2
  __syncthreads();
  out[gid] = tile[threadIdx.x][threadIdx.y]; // @access ld shared 2-way:2
}

// Launch <<<16, dim3(8, 4)>>>: the warp is the whole 8x4 block. The column
// read of [8][8] gives word 8x + y: lanes x and x + 4 share a bank -> 2-way.
__global__ void tile8x8ColumnRead(const float *in, float *out) {
  __shared__ float tile[8][8];
  int gid = (blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  tile[threadIdx.y][threadIdx.x] = in[gid]; // @access st shared conflict-free:1
  __syncthreads();
  out[gid] = tile[threadIdx.x][threadIdx.y]; // @access ld shared 2-way:2
}

// The same with one word of padding, [8][9]: word 9x + y still puts lanes
// (x=7, y=1..3) in the banks of (x=0, y=0..2) -> 2-way. Padding by one
// does not fix this warp shape (by 4, [8][12], would).
__global__ void tile8x9ColumnRead(const float *in, float *out) {
  __shared__ float tile[8][9];
  int gid = (blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  tile[threadIdx.y][threadIdx.x] = in[gid]; // @access st shared 2-way:2
  __syncthreads();
  out[gid] = tile[threadIdx.x][threadIdx.y]; // @access ld shared 2-way:2
}

void runSharedTiles() {
  tile32ColumnRead<<<16, dim3(32, 32)>>>(H.in, H.out);
  H.record("tile32ColumnRead", "tile32ColumnRead", 16, dim3(32, 32));
  tile33ColumnRead<<<16, dim3(32, 32)>>>(H.in, H.out);
  H.record("tile33ColumnRead", "tile33ColumnRead", 16, dim3(32, 32));
  tile16ColumnRead<<<16, dim3(16, 16)>>>(H.in, H.out);
  H.record("tile16ColumnRead", "tile16ColumnRead", 16, dim3(16, 16));
  tile17ColumnRead<<<16, dim3(16, 16)>>>(H.in, H.out);
  H.record("tile17ColumnRead", "tile17ColumnRead", 16, dim3(16, 16));
  tile8x8ColumnRead<<<16, dim3(8, 4)>>>(H.in, H.out);
  H.record("tile8x8ColumnRead", "tile8x8ColumnRead", 16, dim3(8, 4));
  tile8x9ColumnRead<<<16, dim3(8, 4)>>>(H.in, H.out);
  H.record("tile8x9ColumnRead", "tile8x9ColumnRead", 16, dim3(8, 4));
}
