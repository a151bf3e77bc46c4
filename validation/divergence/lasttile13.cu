// Issue 13, tenth round: the last tile of a remainder clamp, measured. Run by run.sh
// (harness.cu includes this file and calls launch_all). Each kernel is launched so that
// the warps it holds are known: segments of 2 * stride elements, stride / 128 = 32
// threads (one warp) each, as in cuda-samples mergeSort's generateSampleRanksKernel (the
// segment kernels read one address per warp, so sqrtf's slow path cannot split a warp).
//   lt_segment<1>, N full:  N a multiple of the segment: every warp takes `i < samplesB` whole.
//   lt_segment<1>, N short: the same kernel, N leaves the last segment's second half 1000
//                    elements (8 samples of 32): only that warp can split.
//   lt_segment<2>: the clamp's full arm is stride / 256 (16 of 32 lanes): every warp.
//   lt_tileLoop:     each thread sums min(16, n - 16 t) elements, n = 16371: the warp
//                    holding the end of the data runs different trips, no other.
//   lt_pyramid:      min(t + 1, n - t) trips: every warp.
#define LT_SAMPLE_STRIDE 128

__device__ unsigned lt_divUp(unsigned a, unsigned b) {
  return (a % b != 0) ? (a / b + 1) : (a / b);
}
__device__ unsigned lt_umin(unsigned a, unsigned b) { return a < b ? a : b; }

template <unsigned FullDiv>
__global__ void lt_segment(float *out, const float *in, unsigned stride, unsigned N) {
  unsigned pos = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned i = pos & ((stride / LT_SAMPLE_STRIDE) - 1);
  const unsigned segmentBase = (pos - i) * (2 * LT_SAMPLE_STRIDE);
  const unsigned elementsB =
      lt_umin(stride / FullDiv, N - segmentBase - stride);
  const unsigned samplesB = lt_divUp(elementsB, LT_SAMPLE_STRIDE);
  if (i < samplesB) {
    float acc = 0;
    for (unsigned s = stride; s > 0; s >>= 1)
      acc += sqrtf(in[(segmentBase + s) & 4095] + acc * acc);
    out[pos] = acc;
  }
}

__global__ void lt_tileLoop(float *out, const float *in, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int k = 0; k < min(16, n - t * 16); ++k)
    acc = acc * 0.5f + in[t * 16 + k]; // no sqrtf: its slow path would split by data
  out[t] = acc;
}

__global__ void lt_pyramid(float *out, const float *in, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int k = 0; k < min(t + 1, n - t); ++k)
    acc = acc * 0.5f + in[k & 4095];
  out[t] = acc;
}

void launch_all(float *o, float *in, int *, int *, int n) {
  const unsigned stride = 4096, segment = 2 * stride;
  // 64 segments of one warp each: 2048 threads.
  lt_segment<1><<<8, 256>>>(o, in, stride, 64 * segment);          // full
  lt_segment<1><<<8, 256>>>(o, in, stride, 63 * segment + stride + 1000); // short
  lt_segment<2><<<8, 256>>>(o, in, stride, 64 * segment);          // full arm splits
  lt_tileLoop<<<8, 256>>>(o, in, n);
  lt_pyramid<<<8, 256>>>(o, in, 2048);
}
