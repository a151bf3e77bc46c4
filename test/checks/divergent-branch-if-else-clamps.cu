// RUN: %check_warplint --checks=-*,warplint-divergent-branch %s
// RUN: %expect_exit 1 %warplint --cuda-path=none --format=json --quiet --checks='-*,warplint-divergent-branch' %s \
// RUN:   | %python %S/../Inputs/findings_summary.py | FileCheck %s --check-prefix=PRIO
// Issue 13, ninth round: clamps written as if/else assignments. The value flow joins an
// `if` whose two branches assign a variable (or `x = a; if (c) x = b;`) into the select of
// its test, a minimum or maximum when the test compares the two values, so the window rule
// of the eighth round (divergent-branch-nested-loop-conditions.cu) sees these clamps as it sees max()/min()
// and `?:`; an exact count of the lanes' trips that leaves each warp at most one pass of
// idle lanes is a tail.

struct Params {
  int in_cols, in2_cols, conv_rows, conv_elem, joffset;
};
__constant__ Params d_common;

// ---- quiet: clamped windows written as assignments ----

// A 1-D convolution clamped at both ends by if/else assignments (before: "loop condition
// differs ... through 'threadIdx.x'", Medium).
__global__ void good_ifElseClamp(const float *in, float *out, int n, int r,
                                 const float *w) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int lo, hi;
  if (i - r < 0)
    lo = 0;
  else
    lo = i - r;
  if (i + r > n - 1)
    hi = n - 1;
  else
    hi = i + r;
  float acc = 0;
  for (int k = lo; k <= hi; ++k)
    acc += in[k] * w[k - i + r];
  out[i] = acc;
}

// The same clamps as `x = a; if (c) x = b;`.
__global__ void good_assignThenClamp(const float *in, float *out, int n, int r,
                                     const float *w) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int lo = i - r;
  if (lo < 0)
    lo = 0;
  int hi = i + r;
  if (hi >= n)
    hi = n - 1;
  float acc = 0;
  for (int k = lo; k <= hi; ++k)
    acc += in[k] * w[k - i + r];
  out[i] = acc;
}

// Rodinia heartwall's convolution: the element's column from a 1-based fix-up
// (`if ((e + 1) % rows == 0) { ic = rows; jc = jc - 1; }`), the overlap of the column
// with the template clamped by if/else on sizes in constant memory. The lanes of a warp
// read one column (or two, where the warp crosses one): before, "loop condition
// differs ... through 'threadIdx.x'", Medium.
__global__ void good_constantMemoryClamp(const float *a, const float *b, float *out) {
  int tx = threadIdx.x;
  int ei_new, ic, jc, j, jp1, ja1, ja2, ja;
  float s;
  ei_new = tx;
  while (ei_new < d_common.conv_elem) {
    ic = (ei_new + 1) % d_common.conv_rows;
    jc = (ei_new + 1) / d_common.conv_rows + 1;
    if ((ei_new + 1) % d_common.conv_rows == 0) {
      ic = d_common.conv_rows;
      jc = jc - 1;
    }
    j = jc + d_common.joffset;
    jp1 = j + 1;
    if (d_common.in2_cols < jp1) {
      ja1 = jp1 - d_common.in2_cols;
    } else {
      ja1 = 1;
    }
    if (d_common.in_cols < j) {
      ja2 = d_common.in_cols;
    } else {
      ja2 = j;
    }
    s = 0;
    for (ja = ja1; ja <= ja2; ja++)
      s = s + a[ja] * b[jp1 - ja] + a[ja + 1] * b[jp1 - ja + 2] * s + sqrtf(s);
    out[ei_new] = s + ic;
    ei_new = ei_new + 256;
  }
}

// Parboil sad's search range: groups of 61 threads, 18 positions each, the last group's
// range clamped to 1089 positions by an assignment under an `if`. Counted exactly: one
// lane in 4 of the 8 warps stops 3 trips early, less than one pass of the warp's lanes
// (before: "loop condition differs ... through 'threadIdx.x'", Medium; with the join
// alone, an exact split at High).
#define MAX_POS 1089
#define POS_PER_THREAD 18
__global__ void good_clampedSearchRange(unsigned short *sad, const float *ref) {
  int base = (threadIdx.x % 61) * POS_PER_THREAD;
  int end = base + POS_PER_THREAD;
  if (end > MAX_POS)
    end = MAX_POS;
  for (int pos = base; pos < end; pos += 3) {
    float t = ref[pos] * ref[pos + 1] + sqrtf(ref[pos + 2]) + ref[pos + 3] * 2.5f;
    sad[blockIdx.x * MAX_POS + pos] = (unsigned short)(t * t + sqrtf(t));
  }
}

