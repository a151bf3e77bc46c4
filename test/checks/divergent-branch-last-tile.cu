// RUN: %check_warplint --checks=-*,warplint-divergent-branch %s
// RUN: %expect_exit 1 %warplint --cuda-path=none --format=json --quiet --checks='-*,warplint-divergent-branch' %s \
// RUN:   | %python %S/../Inputs/findings_summary.py | FileCheck %s --check-prefix=PRIO
// RUN: %expect_exit 1 %warplint --cuda-path=none --quiet --no-snippets --checks='-*,warplint-divergent-branch' \
// RUN:   --config="{CheckOptions: {warplint-divergent-branch.ReportTailGuards: true}}" %s \
// RUN:   | FileCheck %s --check-prefixes=CHECK-MESSAGES,TAILS --implicit-check-not=warning:
// Issue 13, tenth round: the last tile of a remainder clamp. A condition that reads
// `min(F, R)` where, with the clamp replaced by F, no warp splits, and where the
// remainder R is a uniform value minus a term that does not fall as the thread's
// position in the grid grows (a lane-linear index, a group base `pos - (pos & (m - 1))`,
// a block index, each times a positive constant): R drops below F only at the far end
// of the data, so only the last tile can split, as at a tail guard. With
// ReportTailGuards the split is shown, "only in the last tile, where ... is below ...".

#define SAMPLE_STRIDE 128
#define TILE 16

__device__ unsigned divUp(unsigned a, unsigned b) {
  return (a % b != 0) ? (a / b + 1) : (a / b);
}
__device__ unsigned uminOf(unsigned a, unsigned b) { return a < b ? a : b; }

// ---- quiet: only the last tile splits ----

// cuda-samples mergeSort's generateSampleRanksKernel: segments of 2 * stride elements,
// stride / 128 threads each; the second half of a segment holds `stride` elements in
// every segment but the last, where the remainder `N - segmentBase - stride` may be
// shorter. With `stride` the test holds in every lane (the mask keeps i below
// stride / 128, the rounded-up count is at least that). Before: "can differ between the
// lanes of a warp ... depends on 'stride', 'N'", Medium.
__global__ void good_lastSegment(unsigned *ranks, const unsigned *keys,
                                 unsigned stride, unsigned N,
                                 unsigned threadCount) {
  unsigned pos = blockIdx.x * blockDim.x + threadIdx.x;
  if (pos >= threadCount)
    return;
  const unsigned i = pos & ((stride / SAMPLE_STRIDE) - 1);
  const unsigned segmentBase = (pos - i) * (2 * SAMPLE_STRIDE);
  const unsigned elementsB = uminOf(stride, N - segmentBase - stride);
  const unsigned samplesB = divUp(elementsB, SAMPLE_STRIDE);
  if (i < samplesB) {
    unsigned val = keys[segmentBase + stride + i * SAMPLE_STRIDE], p = 0;
    for (unsigned s = stride; s > 0; s >>= 1)
      if (keys[segmentBase + p + s - 1] < val)
        p += s;
    ranks[segmentBase / SAMPLE_STRIDE + i] = p;
  }
}
// TAILS: :[[@LINE-8]]:3: warning: branch condition differs between the lanes of a warp only in the last tile, where 'N - segmentBase - stride' is below 'stride'; the warp runs both paths one after the other (an atomic, loop or barrier under the branch rules out predication) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]

// The group base written `pos & ~(m - 1)`, the remainder read through a block index
// too: the same last segment.
__global__ void good_lastSegmentMasked(unsigned *ranks, const unsigned *keys,
                                       unsigned stride, unsigned N) {
  unsigned pos = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned m = stride / SAMPLE_STRIDE;
  const unsigned i = pos & (m - 1);
  const unsigned group = pos & ~(m - 1);
  const unsigned count = divUp(uminOf(stride, N - group * 2 * SAMPLE_STRIDE - stride),
                               SAMPLE_STRIDE);
  if (i < count) {
    unsigned val = keys[group + i], p = 0;
    for (unsigned s = stride; s > 0; s >>= 1)
      if (keys[p + s - 1] < val)
        p += s;
    ranks[group + i] = p;
  }
}
// TAILS: :[[@LINE-8]]:3: warning: branch condition differs between the lanes of a warp only in the last tile, where 'N - group * 2 * SAMPLE_STRIDE - stride' is below 'stride'; the warp runs both paths one after the other (an atomic, loop or barrier under the branch rules out predication) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]

