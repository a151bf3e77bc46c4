// Issue 13, eleventh round (session 13): the last tile of a remainder clamp reached
// through a helper's parameter, and a helper's geometric loop started from a lane-varying
// argument. Built and profiled by run.sh with harness.cu (nvcc 13 -O3 sm_90, Nsight
// Compute's branch counters, threads per instruction and kernel time); the numbers are in
// results/tile11.*. What each pair asks:
// - c_searchLastSegment / p_searchEveryLength: cuda-samples mergeSort's sample ranks
//   search `segmentElementsB = umin(stride, N - segmentBase - stride)` elements in
//   log2(nextPowerOfTwo(segmentElementsB)) + 1 trips, in a helper; only the last segment
//   is shorter. With 8 threads a segment (stride 1024) a warp holds four segments, so a
//   length that changes from segment to segment splits the search loop in every warp.
// - c_tileArgument / p_tileModulo: each thread sums its own tile through a helper, the
//   length `min(TILE, n - base)` (short only at the end of the data) against `(n - base)
//   % 7 + 9`, different in neighbouring lanes.
// - p_halvingFromLane: a helper's loop `for (s = steps; s > 0; s >>= 1)` on a
//   lane-varying argument: each lane runs its own number of halvings (main's binary of
//   session 12 read the loop variable as uniform and reported nothing).

#define SAMPLE_STRIDE 128
#define TILE 16

__device__ unsigned umin11(unsigned a, unsigned b) { return a < b ? a : b; }
__device__ unsigned sampleCount11(unsigned n) {
  return (n % SAMPLE_STRIDE != 0) ? n / SAMPLE_STRIDE + 1 : n / SAMPLE_STRIDE;
}
__device__ unsigned nextPow2_11(unsigned x) { return 1U << (32 - __clz(x - 1)); }

// mergeSort's binarySearchExclusive.
__device__ unsigned searchBelow11(float val, const float *data, unsigned L, unsigned stride) {
  if (L == 0)
    return 0;
  unsigned pos = 0;
  for (; stride > 0; stride >>= 1) {
    unsigned newPos = umin11(pos + stride, L);
    if (data[newPos - 1] < val)
      pos = newPos;
  }
  return pos;
}
__device__ unsigned searchBelow11b(float val, const float *data, unsigned L,
                                   unsigned stride) {
  if (L == 0)
    return 0;
  unsigned pos = 0;
  for (; stride > 0; stride >>= 1) {
    unsigned newPos = umin11(pos + stride, L);
    if (data[newPos - 1] < val)
      pos = newPos;
  }
  return pos;
}

__global__ void c_searchLastSegment(float *o, const float *in, unsigned stride, unsigned N,
                                    unsigned threadCount) {
  unsigned pos = blockIdx.x * blockDim.x + threadIdx.x;
  if (pos >= threadCount)
    return;
  const unsigned i = pos & ((stride / SAMPLE_STRIDE) - 1);
  const unsigned segmentBase = (pos - i) * (2 * SAMPLE_STRIDE);
  const float *keys = in + segmentBase;
  const unsigned segmentElementsB = umin11(stride, N - segmentBase - stride);
  if (i < sampleCount11(stride))
    o[segmentBase / SAMPLE_STRIDE + i] = (float)searchBelow11(
        keys[i * SAMPLE_STRIDE], keys + stride, segmentElementsB,
        nextPow2_11(segmentElementsB));
}

__global__ void p_searchEveryLength(float *o, const float *in, unsigned stride, unsigned N,
                                    unsigned threadCount) {
  unsigned pos = blockIdx.x * blockDim.x + threadIdx.x;
  if (pos >= threadCount)
    return;
  const unsigned i = pos & ((stride / SAMPLE_STRIDE) - 1);
  const unsigned segmentBase = (pos - i) * (2 * SAMPLE_STRIDE);
  const float *keys = in + segmentBase;
  // Each segment's own length, from 1 to stride.
  const unsigned segmentElementsB = umin11(stride, (segmentBase / 3) % stride + 1);
  if (i < sampleCount11(stride))
    o[segmentBase / SAMPLE_STRIDE + i] = (float)searchBelow11b(
        keys[i * SAMPLE_STRIDE], keys + stride, segmentElementsB,
        nextPow2_11(segmentElementsB));
}

__device__ float sumTile11(const float *in, int len) {
  float acc = 0;
  for (int k = 0; k < len; ++k)
    acc += sqrtf(fabsf(in[k])) * acc + in[k];
  return acc;
}
__device__ float sumTile11b(const float *in, int len) {
  float acc = 0;
  for (int k = 0; k < len; ++k)
    acc += sqrtf(fabsf(in[k])) * acc + in[k];
  return acc;
}

__global__ void c_tileArgument(float *o, const float *in, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int base = t * TILE;
  if (base < n)
    o[t] = sumTile11(in + base, min(TILE, n - base));
}

__global__ void p_tileModulo(float *o, const float *in, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int base = t * TILE;
  if (base < n)
    o[t] = sumTile11b(in + base, min(TILE, (n - base) % 7 + 9));
}

__device__ float halvings11(const float *in, unsigned steps) {
  float acc = 0;
  for (unsigned s = steps; s > 0; s >>= 1)
    acc += in[s & 1023] * acc + 1.0f;
  return acc;
}

__global__ void p_halvingFromLane(float *o, const float *in) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = halvings11(in, (t * 2654435761u) >> 8);
}

void launch_all(float *o, const float *in, int *ci, int *io, int n) {
  (void)ci;
  (void)io;
  // mergeSort's sample ranks with stride 1024 (8 samples, so 8 threads, a segment), N
  // 3,000 short of 2^20: the last segment holds 72 B elements; threadCount as
  // mergeSort.cu computes it: 4,088 threads, 16 blocks of 256.
  const unsigned stride = 1024, N = (1u << 20) - 3000;
  const unsigned last = N % (2 * stride);
  const unsigned threadCount = last > stride ? (N + 2 * stride - last) / (2 * SAMPLE_STRIDE)
                                             : (N - last) / (2 * SAMPLE_STRIDE);
  c_searchLastSegment<<<(threadCount + 255) / 256, 256>>>(o, in, stride, N, threadCount);
  p_searchEveryLength<<<(threadCount + 255) / 256, 256>>>(o, in, stride, N, threadCount);
  // Tiles of 16 over 2^20 - 13 elements: 65,536 threads, 256 blocks of 256.
  const int len = (1 << 20) - 13;
  c_tileArgument<<<256, 256>>>(o, in, len);
  p_tileModulo<<<256, 256>>>(o, in, len);
  p_halvingFromLane<<<256, 256>>>(o, in);
  (void)n;
}
