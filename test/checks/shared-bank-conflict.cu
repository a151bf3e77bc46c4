// RUN: %check_warplint --checks='-*,warplint-shared-bank-conflict' %s
// RUN: %expect_exit 1 %warplint --format=json -checks=-*,warplint-shared-bank-conflict %s -- %cuda_args | FileCheck %s --check-prefix=FIX
// The padding fix-its: after the macro (TILE_DIM + 1) and on the literal (33).
// FIX: "replacement": " + 1"
// FIX: "message": "pad the innermost dimension of 'tile' by one element (TILE_DIM -> TILE_DIM + 1 = 33)
// FIX: "replacement": "33"
// FIX: "message": "pad the innermost dimension of 'm' by one element (32 -> 32 + 1 = 33)
// Positive (bad_*) and negative (good_*) cases side by side; every warning is accounted
// for, in both front ends. 32 banks of 4 bytes (sm_90).

#define TILE_DIM 32
#define BLOCK_ROWS 8

// ---- positives ----

__global__ void bad_transposeCoalesced(float *odata, const float *idata, int width) {
  __shared__ float tile[TILE_DIM][TILE_DIM];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
    // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: 32-way shared memory bank conflict: load from 'tile' needs 32 wavefronts per warp request instead of 1 (4-byte accesses, consecutive lanes 32 words apart) (Medium priority, CUDA Best Practices Guide §9.2.2) [warplint-shared-bank-conflict]
}

__global__ void bad_reduce1(const int *g_idata, int *g_odata) {
  extern __shared__ int sdata[];
  unsigned int tid = threadIdx.x;
  sdata[tid] = g_idata[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    int index = 2 * s * tid;
    if (index < blockDim.x)
      sdata[index] += sdata[index + s];
      // Every iteration of the doubling stride: 2-way at s = 1, 4-way at s = 2, 8-way
      // from s = 4 (fewer lanes as s grows); 47 wavefronts over 12 requests in all,
      // the 3.917 per active request Nsight Compute measured for this shape on an H200.
      // CHECK-MESSAGES: :[[@LINE-4]]:7: warning: 8-way shared memory bank conflict: read-modify-write of 'sdata' needs 8 wavefronts per warp request instead of 1 (4-byte accesses, consecutive lanes 8 words apart) in its worst iteration (s = 4); over all 8 iterations 3.9 wavefronts per request (+1 more on this line, in the notes) (Medium priority, CUDA Best Practices Guide §9.2.2) [warplint-shared-bank-conflict]
      // (one finding per cause: now a related location of another finding of this check)
    __syncthreads();
  }
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0];
}

__global__ void bad_column_literal(float *out) {
  __shared__ float m[32][32];
  m[threadIdx.x][0] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way shared memory bank conflict: store to 'm' needs 32 wavefronts per warp request instead of 1 (4-byte accesses, consecutive lanes 32 words apart) (Medium priority, CUDA Best Practices Guide §9.2.2) [warplint-shared-bank-conflict]
  __syncthreads();
  out[threadIdx.x] = m[0][threadIdx.x];
}

__global__ void bad_double_stride(double *out) {
  __shared__ double d[64 * 32];
  d[threadIdx.x * 2] = 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way shared memory bank conflict: store to 'd' needs 4 wavefronts per warp request instead of 2 (8-byte accesses, consecutive lanes 4 words apart) (Medium priority, CUDA Best Practices Guide §9.2.2) [warplint-shared-bank-conflict]
  __syncthreads();
  out[threadIdx.x] = d[threadIdx.x];
}

// ---- negatives ----

__global__ void good_loop_shift(float *out) {
  // The loop variable only shifts the warp's words: conflict-free at every step.
  __shared__ float s[64];
  s[threadIdx.x] = 0.0f;
  __syncthreads();
  for (int k = 1; k < 32; k *= 2)
    out[threadIdx.x] += s[threadIdx.x + k];
}