// A tiled kernel in 16x16 blocks (a warp holds two rows): the last block row of the
// matrix may hold fewer than 16 rows, `rows = min(TILE, M - row0)`; every other block
// row runs the loop's body in all its lanes. The remainder is the same for the whole
// block, so this was already quiet as a tail guard (`ty` against a bound the block
// shares); ReportTailGuards now names the clamp.
__global__ void good_lastTileRows(float *out, const float *in, int M, int n) {
  int tx = threadIdx.x, ty = threadIdx.y;
  int row0 = blockIdx.y * TILE;
  int rows = min(TILE, M - row0);
  float acc = 0;
  for (int k = 0; k < n; ++k) {
    if (ty < rows)
      acc += sqrtf(in[(row0 + ty) * n + k]) * in[k * TILE + tx] +
             expf(in[(row0 + ty) * n + k + 1]);
  }
  out[(row0 + ty) * TILE + tx] = acc;
}
// TAILS: :[[@LINE-6]]:5: warning: branch condition differs between the lanes of a warp only in the last tile, where 'M - row0' is below 'TILE'; the warp runs both paths one after the other (about {{[0-9]+}} instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]

// Half a warp per tile of 16 columns, in a loop over the rows: the tile that holds the
// end of a row is narrower. The column is taken `% 16`, so no tail guard reads it;
// with TILE in the clamp's place `c < TILE` holds in every lane, and the remainder
// falls with the tile index (the global index / 16). Before: "can differ ... depends
// on 'n'", Medium.
__global__ void good_halfWarpTiles(float *out, const float *in, int n, int rows) {
  int tile = (blockIdx.x * blockDim.x + threadIdx.x) / TILE;
  int c = threadIdx.x % TILE;
  int width = min(TILE, n - tile * TILE);
  for (int r = 0; r < rows; ++r) {
    if (c < width)
      out[r * n + tile * TILE + c] = sqrtf(in[r * n + tile * TILE + c]) * expf(in[r]) +
                                     logf(in[r * n + c] + 1.0f);
  }
}
// TAILS: :[[@LINE-5]]:5: warning: branch condition differs between the lanes of a warp only in the last tile, where 'n - tile * TILE' is below 'TILE'; the warp runs both paths one after the other (about {{[0-9]+}} instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]

// Each thread sums its own tile of TILE elements; the tile that holds the end of the
// data is shorter, and threads past the end run no trip: the lanes' trip counts differ
// only in the warp that holds the end, as at a tail. Before: "loop condition differs
// ... through 'threadIdx.x'", Medium.
__global__ void good_lastTileLoop(float *out, const float *in, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int base = t * TILE;
  float acc = 0;
  for (int k = 0; k < min(TILE, n - base); ++k)
    acc += sqrtf(in[base + k]) * acc;
  out[t] = acc;
}
// TAILS: :[[@LINE-4]]:3: warning: loop condition differs between the lanes of a warp only in the last tile, where 'n - base' is below 'TILE'; lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]

// The same clamp written as an assignment under an `if` (the ninth round's join) and as
// `?:`. Before: "loop condition differs ... through 'threadIdx.x'", High (a bound that
// grows with the lane). The join has no clamp in the source: the message names the
// values assigned.
__global__ void good_joinClampLoop(float *out, const float *in, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int base = t * TILE;
  int len = TILE;
  if (n - base < TILE)
    len = n - base;
  float acc = 0;
  for (int k = 0; k < len; ++k)
    acc += sqrtf(in[base + k]) * acc;
  out[t] = acc;
}
// TAILS: :[[@LINE-4]]:3: warning: loop condition differs between the lanes of a warp only in the last tile, where 'n - base' is below 'TILE'; lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]

__global__ void good_ternaryClampLoop(float *out, const float *in, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int base = t * TILE;
  int len = n - base < TILE ? n - base : TILE;
  float acc = 0;
  for (int k = 0; k < len; ++k)
    acc += sqrtf(in[base + k]) * acc;
  out[t] = acc;
}
// TAILS: :[[@LINE-4]]:3: warning: loop condition differs between the lanes of a warp only in the last tile, where 'n - base' is below 'TILE'; lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]

// ---- positives: clamps whose split is not confined to the last tile ----

// The "remainder" grows with the thread: `min(m, pos)` is below m for the first m
// threads, and i < it splits a warp wherever a group starts below m (the mask keeps i
// below m, the clamp does not keep it below pos).
__global__ void bad_growingRemainder(unsigned *ranks, const unsigned *keys,
                                     unsigned stride) {
  unsigned pos = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned m = stride / SAMPLE_STRIDE;
  const unsigned i = pos & (m - 1);
  if (i < uminOf(m, pos)) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition can differ between the lanes of a warp through 'threadIdx.x' (whether and where lanes split depends on 'stride', not known here); the warp runs both paths one after the other (an atomic, loop or barrier under the branch rules out predication) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    unsigned val = keys[pos], p = 0;
    for (unsigned s = stride; s > 0; s >>= 1)
      if (keys[p + s - 1] < val)
        p += s;
    ranks[pos] = p;
  }
}
// PRIO: [[@LINE-9]] Medium likely notes=2

