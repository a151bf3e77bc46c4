// RUN: %check_warplint --checks=-*,warplint-divergent-branch %s
// RUN: %expect_exit 1 %warplint --cuda-path=none --format=json --quiet --checks='-*,warplint-divergent-branch' %s \
// RUN:   | %python %S/../Inputs/findings_summary.py | FileCheck %s --check-prefix=PRIO
// Issue 13, eleventh round: a `for` loop whose lanes start apart but share the distance
// to the bound runs the same trips in every lane (the eighth round's rule). The distance
// was built as `bound - start` and read symbolically, so `(tid + 1) * n - tid * n` did
// not cancel (the symbolic forms keep products of sums): HeCBench tsne's
// reduce_sum_kernel, each thread summing its own num_neighbors elements, was reported
// ("loop condition differs between the lanes of a warp through 'threadIdx.x'") though
// every lane runs num_neighbors trips. Products of sums are now multiplied out before the
// difference is taken.

// ---- quiet: every lane runs n trips ----

__global__ void good_ownRow(float *out, const float *w, int points, int n) {
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  if (tid >= points)
    return;
  float acc = 0.0f;
  int jend = (tid + 1) * n;
  for (int j = tid * n; j < jend; j++)
    acc += w[j];
  out[tid] = acc;
}

__global__ void good_ownRowTwoDims(float *out, const float *w, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int cell = row * 1024 + col;
  float acc = 0.0f;
  for (int j = cell * (n + 1); j < (cell + 1) * (n + 1); j++)
    acc += w[j];
  out[cell] = acc;
}

// ---- positives: the distance follows the lane ----

// Each row one element shorter than the last.
__global__ void bad_shrinkingRows(float *out, const float *w, int points, int n) {
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  if (tid >= points)
    return;
  float acc = 0.0f;
  for (int j = tid * n; j < (tid + 1) * n - tid; j++)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: loop condition differs between the lanes of a warp through 'threadIdx.x'; lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    acc += w[j];
  out[tid] = acc;
}
// PRIO: [[@LINE-5]] Medium likely notes=2

// Rows of m elements read from a layout of n: the distance (tid + 1) * m - tid * n
// grows with the lane unless m == n.
__global__ void bad_otherStride(float *out, const float *w, int points, int n, int m) {
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  if (tid >= points)
    return;
  float acc = 0.0f;
  for (int j = tid * n; j < (tid + 1) * m; j++)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: loop condition differs between the lanes of a warp through 'threadIdx.x'; lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    acc += w[j];
  out[tid] = acc;
}
// PRIO: [[@LINE-5]] Medium likely notes=2

void launch(float *o, float *w, int n) {
  good_ownRow<<<64, 256>>>(o, w, n, n);
  good_ownRowTwoDims<<<dim3(64, 64), dim3(16, 16)>>>(o, w, n);
  bad_shrinkingRows<<<64, 256>>>(o, w, n, n);
  bad_otherStride<<<64, 256>>>(o, w, n, n, n + 1);
}
