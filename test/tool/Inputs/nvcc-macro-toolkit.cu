// The toolkit's headers that test __NVCC__ (nvcc-dialect.test): they must parse as clang's while
// the user's code below sees nvcc's __NVCC__.
#include <cooperative_groups.h>
#include <cub/cub.cuh>
#include <cuda/std/atomic>
#include <nv/target>
#ifdef __NVCC__
#define BOTH __host__ __device__
#else
#define BOTH
#endif
namespace cg = cooperative_groups;
BOTH inline float twice(float v) { return 2.0f * v; }
__global__ void k(float *a) {
  cg::thread_block b = cg::this_thread_block();
  a[b.thread_rank() * 32] = twice(1.0f);
}
