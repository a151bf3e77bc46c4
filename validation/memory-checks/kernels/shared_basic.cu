// Shared-memory patterns on 1-D blocks: strides (template), extern __shared__
// arrays and pointers carved from them, broadcast and multicast, and a loop
// over the lane's own row. Each kernel stores and loads through its pattern
// (both of interest) and writes out[gid] (coalesced). Launch <<<64, 128>>>.
#include "harness.h"

// 4-byte words, lane stride STRIDE words. Instantiated with 1, 2, 32 and 33:
// conflict-free, 2-way, 32-way, conflict-free.
template <int STRIDE>
__global__ void sharedStrided(const float *in, float *out) {
  __shared__ float s[128 * STRIDE];
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x * STRIDE] = in[gid]; // @access st shared S1=conflict-free:1 S2=2-way:2 S32=32-way:32 S33=conflict-free:1
  __syncthreads();
  out[gid] = s[threadIdx.x * STRIDE]; // @access ld shared S1=conflict-free:1 S2=2-way:2 S32=32-way:32 S33=conflict-free:1
}

// Dynamic shared memory, stride 2 words: 2-way. Launched with 1024 bytes.
__global__ void externStride2(const float *in, float *out) {
  extern __shared__ float dyn[];
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  dyn[2 * threadIdx.x] = in[gid]; // @access st shared 2-way:2
  __syncthreads();
  out[gid] = dyn[2 * threadIdx.x]; // @access ld shared 2-way:2
}

// Two arrays carved from one dynamic allocation with pointer arithmetic; the
// second starts blockDim.x words in. Unit stride in both: conflict-free.
__global__ void externCarved(const float *in, float *out) {
  extern __shared__ float dyn[];
  float *a = dyn;
  float *b = dyn + blockDim.x;
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  a[threadIdx.x] = in[gid]; // @access st shared conflict-free:1
  b[threadIdx.x] = 2.0f * in[gid]; // @access st shared conflict-free:1
  __syncthreads();
  out[gid] = b[(threadIdx.x + 1) % blockDim.x]; // @access ld shared conflict-free:1
}

// Every lane reads the same word: one wavefront.
__global__ void sharedBroadcast(const float *in, float *out) {
  __shared__ float s[128];
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = in[gid]; // @access st shared conflict-free:1
  __syncthreads();
  out[gid] = s[0]; // @access ld shared broadcast:1
}

// Pairs of lanes read one word (multicast):
// one wavefront.
__global__ void sharedMulticast(const float *in, float *out) {
  __shared__ float s[128];
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = in[gid]; // @access st shared conflict-free:1
  __syncthreads();
  out[gid] = s[threadIdx.x / 2]; // @access ld shared conflict-free:1
}

// Each thread sums its own row of a [128][32] tile: every lane of the warp
// is in the same bank at every step (32-way).
__global__ void sharedRowPerThread(const float *in, float *out) {
  __shared__ float rows[128][32];
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 32; k++)
    rows[k * 4 + threadIdx.x / 32][threadIdx.x % 32] = in[(k * gridDim.x + blockIdx.x) * blockDim.x + threadIdx.x]; // @access st shared conflict-free:1
  __syncthreads();
  float sum = 0.0f;
  for (int k = 0; k < 32; k++)
    sum += rows[threadIdx.x][k]; // @access ld shared 32-way:32
  out[gid] = sum;
}

// The same with the row padded to 33 words: conflict-free.
__global__ void sharedRowPerThreadPadded(const float *in, float *out) {
  __shared__ float rows[128][33];
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 32; k++)
    rows[k * 4 + threadIdx.x / 32][threadIdx.x % 32] = in[(k * gridDim.x + blockIdx.x) * blockDim.x + threadIdx.x]; // @access st shared conflict-free:1
  __syncthreads();
  float sum = 0.0f;
  for (int k = 0; k < 32; k++)
    sum += rows[threadIdx.x][k]; // @access ld shared conflict-free:1
  out[gid] = sum;
}

void runSharedBasic() {
  sharedStrided<1><<<64, 128>>>(H.in, H.out);
  H.record("S1", "sharedStrided<1>", 64, 128);
  sharedStrided<2><<<64, 128>>>(H.in, H.out);
  H.record("S2", "sharedStrided<2>", 64, 128);
  sharedStrided<32><<<64, 128>>>(H.in, H.out);
  H.record("S32", "sharedStrided<32>", 64, 128);
  sharedStrided<33><<<64, 128>>>(H.in, H.out);
  H.record("S33", "sharedStrided<33>", 64, 128);
  externStride2<<<64, 128, 1024>>>(H.in, H.out);
  H.record("externStride2", "externStride2", 64, 128, 1024);
  externCarved<<<64, 128, 1024>>>(H.in, H.out);
  H.record("externCarved", "externCarved", 64, 128, 1024);
  sharedBroadcast<<<64, 128>>>(H.in, H.out);
  H.record("sharedBroadcast", "sharedBroadcast", 64, 128);
  sharedMulticast<<<64, 128>>>(H.in, H.out);
  H.record("sharedMulticast", "sharedMulticast", 64, 128);
  sharedRowPerThread<<<64, 128>>>(H.in, H.out);
  H.record("sharedRowPerThread", "sharedRowPerThread", 64, 128);
  sharedRowPerThreadPadded<<<64, 128>>>(H.in, H.out);
  H.record("sharedRowPerThreadPadded", "sharedRowPerThreadPadded", 64, 128);
}
