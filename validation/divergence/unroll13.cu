// Which constant-trip loops nvcc 13 unrolls in full (sm_90), read from the PTX by
// unroll13.py: a kernel whose PTX keeps a backward branch kept its loop. The
// divergence cost model (lib/Analysis/BranchCost.h, UnrollBudget and
// MaxUnrolledTrips) counts a fully unrolled loop as straight-line code.
// k<N>: one FMA per trip; l<N>: three loads, an FMA, an add and sqrtf per trip;
// m<N>: a shared-memory read-modify-write with a folded index per trip.
#define K(N)                                                                   \
  __global__ void k##N(float *o, const float *in) {                            \
    int x = blockIdx.x * blockDim.x + threadIdx.x;                             \
    float v = in[x];                                                           \
    if (threadIdx.x < 16) {                                                    \
      for (int k = 0; k < N; ++k)                                              \
        v = v * v + 0.5f;                                                      \
      o[x] = v;                                                                \
    }                                                                          \
  }
K(4) K(8) K(16) K(32) K(64) K(128) K(256) K(1024)
#define L(N)                                                                   \
  __global__ void l##N(float *o, const float *in, int n) {                     \
    int x = blockIdx.x * blockDim.x + threadIdx.x;                             \
    float v = 0;                                                               \
    if (threadIdx.x < 16) {                                                    \
      for (int k = 0; k < N; ++k)                                              \
        v += in[x + k * n] * in[x + k * n + 1] + sqrtf(in[k]);                 \
      o[x] = v;                                                                \
    }                                                                          \
  }
L(4) L(8) L(16) L(32) L(64)
#define M(N)                                                                   \
  __global__ void m##N(float *o, const float *in, int n) {                     \
    __shared__ float s[256];                                                   \
    int t = threadIdx.x;                                                       \
    s[t] = in[t];                                                              \
    __syncthreads();                                                           \
    if (t < 32) {                                                              \
      for (int k = 0; k < N; ++k)                                              \
        s[t] += s[(t + k) % 256];                                              \
    }                                                                          \
    o[t] = s[t];                                                               \
  }
M(4) M(8) M(16) M(32) M(64)
