// RUN: %check_warplint --checks='-*,warplint-shared-bank-conflict' %s -- -isystem %S/../Inputs/cooperative-groups
// Shared-memory banks through cooperative-groups indices (issue 33, item 2): a warp tile's
// thread_rank() is the lane, its meta_group_rank() the warp, a block's thread_index() is
// threadIdx. Positive (bad_*) and negative (good_*) cases; every warning is accounted for.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void bad_lane_column(float *out) {
  __shared__ float s[8][32 * 32];
  auto block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  s[warp.meta_group_rank()][warp.thread_rank() * 32] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way shared memory bank conflict: store to 's' needs 32 wavefronts per warp request instead of 1 (4-byte accesses, consecutive lanes 32 words apart) (Medium priority, CUDA Best Practices Guide §9.2.2) [warplint-shared-bank-conflict]
  block.sync();
  out[block.thread_rank()] = s[warp.meta_group_rank()][warp.thread_rank()];
}
__global__ void good_lane_padded(float *out) {
  __shared__ float s[8][32 * 33];
  auto block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  s[warp.meta_group_rank()][warp.thread_rank() * 33] = 1.0f;
  block.sync();
  out[block.thread_rank()] = s[warp.meta_group_rank()][warp.thread_rank()];
}
// A 32x32 tile read down a column with thread_index(): lanes 32 words apart.
__global__ void bad_tile_column(float *out) {
  __shared__ float tile[32][32];
  cg::thread_block block = cg::this_thread_block();
  dim3 t = block.thread_index();
  tile[t.y][t.x] = 1.0f;
  block.sync();
  out[t.y * 32 + t.x] = tile[t.x][t.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 32-way shared memory bank conflict: load from 'tile' needs 32 wavefronts per warp request instead of 1 (4-byte accesses, consecutive lanes 32 words apart) (Medium priority, CUDA Best Practices Guide §9.2.2) [warplint-shared-bank-conflict]
}
__global__ void good_tile_row(float *out) {
  __shared__ float tile[32][32];
  cg::thread_block block = cg::this_thread_block();
  tile[block.thread_index().y][block.thread_index().x] = 1.0f;
  block.sync();
  out[block.thread_rank()] = tile[block.thread_index().y][block.thread_index().x];
}

void launch(float *a) {
  bad_lane_column<<<64, 256>>>(a);
  good_lane_padded<<<64, 256>>>(a);
  bad_tile_column<<<64, dim3(32, 8)>>>(a);
  good_tile_row<<<64, dim3(32, 8)>>>(a);
}
