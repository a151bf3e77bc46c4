// RUN: %check_warplint --config="{CheckOptions: {warplint-block-size-not-warp-multiple.IgnoreSingleThreadBlocks: false, warplint-block-size-not-warp-multiple.CheckLaunchBounds: false}}" %s
// The options, through -config in both front ends.

__global__ void kernel(float *a) { a[threadIdx.x] = 1.0f; }
__global__ void __launch_bounds__(100) bounded(float *a) { a[threadIdx.x] = 0; }

void single(float *a) {
  kernel<<<1, 1>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: block size 1 is not a multiple of the warp size (32): the last warp of every block runs 1 of 32 lanes (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
}
