// Issue 13, tenth round (session 12): the shapes the divergence sample read as "real but
// cheap" (docs/evaluation.md, "Session 11: main after both branches"), each written here in
// a minimal kernel of the same shape, beside a variant that splits its warps for real.
// Built and profiled by run.sh with harness.cu (nvcc 13 -O3 sm_90, Nsight Compute's branch
// counters, threads per instruction and kernel time); the numbers are in results/cheap10.*.
// What each pair asks:
// - c_lastTile / p_everyTile: a bound `min(stride, N - segmentBase - stride)` (cuda-samples
//   mergeSort's sample ranks) splits only the last segment's warp; a bound that varies from
//   segment to segment splits in most segments.
// - c_shrinkingBound / p_interleavedTree: `if (tid < nt) { ...; nt >>= 1; }` (cuda-samples
//   dwtHaar1D) is a tree step, one warp straddling; the interleaved `tid % (2 * s) == 0`
//   splits every warp.
// - c_oddEvenMerge / p_bitonic: Batcher's odd-even merge network leaves the first lanes of
//   each group idle (`offset >= stride`, cuda-samples sortingNetworks); the bitonic network
//   keeps every lane busy with more comparisons. Same data, same block, both sort 1024 keys.
// - c_evenThreshold / p_randomThreshold: a threshold on a function of evenly spaced samples
//   (`p > -0.42f` in Moro's inversion, cuda-samples quasirandomGenerator_nvrtc) flips at a
//   few places of the grid; on hashed inputs it flips anywhere.

#define SAMPLE_STRIDE 128

__device__ unsigned umin10(unsigned a, unsigned b) { return a < b ? a : b; }

__device__ unsigned sampleCount10(unsigned n) {
  return (n % SAMPLE_STRIDE != 0) ? n / SAMPLE_STRIDE + 1 : n / SAMPLE_STRIDE;
}

__device__ unsigned pow2At10(unsigned n) {
  unsigned p = 1;
  while (p < n)
    p <<= 1;
  return p;
}

// Rank of v among the first len keys (a binary search over a power-of-two span).
__device__ unsigned rank10(float v, const float *keys, unsigned len, unsigned span) {
  unsigned pos = 0;
  for (unsigned s = span; s > 0; s >>= 1) {
    unsigned next = umin10(pos + s, len);
    if (next > 0 && keys[next - 1] < v)
      pos = next;
  }
  return pos;
}

__global__ void c_lastTile(float *o, const float *in, unsigned stride, unsigned N,
                           unsigned threadCount) {
  unsigned pos = blockIdx.x * blockDim.x + threadIdx.x;
  if (pos >= threadCount)
    return;
  const unsigned i = pos & ((stride / SAMPLE_STRIDE) - 1);
  const unsigned segmentBase = (pos - i) * (2 * SAMPLE_STRIDE);
  const unsigned elemsB = umin10(stride, N - segmentBase - stride);
  const unsigned samplesB = sampleCount10(elemsB);
  if (i < samplesB)
    o[segmentBase / SAMPLE_STRIDE + i] =
        (float)rank10(in[segmentBase + stride + i * SAMPLE_STRIDE], in + segmentBase, stride,
                      pow2At10(stride));
}

__global__ void p_everyTile(float *o, const float *in, unsigned stride, unsigned N,
                            unsigned threadCount) {
  unsigned pos = blockIdx.x * blockDim.x + threadIdx.x;
  if (pos >= threadCount)
    return;
  const unsigned i = pos & ((stride / SAMPLE_STRIDE) - 1);
  const unsigned segmentBase = (pos - i) * (2 * SAMPLE_STRIDE);
  // Each segment's own length, a different fraction of the stride.
  const unsigned elemsB = umin10(stride, (segmentBase / 3) % stride);
  const unsigned samplesB = sampleCount10(elemsB);
  if (i < samplesB)
    o[segmentBase / SAMPLE_STRIDE + i] =
        (float)rank10(in[segmentBase + stride + i * SAMPLE_STRIDE], in + segmentBase, stride,
                      pow2At10(stride));
}

