// RUN: %check_warplint --checks='-*,warplint-uncoalesced-global-access' %s -- -isystem %S/../Inputs/cooperative-groups
// Cooperative groups as thread and lane indices (issue 33, item 2): a block's thread_rank()
// is the linear thread id, thread_index()/group_index()/dim_threads() are threadIdx, blockIdx
// and blockDim, a tile's thread_rank() is the lane and its meta_group_rank() the tile of the
// block, a grid's thread_rank() the global linear id; through auto variables, the
// type-erased thread_group and thread_block_tile<32>, free functions and helpers. The
// test's header declares the toolkit's API without bodies (test/Inputs/cooperative-groups).
// Positive (bad_*) and negative (good_*) cases; every warning is accounted for.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// ---- the block ----

__global__ void bad_block_rank_strided(float *out) {
  auto block = cg::this_thread_block();
  out[block.thread_rank() * 32] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'out': consecutive lanes are 128 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}
__global__ void good_block_rank(float *out) {
  cg::thread_block block = cg::this_thread_block();
  out[blockIdx.x * block.size() + block.thread_rank()] = 0.0f;
}
// A 2-D block of 32x8: thread_index().x runs along the warp.
__global__ void bad_thread_index_transposed(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  unsigned x = block.group_index().x * block.dim_threads().x + block.thread_index().x;
  unsigned y = block.thread_index().y;
  out[x * 8 + y] = in[y * 4096 + x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'out': consecutive lanes are 32 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}
__global__ void good_thread_index_dim3_variable(float *out, const float *in) {
  dim3 t = cg::this_thread_block().thread_index();
  out[t.y * 32 + t.x] = in[t.y * 32 + t.x];
}
// thread_rank() of a 2-D block is the linear id: row-major in (y, x).
__global__ void good_rank_of_2d_block(float *out) {
  out[cg::this_thread_block().thread_rank()] = 1.0f;
}
__global__ void bad_free_function_rank(float *out) {
  auto block = cg::this_thread_block();
  out[cg::thread_rank(block) * 32] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'out': consecutive lanes are 128 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}

// ---- warps: tiles of 32 ----

__global__ void bad_lane_strided(float *out) {
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  out[warp.meta_group_rank() + warp.thread_rank() * 8] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'out': consecutive lanes are 32 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}
__global__ void good_lane_contiguous(float *out) {
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  out[warp.meta_group_rank() * 32 + warp.thread_rank()] = 0.0f;
}
// The type-erased tile (thread_block_tile<32> = <32, void>): which warp it is comes from the
// call that made it.
__global__ void good_erased_tile(float *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  out[blockIdx.x * 256 + warp.meta_group_rank() * warp.size() + warp.thread_rank()] = 0.0f;
}
__global__ void bad_erased_tile(float *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  out[warp.thread_rank() * warp.meta_group_size() + warp.meta_group_rank()] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'out': consecutive lanes are 32 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}
__global__ void bad_dynamic_tile(float *out) {
  cg::thread_group tile = cg::tiled_partition(cg::this_thread_block(), 32);
  out[tile.thread_rank() * 16] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'out': consecutive lanes are 64 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}
__device__ unsigned lane_of(cg::thread_block_tile<32> w) { return w.thread_rank(); }
__global__ void bad_lane_from_helper(float *out) {
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  out[lane_of(warp) * 32] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'out': consecutive lanes are 128 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}

// ---- the grid ----

__global__ void good_grid_rank(float *out, const float *in) {
  auto grid = cg::this_grid();
  out[grid.thread_rank()] = in[grid.thread_rank()];
}
__global__ void bad_grid_rank_strided(float *out) {
  cg::grid_group grid = cg::this_grid();
  out[2 * grid.thread_rank()] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'out': consecutive lanes are 8 bytes apart, so each warp request touches 8 sectors, 2x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}
__global__ void good_grid_thread_index(float *out) {
  out[cg::this_grid().thread_index().x] = 0.0f;
}

void launch(float *a, const float *b) {
  bad_block_rank_strided<<<64, 256>>>(a);
  good_block_rank<<<64, 256>>>(a);
  bad_thread_index_transposed<<<64, dim3(32, 8)>>>(a, b);
  good_thread_index_dim3_variable<<<64, dim3(32, 8)>>>(a, b);
  good_rank_of_2d_block<<<64, dim3(32, 8)>>>(a);
  bad_free_function_rank<<<64, 256>>>(a);
  bad_lane_strided<<<64, 256>>>(a);
  good_lane_contiguous<<<64, 256>>>(a);
  good_erased_tile<<<64, 256>>>(a);
  bad_erased_tile<<<64, 256>>>(a);
  bad_dynamic_tile<<<64, 256>>>(a);
  bad_lane_from_helper<<<64, 256>>>(a);
  good_grid_rank<<<64, 256>>>(a, b);
  bad_grid_rank_strided<<<64, 256>>>(a);
  good_grid_thread_index<<<64, 256>>>(a);
}
