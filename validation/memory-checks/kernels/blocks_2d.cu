// 2-D thread blocks: the warp is 32 consecutive linear thread ids (x fastest),
// so its shape depends on blockDim. One row-major copy kernel launched with
// 32x8, 16x16 and 8x4 blocks, and a column-major read launched with 32x8 and
// 8x4. Matrix: 1024 columns.
#include "harness.h"

// Launch <<<dim3(4, 16), dim3(32, 8)>>>, <<<dim3(8, 8), dim3(16, 16)>>>,
// <<<dim3(16, 32), dim3(8, 4)>>>: 32x8 -> one 128-byte row piece; 16x16 ->
// two 64-byte pieces; 8x4 -> four 32-byte pieces. 4 sectors each: coalesced.
__global__ void copy2D(const float *in, float *out, int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * width + x] = in[y * width + x]; // @access ld+st global b32x8=coalesced:4 b16x16=coalesced:4 b8x4=coalesced:4
}

// Column-major read in[x * width + y]: with 32x8 every lane is a row apart
// (32 sectors); with 8x4 a warp is 8 columns x 4 consecutive y, 16 bytes per
// column inside one sector (8 sectors, 2x the ideal).
__global__ void copy2DColumnRead(const float *in, float *out, int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * width + x] = in[x * width + y]; // @access ld global c32x8=uncoalesced:32 c8x4=uncoalesced-2x:8 ; st global coalesced:4
}

// 1-D block over the same matrix, one row per block: the 1-D reference.
__global__ void copyRows1D(const float *in, float *out, int width) {
  int x = threadIdx.x;
  int y = blockIdx.x;
  out[y * width + x] = in[y * width + x]; // @access ld+st global coalesced:4
}

// Launch <<<dim3(4, 16), dim3(32, 8)>>>: threadIdx.y selects the row and is
// the same across a warp; threadIdx.x strides 2 words.
__global__ void copy2DStride2(const float *in, float *out, int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * width + x] = in[y * width * 2 + 2 * x]; // @access ld global uncoalesced:8 ; st global coalesced:4
}

void runBlocks2D() {
  copy2D<<<dim3(4, 16), dim3(32, 8)>>>(H.in, H.out, 1024);
  H.record("b32x8", "copy2D", dim3(4, 16), dim3(32, 8));
  copy2D<<<dim3(8, 8), dim3(16, 16)>>>(H.in, H.out, 1024);
  H.record("b16x16", "copy2D", dim3(8, 8), dim3(16, 16));
  copy2D<<<dim3(16, 32), dim3(8, 4)>>>(H.in, H.out, 1024);
  H.record("b8x4", "copy2D", dim3(16, 32), dim3(8, 4));
  copy2DColumnRead<<<dim3(4, 16), dim3(32, 8)>>>(H.in, H.out, 1024);
  H.record("c32x8", "copy2DColumnRead", dim3(4, 16), dim3(32, 8));
  copy2DColumnRead<<<dim3(16, 32), dim3(8, 4)>>>(H.in, H.out, 1024);
  H.record("c8x4", "copy2DColumnRead", dim3(16, 32), dim3(8, 4));
  copyRows1D<<<64, 256>>>(H.in, H.out, 1024);
  H.record("copyRows1D", "copyRows1D", 64, 256);
  copy2DStride2<<<dim3(4, 16), dim3(32, 8)>>>(H.in, H.out, 1024);
  H.record("copy2DStride2", "copy2DStride2", dim3(4, 16), dim3(32, 8));
}
