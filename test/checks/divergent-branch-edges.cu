// RUN: %check_warplint --checks=-*,warplint-divergent-branch %s
// RUN: %expect_exit 1 %warplint --cuda-path=none --quiet --no-snippets --checks='-*,warplint-divergent-branch' \
// RUN:   --config="{CheckOptions: {warplint-divergent-branch.ReportTailGuards: true}}" %s | FileCheck %s --check-prefix=SHOWN
// Edge guards on a periodic coordinate. A stencil that maps the global thread index to a
// row and a column with `% rows` and `/ rows` tests whether each neighbour `row + k`
// stays inside [0, rows): the lanes that fail are those whose row is within the window's
// radius of an edge, in the warps that straddle the start or the end of a column. As at a
// tail (`if (i < n)`), those lanes have nothing to do, and the warps elsewhere take one
// side whole: the split is quiet unless ReportTailGuards is on. The `/ rows` coordinate
// was already a tail guard (monotone in the lane); the `% rows` one was reported as
// "can differ ... depends on 'rows'" (Rodinia leukocyte's dilate_kernel).

__global__ void good_stencilEdges(const float *in, float *out, int rows, int cols, int r) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int i = t % rows;
  int j = t / rows;
  float m = 0.0f;
  for (int di = -r; di <= r; ++di) {
    int y = i + di;
    if (y >= 0 && y < rows) {
    // SHOWN: divergent-branch-edges.cu:[[@LINE-1]]:5: warning: branch condition differs between the lanes of a warp only where a lane's coordinate meets an edge of its period; the warp runs both paths one after the other (an atomic, loop or barrier under the branch rules out predication) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
      for (int dj = -r; dj <= r; ++dj) {
        int x = j + dj;
        if (x >= 0 && x < cols)
          m = fmaxf(m, in[x * rows + y]);
      }
    }
  }
  out[t] = m;
}

// The same edge written as an early exit of the iteration: a `continue` alone is no
// work under the branch (quiet before and after, shown or not).
__global__ void good_stencilContinue(const float *in, float *out, int rows, int r) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int i = t % rows;
  float s = 0.0f;
  for (int k = 0; k < 2 * r + 1; ++k) {
    int y = i - r + k;
    if (y < 0 || y > rows - 1)
      continue;
    for (int q = 0; q < r; ++q)
      s += in[(t / rows) * rows + y] * (float)q;
  }
  out[t] = s;
}

// ---- positives: a remainder that is not tested against its own edges ----
// A threshold inside the period (the first `w` columns of every row) splits a warp at
// every row start, however large the rows: reported as before.
__global__ void bad_innerThreshold(const float *in, float *out, int rows, int w) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int i = t % rows;
  float s = 0.0f;
  for (int k = 0; k < 64; ++k) {
    if (i < w) {
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: branch condition can differ between the lanes of a warp through 'threadIdx.x' (whether and where lanes split depends on 'rows', 'w', not known here); the warp runs both paths one after the other (an atomic, loop or barrier under the branch rules out predication) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    // SHOWN: divergent-branch-edges.cu:[[@LINE-2]]:5: warning: branch condition can differ between the lanes of a warp through 'threadIdx.x' (whether and where lanes split depends on 'rows', 'w', not known here); the warp runs both paths one after the other (an atomic, loop or barrier under the branch rules out predication) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
      for (int q = 0; q < k; ++q)
        s += in[q * rows + i];
    }
  }
  out[t] = s;
}

// The edge of a different period: `y < cols` with y taken `% rows`.
__global__ void bad_otherEdge(const float *in, float *out, int rows, int cols, int r) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int i = t % rows;
  float s = 0.0f;
  for (int k = -r; k <= r; ++k) {
    int y = i + k;
    if (y >= 0 && y < cols) {
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: branch condition can differ between the lanes of a warp through 'threadIdx.x' (whether and where lanes split depends on 'rows', 'r', 'k', not known here); the warp runs both paths one after the other (an atomic, loop or barrier under the branch rules out predication) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    // SHOWN: divergent-branch-edges.cu:[[@LINE-2]]:5: warning: branch condition can differ between the lanes of a warp through 'threadIdx.x' (whether and where lanes split depends on 'rows', 'r', 'k', not known here); the warp runs both paths one after the other (an atomic, loop or barrier under the branch rules out predication) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
      for (int q = 0; q < r; ++q)
        s += in[y * cols + q];
    }
  }
  out[t] = s;
}

// A remainder of a value loaded from memory is data, not a coordinate.
__global__ void bad_dataRemainder(const int *idx, float *out, int rows, int r) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int i = idx[t] % rows;
  float s = 0.0f;
  for (int k = -r; k <= r; ++k) {
    int y = i + k;
    if (y >= 0 && y < rows) {
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: branch condition differs between the lanes of a warp depending on data (the value loaded by 'idx[t]'); the warp runs both paths one after the other (an atomic, loop or barrier under the branch rules out predication) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    // SHOWN: divergent-branch-edges.cu:[[@LINE-2]]:5: warning: branch condition differs between the lanes of a warp depending on data (the value loaded by 'idx[t]'); the warp runs both paths one after the other (an atomic, loop or barrier under the branch rules out predication) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
      for (int q = 0; q < r; ++q)
        s += (float)(y * q);
    }
  }
  out[t] = s;
}
