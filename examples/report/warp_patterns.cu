// The HTML report's example: one kernel for each picture it draws.
//   warplint --format=html -o warp-report examples/report/warp_patterns.cu -- <args>
// (docs/html-report.md; test/tool/html-report.test renders it in headless chromium.)
#define TILE 32

// Global memory: each lane writes a column of 'out', 4 KiB from its neighbour: every lane
// touches a sector of its own.
__global__ void transposeNaive(float *out, const float *in, int width) {
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  out[x * 1024 + y] = in[y * 1024 + x];
}

// Shared memory: reading a column of a 32x32 tile puts all 32 lanes in one bank; padding
// the row to 33 floats (the fix-it) spreads them over all 32 banks.
__global__ void transposeTiled(float *out, const float *in) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * 1024 + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  out[y * 1024 + x] = tile[threadIdx.x][threadIdx.y];
}

// Loop-variant shared access: interleaved reduction. The stride doubles each iteration, and
// so does the conflict: the worst and a typical iteration differ.
__global__ void reduceInterleaved(const float *in, float *out) {
  __shared__ float sdata[512];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
  for (unsigned s = 1; s < 256; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < 256)
      sdata[index] += sdata[index + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// A divergent branch: odd and even lanes of every warp take different paths.
__global__ void oddEven(float *data) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = data[i];
  if (threadIdx.x % 2 == 1) {
    for (int k = 0; k < 16; ++k)
      v = v * 1.5f + 0.25f;
  } else {
    for (int k = 0; k < 16; ++k)
      v = v * 0.5f - 0.25f;
  }
  data[i] = v;
}

// Register pressure: 64 accumulators per thread keep 3 blocks of 256 threads on an SM.
__global__ void manyAccumulators(const float *in, float *out) {
  float acc[64];
  for (int i = 0; i < 64; ++i)
    acc[i] = in[threadIdx.x * 64 + i];
  float s = 0;
  for (int i = 0; i < 64; ++i)
    s += acc[i] * acc[63 - i];
  out[blockIdx.x * 256 + threadIdx.x] = s;
}

int main() {
  float *a, *b;
  cudaMalloc(&a, 1024 * 1024 * sizeof(float));
  cudaMalloc(&b, 1024 * 1024 * sizeof(float));
  transposeNaive<<<dim3(32, 32), dim3(TILE, TILE)>>>(b, a, 1024);
  transposeTiled<<<dim3(32, 32), dim3(TILE, TILE)>>>(b, a);
  reduceInterleaved<<<4096, 256>>>(a, b);
  oddEven<<<4096, 256>>>(a);
  manyAccumulators<<<4096, 256>>>(a, b);
  cudaDeviceSynchronize();
  return 0;
}
