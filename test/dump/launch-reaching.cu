// RUN: %warplint_dump --launches %s -- %cuda_args | FileCheck %s --match-full-lines
// Block shapes from the definitions that reach the launch: a dim3 set field by field,
// a variable assigned in the branch that holds the launch. Negative: a value assigned in
// a branch that does not hold the launch, or in a loop around it, stays unknown.

#define NUMBER_THREADS 128

__global__ void k(float *a) { a[threadIdx.x] = 0; }

void fields(float *a) {
  dim3 threads;
  threads.x = NUMBER_THREADS;
  threads.y = 1;
  k<<<4, threads>>>(a);
  dim3 tile(8, 8);
  tile.y = 4;
  k<<<4, tile>>>(a);
}

void onePath(float *a, bool big) {
  int block;
  if (big) {
    block = 256;
    k<<<4, block>>>(a);
  } else {
    block = 64;
    k<<<4, block>>>(a);
  }
}

void twoPaths(float *a, bool big) {
  int block = 64;
  if (big)
    block = 256;
  k<<<4, block>>>(a);
  dim3 grid;
  for (int i = 0; i < 3; ++i) {
    grid.x = 32 * i;
    k<<<1, grid>>>(a);
  }
}

// CHECK: launch-reaching.cu:14:3: launch of k: block 128
// CHECK-NEXT: launch-reaching.cu:17:3: launch of k: block 8x4
// CHECK-NEXT: launch-reaching.cu:24:5: launch of k: block 256
// CHECK-NEXT: launch-reaching.cu:27:5: launch of k: block 64
// CHECK-NEXT: launch-reaching.cu:35:3: launch of k: block unknown ({{.*}})
// CHECK-NEXT: launch-reaching.cu:39:5: launch of k: block unknown ({{.*}})
// CHECK-NOT: launch of
