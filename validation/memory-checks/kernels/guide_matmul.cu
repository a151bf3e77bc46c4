// The Best Practices Guide's matrix multiplications (GM §9.2.2, "Shared Memory
// in Matrix Multiplication" C=AB and C=AA^T; G23 §3.2.2.2), unoptimised and
// with shared-memory tiles.
// A is M x TILE_DIM, B is TILE_DIM x N; blocks are TILE_DIM x TILE_DIM = 32x32
// and every kernel is launched <<<dim3(8, 8), dim3(32, 32)>>> (M = N = 256).
// These kernels hold several accesses each: per-line counters (ncu source
// view) separate them; the per-kernel totals mix them.
#include "harness.h"

#define TILE_DIM 32

// C = AB, unoptimised. a[row*TILE_DIM+i] is the same word for the whole warp
// (guide: "requires only 1 transaction", wasted bandwidth); b[i*N+col] is a
// row of B: coalesced.
__global__ void simpleMultiply(float *a, float *b, float *c, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int i = 0; i < TILE_DIM; i++) {
    sum += a[row * TILE_DIM + i] * b[i * N + col]; // @access ld global broadcast:1 & coalesced:4
  }
  c[row * N + col] = sum; // @access st global coalesced:4
}

// C = AB with a tile of A in shared memory: A is read once, coalesced; the
// tile is read as a broadcast inside the loop.
__global__ void coalescedMultiply(float *a, float *b, float *c, int N) {
  __shared__ float aTile[TILE_DIM][TILE_DIM];
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  aTile[threadIdx.y][threadIdx.x] = a[row * TILE_DIM + threadIdx.x]; // @access ld global coalesced:4 ; st shared conflict-free:1
  __syncwarp();
  for (int i = 0; i < TILE_DIM; i++) {
    sum += aTile[threadIdx.y][i] * b[i * N + col]; // @access ld shared broadcast:1 ; ld global coalesced:4
  }
  c[row * N + col] = sum; // @access st global coalesced:4
}

// C = AB with tiles of A and B in shared memory.
__global__ void sharedABMultiply(float *a, float *b, float *c, int N) {
  __shared__ float aTile[TILE_DIM][TILE_DIM], bTile[TILE_DIM][TILE_DIM];
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  aTile[threadIdx.y][threadIdx.x] = a[row * TILE_DIM + threadIdx.x]; // @access ld global coalesced:4 ; st shared conflict-free:1
  bTile[threadIdx.y][threadIdx.x] = b[threadIdx.y * N + col]; // @access ld global coalesced:4 ; st shared conflict-free:1
  __syncthreads();
  for (int i = 0; i < TILE_DIM; i++) {
    sum += aTile[threadIdx.y][i] * bTile[i][threadIdx.x]; // @access ld shared broadcast:1 & conflict-free:1
  }
  c[row * N + col] = sum; // @access st global coalesced:4
}

// C = AA^T, unoptimised: a[col*TILE_DIM+i] has a stride of TILE_DIM words
// between lanes (guide: "plenty of wasted bandwidth").
__global__ void simpleMultiplyAAT(float *a, float *c, int M) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int i = 0; i < TILE_DIM; i++) {
    sum += a[row * TILE_DIM + i] * a[col * TILE_DIM + i]; // @access ld global broadcast:1 & uncoalesced:32
  }
  c[row * M + col] = sum; // @access st global coalesced:4
}

// C = AA^T with coalesced reads through shared memory; transposedTile is
// written by columns: a stride of 32 banks, every lane in the same bank.
__global__ void coalescedMultiplyAAT(float *a, float *c, int M) {
  __shared__ float aTile[TILE_DIM][TILE_DIM], transposedTile[TILE_DIM][TILE_DIM];
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  aTile[threadIdx.y][threadIdx.x] = a[row * TILE_DIM + threadIdx.x]; // @access ld global coalesced:4 ; st shared conflict-free:1
  transposedTile[threadIdx.x][threadIdx.y] = // @access st shared 32-way:32
      a[(blockIdx.x * blockDim.x + threadIdx.y) * TILE_DIM + threadIdx.x]; // @access ld global coalesced:4
  __syncthreads();
  for (int i = 0; i < TILE_DIM; i++) {
    sum += aTile[threadIdx.y][i] * transposedTile[i][threadIdx.x]; // @access ld shared broadcast:1 & conflict-free:1
  }
  c[row * M + col] = sum; // @access st global coalesced:4
}

// The same with the guide's remedy: transposedTile[TILE_DIM][TILE_DIM+1].
__global__ void coalescedMultiplyAATPadded(float *a, float *c, int M) {
  __shared__ float aTile[TILE_DIM][TILE_DIM], transposedTile[TILE_DIM][TILE_DIM + 1];
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  aTile[threadIdx.y][threadIdx.x] = a[row * TILE_DIM + threadIdx.x]; // @access ld global coalesced:4 ; st shared conflict-free:1
  transposedTile[threadIdx.x][threadIdx.y] = // @access st shared conflict-free:1
      a[(blockIdx.x * blockDim.x + threadIdx.y) * TILE_DIM + threadIdx.x]; // @access ld global coalesced:4
  __syncthreads();
  for (int i = 0; i < TILE_DIM; i++) {
    sum += aTile[threadIdx.y][i] * transposedTile[i][threadIdx.x]; // @access ld shared broadcast:1 & conflict-free:1
  }
  c[row * M + col] = sum; // @access st global coalesced:4
}

void runGuideMatmul() {
  const int M = 256, N = 256;
  dim3 grid(N / TILE_DIM, M / TILE_DIM), block(TILE_DIM, TILE_DIM);
  float *a = H.in, *b = H.in2, *c = H.out;
  simpleMultiply<<<grid, block>>>(a, b, c, N);
  H.record("simpleMultiply", "simpleMultiply", dim3(8, 8), dim3(32, 32));
  std::vector<float> ref = H.result(M * N);
  coalescedMultiply<<<grid, block>>>(a, b, c, N);
  H.record("coalescedMultiply", "coalescedMultiply", dim3(8, 8), dim3(32, 32));
  std::vector<float> r1 = H.result(M * N);
  sharedABMultiply<<<grid, block>>>(a, b, c, N);
  H.record("sharedABMultiply", "sharedABMultiply", dim3(8, 8), dim3(32, 32));
  std::vector<float> r2 = H.result(M * N);
  simpleMultiplyAAT<<<grid, block>>>(a, c, M);
  H.record("simpleMultiplyAAT", "simpleMultiplyAAT", dim3(8, 8), dim3(32, 32));
  std::vector<float> refT = H.result(M * M);
  coalescedMultiplyAAT<<<grid, block>>>(a, c, M);
  H.record("coalescedMultiplyAAT", "coalescedMultiplyAAT", dim3(8, 8), dim3(32, 32));
  std::vector<float> t1 = H.result(M * M);
  coalescedMultiplyAATPadded<<<grid, block>>>(a, c, M);
  H.record("coalescedMultiplyAATPadded", "coalescedMultiplyAATPadded", dim3(8, 8), dim3(32, 32));
  std::vector<float> t2 = H.result(M * M);
  int bad = 0;
  for (int i = 0; i < M * N; i++) {
    bad += ref[i] != r1[i] || ref[i] != r2[i];
    bad += refT[i] != t1[i] || refT[i] != t2[i];
  }
  std::printf("check,matmul,%s\n", bad ? "MISMATCH" : "ok");
}
