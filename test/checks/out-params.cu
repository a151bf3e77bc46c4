// RUN: %check_warplint --checks='-*,warplint-uncoalesced-global-access,warplint-divergent-branch' %s
// Values that reach a kernel's variables through out-parameters of small __device__ helpers
// (lib/Frontend/HelperBody, ValueFlow's CallOut definitions): the shape of cuda-samples'
// convolutionFFT2D (spPostprocess2D_kernel and its siblings), where `udivmod(i, DX / 2, x)`
// splits a thread id into coordinates. The memory check and the divergence check read the
// coordinates the helper computes. Positive (bad_*) and negative (good_*) cases; every
// warning is accounted for, in both front ends.

typedef unsigned int uint;

__device__ void udivmod(uint &dividend, uint divisor, uint &rem) {
  rem = dividend % divisor;
  dividend /= divisor;
}
// cuda-samples' POWER_OF_TWO variant.
__device__ void udivmodPow2(uint &dividend, uint divisor, uint &rem) {
  rem = dividend & (divisor - 1);
  dividend >>= (__ffs(divisor) - 1);
}
__device__ void coords(int t, int *col, int *row) {
  *col = t % 32;
  *row = t / 32;
}

// ---- memory: the coordinates decide the stride ----

// x is the fastest coordinate and the fastest index: consecutive lanes, consecutive floats.
__global__ void good_udivmodRowMajor(float *dst, uint threadCount) {
  const uint threadId = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadId >= threadCount)
    return;
  uint x, y, i = threadId;
  udivmod(i, 64, x);
  udivmod(i, 16, y);
  dst[(i * 16 + y) * 64 + x] = 1.0f;
}
// x is the fastest coordinate but the slowest index: lanes 64 bytes apart.
__global__ void bad_udivmodColumnMajor(float *dst, uint threadCount) {
  const uint threadId = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadId >= threadCount)
    return;
  uint x, y, i = threadId;
  udivmod(i, 64, x);
  udivmod(i, 16, y);
  dst[(i * 64 + x) * 16 + y] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'dst': consecutive lanes are 64 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}
// A pointer out-parameter: col = t % 32 varies fastest.
__global__ void good_pointerCoords(float *dst, int width) {
  int col, row;
  coords(threadIdx.x, &col, &row);
  dst[row * width + col] = 0.0f;
}
__global__ void bad_pointerCoordsTransposed(float *dst) {
  int col, row;
  coords(threadIdx.x, &col, &row);
  dst[col * 32 + row] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'dst': consecutive lanes are 128 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}

// ---- divergence: the coordinates decide which lanes take a branch ----

__device__ float heavy(float v) {
  return sqrtf(v) * sinf(v) + cosf(v * v) / (v + 1.0f) + expf(-v) * logf(v + 2.0f);
}

// x = threadId % 64: one lane in every other warp takes the branch and runs a loop as long
// as the problem alone.
__global__ void bad_firstColumnSerialLoop(float *dst, const float *src, uint threadCount,
                                          int n) {
  const uint threadId = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadId >= threadCount)
    return;
  uint x, i = threadId;
  udivmod(i, 64, x);
  if (x == 0)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp: only lane 0 takes the branch, in 4 of the 8 warps of each block; the warp runs both paths one after the other (an atomic, loop or barrier under the branch rules out predication) (High priority, CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    for (int k = 0; k < n; ++k)
      dst[threadId] += heavy(src[k]);
}
// The same lone lane doing a fixed amount of bookkeeping: the leader shape, quiet.
__global__ void good_firstColumnBookkeeping(float *dst, const float *src,
                                            uint threadCount) {
  const uint threadId = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadId >= threadCount)
    return;
  uint x, i = threadId;
  udivmod(i, 64, x);
  if (x == 0)
    for (int k = 0; k < 64; ++k)
      dst[threadId] += heavy(src[k]);
}
// w = threadId / 32 % 4: the same for the 32 lanes of a warp (blockDim a multiple of 32).
__global__ void good_warpUniformCoordinate(float *dst, const float *src, uint threadCount) {
  const uint threadId = blockIdx.x * blockDim.x + threadIdx.x;
  uint lane, w, i = threadId;
  udivmod(i, 32, lane);
  udivmod(i, 4, w);
  if (w == 0)
    for (int k = 0; k < 64; ++k)
      dst[threadId] += heavy(src[k]);
}
// The POWER_OF_TWO shape with a runtime width (spPostprocess2D_kernel): x = threadId &
// (DX / 2 - 1) splits a warp only when DX / 2 < 32; undecided (DX), and quiet.
__global__ void runtime_width(float *dst, const float *src, uint DX, uint threadCount) {
  const uint threadId = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadId >= threadCount)
    return;
  uint x, i = threadId;
  udivmodPow2(i, DX / 2, x);
  if (x == 0)
    for (int k = 0; k < 64; ++k)
      dst[threadId] += heavy(src[k]);
}

void launch(float *dst, const float *src, uint n, uint dx) {
  good_udivmodRowMajor<<<n / 1024, 1024>>>(dst, n);
  bad_udivmodColumnMajor<<<n / 1024, 1024>>>(dst, n);
  good_pointerCoords<<<1, 256>>>(dst, 32);
  bad_pointerCoordsTransposed<<<1, 256>>>(dst);
  bad_firstColumnSerialLoop<<<n / 256, 256>>>(dst, src, n, dx);
  good_firstColumnBookkeeping<<<n / 256, 256>>>(dst, src, n);
  good_warpUniformCoordinate<<<n / 256, 256>>>(dst, src, n);
  runtime_width<<<n / 256, 256>>>(dst, src, dx, n);
}
