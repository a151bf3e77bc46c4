// Issue 15 (branch i15d): GPU timings for warplint-constant-memory-serialization and
// warplint-redundant-global-load. Prints one CSV (stdout): check,case,param,ms.
// Build and run: run.sh (nvcc -O3 -arch=sm_90). Verifies results; exits 1 on a mismatch.
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(x)                                                               \
  do {                                                                         \
    cudaError_t check_err_ = (x);                                                       \
    if (check_err_ != cudaSuccess) {                                                    \
      fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(check_err_)); \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

__constant__ float c_tab[1024];

// Each warp reads `K` distinct addresses of c_tab per iteration (lane % K): warplint
// predicts K serialised constant-cache reads per request.
template <int K>
__global__ void constRead(float *out, int iters) {
  int lane = threadIdx.x & 31;
  float s = 0.0f;
  for (int j = 0; j < iters; ++j)
    s += c_tab[(lane % K) * 8 + (j & 7)];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

#define TILE_DIM 32
// The guide's simpleMultiply and sharedABMultiply (§9.2.2), A of M x 32, B of 32 x N.
__global__ void simpleMultiply(const float *a, const float *b, float *c, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int i = 0; i < TILE_DIM; i++)
    sum += a[row * TILE_DIM + i] * b[i * N + col];
  c[row * N + col] = sum;
}
__global__ void sharedABMultiply(const float *a, const float *b, float *c, int N) {
  __shared__ float aTile[TILE_DIM][TILE_DIM], bTile[TILE_DIM][TILE_DIM];
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  aTile[threadIdx.y][threadIdx.x] = a[row * TILE_DIM + threadIdx.x];
  bTile[threadIdx.y][threadIdx.x] = b[threadIdx.y * N + col];
  __syncthreads();
  for (int i = 0; i < TILE_DIM; i++)
    sum += aTile[threadIdx.y][i] * bTile[i][threadIdx.x];
  c[row * N + col] = sum;
}

template <typename F> float timeIt(F f, int reps = 20) {
  cudaEvent_t s, e;
  CHECK(cudaEventCreate(&s));
  CHECK(cudaEventCreate(&e));
  f();
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaEventRecord(s));
  for (int r = 0; r < reps; ++r)
    f();
  CHECK(cudaEventRecord(e));
  CHECK(cudaEventSynchronize(e));
  float ms = 0;
  CHECK(cudaEventElapsedTime(&ms, s, e));
  return ms / reps;
}

int main() {
  std::vector<float> tab(1024);
  for (int i = 0; i < 1024; ++i)
    tab[i] = float(i % 13);
  CHECK(cudaMemcpyToSymbol(c_tab, tab.data(), sizeof(float) * 1024));
  const int blocks = 132 * 8, threads = 256, iters = 4096;
  float *out;
  CHECK(cudaMalloc(&out, sizeof(float) * blocks * threads));
  printf("check,case,param,ms\n");
#define CONST_CASE(K)                                                          \
  printf("constant-memory-serialization,addresses_per_warp,%d,%.4f\n", K,      \
         timeIt([&] { constRead<K><<<blocks, threads>>>(out, iters); }));
  CONST_CASE(1) CONST_CASE(2) CONST_CASE(4) CONST_CASE(8) CONST_CASE(16)
  CONST_CASE(32)
  // Check one result of K = 32: lane l reads (l*8 + j%8) % 13 summed over iters.
  std::vector<float> h(threads);
  constRead<32><<<1, threads>>>(out, iters);
  CHECK(cudaMemcpy(h.data(), out, sizeof(float) * threads, cudaMemcpyDeviceToHost));
  for (int t = 0; t < 32; ++t) {
    double want = 0;
    for (int j = 0; j < iters; ++j)
      want += tab[(t % 32) * 8 + (j & 7)];
    if (h[t] != float(want)) {
      fprintf(stderr, "constRead mismatch at %d: %f vs %f\n", t, h[t], want);
      return 1;
    }
  }

  const int M = 8192, N = 8192;
  float *a, *b, *c1, *c2;
  CHECK(cudaMalloc(&a, sizeof(float) * M * TILE_DIM));
  CHECK(cudaMalloc(&b, sizeof(float) * TILE_DIM * N));
  CHECK(cudaMalloc(&c1, sizeof(float) * M * N));
  CHECK(cudaMalloc(&c2, sizeof(float) * M * N));
  std::vector<float> ha(M * TILE_DIM), hb(TILE_DIM * N);
  for (size_t i = 0; i < ha.size(); ++i) ha[i] = float(i % 7);
  for (size_t i = 0; i < hb.size(); ++i) hb[i] = float(i % 5);
  CHECK(cudaMemcpy(a, ha.data(), sizeof(float) * ha.size(), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(b, hb.data(), sizeof(float) * hb.size(), cudaMemcpyHostToDevice));
  dim3 grid(N / TILE_DIM, M / TILE_DIM), blk(TILE_DIM, TILE_DIM);
  printf("redundant-global-load,simpleMultiply,32,%.4f\n",
         timeIt([&] { simpleMultiply<<<grid, blk>>>(a, b, c1, N); }));
  printf("redundant-global-load,sharedABMultiply,1,%.4f\n",
         timeIt([&] { sharedABMultiply<<<grid, blk>>>(a, b, c2, N); }));
  std::vector<float> h1(size_t(M) * N), h2(size_t(M) * N);
  CHECK(cudaMemcpy(h1.data(), c1, sizeof(float) * h1.size(), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(h2.data(), c2, sizeof(float) * h2.size(), cudaMemcpyDeviceToHost));
  for (size_t i = 0; i < h1.size(); i += 4099)
    if (h1[i] != h2[i]) {
      fprintf(stderr, "matmul mismatch at %zu\n", i);
      return 1;
    }
  return 0;
}
