// RUN: %check_warplint --checks='-*,warplint-block-size-not-warp-multiple' %s -- -fgpu-rdc
// Launches from device code (dynamic parallelism, separate compilation) read
// their grid and block after the device runtime's two placeholders; each
// warning has a CHECK-MESSAGES line and any other warning fails the test.

__global__ void child(float *a) { a[threadIdx.x] = 1.0f; }

__global__ void bad_parent(float *a) {
  if (threadIdx.x == 0)
    child<<<1, 100>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: block size 100 is not a multiple of the warp size (32): the last warp of every block runs 4 of 32 lanes (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
}

__global__ void good_parent(float *a) {
  if (threadIdx.x == 0)
    child<<<4, 256>>>(a);
}
