// cuda::barrier and cuda::pipeline shared state in shared memory: nvcc leaves them
// uninitialised (init() and make_pipeline() do it), clang rejects the declarations.
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cuda/pipeline>
namespace cg = cooperative_groups;

__global__ void staged(float *out, const float *in) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ float tile[256];
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0)
    init(&bar, block.size());
  block.sync();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = in[i * 32];
  bar.arrive_and_wait();
  out[i] = tile[threadIdx.x];
}

__global__ void piped(float *out, const float *in) {
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  auto block = cg::this_thread_block();
  auto pipe = cuda::make_pipeline(block, &state);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i * 32] = in[i];
}

void launch(float *o, const float *i) {
  staged<<<1, 256>>>(o, i);
  piped<<<1, 256>>>(o, i);
}
