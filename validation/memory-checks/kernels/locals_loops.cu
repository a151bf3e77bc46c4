// Values followed through local variables, reassignment and loops: grid-stride
// loops, a loop over the lane's own row (uncoalesced), a loop over a column
// (coalesced), a per-thread contiguous chunk (uncoalesced). Each kernel reads
// through one pattern and writes out[gid] (coalesced). Launch: <<<64, 256>>>.
#include "harness.h"

// Reassigned local: i is doubled after it is computed -> stride 2 words.
__global__ void localReassigned(const float *in, float *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int i = gid;
  i = i * 2;
  float v = in[i]; // @access ld global uncoalesced:8
  out[gid] = v; // @access st global coalesced:4
}

// Local variables combined over several statements: a row/column split of
// the thread id that recombines into a unit stride.
__global__ void localRecombined(const float *in, float *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int r = gid / 64;
  int c = gid % 64;
  int offset = r * 64;
  offset += c;
  out[gid] = in[offset]; // @access ld global coalesced:4 ; st global coalesced:4
}

// The usual grid-stride loop: each request is a warp's 32 consecutive words.
__global__ void gridStrideCopy(const float *in, float *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    out[i] = in[i]; // @access ld+st global coalesced:4
}

// A grid-stride loop over 3-component points stored flat: the load of the
// first component has a stride of 3 words.
__global__ void gridStrideStride3(const float *xyz, float *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    out[i] = xyz[3 * i]; // @access ld global uncoalesced:12 ; st global coalesced:4
}

// A while loop with its own induction variable.
__global__ void whileLoopStride4(const float *in, float *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int k = 0;
  float sum = 0.0f;
  while (k < 4) {
    sum += in[(gid + k * 16384) * 4]; // @access ld global uncoalesced:16
    ++k;
  }
  out[gid] = sum; // @access st global coalesced:4
}

// Each thread sums its own row of a 64-column matrix: the lanes of a warp are
// 64 words (256 bytes) apart at every step.
__global__ void rowPerThread(const float *m, float *out, int cols) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int j = 0; j < cols; j++)
    sum += m[row * cols + j]; // @access ld global uncoalesced:32
  out[row] = sum; // @access st global coalesced:4
}

// Each thread sums its own column: the lanes read consecutive words.
__global__ void columnPerThread(const float *m, float *out, int rows, int cols) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int i = 0; i < rows; i++)
    sum += m[i * cols + col]; // @access ld global coalesced:4
  out[col] = sum; // @access st global coalesced:4
}

// Each thread handles a contiguous chunk of 16 elements: lanes are 64 bytes
// apart, one sector each (a common mistake; a grid-stride loop fixes it).
__global__ void chunkPerThread(const float *in, float *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  const int kChunk = 16;
  float sum = 0.0f;
  for (int k = 0; k < kChunk; k++)
    sum += in[gid * kChunk + k]; // @access ld global uncoalesced:32
  out[gid] = sum; // @access st global coalesced:4
}

void runLocalsLoops() {
  const int total = 64 * 256;
  localReassigned<<<64, 256>>>(H.in, H.out);
  H.record("localReassigned", "localReassigned", 64, 256);
  localRecombined<<<64, 256>>>(H.in, H.out);
  H.record("localRecombined", "localRecombined", 64, 256);
  gridStrideCopy<<<64, 256>>>(H.in, H.out, 4 * total);
  H.record("gridStrideCopy", "gridStrideCopy", 64, 256);
  gridStrideStride3<<<64, 256>>>(H.in, H.out, 4 * total);
  H.record("gridStrideStride3", "gridStrideStride3", 64, 256);
  whileLoopStride4<<<64, 256>>>(H.in, H.out);
  H.record("whileLoopStride4", "whileLoopStride4", 64, 256);
  rowPerThread<<<64, 256>>>(H.in, H.out, 64);
  H.record("rowPerThread", "rowPerThread", 64, 256);
  columnPerThread<<<64, 256>>>(H.in, H.out, 64, total);
  H.record("columnPerThread", "columnPerThread", 64, 256);
  chunkPerThread<<<64, 256>>>(H.in, H.out);
  H.record("chunkPerThread", "chunkPerThread", 64, 256);
}
