// Matrix transpose, written from the description in the Best Practices Guide
// (shared-memory tiles, TILE_DIM+1 padding): a plain copy as the baseline, a
// naive transpose (uncoalesced writes), a tiled transpose (coalesced global
// accesses, 32-way bank conflicts on the column read of the tile) and the
// padded tile (no bank conflicts). 512 x 512 floats; tiles of 32 x 32 handled
// by blocks of 32 x 8 threads, each thread doing 4 rows of its tile.
// Launch: <<<dim3(16, 16), dim3(32, 8)>>> for all four.
#include "harness.h"
#include <cmath>

constexpr int kTile = 32;
constexpr int kBlockRows = 8;

__global__ void copyTiled(float *odata, const float *idata, int width) {
  int x = blockIdx.x * kTile + threadIdx.x;
  int y = blockIdx.y * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kBlockRows)
    odata[(y + j) * width + x] = idata[(y + j) * width + x]; // @access ld+st global coalesced:4
}

__global__ void transposeNaive(float *odata, const float *idata, int width, int height) {
  int x = blockIdx.x * kTile + threadIdx.x;
  int y = blockIdx.y * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kBlockRows)
    odata[x * height + (y + j)] = idata[(y + j) * width + x]; // @access ld global coalesced:4 ; st global uncoalesced:32
}

__global__ void transposeCoalesced(float *odata, const float *idata, int width, int height) {
  __shared__ float tile[kTile][kTile];
  int x = blockIdx.x * kTile + threadIdx.x;
  int y = blockIdx.y * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kBlockRows)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x]; // @access ld global coalesced:4 ; st shared conflict-free:1
  __syncthreads();
  x = blockIdx.y * kTile + threadIdx.x; // swapped block offsets
  y = blockIdx.x * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kBlockRows)
    odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j]; // @access ld shared 32-way:32 ; st global coalesced:4
}

__global__ void transposeNoBankConflicts(float *odata, const float *idata, int width, int height) {
  __shared__ float tile[kTile][kTile + 1];
  int x = blockIdx.x * kTile + threadIdx.x;
  int y = blockIdx.y * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kBlockRows)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x]; // @access ld global coalesced:4 ; st shared conflict-free:1
  __syncthreads();
  x = blockIdx.y * kTile + threadIdx.x;
  y = blockIdx.x * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kBlockRows)
    odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j]; // @access ld shared conflict-free:1 ; st global coalesced:4
}

void runTranspose() {
  const int W = 512, Ht = 512;
  dim3 grid(W / kTile, Ht / kTile), block(kTile, kBlockRows);
  copyTiled<<<grid, block>>>(H.out, H.in, W);
  H.record("copyTiled", "copyTiled", dim3(16, 16), dim3(32, 8));
  transposeNaive<<<grid, block>>>(H.out, H.in, W, Ht);
  H.record("transposeNaive", "transposeNaive", dim3(16, 16), dim3(32, 8));
  std::vector<float> ref = H.result(W * Ht);
  transposeCoalesced<<<grid, block>>>(H.out, H.in, W, Ht);
  H.record("transposeCoalesced", "transposeCoalesced", dim3(16, 16), dim3(32, 8));
  std::vector<float> r1 = H.result(W * Ht);
  transposeNoBankConflicts<<<grid, block>>>(H.out, H.in, W, Ht);
  H.record("transposeNoBankConflicts", "transposeNoBankConflicts", dim3(16, 16), dim3(32, 8));
  std::vector<float> r2 = H.result(W * Ht);
  int bad = 0;
  for (int i = 0; i < W * Ht; i++)
    bad += ref[i] != r1[i] || ref[i] != r2[i];
  std::printf("check,transpose,%s\n", bad ? "MISMATCH" : "ok");
}
