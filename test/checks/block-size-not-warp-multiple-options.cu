// RUN: %check_warplint --checks='-*,warplint-block-size-not-warp-multiple' --config="{CheckOptions: {warplint-block-size-not-warp-multiple.IgnoreSingleThreadBlocks: true, warplint-block-size-not-warp-multiple.CheckLaunchBounds: false}}" %s
// The options, through -config in both front ends.

__global__ void kernel(float *a) { a[threadIdx.x] = 1.0f; }
__global__ void __launch_bounds__(100) bounded(float *a) { a[threadIdx.x] = 0; }

void single(float *a, int n) {
  kernel<<<n, 1>>>(a); // one-thread blocks ignored on request
  kernel<<<n, 2>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: block size 2 is smaller than a warp {{.*}} [warplint-block-size-not-warp-multiple]
}
