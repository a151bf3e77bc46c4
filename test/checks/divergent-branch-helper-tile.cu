// RUN: %check_warplint --checks=-*,warplint-divergent-branch %s
// RUN: %expect_exit 1 %warplint --cuda-path=none --format=json --quiet --checks='-*,warplint-divergent-branch' %s \
// RUN:   | %python %S/../Inputs/findings_summary.py | FileCheck %s --check-prefix=PRIO
// RUN: %expect_exit 1 %warplint --cuda-path=none --quiet --no-snippets --checks='-*,warplint-divergent-branch' \
// RUN:   --config="{CheckOptions: {warplint-divergent-branch.ReportTailGuards: true}}" %s \
// RUN:   | FileCheck %s --check-prefixes=CHECK-MESSAGES,TAILS --implicit-check-not=warning:
// Issue 13, eleventh round: the last tile of a remainder clamp, passed to a helper. The
// tenth round reads `min(F, R)` in a condition of the kernel (the full arm F splits no
// warp, the remainder R falls as the thread's position grows, so only the last tile can
// split). A helper's parameter is a value of the caller's: when the argument is a clamp
// of that kind, or a function of variables that hold one (cuda-samples mergeSort's
// `nextPowerOfTwo(segmentElementsB)`), and with F in the clamp's place no lane-varying
// value is left, the argument is the same for every lane of a warp outside the last
// tile. A condition of the helper that differs between lanes only through such
// parameters then splits only the last tile, as at a tail guard. With ReportTailGuards
// the split is shown, "only in the last tile, where ... is below ...".

#define SAMPLE_STRIDE 128
#define TILE 16

__device__ unsigned uminOf(unsigned a, unsigned b) { return a < b ? a : b; }
__device__ unsigned divUp(unsigned a, unsigned b) {
  return (a % b != 0) ? (a / b + 1) : (a / b);
}
__device__ unsigned nextPow2(unsigned x) { return 1U << (32 - __clz(x - 1)); }

// cuda-samples mergeSort's binarySearchExclusive: the search runs log2(stride) + 1
// trips, stride the next power of two of the segment's length.
__device__ unsigned searchBelow(unsigned val, const unsigned *data, unsigned L,
                                unsigned stride) {
  if (L == 0)
    return 0;
  unsigned pos = 0;
  for (; stride > 0; stride >>= 1) {
    unsigned newPos = uminOf(pos + stride, L);
    if (data[newPos - 1] < val)
      pos = newPos;
  }
  return pos;
}

// Loops over the first `len` elements of a tile (one helper per kernel below: a
// finding is reported once per line).
__device__ float sumTile(const float *in, int len) {
  float acc = 0;
  for (int k = 0; k < len; ++k)
    acc += sqrtf(in[k]) * acc;
  return acc;
}
__device__ float sumTileB(const float *in, int len) {
  float acc = 0;
  for (int k = 0; k < len; ++k)
    acc += sqrtf(in[k]) * acc;
  return acc;
}
__device__ float sumTileTwice(const float *in, int len) {
  return sumTileB(in, len) + sumTileB(in + 1, len);
}

// ---- quiet: only the last tile splits ----

// cuda-samples mergeSort's generateSampleRanksKernel: the second half of a segment holds
// `stride` elements in every segment but the last. Before: "loop condition differs
// between the lanes of a warp through 'threadIdx.x'", Medium, in the helper.
__global__ void good_searchLastSegment(unsigned *ranks, const unsigned *keys,
                                       unsigned stride, unsigned N,
                                       unsigned threadCount) {
  unsigned pos = blockIdx.x * blockDim.x + threadIdx.x;
  if (pos >= threadCount)
    return;
  const unsigned i = pos & ((stride / SAMPLE_STRIDE) - 1);
  const unsigned segmentBase = (pos - i) * (2 * SAMPLE_STRIDE);
  keys += segmentBase;
  const unsigned segmentElementsB = uminOf(stride, N - segmentBase - stride);
  if (i < divUp(stride, SAMPLE_STRIDE))
    ranks[segmentBase / SAMPLE_STRIDE + i] =
        searchBelow(keys[i * SAMPLE_STRIDE], keys + stride, segmentElementsB,
                    nextPow2(segmentElementsB));
}
// TAILS: :34:3: warning: loop condition differs between the lanes of a warp only in the last tile, where 'N - segmentBase - stride' is below 'stride'; lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]