// ---- positives: the same forms, where lanes' trip counts really differ ----

// A triangle: the window's upper end follows the lane, its lower end is fixed. Now
// proven (the bound grows with the lane: `growing-bound`), High; before, Medium.
__global__ void bad_ifElseTriangle(const float *in, float *out, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int hi;
  if (i < m)
    hi = i;
  else
    hi = m;
  float acc = 0;
  for (int k = 0; k < hi; ++k)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: loop condition differs between the lanes of a warp; lanes that finish early wait for the others (High priority, CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    acc += in[k] * in[k + n];
  out[i] = acc;
}
// PRIO: [[@LINE-5]] High likely notes=2

// Clamped, but the unclamped ends move apart with the lane (i - r to 2 * i).
__global__ void bad_ifElseGrowingWindow(const float *in, float *out, int n, int r) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lo = i - r;
  if (lo < 0)
    lo = 0;
  int hi;
  if (2 * i > n - 1)
    hi = n - 1;
  else
    hi = 2 * i;
  float acc = 0;
  for (int k = lo; k <= hi; ++k)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: loop condition differs between the lanes of a warp through 'threadIdx.x'; lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    acc += in[k];
  out[i] = acc;
}
// PRIO: [[@LINE-5]] Medium likely notes=2

// Not a clamp: odd lanes start at 0, even lanes at their index, whatever the edges.
__global__ void bad_ifElseParity(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lo, hi;
  if (threadIdx.x % 2)
    lo = 0;
  else
    lo = i;
  if (i + 4 > n - 1)
    hi = n - 1;
  else
    hi = i + 4;
  float acc = 0;
  for (int k = lo; k <= hi; ++k)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: loop condition differs between the lanes of a warp through 'threadIdx.x'; lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    acc += in[k];
  out[i] = acc;
}
// PRIO: [[@LINE-5]] Medium likely notes=2

// A threshold that is not the window's own edge: lanes below 100 start at 0 while their
// window's end follows them (i - r is not the value the test compares).
__global__ void bad_ifElseOtherThreshold(const float *in, float *out, int n, int r) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lo;
  if (i < 100)
    lo = 0;
  else
    lo = i - r;
  int hi = i + r;
  if (hi > n - 1)
    hi = n - 1;
  float acc = 0;
  for (int k = lo; k <= hi; ++k)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: loop condition differs between the lanes of a warp through 'threadIdx.x'; lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    acc += in[k];
  out[i] = acc;
}
// PRIO: [[@LINE-5]] Medium likely notes=2

// Counted exactly, a clamp that leaves more than one pass idle: groups of 4 threads
// share 35 positions, 10 each, so the last thread of each group runs 5 trips where the
// others run 10 (a quarter of each warp idles half the loop: 40 trips, one pass is 32).
__global__ void bad_clampedRangeManyIdle(float *out, const float *ref) {
  int base = (threadIdx.x % 4) * 10;
  int end = base + 10;
  if (end > 35)
    end = 35;
  float t = 0;
  for (int pos = base; pos < end; ++pos)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: loop condition differs between the lanes of a warp: lanes run different numbers of iterations in every warp; lanes that finish early wait for the others (High priority, CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    t += ref[pos] * ref[pos + 64] + sqrtf(ref[pos + 128] * t);
  out[blockIdx.x * blockDim.x + threadIdx.x] = t;
}
// PRIO: [[@LINE-5]] High certain notes=2

void launch(float *x, float *a, unsigned short *s, int n) {
  good_ifElseClamp<<<64, 256>>>(x, a, n, 3, x);
  good_assignThenClamp<<<64, 256>>>(x, a, n, 3, x);
  good_constantMemoryClamp<<<64, 256>>>(x, x, a);
  good_clampedSearchRange<<<64, 256>>>(s, x);
  bad_ifElseTriangle<<<64, 256>>>(x, a, n, n);
  bad_ifElseGrowingWindow<<<64, 256>>>(x, a, n, 3);
  bad_ifElseParity<<<64, 256>>>(x, a, n);
  bad_ifElseOtherThreshold<<<64, 256>>>(x, a, n, 3);
  bad_clampedRangeManyIdle<<<64, 256>>>(a, x);
}
