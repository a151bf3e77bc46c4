// RUN: %check_warplint --checks='-*,warplint-divergent-branch' --config="{CheckOptions: {warplint-divergent-branch.Model: uniformity}}" %s -- -isystem %S/../Inputs/cooperative-groups
// A grid-stride loop, however it is written, steps by at least the block's
// span: its lanes run the same trips or one more, and only the warp that
// straddles the bound has the extra one (a tail). The step may be
// cooperative groups' grid.size() (every grid dimension at least 1), and the
// counter a `while` loop's or one declared before its `for`.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void __launch_bounds__(256) good_gridSizeStep(const float *in, float *out, int n) {
  cg::grid_group grid = cg::this_grid();
  float acc = 0.0f;
  for (int i = grid.thread_rank(); i < n; i += grid.size())
    acc += in[i] * in[i] + sqrtf(in[i]) / (in[i] + 1.0f) + expf(in[i]);
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

__global__ void __launch_bounds__(256) good_whileLoopCounter(const float *in, float *out, int n) {
  int index = blockIdx.x * blockDim.x + threadIdx.x;
  const int total = gridDim.x * blockDim.x;
  float acc = 0.0f;
  while (index < n) {
    acc += in[index] * in[index] + sqrtf(in[index]) / (in[index] + 1.0f) + expf(in[index]);
    index += total;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

__global__ void __launch_bounds__(256) good_counterDeclaredBeforeTheLoop(const float *in, float *out, int n) {
  int path, tid = blockIdx.x * blockDim.x + threadIdx.x, threadN = blockDim.x * gridDim.x;
  float acc = 0.0f;
  for (path = tid; path < n; path += threadN)
    acc += in[path] * in[path] + sqrtf(in[path]) / (in[path] + 1.0f) + expf(in[path]);
  out[tid] = acc;
}

__global__ void __launch_bounds__(256) bad_whileLoopFromALaneMultiple(const float *in, float *out, int n) {
  int k = threadIdx.x * 4;
  float acc = 0.0f;
  while (k < n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: loop condition differs between the lanes of a warp: lanes run up to {{[0-9]+}} trips more than others of their warp{{.*}} [warplint-divergent-branch]
    acc += in[k] * in[k] + sqrtf(in[k]) / (in[k] + 1.0f) + expf(in[k]);
    k += 1;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