// The clamp written in the argument itself, and a helper that passes its parameter on to
// another: each thread sums its own tile, the tile that holds the end of the data is
// shorter. Before: "loop condition differs ... through 'threadIdx.x'", Medium.
__global__ void good_tileArgument(float *out, const float *in, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int base = t * TILE;
  out[t] = sumTile(in + base, min(TILE, n - base));
}
__global__ void good_tileThroughTwoHelpers(float *out, const float *in, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int base = t * TILE;
  int len = min(TILE, n - base);
  out[t] = sumTileTwice(in + base, len);
}
// TAILS: :46:3: warning: loop condition differs between the lanes of a warp only in the last tile, where 'n - base' is below 'TILE'; lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
// TAILS: :52:3: warning: loop condition differs between the lanes of a warp only in the last tile, where 'n - base' is below 'TILE'; lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]

// ---- positives: arguments that split warps outside the last tile ----

__device__ float sumTileC(const float *in, int len) {
  float acc = 0;
  for (int k = 0; k < len; ++k)
    acc += sqrtf(in[k]) * acc;
  return acc;
}
__device__ float sumTileD(const float *in, int len) {
  float acc = 0;
  for (int k = 0; k < len; ++k)
    acc += sqrtf(in[k]) * acc;
  return acc;
}
__device__ float sumTileE(const float *in, int len) {
  float acc = 0;
  for (int k = 0; k < len; ++k)
    acc += sqrtf(in[k]) * acc;
  return acc;
}

// The "remainder" grows with the thread: min(TILE, t) is below TILE in the first
// threads, and nothing says where the short lengths end.
__global__ void bad_growingArgument(float *out, const float *in, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = sumTileC(in + t * TILE, min(TILE, t));
}

// A remainder taken modulo: short tiles anywhere along the grid.
__global__ void bad_moduloArgument(float *out, const float *in, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = sumTileD(in + t * TILE, min(TILE, (n - t * TILE) % 7));
}

// The full arm follows the lane: every warp's lanes run different counts.
__global__ void bad_laneFullArm(float *out, const float *in, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = sumTileE(in + t * TILE, min(TILE - (t & 3), n - t * TILE));
}

// A helper whose loop reads a tile parameter and a lane-varying one: the lane's own
// start differs in every warp, not only in the last tile.
__device__ float sumFrom(const float *in, int start, int len) {
  float acc = 0;
  for (int k = start; k < len; ++k)
    acc += sqrtf(in[k]) * acc;
  return acc;
}
__global__ void bad_laneStart(float *out, const float *in, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int base = t * TILE;
  out[t] = sumFrom(in + base, threadIdx.x & 7, min(TILE, n - base));
}

// A geometric loop in a helper, started from a lane-varying argument: each lane halves
// its own value (main's binary read the loop variable as uniform, because the helper
// builds its parameter as one, and reported nothing).
__device__ int halvings(const int *in, unsigned steps) {
  int acc = 0;
  for (unsigned s = steps; s > 0; s >>= 1)
    acc += in[s];
  return acc;
}
__global__ void bad_halvingFromLane(int *out, const int *in) {
  out[threadIdx.x] = halvings(in, threadIdx.x * 37 + 5);
}

void launch(unsigned *r, unsigned *k, float *x, float *a, unsigned s, int n) {
  good_searchLastSegment<<<64, 256>>>(r, k, s, n, n);
  good_tileArgument<<<64, 256>>>(x, a, n);
  good_tileThroughTwoHelpers<<<64, 256>>>(x, a, n);
  bad_growingArgument<<<64, 256>>>(x, a, n);
  bad_moduloArgument<<<64, 256>>>(x, a, n);
  bad_laneFullArm<<<64, 256>>>(x, a, n);
  bad_laneStart<<<64, 256>>>(x, a, n);
  bad_halvingFromLane<<<64, 256>>>((int *)r, (const int *)k);
}

// The positives, each in its own helper:
// CHECK-MESSAGES: :103:3: warning: loop condition differs between the lanes of a warp through 'threadIdx.x'; lanes that finish early wait for the others (High priority, CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
// CHECK-MESSAGES: :109:3: warning: loop condition differs between the lanes of a warp through 'threadIdx.x'; lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
// CHECK-MESSAGES: :115:3: warning: loop condition differs between the lanes of a warp through 'threadIdx.x'; lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
// CHECK-MESSAGES: :143:3: warning: loop condition differs between the lanes of a warp through 'threadIdx.x'; lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
// CHECK-MESSAGES: :158:3: warning: loop condition differs between the lanes of a warp through 'threadIdx.x'; lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
// PRIO: 103 High likely notes=3
// PRIO-NEXT: 109 Medium likely notes=3
// PRIO-NEXT: 115 Medium likely notes=3
// PRIO-NEXT: 143 Medium likely notes=3
// PRIO-NEXT: 158 Medium likely notes=3
