// RUN: %check_warplint --checks=-*,warplint-divergent-branch %s
// RUN: %expect_exit 1 %warplint --cuda-path=none --format=json --quiet --checks='-*,warplint-divergent-branch' %s \
// RUN:   | %python %S/../Inputs/findings_summary.py | FileCheck %s --check-prefix=PRIO
// Issue 13, eleventh round: a value loaded through an address the same for every lane of
// a warp is the same for every lane of the warp (the issue's list of uniform sources).
// The walker's level of an address is read from its operands, so `counts[ix >> 5]` was
// lane-varying and the value loaded "data-dependent"; Parboil spmv's JDS kernels load
// each warp's row length so (`bound = sh_zcnt_int[warp_id]`, warp_id = ix >> 5) and loop
// over it. An integer index that reads the lane only through a division, shift, mask or
// remainder is now evaluated lane by lane for the block shape: when every warp's lanes
// agree, the value is warp-uniform.

__constant__ int rowLength[4096];

// ---- quiet: one value a warp ----

// Parboil spmv's spmv_jds_naive: each warp's rows share a length (JDS pads them so).
// Before: "loop condition differs between the lanes of a warp depending on data (the
// value loaded by 'rowLength[ix / 32]')", Medium.
__global__ void good_warpRowLength(float *y, const float *data, const int *index,
                                   const float *x, int dim) {
  int ix = blockIdx.x * blockDim.x + threadIdx.x;
  if (ix < dim) {
    float sum = 0.0f;
    int bound = rowLength[ix / 32];
    for (int k = 0; k < bound; k++) {
      int j = k * dim + ix;
      sum += data[j] * x[index[j]];
    }
    y[ix] = sum;
  }
}

// The same through a shift, and a test on it with a body nvcc will not predicate.
__global__ void good_warpIdShift(float *y, const float *data, const int *index,
                                 const float *x, int dim) {
  int ix = blockIdx.x * blockDim.x + threadIdx.x;
  int warp_id = ix >> 5;
  int bound = rowLength[warp_id];
  float sum = 0.0f;
  if (bound > 1) {
    for (int k = 1; k < 8; k++)
      sum += sqrtf(data[k * dim + ix]) * x[index[k * dim + ix]];
    atomicAdd(&y[0], sum);
  }
  y[ix] = sum;
}

// A per-warp partial sum in shared memory, read back by every lane of its warp.
__global__ void good_sharedWarpSums(float *y, const float *x, int n) {
  __shared__ float warpSums[8];
  unsigned tid = threadIdx.x;
  float v = x[blockIdx.x * blockDim.x + tid];
  if ((tid & 31) == 0)
    warpSums[tid / 32] = v;
  __syncthreads();
  float acc = 0.0f;
  for (int k = 0; k < n; ++k) {
    if (warpSums[tid / 32] > 0.0f)
      acc += sqrtf(x[k * 256 + tid]) * expf(x[k]) + logf(x[k + 1] + 1.0f);
  }
  y[blockIdx.x * blockDim.x + tid] = acc;
}

// CSR SpMV with a warp a row (the "vector" kernel): the row's bounds are loaded at the
// warp's own address, and the lanes stride by 32 from the row's start: a loop over the
// warp's range, its last pass partial. Before: "loop condition differs between the
// lanes of a warp depending on data (the value loaded by 'ptr[row]')", Medium.
__global__ void good_csrVector(float *y, const int *ptr, const int *cols,
                               const float *vals, const float *x, int rows) {
  __shared__ float sums[256];
  int thread_id = blockDim.x * blockIdx.x + threadIdx.x;
  int row = thread_id / 32;
  int lane = thread_id & 31;
  float sum = 0.0f;
  if (row < rows) {
    int row_start = ptr[row];
    int row_end = ptr[row + 1];
    for (int jj = row_start + lane; jj < row_end; jj += 32)
      sum += vals[jj] * x[cols[jj]];
  }
  sums[threadIdx.x] = sum;
  __syncthreads();
  if (lane == 0 && row < rows) {
    float t = 0.0f;
    for (int k = 0; k < 32; ++k)
      t += sums[threadIdx.x + k];
    y[row] = t;
  }
}

// ---- positives: the lanes read different values ----

// One length per lane.
__global__ void bad_laneRowLength(float *y, const float *data, const int *index,
                                  const float *x, int dim) {
  int ix = blockIdx.x * blockDim.x + threadIdx.x;
  if (ix < dim) {
    float sum = 0.0f;
    int bound = rowLength[ix];
    for (int k = 0; k < bound; k++) {
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: loop condition differs between the lanes of a warp depending on data (the value loaded by 'rowLength[ix]'); lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
      int j = k * dim + ix;
      sum += data[j] * x[index[j]];
    }
    y[ix] = sum;
  }
}
// PRIO: [[@LINE-8]] Medium possible notes=2

// One length per half warp: two values in every warp.
__global__ void bad_halfWarpRowLength(float *y, const float *data, const int *index,
                                      const float *x, int dim) {
  int ix = blockIdx.x * blockDim.x + threadIdx.x;
  if (ix < dim) {
    float sum = 0.0f;
    int bound = rowLength[ix / 16];
    for (int k = 0; k < bound; k++) {
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: loop condition differs between the lanes of a warp depending on data (the value loaded by 'rowLength[ix / 16]'); lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
      int j = k * dim + ix;
      sum += data[j] * x[index[j]];
    }
    y[ix] = sum;
  }
}
// PRIO: [[@LINE-8]] Medium possible notes=2

// The index itself read from memory per lane: whatever it divides, the lanes may part.
__global__ void bad_loadedIndex(float *y, const float *data, const int *perm,
                                const float *x, int dim) {
  int ix = blockIdx.x * blockDim.x + threadIdx.x;
  if (ix < dim) {
    float sum = 0.0f;
    int bound = rowLength[perm[ix] / 32];
    for (int k = 0; k < bound; k++)
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: loop condition differs between the lanes of a warp depending on data (the value loaded by 'rowLength[perm[ix] / 32]'); lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
      sum += data[k * dim + ix] * x[k];
    y[ix] = sum;
  }
}
// PRIO: [[@LINE-6]] Medium possible notes=2

void launch(float *y, float *d, int *i, float *x, int n) {
  good_warpRowLength<<<64, 256>>>(y, d, i, x, n);
  good_warpIdShift<<<64, 256>>>(y, d, i, x, n);
  good_sharedWarpSums<<<64, 256>>>(y, x, n);
  good_csrVector<<<64, 256>>>(y, i, i, d, x, n);
  bad_laneRowLength<<<64, 256>>>(y, d, i, x, n);
  bad_halfWarpRowLength<<<64, 256>>>(y, d, i, x, n);
  bad_loadedIndex<<<64, 256>>>(y, d, i, x, n);
}
