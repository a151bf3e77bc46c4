// RUN: %check_warplint --checks='-*,warplint-grid-too-small' --config="{CheckOptions: {warplint-grid-too-small.Multiprocessors: 16, warplint-grid-too-small.IgnoreSingleBlockGrids: false}}" %s
// RUN: %warplint --arch=sm_80 --checks='-*,warplint-grid-too-small' %s -- %cuda_args > %t.sm80 2>&1
// RUN: not grep warning: %t.sm80
// With the Multiprocessors option the count is the user's; without it, a target whose
// products have no cited count (sm_80 here) gets no finding.

__global__ void kernel(float *a) { a[threadIdx.x] = 1.0f; }

void launches(float *a) {
  kernel<<<1, 32>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: grid of 1 block on a GPU with 16 multiprocessors: 15 SMs (94%) have no block to run for the whole launch (Medium priority, CUDA Best Practices Guide §10.3) [warplint-grid-too-small]
  kernel<<<8, 256>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: grid of 8 blocks on a GPU with 16 multiprocessors: 8 SMs (50%) {{.*}} (Medium priority, CUDA Best Practices Guide §10.3) [warplint-grid-too-small]
  kernel<<<16, 256>>>(a);
}
