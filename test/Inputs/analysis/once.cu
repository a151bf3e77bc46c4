// Two kernels, four launches (one of them twice with the same shape), global and shared
// accesses, a divergent branch, a per-thread array: every check has something to read.
#define TILE 32

__global__ void transposeNaive(float *out, const float *in, int width) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * width + x];
  __syncthreads();
  out[x * width + y] = tile[threadIdx.x][threadIdx.y];
}

__global__ void scale(float *a, int n) {
  float t[8];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 8; ++k)
    t[k] = a[(i + k) % n];
  if (threadIdx.x % 2 == 0) {
    for (int k = 0; k < 8; ++k)
      a[i] += sqrtf(t[k]) * expf(t[k]) / (t[k] + 1.0f);
  }
}

void launch(float *a, float *b, int n) {
  transposeNaive<<<dim3(16, 16), dim3(TILE, TILE)>>>(a, b, 512);
  scale<<<64, 100>>>(a, n);
  scale<<<64, 256>>>(a, n);
  scale<<<32, 256>>>(b, n);
}
