// RUN: %check_warplint --checks='-*,warplint-redundant-global-load' %s
// Positive (bad_*) and negative (good_*) cases of warplint-redundant-global-load. The
// matrix kernels are the Best Practices Guide's (§9.2.2), with TILE_DIM = w = 32 and
// 32x32 blocks as the guide launches them. Every warning has a CHECK-MESSAGES line; any
// other warning fails the test, in both front ends.

#define TILE_DIM 32

// ---- positives ----

// The guide's simpleMultiply: b[i*N+col] ignores threadIdx.y, so the 32 warps of the
// block (one per row) load the same 32 elements of B in every iteration. a[row*TILE_DIM+i]
// is the same address for the 32 lanes of one warp only (a broadcast): not reported.
__global__ void bad_simpleMultiply(float *a, float *b, float *c, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int i = 0; i < TILE_DIM; i++) {
    sum += a[row * TILE_DIM + i] * b[i * N + col];
    // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: global load from 'b' is repeated by 32 warps of each block: in every iteration of the loop over 'i' they load the same elements (32 threads of the 1024 read each one; the address does not depend on threadIdx.y), 32x the global loads a shared-memory tile loaded once per block needs (Medium priority, CUDA Best Practices Guide §9.2.2) [warplint-redundant-global-load]
  }
  c[row * N + col] = sum;
}

// The guide's coalescedMultiply for C = AB tiles A only; B is still loaded by every warp
// ("the repeated reading of the B tile can be eliminated by reading it into shared memory
// once", §9.2.2): the same finding.
__global__ void bad_coalescedMultiply_AB(float *a, float *b, float *c, int N) {
  __shared__ float aTile[TILE_DIM][TILE_DIM];
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  aTile[threadIdx.y][threadIdx.x] = a[row * TILE_DIM + threadIdx.x];
  __syncwarp();
  for (int i = 0; i < TILE_DIM; i++) {
    sum += aTile[threadIdx.y][i] * b[i * N + col];
    // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: global load from 'b' is repeated by 32 warps of each block: {{.*}} (Medium priority, CUDA Best Practices Guide §9.2.2) [warplint-redundant-global-load]
  }
  c[row * N + col] = sum;
}

// A matrix-vector product, one row per thread: every thread of the 256-thread block
// reads x[k] in every iteration (8 warps).
__global__ void bad_gemv_vector(const float *A, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int k = 0; k < n; ++k)
    sum += A[k * n + i] * x[k];
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: global load from 'x' is repeated by 8 warps of each block: in every iteration of the loop over 'k' they load the same elements (256 threads of the 256 read each one; the address does not depend on threadIdx.x), 8x the global loads a shared-memory tile loaded once per block needs (Medium priority, CUDA Best Practices Guide §9.2.2) [warplint-redundant-global-load]
  y[i] = sum;
}

// ---- negatives ----

// The guide's sharedABMultiply: each thread loads one element of each tile, once.
__global__ void good_sharedABMultiply(float *a, float *b, float *c, int N) {
  __shared__ float aTile[TILE_DIM][TILE_DIM], bTile[TILE_DIM][TILE_DIM];
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  aTile[threadIdx.y][threadIdx.x] = a[row * TILE_DIM + threadIdx.x];
  bTile[threadIdx.y][threadIdx.x] = b[threadIdx.y * N + col];
  __syncthreads();
  for (int i = 0; i < TILE_DIM; i++) {
    sum += aTile[threadIdx.y][i] * bTile[i][threadIdx.x];
  }
  c[row * N + col] = sum;
}

// The guide's coalescedMultiply for C = AA^T: both operands through shared tiles.
__global__ void good_coalescedMultiply_AAT(float *a, float *c, int M) {
  __shared__ float aTile[TILE_DIM][TILE_DIM], transposedTile[TILE_DIM][TILE_DIM + 1];
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  aTile[threadIdx.y][threadIdx.x] = a[row * TILE_DIM + threadIdx.x];
  transposedTile[threadIdx.x][threadIdx.y] =
      a[(blockIdx.x * blockDim.x + threadIdx.y) * TILE_DIM + threadIdx.x];
  __syncthreads();
  for (int i = 0; i < TILE_DIM; i++) {
    sum += aTile[threadIdx.y][i] * transposedTile[i][threadIdx.x];
  }
  c[row * M + col] = sum;
}

// Tiled over a loop: the tile loads depend on both thread components.
__global__ void good_tiled_loop(const float *a, const float *b, float *c, int N) {
  __shared__ float as[TILE_DIM][TILE_DIM], bs[TILE_DIM][TILE_DIM];
  int row = blockIdx.y * TILE_DIM + threadIdx.y;
  int col = blockIdx.x * TILE_DIM + threadIdx.x;
  float sum = 0.0f;
  for (int t = 0; t < N / TILE_DIM; ++t) {
    as[threadIdx.y][threadIdx.x] = a[row * N + t * TILE_DIM + threadIdx.x];
    bs[threadIdx.y][threadIdx.x] = b[(t * TILE_DIM + threadIdx.y) * N + col];
    __syncthreads();
    for (int k = 0; k < TILE_DIM; ++k)
      sum += as[threadIdx.y][k] * bs[k][threadIdx.x];
    __syncthreads();
  }
  c[row * N + col] = sum;
}

