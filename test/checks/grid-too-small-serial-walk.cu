// RUN: %check_warplint --checks='-*,warplint-grid-too-small' --config="{CheckOptions: {warplint.Assume: 'rows=16,tall=4096,huge=1048576'}}" %s
// RUN: %warplint --no-snippets --checks='-*,warplint-grid-too-small' --assume rows=16,tall=4096,huge=1048576 %s -- %cuda_args > %t.txt || true
// RUN: FileCheck %s --check-prefix=NOTE --input-file=%t.txt
// A grid computed from a size the run gives (--assume, the option warplint.Assume) is judged
// at that size; a kernel whose threads each walk a loop of a runtime length serially (one
// row per thread) is reported even on one block, High when most SMs idle.

// One thread per row, each summing its row serially.
__global__ void row_sum(const float *x, float *y, int rows, int dim) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < rows) {
    float s = 0.0f;
    for (int j = 0; j < dim; ++j)
      s += x[r * dim + j];
    y[r] = s;
  }
}

// The block shares the row: each thread takes every blockDim.x-th element.
__global__ void row_sum_strided(const float *x, float *y, int dim) {
  float s = 0.0f;
  for (int j = threadIdx.x; j < dim; j += blockDim.x)
    s += x[blockIdx.x * dim + j];
  atomicAdd(&y[blockIdx.x], s);
}

// A fixed number of iterations (a 3x3 stencil), not a walk over a runtime size.
__global__ void stencil9(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int j = 0; j < 9; ++j)
    s += x[i + j];
  y[i] = s;
}

void bad_serial_rows(const float *x, float *y, int rows, int tall, int dim) {
  row_sum<<<(rows + 255) / 256, 256>>>(x, y, rows, dim);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: grid of 1 block on a GPU with 132 multiprocessors: 131 SMs (99%) have no block to run for the whole launch, while each thread walks the loop over 'j' serially to 'dim', a runtime size (High priority here, Medium in CUDA Best Practices Guide §10.3) [warplint-grid-too-small]
  // NOTE: serial-walk.cu:[[@LINE-2]]:13: note: with rows = 16 from --assume
  // NOTE: serial-walk.cu:{{[0-9]+}}:12: note: each thread walks 'j' from the same start in every thread up to 'dim': the threads of a block do not share the walk, so the launch lasts the whole walk on 1 SM
  row_sum<<<(tall + 255) / 256, 256>>>(x, y, tall, dim);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: grid of 16 blocks on a GPU with 132 multiprocessors: 116 SMs (88%) have no block to run for the whole launch, while each thread walks {{.*}} (High priority here, Medium in CUDA Best Practices Guide §10.3) [warplint-grid-too-small]
}

void medium_small_grid(const float *x, float *y, int tall) {
  stencil9<<<(tall + 255) / 256, 256>>>(x, y, tall);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: grid of 16 blocks on a GPU with 132 multiprocessors: 116 SMs (88%) have no block to run for the whole launch (Medium priority, CUDA Best Practices Guide §10.3) [warplint-grid-too-small]
}

void good_launches(const float *x, float *y, int rows, int huge, int dim, int n) {
  row_sum<<<(huge + 255) / 256, 256>>>(x, y, huge, dim); // 4096 blocks fill the GPU
  row_sum<<<(n + 255) / 256, 256>>>(x, y, n, dim);       // n unknown: runtime grid
  row_sum_strided<<<1, 256>>>(x, y, dim);                // one block sharing its row
  stencil9<<<(rows + 255) / 256, 256>>>(x, y, rows);     // one block, nine steps
}