__global__ void c_shrinkingBound(float *o, const float *in, int levels) {
  __shared__ float sh[512];
  const unsigned tid = threadIdx.x, bdim = blockDim.x;
  sh[tid] = in[blockIdx.x * 2 * bdim + tid];
  sh[tid + bdim] = in[blockIdx.x * 2 * bdim + bdim + tid];
  __syncthreads();
  unsigned nt = bdim >> 1, off = 1, i0 = tid * 2;
  for (int i = 1; i < levels; ++i) {
    if (tid < nt) {
      unsigned i1 = i0 + off;
      o[nt * gridDim.x + blockIdx.x * nt + tid] = (sh[i0] - sh[i1]) * 0.70710678f;
      sh[i0] = (sh[i0] + sh[i1]) * 0.70710678f;
      nt >>= 1;
      off <<= 1;
      i0 <<= 1;
    }
    __syncthreads();
  }
  if (tid == 0)
    o[blockIdx.x] = sh[0];
}

__global__ void p_interleavedTree(float *o, const float *in, int levels) {
  __shared__ float sh[512];
  const unsigned tid = threadIdx.x, bdim = blockDim.x;
  sh[tid] = in[blockIdx.x * 2 * bdim + tid];
  sh[tid + bdim] = in[blockIdx.x * 2 * bdim + bdim + tid];
  __syncthreads();
  for (unsigned s = 1; s < bdim; s *= 2) {
    if (tid % (2 * s) == 0) {
      o[s * gridDim.x + blockIdx.x * 64 + tid / (2 * s) % 64] = (sh[2 * tid] - sh[2 * tid + s]) * 0.70710678f;
      sh[2 * tid] = (sh[2 * tid] + sh[2 * tid + s]) * 0.70710678f;
    }
    __syncthreads();
  }
  if (tid == 0)
    o[blockIdx.x] = sh[0] + (float)levels;
}

__device__ void cmpSwap10(float &keyA, unsigned &valA, float &keyB, unsigned &valB,
                          unsigned dir) {
  if ((keyA > keyB) == (dir != 0)) {
    float t = keyA;
    keyA = keyB;
    keyB = t;
    unsigned v = valA;
    valA = valB;
    valB = v;
  }
}

// Keys and values in shared memory, as the sorting networks sample sorts them.
#define LOAD_PAIRS10                                                                   \
  __shared__ float sk[1024];                                                           \
  __shared__ unsigned sv[1024];                                                        \
  in += blockIdx.x * 1024;                                                             \
  o += blockIdx.x * 1024;                                                              \
  sk[threadIdx.x] = in[threadIdx.x];                                                   \
  sv[threadIdx.x] = threadIdx.x;                                                       \
  sk[threadIdx.x + 512] = in[threadIdx.x + 512];                                       \
  sv[threadIdx.x + 512] = threadIdx.x + 512
#define STORE_PAIRS10                                                                  \
  __syncthreads();                                                                     \
  o[threadIdx.x] = sk[threadIdx.x] + sv[threadIdx.x];                                  \
  o[threadIdx.x + 512] = sk[threadIdx.x + 512] + sv[threadIdx.x + 512]

__global__ void c_oddEvenMerge(float *o, const float *in, unsigned arrayLength) {
  LOAD_PAIRS10;
  for (unsigned size = 2; size <= arrayLength; size <<= 1) {
    unsigned stride = size / 2;
    unsigned offset = threadIdx.x & (stride - 1);
    {
      __syncthreads();
      unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
      cmpSwap10(sk[pos], sv[pos], sk[pos + stride], sv[pos + stride], 1);
      stride >>= 1;
    }
    for (; stride > 0; stride >>= 1) {
      __syncthreads();
      unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
      if (offset >= stride)
        cmpSwap10(sk[pos - stride], sv[pos - stride], sk[pos], sv[pos], 1);
    }
  }
  STORE_PAIRS10;
}

__global__ void p_bitonic(float *o, const float *in, unsigned arrayLength) {
  LOAD_PAIRS10;
  for (unsigned size = 2; size < arrayLength; size <<= 1) {
    unsigned ddd = (threadIdx.x & (size / 2)) != 0;
    for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
      __syncthreads();
      unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
      cmpSwap10(sk[pos], sv[pos], sk[pos + stride], sv[pos + stride], ddd);
    }
  }
  for (unsigned stride = arrayLength / 2; stride > 0; stride >>= 1) {
    __syncthreads();
    unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
    cmpSwap10(sk[pos], sv[pos], sk[pos + stride], sv[pos + stride], 1);
  }
  STORE_PAIRS10;
}