// Ordinary coalesced streaming: a grid-stride loop, every thread its own elements.
__global__ void good_streaming(const float *in, float *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    out[i] = 2.0f * in[i];
}

// A broadcast of a parameter-indexed scalar, read once per thread: not the guide's case.
__global__ void good_scalar_broadcast(const float *params, float *out, int which) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = out[i] * params[which];
}

// A loop whose address the loop does not move: the compiler keeps the value.
__global__ void good_invariant_in_loop(const float *scale, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = 0.0f;
  for (int k = 0; k < n; ++k)
    v += scale[blockIdx.x];
  out[i] = v;
}

// Repeats within one warp only (a 32x8 block, the address ignores threadIdx.x): the
// lanes share one request per warp.
__global__ void good_warp_broadcast(const float *a, float *out, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  float s = 0.0f;
  for (int k = 0; k < n; ++k)
    s += a[row * n + k];
  out[row * 32 + threadIdx.x] = s;
}

// Two warps share each element (a 64x2 block, the address ignores threadIdx.y): under
// MinWarps (4).
__global__ void good_two_warps(const float *b, float *out, int n) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int k = 0; k < n; ++k)
    s += b[k * n + col];
  out[(blockIdx.y * blockDim.y + threadIdx.y) * n + col] = s;
}

// One thread of the grid runs the loop (PolyBench gramschmidt's `if (tid == 0)`, tid the
// global index): nothing is repeated.
__global__ void good_one_thread_loop(const float *a, float *r, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid == 0) {
    float nrm = 0.0f;
    for (int i = 0; i < n; i++)
      nrm += a[i * n] * a[i * n];
    r[0] = nrm;
  }
}

// One lane picked at run time (Rodinia srad's reduce: `tx == df - 1`, df found by a
// data-dependent loop) sums the block's remainder: the guard selects a lane, so nothing is
// repeated, though the evaluation cannot say which lane.
__global__ void good_runtime_lane_loop(const float *sums, float *out, int nf) {
  int tx = threadIdx.x, df = 0, i;
  for (i = 2; i <= 256; i = 2 * i)
    if (nf >= i)
      df = i;
  if (tx == df - 1) {
    float s = 0.0f;
    for (i = blockIdx.x * 256 + df; i < blockIdx.x * 256 + nf; i++)
      s += sums[i];
    out[blockIdx.x] = s;
  }
}

// Read once per iteration of an outer loop that holds the real work (Rodinia lavaMD's
// neighbour box): amortised over the inner loop, not reported.
__global__ void good_outer_loop(const int *nei, const float *pos, float *out, int nn) {
  float s = 0.0f;
  for (int k = 0; k < nn; ++k) {
    int box = nei[k];
    for (int j = 0; j < 100; ++j)
      s += pos[box * 128 + j * 128 + threadIdx.x];
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// No launch in the file: the block shape is assumed, the reuse factor unknown.
__global__ void good_unknown_shape(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int k = 0; k < n; ++k)
    s += x[k];
  y[i] = s;
}

void launch(float *a, float *b, float *c, float *x, float *y, int n) {
  dim3 threads(TILE_DIM, TILE_DIM);
  dim3 grid(n / TILE_DIM, n / TILE_DIM);
  bad_simpleMultiply<<<grid, threads>>>(a, b, c, n);
  bad_coalescedMultiply_AB<<<grid, threads>>>(a, b, c, n);
  bad_gemv_vector<<<n / 256, 256>>>(a, x, y, n);
  good_sharedABMultiply<<<grid, threads>>>(a, b, c, n);
  good_coalescedMultiply_AAT<<<grid, threads>>>(a, c, n);
  good_tiled_loop<<<grid, threads>>>(a, b, c, n);
  good_streaming<<<n / 256, 256>>>(a, c, n);
  good_scalar_broadcast<<<n / 256, 256>>>(a, c, 3);
  good_invariant_in_loop<<<n / 256, 256>>>(a, c, n);
  good_warp_broadcast<<<dim3(1, n / 8), dim3(32, 8)>>>(a, c, n);
  good_one_thread_loop<<<n / 256, 256>>>(a, c, n);
  good_runtime_lane_loop<<<n / 256, 256>>>(a, c, n);
  good_outer_loop<<<n / 128, 128>>>((const int *)a, b, c, n);
  good_two_warps<<<dim3(n / 64, n / 2), dim3(64, 2)>>>(b, c, n);
}
