// RUN: %warplint_dump %s -- %cuda_args | FileCheck %s
// The memory dump for loop-variant accesses (every iteration that matters, the worst
// and the sum over them) and for lane guards (through the global index, after nested
// early returns).

__global__ void reduce1(int *out) {
  __shared__ int sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = 1;
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    int index = 2 * s * tid;
    if (index < blockDim.x)
      sdata[index] += sdata[index + s];
    __syncthreads();
  }
  out[blockIdx.x] = sdata[0];
}

__global__ void corner(float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (y == 0)
    out[x * 32] = 1.0f;
}

__global__ void evens(float *out, int n) {
  int t = threadIdx.x;
  if (n > 0) {
    if (t % 2 == 1) {
      out[64] = 0.0f;
      return;
    }
  }
  out[t] = 1.0f;
}

void launch(int *a, float *f) {
  reduce1<<<64, 256>>>(a);
  corner<<<dim3(8, 8), dim3(4, 4)>>>(f);
  evens<<<1, 32>>>(f, 1);
}

// Every value of s up to blockDim.x: the verdict is the worst (8-way from s = 4); the
// sum over the iterations is what Nsight Compute counts for the line (3.917 measured on
// an H200 for this shape).
// CHECK: loop-iterations.cu:14:7: reduce1: shared ldst 4B, blockDim 256 (launch): 8.000 wavefronts/request (ideal 1.000), 8-way
// CHECK-NEXT: index: (i64)(i32)(2 * threadIdx.x * s)
// CHECK-NEXT: iterations (all 8, worst s = 4): [s = 1: 2.000/1.000, 2-way] [s = 2: 4.000/1.000, 4-way] [s = 4: 8.000/1.000, 8-way] [s = 8: 8.000/1.000, 8-way] [s = 16: 8.000/1.000, 8-way] [s = 32: 4.000/1.000, 4-way] [s = 64: 2.000/1.000, 2-way] [s = 128: 1.000/1.000, 1-way]
// CHECK-NEXT: over the iterations: 3.917 per request (ideal 1.000), 12 requests
// The guard through the global index keeps the threadIdx.y == 0 lanes of block row 0.
// CHECK: loop-iterations.cu:24:5: corner: global st 4B, blockDim 4x4 (launch): 4.000 sectors/request (ideal 1.000)
// CHECK-NEXT: index:
// CHECK-NEXT: assumption: the lane guard depends on blockIdx; evaluated for block (0, 0, 0), where 4 of its 16 threads pass
// The odd lanes left in a nested early return.
// CHECK: loop-iterations.cu:35:3: evens: global st 4B, blockDim 32 (launch, n = 1): 4.000 sectors/request (ideal 2.000)
