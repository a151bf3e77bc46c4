// REQUIRES: cuda-toolkit
// RUN: %warplint_dump %s -- | FileCheck %s
// Cooperative groups' thread ranks are linear thread ids (integration: the real toolkit).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void ranks(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  int r = block.thread_rank();
  out[blockIdx.x * blockDim.x + r] = in[(blockIdx.x * blockDim.x + r) * 32];
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  out[tile.thread_rank()] = 0;
}

void launch(float *a, float *b) { ranks<<<64, 256>>>(a, b); }

// CHECK: cooperative-groups.cu:10:3: ranks: global st 4B, blockDim 256 (launch): 4.000 sectors/request (ideal 4.000)
// CHECK: cooperative-groups.cu:10:38: ranks: global ld 4B, blockDim 256 (launch): 32.000 sectors/request (ideal 4.000)
// CHECK: cooperative-groups.cu:12:3: ranks: global st 4B, blockDim 256 (launch): 4.000 sectors/request (ideal 4.000)
// CHECK-NEXT: index: (i64)((threadIdx.x + blockDim.x * threadIdx.y + blockDim.x * threadIdx.z * blockDim.y) % 32)