// The full arm splits: stride / 256 samples for a group of stride / 128 threads, so the
// upper half of every group skips the branch, in every segment.
__global__ void bad_fullArmSplits(unsigned *ranks, const unsigned *keys,
                                  unsigned stride, unsigned N) {
  unsigned pos = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned i = pos & ((stride / SAMPLE_STRIDE) - 1);
  const unsigned segmentBase = (pos - i) * (2 * SAMPLE_STRIDE);
  const unsigned count = uminOf(stride / 256, N - segmentBase - stride);
  if (i < count) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition can differ between the lanes of a warp through 'threadIdx.x' (whether and where lanes split depends on 'stride', 'N', not known here); the warp runs both paths one after the other (an atomic, loop or barrier under the branch rules out predication) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    unsigned val = keys[pos], p = 0;
    for (unsigned s = stride; s > 0; s >>= 1)
      if (keys[p + s - 1] < val)
        p += s;
    ranks[pos] = p;
  }
}
// PRIO: [[@LINE-9]] Medium likely notes=2

// A remainder that is not monotone in the thread: the group's offset taken modulo 7
// rises and falls along the grid, so short groups are anywhere, not at the end.
__global__ void bad_moduloRemainder(unsigned *ranks, const unsigned *keys,
                                    unsigned stride, unsigned N) {
  unsigned pos = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned i = pos & ((stride / SAMPLE_STRIDE) - 1);
  const unsigned segmentBase = ((pos - i) % 7) * (2 * SAMPLE_STRIDE);
  const unsigned count = divUp(uminOf(stride, N - segmentBase - stride), SAMPLE_STRIDE);
  if (i < count) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition can differ between the lanes of a warp through 'threadIdx.x' (whether and where lanes split depends on 'stride', 'N', not known here); the warp runs both paths one after the other (an atomic, loop or barrier under the branch rules out predication) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    unsigned val = keys[pos], p = 0;
    for (unsigned s = stride; s > 0; s >>= 1)
      if (keys[p + s - 1] < val)
        p += s;
    ranks[pos] = p;
  }
}
// PRIO: [[@LINE-9]] Medium likely notes=2

// Both arms follow the lane: a thread's distance to the nearer end of the data, a
// pyramid of trip counts in every warp.
__global__ void bad_pyramid(float *out, const float *in, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int k = 0; k < min(t + 1, n - t); ++k)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: loop condition differs between the lanes of a warp through 'threadIdx.x'; lanes that finish early wait for the others (High priority, CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    acc += sqrtf(in[k]) * acc;
  out[t] = acc;
}
// PRIO: [[@LINE-5]] High likely notes=2

// The tiled rows again, with a clamp whose full arm splits a warp: 8 rows of a 16-row
// tile, so the lower half of every warp's rows skips the body in every block row.
__global__ void bad_halfTileRows(float *out, const float *in, int M, int n) {
  int tx = threadIdx.x, ty = threadIdx.y;
  int row0 = blockIdx.y * TILE;
  int rows = min(TILE / 2 + (tx & 1), M - row0);
  float acc = 0;
  for (int k = 0; k < n; ++k) {
    if (ty < rows)
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: branch condition can differ between the lanes of a warp through 'threadIdx.y' (whether and where lanes split depends on 'M', not known here); the warp runs both paths one after the other (about {{[0-9]+}} instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
      acc += sqrtf(in[(row0 + ty) * n + k]) * in[k * TILE + tx] +
             expf(in[(row0 + ty) * n + k + 1]);
  }
  out[(row0 + ty) * TILE + tx] = acc;
}
// PRIO: [[@LINE-7]] Medium likely notes=2

void launch(unsigned *r, unsigned *k, float *x, float *a, unsigned s, int n) {
  good_lastSegment<<<64, 256>>>(r, k, s, n, n);
  good_lastSegmentMasked<<<64, 256>>>(r, k, s, n);
  good_lastTileRows<<<dim3(1, 64), dim3(16, 16)>>>(x, a, n, n);
  good_halfWarpTiles<<<64, 256>>>(x, a, n, n);
  good_lastTileLoop<<<64, 256>>>(x, a, n);
  good_joinClampLoop<<<64, 256>>>(x, a, n);
  good_ternaryClampLoop<<<64, 256>>>(x, a, n);
  bad_growingRemainder<<<64, 256>>>(r, k, s);
  bad_fullArmSplits<<<64, 256>>>(r, k, s, n);
  bad_moduloRemainder<<<64, 256>>>(r, k, s, n);
  bad_pyramid<<<64, 256>>>(x, a, n);
  bad_halfTileRows<<<dim3(1, 64), dim3(16, 16)>>>(x, a, n, n);
}
