// 8- and 16-byte shared accesses (double, float4): a warp's request is split
// into phases of 128 bytes (half warps for 8 bytes, quarter warps for 16), so
// 2 and 4 wavefronts are the ideal, not conflicts.
#include "harness.h"

// Launch <<<64, 128>>>: unit stride doubles, 2 wavefronts (ideal).
__global__ void sharedDouble(const double *in, double *out) {
  __shared__ double s[128];
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = in[gid]; // @access st shared wide-conflict-free:2
  __syncthreads();
  out[gid] = s[threadIdx.x]; // @access ld shared wide-conflict-free:2
}

// Launch <<<64, 128>>>: doubles 16 bytes apart: 2-way in each half warp.
__global__ void sharedDoubleStride2(const double *in, double *out) {
  __shared__ double s[256];
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  s[2 * threadIdx.x] = in[gid]; // @access st shared 2-way:4
  __syncthreads();
  out[gid] = s[2 * threadIdx.x]; // @access ld shared 2-way:4
}

// Launch <<<64, 128>>>: unit stride float4, 4 wavefronts (ideal).
__global__ void sharedFloat4(const float4 *in, float4 *out) {
  __shared__ float4 s[128];
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = in[gid]; // @access st shared wide-conflict-free:4
  __syncthreads();
  out[gid] = s[threadIdx.x]; // @access ld shared wide-conflict-free:4
}

// Launch <<<64, 128>>>: float4 32 bytes apart: 2-way in each quarter warp.
__global__ void sharedFloat4Stride2(const float4 *in, float4 *out) {
  __shared__ float4 s[256];
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  s[2 * threadIdx.x] = in[gid]; // @access st shared 2-way:8
  __syncthreads();
  out[gid] = s[2 * threadIdx.x]; // @access ld shared 2-way:8
}

// Launch <<<16, dim3(32, 32)>>>: column read of a [32][32] double tile: every
// lane of a half warp in the same two banks (16-way in each of 2 phases).
__global__ void doubleTileColumnRead(const double *in, double *out) {
  __shared__ double tile[32][32];
  int gid = (blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  tile[threadIdx.y][threadIdx.x] = in[gid]; // @access st shared wide-conflict-free:2
  __syncthreads();
  out[gid] = tile[threadIdx.x][threadIdx.y]; // @access ld shared 16-way:32
}

// Launch <<<16, dim3(32, 32)>>>: padded by one double, [32][33]: lane stride
// 66 words -> 2 banks apart: conflict-free in each half warp.
__global__ void doubleTileColumnReadPadded(const double *in, double *out) {
  __shared__ double tile[32][33];
  int gid = (blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  tile[threadIdx.y][threadIdx.x] = in[gid]; // @access st shared wide-conflict-free:2
  __syncthreads();
  out[gid] = tile[threadIdx.x][threadIdx.y]; // @access ld shared wide-conflict-free:2
}

void runSharedWide() {
  sharedDouble<<<64, 128>>>((const double *)H.in, (double *)H.out);
  H.record("sharedDouble", "sharedDouble", 64, 128);
  sharedDoubleStride2<<<64, 128>>>((const double *)H.in, (double *)H.out);
  H.record("sharedDoubleStride2", "sharedDoubleStride2", 64, 128);
  sharedFloat4<<<64, 128>>>((const float4 *)H.in, (float4 *)H.out);
  H.record("sharedFloat4", "sharedFloat4", 64, 128);
  sharedFloat4Stride2<<<64, 128>>>((const float4 *)H.in, (float4 *)H.out);
  H.record("sharedFloat4Stride2", "sharedFloat4Stride2", 64, 128);
  doubleTileColumnRead<<<16, dim3(32, 32)>>>((const double *)H.in, (double *)H.out);
  H.record("doubleTileColumnRead", "doubleTileColumnRead", 16, dim3(32, 32));
  doubleTileColumnReadPadded<<<16, dim3(32, 32)>>>((const double *)H.in, (double *)H.out);
  H.record("doubleTileColumnReadPadded", "doubleTileColumnReadPadded", 16, dim3(32, 32));
}
