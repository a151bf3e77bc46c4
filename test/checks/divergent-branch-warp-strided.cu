// RUN: %check_warplint --checks=-*,warplint-divergent-branch %s
// RUN: %expect_exit 1 %warplint --cuda-path=none --format=json --quiet --checks='-*,warplint-divergent-branch' %s \
// RUN:   | %python %S/../Inputs/findings_summary.py | FileCheck %s --check-prefix=PRIO
// RUN: %expect_exit 1 %warplint --cuda-path=none --quiet --no-snippets --checks='-*,warplint-divergent-branch' \
// RUN:   --config="{CheckOptions: {warplint-divergent-branch.ReportTailGuards: true}}" %s \
// RUN:   | FileCheck %s --check-prefixes=CHECK-MESSAGES,TAILS --implicit-check-not=warning:
// Issue 13, eleventh round: a warp-strided loop over the warp's own range (Parboil
// imghisto's histo_R_per_block_kernel: `for (i = chunk * warpid + 32 * bx + lane; i <
// chunk * (warpid + 1); i += 32 * gridDim.x)`). Lane l runs ceil((end - start_l) / step)
// trips; when the bound is the same for the whole warp (evaluated lane by lane for the
// block shape) and the lanes' starts lie within one step of each other (their largest
// difference in a warp, against the step's least value: its constant part plus the
// positive multiples of gridDim, each at least 1), no two lanes differ by more than one
// trip, and each warp has at most its last pass with idle lanes, as at a tail. Quiet
// like a tail guard; ReportTailGuards shows it.

// ---- quiet: at most one pass of idle lanes a warp ----

// Parboil imghisto. Before: "loop condition differs between the lanes of a warp through
// 'threadIdx.x'", Medium.
__global__ void good_warpRange(unsigned *histo, const unsigned *data, int size, int bins) {
  const unsigned warpid = threadIdx.x >> 5, lane = threadIdx.x & 31;
  const int warps_block = blockDim.x / 32;
  const int begin = (size / warps_block) * warpid + 32 * blockIdx.x + lane;
  const int end = (size / warps_block) * (warpid + 1);
  const int step = 32 * gridDim.x;
  for (int i = begin; i < end; i += step)
    atomicAdd(&histo[(data[i] * bins) >> 12], 1);
}
// TAILS: :[[@LINE-3]]:3: warning: loop condition differs between the lanes of a warp only in each warp's last pass (its lanes start within one step of each other and stop at a bound the warp shares); lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]

// A constant step of one warp: each warp walks its own chunk.
__global__ void good_warpChunk(float *out, const float *in, int chunk) {
  const unsigned warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  const unsigned lane = threadIdx.x % 32;
  float acc = 0.0f;
  for (unsigned i = chunk * warp + lane; i < chunk * (warp + 1); i += 32)
    acc += sqrtf(in[i]) * acc;
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
// TAILS: :[[@LINE-4]]:3: warning: loop condition differs between the lanes of a warp only in each warp's last pass (its lanes start within one step of each other and stop at a bound the warp shares); lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]

// ---- positives: lanes more than a trip apart ----

// Starts two elements apart, a step of one warp: lanes differ by up to two trips.
__global__ void bad_wideStarts(float *out, const float *in, int chunk) {
  const unsigned warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  const unsigned lane = threadIdx.x % 32;
  float acc = 0.0f;
  for (unsigned i = chunk * warp + 2 * lane; i < chunk * (warp + 1); i += 32)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: loop condition differs between the lanes of a warp through 'threadIdx.x'; lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    acc += sqrtf(in[i]) * acc;
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
// PRIO: [[@LINE-5]] Medium likely notes=2

// A bound that follows the lane: every lane stops at its own place.
__global__ void bad_laneBound(float *out, const float *in, int chunk) {
  const unsigned warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  const unsigned lane = threadIdx.x % 32;
  float acc = 0.0f;
  for (unsigned i = chunk * warp + lane; i < chunk * (warp + 1) + 7 * lane; i += 32)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: loop condition differs between the lanes of a warp through 'threadIdx.x'; lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    acc += sqrtf(in[i]) * acc;
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
// PRIO: [[@LINE-5]] Medium likely notes=2

// A step read from a parameter: nothing says it is at least a warp.
__global__ void bad_parameterStep(float *out, const float *in, int chunk, int step) {
  const unsigned warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  const unsigned lane = threadIdx.x % 32;
  float acc = 0.0f;
  for (unsigned i = chunk * warp + lane; i < chunk * (warp + 1); i += step)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: loop condition differs between the lanes of a warp through 'threadIdx.x'; lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    acc += sqrtf(in[i]) * acc;
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
// PRIO: [[@LINE-5]] Medium likely notes=2

// The condition is the same in every lane, but lanes leave by a break at different
// iterations, in every warp: the loop's lanes differ through the break, not through its
// start (HeCBench softmax-fused's store loop read so at first).
__global__ void bad_laneBreak(float *out, const float *in, int n) {
  float acc = 0.0f;
  for (int it = 0; it < 64; it += 4) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: loop condition differs between the lanes of a warp through a break at line [[@LINE+2]] that only some lanes take, through 'threadIdx.x'; lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    if ((threadIdx.x & 7) * 8 <= it)
      break;
    acc += sqrtf(in[it * n + threadIdx.x]) * acc;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
// PRIO: [[@LINE-8]] Medium likely notes=2

// A stride counter against a bound the grid shares was a tail guard whatever its lanes'
// starts: `for (i = tid * 100; i < n; ++i)` runs lanes up to 3,100 trips apart, in every
// warp (main's binary: quiet). Starts at least two steps apart are no tail now; a
// grid-stride loop (starts 31 apart, a step of blockDim * gridDim) stays one.
__global__ void bad_chunkPerLane(float *out, const float *in, int n) {
  int tid = threadIdx.x;
  float acc = 0.0f;
  for (int i = tid * 100; i < n; ++i)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: loop condition differs between the lanes of a warp through 'threadIdx.x'; lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    acc += sqrtf(in[i]) * acc;
  out[tid] = acc;
}
// PRIO: [[@LINE-5]] Medium likely notes=2

__global__ void good_gridStride(float *out, const float *in, int n) {
  float acc = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    acc += sqrtf(in[i]) * acc;
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
// TAILS: :[[@LINE-4]]:3: warning: loop condition differs between the lanes of a warp only where the index crosses its bound; lanes that finish early wait for the others (High priority, CUDA Best Practices Guide §12.1) [warplint-divergent-branch]

void launch(unsigned *h, unsigned *d, float *o, float *i, int n) {
  good_warpRange<<<64, 256>>>(h, d, n, 256);
  good_warpChunk<<<64, 256>>>(o, i, n);
  bad_wideStarts<<<64, 256>>>(o, i, n);
  bad_laneBound<<<64, 256>>>(o, i, n);
  bad_parameterStep<<<64, 256>>>(o, i, n, n);
  bad_laneBreak<<<64, 256>>>(o, i, n);
  bad_chunkPerLane<<<64, 256>>>(o, i, n);
  good_gridStride<<<64, 256>>>(o, i, n);
}
