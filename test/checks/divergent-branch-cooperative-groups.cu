// RUN: %check_warplint --checks='-*,warplint-divergent-branch' %s -- -isystem %S/../Inputs/cooperative-groups
// Cooperative-groups indices as sources of lane variance (issue 33, item 2): a block's or a
// tile's thread_rank() varies as threadIdx does (the toolkit declares them static members,
// called as `block.thread_rank()`), thread_index().y as threadIdx.y; a warp tile's
// meta_group_rank() and a group_index() are the same for every lane of a warp. Positive
// (bad_*) and negative (good_*) cases; every warning is accounted for.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void bad_block_rank_parity(float *out) {
  auto block = cg::this_thread_block();
  if (block.thread_rank() % 2 == 0)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp: even and odd lanes take different paths, in every warp; the warp runs both paths one after the other (about 45 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    out[blockIdx.x] = sinf(out[blockIdx.x]) * cosf(out[blockIdx.x + 1]);
}
__global__ void bad_thread_index_parity(float *out) {
  auto block = cg::this_thread_block();
  if (block.thread_index().x % 2 == 0)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp: even and odd lanes take different paths, in every warp; the warp runs both paths one after the other (about 45 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    out[blockIdx.x] = sinf(out[blockIdx.x]) * cosf(out[blockIdx.x + 1]);
}
__global__ void bad_lane_parity(float *out) {
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
  if (warp.thread_rank() % 2 == 0)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp: even and odd lanes take different paths, in every warp; the warp runs both paths one after the other (about 45 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    out[blockIdx.x] = sinf(out[blockIdx.x]) * cosf(out[blockIdx.x + 1]);
}
__global__ void bad_dynamic_tile_parity(float *out) {
  cg::thread_group tile = cg::tiled_partition(cg::this_thread_block(), 32);
  if (tile.thread_rank() % 2 == 0)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp: even and odd lanes take different paths, in every warp; the warp runs both paths one after the other (about 45 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    out[blockIdx.x] = sinf(out[blockIdx.x]) * cosf(out[blockIdx.x + 1]);
}
__global__ void bad_grid_rank_parity(float *out) {
  if (cg::this_grid().thread_rank() % 2 == 0)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp: even and odd lanes take different paths, in every warp; the warp runs both paths one after the other (about 45 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    out[blockIdx.x] = sinf(out[blockIdx.x]) * cosf(out[blockIdx.x + 1]);
}
__global__ void good_warp_index(float *out) {
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  if (warp.meta_group_rank() % 2 == 0)
    out[blockIdx.x] = sinf(out[blockIdx.x]) * cosf(out[blockIdx.x + 1]);
}
__global__ void good_group_index(float *out) {
  if (cg::this_thread_block().group_index().x % 2 == 0)
    out[blockIdx.x] = sinf(out[blockIdx.x]) * cosf(out[blockIdx.x + 1]);
}
// Blocks of 32x8: threadIdx.y is the warp.
__global__ void good_row_of_2d_block(float *out) {
  auto block = cg::this_thread_block();
  if (block.thread_index().y % 2 == 0)
    out[blockIdx.x] = sinf(out[blockIdx.x]) * cosf(out[blockIdx.x + 1]);
}

void launch(float *a) {
  bad_block_rank_parity<<<264, 256>>>(a);
  bad_thread_index_parity<<<264, 256>>>(a);
  bad_lane_parity<<<264, 256>>>(a);
  bad_dynamic_tile_parity<<<264, 256>>>(a);
  bad_grid_rank_parity<<<264, 256>>>(a);
  good_warp_index<<<264, 256>>>(a);
  good_group_index<<<264, 256>>>(a);
  good_row_of_2d_block<<<264, dim3(32, 8)>>>(a);
}
