// RUN: %check_warplint --checks='-*,warplint-shared-bank-conflict' %s
// Shared-memory indices and pointers through their reaching definitions (lib/Frontend/ValueFlow):
// a while-loop counter and a pointer stepped in a loop. Positive (bad_*) and negative (good_*).

__global__ void bad_shared_while(float *out) {
  __shared__ float s[32 * 33];
  int x = threadIdx.x;
  while (x < 32) {
    s[x * 32] = 0;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 32-way shared memory bank conflict: store to 's' needs 32 wavefronts per warp request instead of 1 (4-byte accesses, consecutive lanes 32 words apart) (Medium priority, CUDA Best Practices Guide §9.2.2) [warplint-shared-bank-conflict]
    x += 32;
  }
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
__global__ void good_shared_while(float *out) {
  __shared__ float s[1024];
  int x = threadIdx.x;
  while (x < 1024) {
    s[x] = 0;
    x += 32;
  }
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
__global__ void bad_shared_pointer_step(float *out) {
  __shared__ float s[4096];
  float *p = s + threadIdx.x * 2;
  for (int k = 0; k < 8; k++) {
    *p = 0;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 2-way shared memory bank conflict: store to 'p' ('s') needs 2 wavefronts per warp request instead of 1 (4-byte accesses, consecutive lanes 2 words apart) (Medium priority, CUDA Best Practices Guide §9.2.2) [warplint-shared-bank-conflict]
    p += 64;
  }
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
__global__ void good_shared_pointer_step(float *out) {
  __shared__ float s[4096];
  float *p = s + threadIdx.x;
  for (int k = 0; k < 8; k++) {
    *p = 0;
    p += 32;
  }
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

void launch(float *a) {
  bad_shared_while<<<1, 32>>>(a);
  good_shared_while<<<1, 32>>>(a);
  bad_shared_pointer_step<<<1, 32>>>(a);
  good_shared_pointer_step<<<1, 32>>>(a);
}
