// Issue 12's shapes (the cost helper's part): accesses whose cost changes with
// the iteration of their loop, lane guards through the global index and after
// nested early returns, a block set field by field, adjacent byte fields
// stored together, a runtime pitch in bytes. Expected values are per request
// over all iterations (what ncu counts for the line).
#include "harness.h"

// The lane stride doubles each iteration: 4, 8, 16, 32 sectors (15 per
// request over the 4 iterations); the worst is 8x.
__global__ void doublingStride(const float *in, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int s = 1; s <= 8; s *= 2)
    out[t * s] = in[t]; // @access ld global coalesced:4 ; st global uncoalesced:15
}

// lud_diagonal's triangular loop: lanes i+1..15 of 16, 16 words apart:
// 8-way at i = 0, 7-way at i = 1 and 2 ... 64 wavefronts over 15 requests.
__global__ void triangularShared(float *out) {
  __shared__ float shadow[16][16];
  shadow[threadIdx.x][threadIdx.x] = 1.0f; // @access st shared conflict-free:1
  __syncthreads();
  for (int i = 0; i < 15; i++) {
    if (threadIdx.x > i)
      shadow[threadIdx.x][i] += 1.0f; // @access ld+st shared conflict:4.267
    __syncthreads();
  }
  out[blockIdx.x * 16 + threadIdx.x] = shadow[0][threadIdx.x]; // @access ld shared conflict-free:1 ; st global coalesced:2
}

// A guard through the global index keeps the threadIdx.y == 0 lanes of block
// row 0 (4x4 blocks): 4 lanes 128 bytes apart, 4 sectors per request.
__global__ void globalIndexGuard(float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (y == 0)
    out[x * 32] = 1.0f; // @access st global uncoalesced:4
}

// Odd lanes leave in a nested early return: the even lanes use half of the
// 4 sectors each request touches.
__global__ void nestedReturn(const float *in, float *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (n > 0) {
    if (t % 2 == 1) {
      return;
    }
  }
  out[t] = in[t]; // @access ld global uncoalesced:4 ; st global uncoalesced:4
}

// Launched with a dim3 set field by field (16x16): lanes 16 words apart in x
// and 1 in y meet 4 banks, 8-way (16-way under the 32x8 default).
__global__ void fieldByFieldBlock(float *out) {
  __shared__ float s[16 * 16 + 16];
  s[threadIdx.x * 16 + threadIdx.y] = 1.0f; // @access st shared conflict:8
  __syncthreads();
  out[(blockIdx.x * 16 + threadIdx.y) * 16 + threadIdx.x] = s[threadIdx.y * 16 + threadIdx.x]; // @access ld shared conflict-free:1 ; st global coalesced:4
}

// .x and .y of a uchar4 stored together: one 2-byte store (st.global.v2.u8)
// at a 4-byte stride, 4 sectors where 2 would do.
__global__ void uchar4TwoFields(uchar4 *d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  d[i].x = 1; // @access st global uncoalesced:4
  d[i].y = 2;
}

// A runtime pitch in bytes (256 here) with 16x16 blocks: two 64-byte rows per
// warp, 4 sectors per request (a 32-byte pitch would overlap the rows: 3).
__global__ void bytePitch(unsigned char *surface, size_t pitch) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  unsigned char *pixel = surface + y * pitch + 4 * x;
  pixel[0] = 255; // @access st global uncoalesced:4
}

size_t gBytePitch = 256; // not a constant: the pitch is a runtime value

void runIterationsGuardsFields() {
  doublingStride<<<64, 256>>>(H.in, H.out);
  H.record("doublingStride", "doublingStride", 64, 256);
  triangularShared<<<64, 16>>>(H.out);
  H.record("triangularShared", "triangularShared", 64, 16);
  globalIndexGuard<<<dim3(8, 8), dim3(4, 4)>>>(H.out);
  H.record("globalIndexGuard", "globalIndexGuard", dim3(8, 8), dim3(4, 4));
  nestedReturn<<<64, 64>>>(H.in, H.out, 1);
  H.record("nestedReturn", "nestedReturn", 64, 64);
  dim3 threads;
  threads.x = 16;
  threads.y = 16;
  fieldByFieldBlock<<<64, threads>>>(H.out);
  H.record("fieldByFieldBlock", "fieldByFieldBlock", 64, dim3(16, 16));
  uchar4TwoFields<<<64, 256>>>(reinterpret_cast<uchar4 *>(H.out));
  H.record("uchar4TwoFields", "uchar4TwoFields", 64, 256);
  bytePitch<<<dim3(4, 4), dim3(16, 16)>>>(reinterpret_cast<unsigned char *>(H.out), gBytePitch);
  H.record("bytePitch", "bytePitch", dim3(4, 4), dim3(16, 16));
}
