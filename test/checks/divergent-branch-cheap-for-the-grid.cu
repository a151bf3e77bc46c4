// RUN: %check_warplint --checks=-*,warplint-divergent-branch %s
// RUN: %expect_exit 1 %warplint --cuda-path=none --format=json --quiet --checks='-*,warplint-divergent-branch' %s \
// RUN:   | %python %S/../Inputs/findings_summary.py | FileCheck %s --check-prefix=PRIO
// RUN: %expect_exit 1 %warplint --cuda-path=none --format=json --quiet --checks='-*,warplint-divergent-branch' \
// RUN:   --config='{CheckOptions: {warplint-divergent-branch.ReportOneBlockSplits: true, warplint-divergent-branch.SerialLanes: 16}}' %s \
// RUN:   | %python %S/../Inputs/findings_summary.py | FileCheck %s --check-prefix=OPTS
// Issue 13, fifth round. Splits that cost the grid next to nothing: half a warp of set-up
// lanes running a fixed share of the work (an inherent split: no packing removes it, and
// the lanes are not one thread serialising the warp's work), a split confined to one block
// (row) of the grid, a tail guard whose index goes through a float multiplication or a
// conversion (monotone in the lane), and an interval guard read through a bool variable.
// Positives (bad_*) and negatives (good_*) side by side.

#define BLOCK 16

// ---- negatives ----
// Half of warp 0 (16 colours of a 4x4 block) runs a loop over the colours: inherent to
// the 16 items, quiet (SerialLanes: 4).
__global__ void good_halfWarpSetup(float *o, const float *in, int n) {
  __shared__ float colours[16];
  int idx = threadIdx.x;
  if (idx < 16) {
    float s = 0.0f;
    for (int k = 0; k < n; ++k)
      s += in[blockIdx.x * n * 16 + k * 16 + idx];
    colours[idx] = s;
  }
  __syncthreads();
  o[blockIdx.x * blockDim.x + idx] = colours[idx % 16];
}
// OPTS: [[@LINE-9]] High certain notes=2

// Two half-warps load two tiles with loops of their own (Rodinia lud's perimeter):
// inherent, and neither side is a lone lane.
__global__ void good_twoHalves(float *m, int dim, int offset) {
  __shared__ float row[BLOCK][BLOCK], col[BLOCK][BLOCK];
  int idx;
  if (threadIdx.x < BLOCK) {
    idx = threadIdx.x;
    for (int i = 0; i < dim; i++)
      row[i % BLOCK][idx] = m[(offset + i) * dim + idx];
  } else {
    idx = threadIdx.x - BLOCK;
    for (int i = 0; i < dim; i++)
      col[i % BLOCK][idx] = m[(offset + i) * dim + offset + idx];
  }
  __syncthreads();
  m[threadIdx.x] = row[0][threadIdx.x % BLOCK] + col[0][threadIdx.x % BLOCK];
}
// OPTS: [[@LINE-12]] High certain notes=2

// Only the first row of blocks splits (by == 0), once: quiet (ReportOneBlockSplits).
// (Even and odd lanes: packing would help, so only the one-block rule keeps it quiet.)
__global__ void good_oneBlockRow(float *out, const float *in, int n) {
  int tx = threadIdx.x, ty = threadIdx.y, by = blockIdx.y;
  float v = in[(by * 16 + ty) * n + blockIdx.x * 16 + tx];
  if ((tx & 1) == 0 && by == 0) {
    float w = v * v + 1.0f;
    w = w * in[tx] + sqrtf(w) * in[tx + 16];
    w = w / (in[tx + 32] + 2.0f) + w * in[tx + 48];
    out[blockIdx.x * 16 + tx] = w * in[tx + 64] + sinf(w);
  }
}
// OPTS: [[@LINE-7]] Low certain notes=2

// A tail guard through a float multiplication (Rodinia leukocyte's IMGVF kernel): i grows
// with the thread, so `i < m` splits only the warp that crosses m.
__global__ void good_floatTail(float *img, const int *m_array, const int *n_array) {
  int m = m_array[blockIdx.x], n = n_array[blockIdx.x];
  const float one_nth = 1.f / (float)n;
  int max = (m * n + blockDim.x - 1) / blockDim.x;
  int tb, i; // declared before their loops, as Rodinia does
  for (int it = 0; it < 100; ++it)
    for (tb = 0; tb < max; tb++) {
      int offset = tb * blockDim.x;
      i = (threadIdx.x + offset) * one_nth;
      if (i < m) {
        float a = img[i * n + 1], b = img[i * n + 2], c = img[i * n + 3];
        float d = sqrtf(a * a + b * b + c * c) / (a + b + c + 1.0f);
        img[i * n] = d * expf(-d) + a * b - c / (d + 3.0f);
      }
    }
}

// An interval of threads read through a bool (Rodinia pathfinder): the lanes in
// [i + 1, BLOCK - i - 2] form one run; at most its two edge warps split.
#define IN_RANGE(x, lo, hi) ((x) >= (lo) && (x) <= (hi))
__global__ void good_interval(int *result, const int *wall, int iteration, int cols,
                              int lo, int hi) {
  __shared__ int prev[256];
  int tx = threadIdx.x;
  bool isValid = IN_RANGE(tx, lo, hi);
  prev[tx] = wall[blockIdx.x * 256 + tx];
  __syncthreads();
  for (int i = 0; i < iteration; i++) {
    int r = 0;
    if (IN_RANGE(tx, i + 1, 256 - i - 2) && isValid) {
      int left = prev[tx - 1], up = prev[tx], right = prev[tx + 1];
      int s = min(min(left, up), right);
      r = s + wall[cols * i + blockIdx.x * 256 + tx];
    }
    __syncthreads();
    prev[tx] = r;
    __syncthreads();
  }
  result[blockIdx.x * 256 + tx] = prev[tx];
}

