// Issue 13, eleventh round (session 13): loops left by a break where an index passes a
// bound the warp shares. Built and profiled by run.sh with harness.cu (nvcc 13 -O3
// sm_90); the numbers are in results/break11.*. What the pair asks:
// - c_storeLoop / p_wideIndex: the fused softmax's store loop (HeCBench softmax-fused,
//   after Megatron and PyTorch): a warp a row, element_index = 4 * lane + 32 * it with it
//   += 4, `if (element_index < element_count) ... else break;`; the lanes leave within
//   one iteration of each other, at the row's end. Against an index that grows by one a
//   trip with lanes 8 apart: lanes leave up to 8 trips apart.

#define WARP_SIZE 32

__global__ void c_storeLoop(float *dst, const float *src, int element_count) {
  int row = blockIdx.x * blockDim.y + threadIdx.y;
  int local_idx = threadIdx.x;
  const float *s = src + row * 512;
  float *d = dst + row * 512;
  for (int it = 0; it < 16; it += 4) {
    int element_index = 4 * local_idx + it * WARP_SIZE;
    if (element_index < element_count) {
      for (int e = 0; e < 4; ++e)
        d[element_index + e] = s[element_index + e] * 0.5f + 1.0f;
    } else {
      break;
    }
  }
}

__global__ void p_wideIndex(float *dst, const float *src, int element_count) {
  int row = blockIdx.x * blockDim.y + threadIdx.y;
  const float *s = src + row * 512;
  float *d = dst + row * 512;
  for (int it = 0; it < 64; ++it) {
    int element_index = 8 * threadIdx.x + it;
    if (element_index >= element_count)
      break;
    d[element_index] = s[element_index] * 0.5f + 1.0f;
  }
}

void launch_all(float *o, const float *in, int *ci, int *io, int n) {
  (void)ci;
  (void)io;
  // 2,048 rows of n % 512 = 499 elements (of 512 allocated; a value known only at run
  // time, as the kernels' callers pass it), 4 rows a block of 32x4.
  c_storeLoop<<<512, dim3(32, 4)>>>(o, in, n % 512);
  p_wideIndex<<<512, dim3(32, 4)>>>(o, in, (n % 512) / 2);
}
