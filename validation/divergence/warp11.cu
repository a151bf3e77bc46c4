// Issue 13, eleventh round (session 13): values loaded through an address the same for
// every lane of a warp, and warp-strided loops over a warp's own range. Built and
// profiled by run.sh with harness.cu (nvcc 13 -O3 sm_90, Nsight Compute's branch
// counters, threads per instruction and kernel time); the numbers are in
// results/warp11.*. What each pair asks:
// - c_warpRowLength / p_laneRowLength: Parboil spmv's JDS kernel loops over a row length
//   loaded at `len[ix / 32]`, one value a warp; loaded at `len[ix]`, each lane its own.
// - c_csrVector / p_csrScalar: CSR SpMV with a warp a row, the row's end loaded at the
//   warp's own address and the lanes striding by 32 (each warp's last pass partial in
//   three rows of four: lengths 160 to 216 in steps of 8),
//   against a thread a row (each lane its own length).
// - c_warpRange / p_wideStarts: Parboil imghisto's loop over a warp's own range, the
//   lanes starting one element apart and stepping by 32 * gridDim.x, against starts 8
//   elements apart with a step of 32 (lanes up to 8 trips apart).

__global__ void c_warpRowLength(float *o, const float *in, const int *len, int dim) {
  int ix = blockIdx.x * blockDim.x + threadIdx.x;
  if (ix < dim) {
    float sum = 0.0f;
    int bound = 8 + len[ix / 32];
    for (int k = 0; k < bound; k++)
      sum += in[k * dim + ix] * sum + 1.0f;
    o[ix] = sum;
  }
}

__global__ void p_laneRowLength(float *o, const float *in, const int *len, int dim) {
  int ix = blockIdx.x * blockDim.x + threadIdx.x;
  if (ix < dim) {
    float sum = 0.0f;
    int bound = 8 + len[ix];
    for (int k = 0; k < bound; k++)
      sum += in[k * dim + ix] * sum + 1.0f;
    o[ix] = sum;
  }
}

__global__ void c_csrVector(float *o, const float *in, const int *len, int rows) {
  int thread_id = blockDim.x * blockIdx.x + threadIdx.x;
  int row = thread_id / 32;
  int lane = thread_id & 31;
  float sum = 0.0f;
  if (row < rows) {
    int row_start = row * 256;
    int row_end = row_start + 160 + 8 * len[row];
    for (int jj = row_start + lane; jj < row_end; jj += 32)
      sum += in[jj] * sum + 1.0f;
  }
  // Each lane's partial sum (a reduction across the warp would follow).
  o[thread_id] = sum;
}

__global__ void p_csrScalar(float *o, const float *in, const int *len, int rows) {
  int row = blockDim.x * blockIdx.x + threadIdx.x;
  if (row < rows) {
    float sum = 0.0f;
    int row_start = (row % 4096) * 256;
    int row_end = row_start + 160 + 8 * len[row];
    for (int jj = row_start; jj < row_end; jj++)
      sum += in[jj] * sum + 1.0f;
    o[row] = sum;
  }
}

__global__ void c_warpRange(float *o, const float *in, int size) {
  const unsigned warpid = threadIdx.x >> 5, lane = threadIdx.x & 31;
  const int warps_block = blockDim.x / 32;
  const int begin = (size / warps_block) * warpid + 32 * blockIdx.x + lane;
  const int end = (size / warps_block) * (warpid + 1);
  const int step = 32 * gridDim.x;
  float acc = 0.0f;
  for (int i = begin; i < end; i += step)
    acc += in[i] * acc + 1.0f;
  o[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

__global__ void p_wideStarts(float *o, const float *in, int chunk) {
  const unsigned warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  const unsigned lane = threadIdx.x % 32;
  float acc = 0.0f;
  for (unsigned i = chunk * warp + 8 * lane; i < chunk * (warp + 1); i += 32)
    acc += in[i] * acc + 1.0f;
  o[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

void launch_all(float *o, const float *in, int *ci, int *io, int n) {
  (void)io;
  // JDS: 16,371 rows, 64 blocks of 256; row lengths 8 to 15 (ci holds 0 to 7).
  c_warpRowLength<<<64, 256>>>(o, in, ci, n);
  p_laneRowLength<<<64, 256>>>(o, in, ci, n);
  // CSR: 4,096 rows of 160 to 216 elements (5 to 7 passes of a warp), 512 blocks of 256.
  c_csrVector<<<512, 256>>>(o, in, ci, 4096);
  p_csrScalar<<<16, 256>>>(o, in, ci, 4096);
  // imghisto: 2^20 - 13 pixels, 64 blocks of 256, a warp's range 131,070 long.
  c_warpRange<<<64, 256>>>(o, in, (1 << 20) - 13);
  // Chunks of 2,040 elements a warp (16,384 threads, 512 warps).
  p_wideStarts<<<64, 256>>>(o, in, 2040);
}
