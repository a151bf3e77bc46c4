// RUN: %check_warplint --checks='-*,warplint-block-size-not-warp-multiple' %s
// The priority follows the share of the lanes a block occupies that run nothing,
// 1 - B / roundUp(B, 32): High from half, Low below a tenth, Medium between. One thread
// per block is reported unless the whole launch fits in one warp (a serial kernel).

__global__ void kernel(float *a) { a[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f; }

void bad_one_thread_per_block(float *a, int n) {
  kernel<<<n, 1>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: block size 1 is smaller than a warp (32 lanes): every block runs 1 of 32 lanes of its one warp (High priority here, Medium in CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
  kernel<<<4096, 1>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: block size 1 is smaller than a warp {{.*}} (High priority here, Medium in CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
  kernel<<<n, dim3(1, 1)>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: block size 1 is smaller than a warp {{.*}} (High priority here, Medium in CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
}

void bad_half_warp_blocks(float *a, int n) {
  kernel<<<n, 16>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: block size 16 is smaller than a warp (32 lanes): every block runs 16 of 32 lanes of its one warp (High priority here, Medium in CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
}

void medium_ragged_blocks(float *a, int n) {
  kernel<<<n, 100>>>(a); // 28 of 128 lanes idle: 22%
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: block size 100 is not a multiple of the warp size (32): the last warp of every block runs 4 of 32 lanes (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
  kernel<<<n, 33>>>(a); // 31 of 64 lanes idle: 48%
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: block size 33 is not {{.*}} (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
}

void low_nearly_full_blocks(float *a, int n) {
  kernel<<<n, 250>>>(a); // 6 of 256 lanes idle: 2%
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: block size 250 is not a multiple of the warp size (32): the last warp of every block runs 26 of 32 lanes (Low priority here, Medium in CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
}

void good_serial_launches(float *a) {
  kernel<<<1, 1>>>(a);  // one thread: a serial step, nothing to spread
  kernel<<<4, 8>>>(a);  // 32 threads in all: one warp's work however it is cut
  kernel<<<1, 20>>>(a); // 20 threads in all
}