// The diagonal of 16x16 blocks (cuda-samples volumeFiltering's preintegration): a warp
// holds two rows, so at most two of its lanes have x == y, and only in the blocks on the
// diagonal; they run the short else path (one fetch) while the others wait.
__global__ void good_diagonal16(float4 *out, const float *tab, int w, int h) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h)
    return;
  float sx = float(x) / float(w), sy = float(y) / float(w);
  float smax = fmaxf(sx, sy), smin = fminf(sx, sy);
  float4 iv;
  if (x != y) {
    float f = 1.0f / (smax - smin);
    float a = tab[int(smax * w)], b = tab[int(smin * w)];
    iv.x = (a - b) * f;
    iv.y = (a * a - b * b) * f;
    iv.z = sqrtf(a * b) * f;
    iv.w = 1.0f - expf(-(a - b) * f);
  } else {
    float s = tab[int(smin * w)];
    iv.x = iv.y = iv.z = s;
    iv.w = 1.0f - expf(-s);
  }
  out[y * w + x] = iv;
}

// ---- positives ----
// Each lane integrates up to its own x (cuda-samples volumeFiltering's trapezoid): a float
// bound that grows with the lane and a uniform counter: trip counts differ in every warp.
__global__ void bad_triangleFloat(float *out, int w) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  float step = 1.0f / float(w - 1);
  float to = float(x) * step, cur = step, acc = 0.0f;
  while (cur < to + step * 0.5f) {
    acc += sqrtf(cur) * step;
    cur += step;
  }
  out[x] = acc;
}
// CHECK-MESSAGES: :[[@LINE-6]]:3: warning: loop condition differs between the lanes of a warp{{.*}}[warplint-divergent-branch]
// PRIO: [[@LINE-7]] High likely notes=2
// OPTS: [[@LINE-8]] High likely notes=2

// One thread of the grid sums n values: serial work, reported (Low: one block) however
// few blocks split.
__global__ void bad_gridLeaderLoop(float *out, const float *partial, int n) {
  if (threadIdx.x == 0 && blockIdx.x == 0) {
    float s = 0.0f;
    for (int k = 0; k < n; ++k)
      s += partial[k];
    out[0] = s;
  }
}
// CHECK-MESSAGES: :[[@LINE-7]]:3: warning: branch condition differs between the lanes of a warp: only lane 0 takes the branch, in warp 0 of each block, only in the blocks where 'blockIdx.x == 0'{{.*}}[warplint-divergent-branch]
// PRIO: [[@LINE-8]] Low certain notes=2
// OPTS: [[@LINE-9]] Low certain notes=2

// Four lanes of each warp run a problem-sized loop while 28 wait: serial work.
__global__ void bad_fourLanes(float *o, const float *in, int n) {
  int lane = threadIdx.x % 32;
  float s = 0.0f;
  if (threadIdx.x < 4) {
    for (int k = 0; k < n; ++k)
      s += in[k * 4 + lane];
  }
  o[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
// CHECK-MESSAGES: :[[@LINE-6]]:3: warning: branch condition differs between the lanes of a warp: lanes 0-3 take the branch{{.*}}[warplint-divergent-branch]
// PRIO: [[@LINE-7]] High certain notes=2
// OPTS: [[@LINE-8]] High certain notes=2

// A float index that is not monotone in the lane (a square): no tail.
__global__ void bad_floatSquare(float *img, int n, int m) {
  for (int it = 0; it < n; ++it) {
    float x = (float)threadIdx.x - 16.0f;
    int i = x * x;
    if (i < m) {
      float a = img[i * n + 1], b = img[i * n + 2], c = img[i * n + 3];
      float d = sqrtf(a * a + b * b + c * c) / (a + b + c + 1.0f);
      img[i * n] = d * expf(-d) + a * b - c / (d + 3.0f);
    }
  }
}
// CHECK-MESSAGES: :[[@LINE-7]]:5: warning: branch condition can differ between the lanes of a warp through 'threadIdx.x' (whether and where lanes split depends on 'm', not known here){{.*}}[warplint-divergent-branch]
// PRIO: [[@LINE-8]] Medium likely notes=2
// OPTS: [[@LINE-9]] Medium likely notes=2

void launch(float *f, const float *cf, int *i, const int *ci, int n) {
  good_halfWarpSetup<<<n, 64>>>(f, cf, n);
  good_twoHalves<<<n, 32>>>(f, n, 0);
  good_oneBlockRow<<<dim3(n, n), dim3(16, 16)>>>(f, cf, n);
  good_floatTail<<<n, 320>>>(f, ci, ci);
  good_interval<<<n, 256>>>(i, ci, n, n, 1, 250);
  good_diagonal16<<<dim3(n, n), dim3(16, 16)>>>((float4 *)f, cf, n, n);
  bad_gridLeaderLoop<<<n, 256>>>(f, cf, n);
  bad_triangleFloat<<<n, 256>>>(f, n);
  bad_fourLanes<<<n, 256>>>(f, cf, n);
  bad_floatSquare<<<n, 256>>>(f, n, n);
}
