// RUN: %check_warplint --checks=-*,warplint-divergent-branch %s
// RUN: %expect_exit 1 %warplint --cuda-path=none --format=json --quiet --checks='-*,warplint-divergent-branch' %s \
// RUN:   | %python %S/../Inputs/findings_summary.py | FileCheck %s --check-prefix=PRIO
// Issue 13, tenth round: a threshold on a monotone function of a helper's lane-linear
// argument is a tail guard (fifth round), also when the helper first folds its input into
// the lower half (`if (x >= c) x = k - x;`, cuda-samples quasirandomGenerator_nvrtc's Moro
// inversion over evenly spaced samples: two monotone pieces, so a bound is crossed at most
// twice per pass of consecutive lanes; validation/divergence/cheap10.cu c_evenThreshold,
// H100: 2 divergent branch targets of 98,306, 32.0 threads an instruction). A parameter the
// helper reassigns any other way is read through what it was assigned (`x = x % 7` is not
// monotone: reported, where it used to pass for a tail guard through the argument).

__device__ float work(float v) {
  v = v * v + 1.0f; v = v * v + 2.0f; v = v * v + 3.0f; v = v * v + 4.0f;
  v = v * v + 5.0f; v = v * v + 6.0f; v = v * v + 7.0f; v = v * v + 8.0f;
  v = sqrtf(v); v = v * 0.5f + 1.0f; v = v * v + 9.0f; v = v * v + 10.0f;
  return v;
}

// ---- quiet ----

__device__ float foldedThreshold(unsigned x) {
  bool negate = false;
  if (x >= 0x80000000U) {
    x = 0xffffffffU - x;
    negate = true;
  }
  const float x1 = 1.0f / static_cast<float>(0xffffffffU);
  const float x2 = x1 / 2.0f;
  float p1 = x * x1 + x2;
  float p2 = p1 - 0.5f;
  float z = 0.0f;
  if (p2 > -0.42f)
    z = work(p2);
  return negate ? -z : z;
}

__global__ void good_evenSamples(float *o, unsigned pathN) {
  unsigned distance = ((unsigned)-1) / (pathN + 1);
  unsigned tid = blockDim.x * blockIdx.x + threadIdx.x;
  unsigned threadN = blockDim.x * gridDim.x;
  for (unsigned pos = tid; pos < pathN; pos += threadN)
    o[pos] = foldedThreshold((pos + 1) * distance);
}

// ---- reported ----

// The input reduced modulo 7: every warp holds lanes on both sides of the threshold.
__device__ float scrambledThreshold(unsigned x) {
  x = x % 7U;
  float p = x * 0.1f;
  float z = 0.0f;
  if (p > 0.3f)
    z = work(p);
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: branch condition differs between the lanes of a warp through 'threadIdx.x'; the warp runs both paths one after the other (about {{[0-9]+}} instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
  return z;
}
// PRIO: [[@LINE-5]] Medium likely notes=3

__global__ void bad_scrambledInput(float *o, unsigned pathN) {
  unsigned tid = blockDim.x * blockIdx.x + threadIdx.x;
  unsigned threadN = blockDim.x * gridDim.x;
  for (unsigned pos = tid; pos < pathN; pos += threadN)
    o[pos] = scrambledThreshold(pos);
}

// Folded by a remainder, not a reflection.
__device__ float foldedByRemainder(unsigned x) {
  if (x >= 0x80000000U)
    x = x % 1000U;
  float p = x * 0.001f;
  float z = 0.0f;
  if (p > 0.5f)
    z = work(p);
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: branch condition differs between the lanes of a warp through 'threadIdx.x'; the warp runs both paths one after the other (about {{[0-9]+}} instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
  return z;
}
// PRIO: [[@LINE-5]] Medium likely notes=3

__global__ void bad_remainderFold(float *o, unsigned pathN) {
  unsigned distance = ((unsigned)-1) / (pathN + 1);
  unsigned tid = blockDim.x * blockIdx.x + threadIdx.x;
  unsigned threadN = blockDim.x * gridDim.x;
  for (unsigned pos = tid; pos < pathN; pos += threadN)
    o[pos] = foldedByRemainder((pos + 1) * distance);
}
