// Pointer arithmetic and offsets, __ldg / const __restrict__ read-only
// loads, and cooperative-groups thread ranks. Launch <<<64, 256>>> unless
// said otherwise; each kernel reads through one pattern, writes coalesced.
#include "harness.h"
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// A row pointer per block, indexed by the lane: coalesced.
__global__ void ptrRowOffset(const float *in, float *out, int N) {
  const float *row = in + blockIdx.x * N;
  float *dst = out + blockIdx.x * N;
  dst[threadIdx.x] = row[threadIdx.x]; // @access ld+st global coalesced:4
}

// A column pointer per lane: p + threadIdx.x * N, lanes N words apart.
__global__ void ptrColumnOffset(const float *in, float *out, int N) {
  const float *col = in + threadIdx.x * N + blockIdx.x;
  out[blockIdx.x * blockDim.x + threadIdx.x] = *col; // @access ld global uncoalesced:32 ; st global coalesced:4
}

// A pointer advanced by the grid size in a loop (pointer induction).
__global__ void ptrIncrementGridStride(const float *in, float *out, int iters) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  const float *p = in + gid;
  float sum = 0.0f;
  for (int k = 0; k < iters; k++) {
    sum += *p; // @access ld global coalesced:4
    p += blockDim.x * gridDim.x;
  }
  out[gid] = sum; // @access st global coalesced:4
}

// A pointer advanced by one per step from a per-thread base 8 words apart.
__global__ void ptrIncrementPerThread(const float *in, float *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  const float *p = in + gid * 8;
  float sum = 0.0f;
  for (int k = 0; k < 8; k++)
    sum += *p++; // @access ld global uncoalesced:32
  out[gid] = sum; // @access st global coalesced:4
}

// A byte offset through a char pointer, then back to float: 4 bytes past the
// block's row start, so every warp straddles one more sector.
__global__ void ptrByteOffset(const float *in, float *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  const float *shifted = reinterpret_cast<const float *>(reinterpret_cast<const char *>(in) + 4);
  out[gid] = shifted[gid]; // @access ld global misaligned:5 ; st global coalesced:4
}

__global__ void ldgCoalesced(const float *in, float *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  out[gid] = __ldg(&in[gid]); // @access ld global coalesced:4 ; st global coalesced:4
}

__global__ void ldgStride32(const float *in, float *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  out[gid] = __ldg(&in[gid * 32]); // @access ld global uncoalesced:32 ; st global coalesced:4
}

// const __restrict__: the compiler may use the read-only path by itself.
__global__ void restrictStride2(const float *__restrict__ in, float *__restrict__ out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  out[gid] = in[gid * 2]; // @access ld global uncoalesced:8 ; st global coalesced:4
}

// Cooperative groups: block rank and block index give a coalesced index.
__global__ void cgBlockRank(const float *in, float *out) {
  cg::thread_block block = cg::this_thread_block();
  int i = block.group_index().x * block.size() + block.thread_rank();
  out[i] = in[i]; // @access ld+st global coalesced:4
}

// Cooperative groups: the lane's rank within a 32-thread tile, used as a row
// number (stride 32 words).
__global__ void cgTileRankStride32(const float *in, float *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int warpId = block.group_index().x * (block.size() / 32) + block.thread_rank() / 32;
  float v = in[warp.thread_rank() * 32 + warpId]; // @access ld global uncoalesced:32
  out[block.group_index().x * block.size() + block.thread_rank()] = v; // @access st global coalesced:4
}

void runPointersLdgCg() {
  ptrRowOffset<<<64, 256>>>(H.in, H.out, 256);
  H.record("ptrRowOffset", "ptrRowOffset", 64, 256);
  ptrColumnOffset<<<64, 256>>>(H.in, H.out, 256);
  H.record("ptrColumnOffset", "ptrColumnOffset", 64, 256);
  ptrIncrementGridStride<<<64, 256>>>(H.in, H.out, 4);
  H.record("ptrIncrementGridStride", "ptrIncrementGridStride", 64, 256);
  ptrIncrementPerThread<<<64, 256>>>(H.in, H.out);
  H.record("ptrIncrementPerThread", "ptrIncrementPerThread", 64, 256);
  ptrByteOffset<<<64, 256>>>(H.in, H.out);
  H.record("ptrByteOffset", "ptrByteOffset", 64, 256);
  ldgCoalesced<<<64, 256>>>(H.in, H.out);
  H.record("ldgCoalesced", "ldgCoalesced", 64, 256);
  ldgStride32<<<64, 256>>>(H.in, H.out);
  H.record("ldgStride32", "ldgStride32", 64, 256);
  restrictStride2<<<64, 256>>>(H.in, H.out);
  H.record("restrictStride2", "restrictStride2", 64, 256);
  cgBlockRank<<<64, 256>>>(H.in, H.out);
  H.record("cgBlockRank", "cgBlockRank", 64, 256);
  cgTileRankStride32<<<64, 256>>>(H.in, H.out);
  H.record("cgTileRankStride32", "cgTileRankStride32", 64, 256);
}
