// Block reductions in the style of the CUDA reduction sample (written here
// from its well-known description, not copied): interleaved addressing with
// `index = 2 * s * tid` (reduce1: bank conflicts) and sequential addressing
// (reduce2: conflict-free). Launch: <<<64, 256, 256 * sizeof(float)>>>.
#include "harness.h"
#include <cmath>

// Interleaved addressing with a strided index: at step s the active lanes
// touch words 2*s apart, so the conflict degree grows with s (2-way at s=1,
// 4-way at s=2, 8-way at s=4 ... while a warp still has 32 active lanes).
__global__ void reduceInterleaved(const float *g_idata, float *g_odata, unsigned int n) {
  extern __shared__ float sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : 0.0f; // @access ld global coalesced:4 ; st shared conflict-free:1
  __syncthreads();
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    int index = 2 * s * tid;
    if (index < blockDim.x) {
      sdata[index] += sdata[index + s]; // @access ld+st shared n-way-varies-with-s:-
    }
    __syncthreads();
  }
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0]; // @access ld shared broadcast:1 ; st global single-lane:1
}

// Sequential addressing: active lanes read consecutive words.
__global__ void reduceSequential(const float *g_idata, float *g_odata, unsigned int n) {
  extern __shared__ float sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : 0.0f; // @access ld global coalesced:4 ; st shared conflict-free:1
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) {
      sdata[tid] += sdata[tid + s]; // @access ld+st shared conflict-free:1
    }
    __syncthreads();
  }
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0]; // @access ld shared broadcast:1 ; st global single-lane:1
}

void runReduction() {
  const unsigned n = 64 * 256;
  reduceInterleaved<<<64, 256, 256 * sizeof(float)>>>(H.in, H.out, n);
  H.record("reduceInterleaved", "reduceInterleaved", 64, 256, 1024);
  std::vector<float> r1 = H.result(64);
  reduceSequential<<<64, 256, 256 * sizeof(float)>>>(H.in, H.out, n);
  H.record("reduceSequential", "reduceSequential", 64, 256, 1024);
  std::vector<float> r2 = H.result(64);
  std::vector<float> in(n);
  CUDA_CHECK(cudaMemcpy(in.data(), H.in, n * sizeof(float), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int b = 0; b < 64; b++) {
    double ref = 0;
    for (int t = 0; t < 256; t++)
      ref += in[b * 256 + t];
    bad += std::fabs(r1[b] - ref) > 1e-3 * std::fabs(ref) + 1e-3;
    bad += std::fabs(r2[b] - ref) > 1e-3 * std::fabs(ref) + 1e-3;
  }
  std::printf("check,reduction,%s\n", bad ? "MISMATCH" : "ok");
}
