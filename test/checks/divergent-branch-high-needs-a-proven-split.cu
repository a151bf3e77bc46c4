// RUN: %check_warplint --checks=-*,warplint-divergent-branch %s
// RUN: %expect_exit 1 %warplint --cuda-path=none --format=json --quiet --checks='-*,warplint-divergent-branch' %s \
// RUN:   | %python %S/../Inputs/findings_summary.py | FileCheck %s --check-prefix=PRIO
// RUN: %expect_exit 1 %warplint --cuda-path=none --format=json --quiet --checks='-*,warplint-divergent-branch' \
// RUN:   --config='{CheckOptions: {warplint-divergent-branch.ReportOneOffSplits: true}}' %s \
// RUN:   | %python %S/../Inputs/findings_summary.py | FileCheck %s --check-prefix=OPTS
// Issue 13, seventh round. High needs a warp that provably splits: a condition the lane
// evaluation could not read (a helper's lane-varying parameter through floating point) is
// at most Medium, while a loop whose bound grows with the lane keeps High; one lane against
// the rest of its warp adds only the lone lane's path, so a one-off diagonal with an else
// is judged by that path.

typedef unsigned int uint;

// ---- positives ----
// cuda-samples quasirandomGenerator's Moro inversion: the threshold on a value computed
// per lane in a helper. The lanes were not evaluated (a reflected, scaled float of the
// argument): Medium, not High.
__device__ float moro(uint d) {
  uint x = d;
  bool neg = false;
  if (x >= 0x80000000u) {
    x = 0xffffffffu - x;
    neg = true;
  }
  const float p = x * 2.3283064e-10f - 0.5f;
  float z;
  if (p > -0.42f) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp through 'threadIdx.x'; the warp runs both paths one after the other (about 43 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    float q = p * p;
    z = p * (((0.1f * q + 0.2f) * q + 0.3f) * q + 0.4f) /
        ((((0.5f * q + 0.6f) * q + 0.7f) * q + 0.8f) * q + 1.0f);
  } else {
    z = __logf(-__logf(p + 0.5f));
    z = -(0.1f + z * (0.2f + z * (0.3f + z * (0.4f + z * (0.5f + z * (0.6f + z * (0.7f + z * 0.8f)))))));
  }
  return neg ? -z : z;
}
// PRIO: [[@LINE-11]] Medium likely notes=3
// OPTS: [[@LINE-12]] Medium likely notes=3
__global__ void bad_helperThreshold(float *o, uint n) {
  uint dist = 0xffffffffu / (n + 1);
  for (uint pos = blockIdx.x * blockDim.x + threadIdx.x; pos < n; pos += blockDim.x * gridDim.x)
    o[pos] = moro((pos + 1) * dist);
}

// Each lane sums up to its own column: a uniform counter against a bound that grows with
// the lane. No lane-by-lane evaluation, but the trip counts differ in every warp: High.
__global__ void bad_growingFloatBound(float *out, const float *in, uint w) {
  uint x = blockIdx.x * blockDim.x + threadIdx.x;
  float step = 1.0f / float(w);
  float to = float(x) * step, cur = 0.0f, acc = 0.0f;
  while (cur < to) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: loop condition differs between the lanes of a warp through 'threadIdx.x'; lanes that finish early wait for the others (High priority, CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    acc += in[uint(cur * w)] * step;
    cur += step;
  }
  out[x] = acc;
}
// PRIO: [[@LINE-7]] High likely notes=2
// OPTS: [[@LINE-8]] High likely notes=2

// ---- negatives ----
// The diagonal of 16x16 blocks (cuda-samples volumeFiltering's preintegration): two lanes
// of a diagonal warp take the else, once. The split adds that path (about 50 instructions,
// under LargeBody) to its warp, not both paths: quiet; ReportOneOffSplits shows it (Low).
__global__ void good_diagonalElseOnce(float4 *out, const float *in, uint w, uint h, uint steps) {
  uint x = blockIdx.x * blockDim.x + threadIdx.x;
  uint y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float sx = float(x) / float(w), sy = float(y) / float(h);
  float4 v;
  if (x != y) {
    float f = 1.0f / ((fmaxf(sx, sy) - fminf(sx, sy)) * steps);
    float a = in[x] * f, b = in[y] * f, c = in[x + y] * f;
    v.x = expf(-a) * sinf(b); v.y = expf(-b) * cosf(c); v.z = expf(-c) * sinf(a); v.w = 1.0f - expf(-(a + b + c));
  } else {
    float s = in[x];
    v.x = expf(-s) * s; v.y = expf(-s * 0.5f); v.z = sinf(s); v.w = 1.0f - expf(-s);
  }
  float acc = 0.f;
  for (uint k = 0; k < steps; ++k) acc += in[(k * w + x) % (w * h)];
  v.x += acc;
  out[y * w + x] = v;
}
// OPTS: [[@LINE-13]] Low likely notes=2

void launch(float4 *o, const float *i, uint w, uint h, float *q, uint n) {
  good_diagonalElseOnce<<<dim3(w / 16, h / 16), dim3(16, 16)>>>(o, i, w, h, 64);
  bad_helperThreshold<<<n / 256, 256>>>(q, n);
  bad_growingFloatBound<<<w / 256, 256>>>(q, i, w);
}

// cuda-samples mergeSort's sample ranks: i = pos & (stride / 128 - 1) is at most
// stride / 128 - 1, below the rounded-up stride / 128: every lane takes the first branch
// (no split, quiet). Against stride / 256 the lanes can part: a possible split over a
// problem-sized search, Medium.
#define SAMPLE_STRIDE 128
static inline __device__ uint iDivUp(uint a, uint b) { return ((a % b) == 0) ? (a / b) : (a / b + 1); }
static inline __device__ uint getSampleCount(uint d) { return iDivUp(d, SAMPLE_STRIDE); }
__device__ uint search(uint v, const uint *d, uint L) {
  uint pos = 0;
  for (uint s = L; s > 0; s >>= 1)
    if (d[pos + s - 1] < v)
      pos += s;
  return pos;
}
__global__ void good_maskBelowRoundedUp(uint *rA, uint *rB, const uint *key, uint stride, uint N, uint threadCount) {
  uint pos = blockIdx.x * blockDim.x + threadIdx.x;
  if (pos >= threadCount)
    return;
  const uint i = pos & ((stride / SAMPLE_STRIDE) - 1);
  const uint segmentBase = (pos - i) * (2 * SAMPLE_STRIDE);
  const uint segmentSamplesA = getSampleCount(stride);
  if (i < segmentSamplesA) {
    rA[segmentBase / SAMPLE_STRIDE + i] = i * SAMPLE_STRIDE;
    rB[segmentBase / SAMPLE_STRIDE + i] = search(key[segmentBase + i * SAMPLE_STRIDE], key + segmentBase + stride, N);
  }
  if (i < stride / (2 * SAMPLE_STRIDE)) {
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition can differ between the lanes of a warp through 'threadIdx.x' (whether and where lanes split depends on 'stride', not known here); the warp runs both paths one after the other (an atomic, loop or barrier under the branch rules out predication) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    rA[segmentBase + i] = search(key[segmentBase + i], key + segmentBase, N);
  }
}
// PRIO: [[@LINE-5]] Medium likely notes=2
// OPTS: [[@LINE-6]] Medium likely notes=2

void launchRanks(uint *a, uint *b, const uint *k, uint s, uint n) {
  good_maskBelowRoundedUp<<<n / 256, 256>>>(a, b, k, s, n, n / 128);
}