__global__ void good_transposeNoBankConflicts(float *odata, const float *idata, int width) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void good_reduce2(const int *g_idata, int *g_odata) {
  extern __shared__ int sdata[];
  unsigned int tid = threadIdx.x;
  sdata[tid] = g_idata[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0];
}

__global__ void good_broadcast_and_wide(float4 *out, double *dout) {
  __shared__ float s[256];
  __shared__ float4 v[256];
  __shared__ double d[256];
  s[threadIdx.x] = 0.0f;
  v[threadIdx.x] = make_float4(0, 0, 0, 0);
  d[threadIdx.x] = 0.0;
  __syncthreads();
  out[threadIdx.x] = v[threadIdx.x];
  dout[threadIdx.x] = d[threadIdx.x] + s[0];
}

__global__ void good_odd_stride(float *out) {
  __shared__ float s[33 * 32];
  s[threadIdx.x * 33] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 3];
}

void launch(float *a, float *b, int *c, int *d, float4 *v, double *e) {
  bad_transposeCoalesced<<<dim3(32, 32), dim3(TILE_DIM, BLOCK_ROWS)>>>(a, b, 1024);
  bad_reduce1<<<64, 256, 256 * sizeof(int)>>>(c, d);
  bad_column_literal<<<1, 32>>>(a);
  bad_double_stride<<<1, 32>>>(e);
  good_transposeNoBankConflicts<<<dim3(32, 32), dim3(TILE_DIM, BLOCK_ROWS)>>>(a, b, 1024);
  good_reduce2<<<64, 256, 256 * sizeof(int)>>>(c, d);
  good_broadcast_and_wide<<<1, 256>>>(v, e);
  good_odd_stride<<<1, 32>>>(a);
  good_loop_shift<<<1, 32>>>(a);
}

// Blocks whose depth is a runtime value: x and y are known and hold whole
// warps (each warp lies in one z slice), so the warps are those of an x*y
// block. Assumed blocks (32x8 for a kernel that reads threadIdx.y) would put
// 32 x values in a warp instead.
__global__ void good_column_read_of_4_wide_block(float *out) {
  // 4x8: a warp's lanes read tile[x][y] at x * 8 + y, 32 distinct banks.
  __shared__ float tile[4][8];
  tile[threadIdx.x][threadIdx.y] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.y] = tile[threadIdx.x][threadIdx.y];
}

__global__ void bad_column_read_of_8_wide_block(float *out) {
  // 8x4: tile[x][y] at x * 32 + y, 8 lanes on each of 4 banks (8-way, not the
  // 32-way an assumed 32-wide block would give).
  __shared__ float tile[8][32];
  tile[threadIdx.x][threadIdx.y] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 8-way shared memory bank conflict: store to 'tile' needs 8 wavefronts per warp request instead of 1 {{.*}} [warplint-shared-bank-conflict]
  __syncthreads();
  out[threadIdx.x] = tile[0][threadIdx.x];
}

// A kernel launched only from a generic lambda: its block is the
// instantiation's (64 threads), evaluated as any launch's.
__global__ void bad_stride_two_launched_from_lambda(float *out) {
  __shared__ float s[128];
  s[threadIdx.x * 2] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way shared memory bank conflict: store to 's' needs 2 wavefronts per warp request instead of 1 {{.*}} [warplint-shared-bank-conflict]
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

template <int V> struct Threads { static constexpr int value = V; };

void launch_runtime_depth(float *a, int n) {
  dim3 narrow(4, 8, n);
  good_column_read_of_4_wide_block<<<1, narrow>>>(a);
  dim3 wide(8, 4, n / 32);
  bad_column_read_of_8_wide_block<<<1, wide>>>(a);
  auto launch = [&](auto c) { bad_stride_two_launched_from_lambda<<<n, c.value>>>(a); };
  launch(Threads<64>{});
}