// Moro's inverse of the normal distribution (the published coefficients), twice: each
// kernel below has its own copy, so that each finding names its kernel.
#define MORO10(NAME)                                                                   \
__device__ inline float NAME(unsigned x) {                                             \
  const float a1 = 2.50662823884f, a2 = -18.61500062529f, a3 = 41.39119773534f,        \
              a4 = -25.44106049637f;                                                   \
  const float b1 = -8.4735109309f, b2 = 23.08336743743f, b3 = -21.06224101826f,        \
              b4 = 3.13082909833f;                                                     \
  const float c1 = 0.337475482272615f, c2 = 0.976169019091719f, c3 = 0.160797971491821f, \
              c4 = 2.76438810333863E-02f, c5 = 3.8405729373609E-03f,                   \
              c6 = 3.951896511919E-04f, c7 = 3.21767881768E-05f, c8 = 2.888167364E-07f, \
              c9 = 3.960315187E-07f;                                                   \
  float z;                                                                             \
  bool negate = false;                                                                 \
  if (x >= 0x80000000U) {                                                              \
    x = 0xffffffffU - x;                                                               \
    negate = true;                                                                     \
  }                                                                                    \
  const float x1 = 1.0f / static_cast<float>(0xffffffffU);                             \
  const float x2 = x1 / 2.0f;                                                          \
  float p1 = x * x1 + x2;                                                              \
  float p2 = p1 - 0.5f;                                                                \
  if (p2 > -0.42f) {                                                                   \
    z = p2 * p2;                                                                       \
    z = p2 * (((a4 * z + a3) * z + a2) * z + a1) /                                     \
        ((((b4 * z + b3) * z + b2) * z + b1) * z + 1.0f);                              \
  } else {                                                                             \
    z = __logf(-__logf(p1));                                                           \
    z = -(c1 + z * (c2 + z * (c3 + z * (c4 + z * (c5 + z * (c6 + z * (c7 + z * (c8 + z * c9)))))))); \
  }                                                                                    \
  return negate ? -z : z;                                                              \
}
MORO10(moro10)
MORO10(moroData10)

__global__ void c_evenThreshold(float *o, unsigned pathN) {
  unsigned distance = ((unsigned)-1) / (pathN + 1);
  unsigned tid = blockDim.x * blockIdx.x + threadIdx.x;
  unsigned threadN = blockDim.x * gridDim.x;
  for (unsigned pos = tid; pos < pathN; pos += threadN)
    o[pos] = moro10((pos + 1) * distance);
}

__global__ void p_randomThreshold(float *o, const int *ci, unsigned pathN) {
  unsigned tid = blockDim.x * blockIdx.x + threadIdx.x;
  unsigned threadN = blockDim.x * gridDim.x;
  for (unsigned pos = tid; pos < pathN; pos += threadN)
    o[pos] = moroData10((unsigned)ci[pos] * 2654435761U + pos * 40503U);
}

void launch_all(float *o, const float *in, int *ci, int *io, int n) {
  (void)io;
  (void)n;
  // mergeSort's sample ranks: stride 8192 (64 samples a segment), N 3,000 short of 2^20,
  // so the last segment holds 5,192 B elements (41 samples); threadCount as mergeSort.cu
  // computes it: 4,096 threads, 16 blocks of 256.
  const unsigned stride = 8192, N = (1u << 20) - 3000;
  const unsigned last = N % (2 * stride);
  const unsigned threadCount = last > stride ? (N + 2 * stride - last) / (2 * SAMPLE_STRIDE)
                                             : (N - last) / (2 * SAMPLE_STRIDE);
  c_lastTile<<<(threadCount + 255) / 256, 256>>>(o, in, stride, N, threadCount);
  p_everyTile<<<(threadCount + 255) / 256, 256>>>(o, in, stride, N, threadCount);
  // dwtHaar1D: 256 threads a block, 512 values, 9 levels; 2,048 blocks.
  c_shrinkingBound<<<2048, 256>>>(o, in, 9);
  p_interleavedTree<<<2048, 256>>>(o, in, 9);
  // Sorting networks: 1,024 keys a block of 512 threads, 1,024 blocks (2^20 keys).
  c_oddEvenMerge<<<1024, 512>>>(o, in, 1024);
  p_bitonic<<<1024, 512>>>(o, in, 1024);
  // Moro's inversion over 2^20 paths, 256 blocks of 256 threads.
  c_evenThreshold<<<256, 256>>>(o, 1u << 20);
  p_randomThreshold<<<256, 256>>>(o, ci, 1u << 20);
}
