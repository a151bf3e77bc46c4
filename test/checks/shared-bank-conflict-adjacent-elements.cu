// RUN: %check_warplint --checks='-*,warplint-shared-bank-conflict' %s
// Scalar shared accesses of adjacent elements (s[2*t], s[2*t+1]) in straight-line code: ptxas
// merges them into one 64- or 128-bit LDS/STS when the lowest address is provably a multiple of
// the merged width (bench/shared-merge: nvcc 13, sm_90), so a warp's request is judged at that
// width. Positive (bad_*) and negative (good_*).

__global__ void good_adjacent_pair_load(float *out) {
  __shared__ float s[512];
  int t = threadIdx.x;
  s[t] = out[t];
  s[t + 256] = out[t + 256];
  __syncthreads();
  out[t] = s[2 * t] + s[2 * t + 1];
}
__global__ void good_adjacent_pair_store(const float *in, float *out) {
  __shared__ float s[512];
  int t = threadIdx.x;
  s[2 * t] = in[2 * t];
  s[2 * t + 1] = in[2 * t + 1];
  __syncthreads();
  out[t] = s[t] + s[t + 256];
}
__global__ void good_adjacent_quad_load(float *out) {
  __shared__ float s[1024];
  int t = threadIdx.x;
  s[t] = out[t];
  __syncthreads();
  out[t] = s[4 * t] + s[4 * t + 1] + s[4 * t + 2] + s[4 * t + 3];
}
__global__ void good_adjacent_guarded_pair(float *out, int n) {
  extern __shared__ float e[];
  int t = threadIdx.x;
  e[t] = out[t];
  __syncthreads();
  float a = 0, b = 0;
  if (t < n) {
    a = e[2 * t];
    b = e[2 * t + 1];
  }
  out[t] = a * b;
}
__global__ void good_adjacent_doubles(double *out) {
  __shared__ double d[512];
  int t = threadIdx.x;
  d[t] = out[t];
  __syncthreads();
  out[t] = d[2 * t] + d[2 * t + 1];
}
__global__ void bad_adjacent_pair_odd_start(float *out) {
  __shared__ float s[520];
  int t = threadIdx.x;
  s[t] = out[t];
  __syncthreads();
  out[t] = s[2 * t + 1] + s[2 * t + 2];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 2-way shared memory bank conflict: load from 's' needs 2 wavefronts per warp request instead of 1 (4-byte accesses, consecutive lanes 2 words apart) (+1 more on this line, in the notes) (Medium priority, CUDA Best Practices Guide §9.2.2) [warplint-shared-bank-conflict]
}
__global__ void bad_adjacent_pair_runtime_offset(float *out, int k) {
  __shared__ float s[512];
  int t = threadIdx.x;
  s[t] = out[t];
  __syncthreads();
  out[t] = s[2 * t - k] + s[2 * t + 1 - k];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 2-way shared memory bank conflict: load from 's' needs 2 wavefronts per warp request instead of 1 (4-byte accesses, consecutive lanes 2 words apart) (+1 more on this line, in the notes) (Medium priority, CUDA Best Practices Guide §9.2.2) [warplint-shared-bank-conflict]
}
__global__ void bad_adjacent_pair_barrier_between(float *out) {
  __shared__ float s[512];
  int t = threadIdx.x;
  s[t] = out[t];
  __syncthreads();
  float a = s[2 * t];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 2-way shared memory bank conflict: load from 's' needs 2 wavefronts per warp request instead of 1 (4-byte accesses, consecutive lanes 2 words apart) (+1 more like it in 'bad_adjacent_pair_barrier_between', in the notes) (Medium priority, CUDA Best Practices Guide §9.2.2) [warplint-shared-bank-conflict]
  __syncthreads();
  out[t] = a + s[2 * t + 1];
}
__global__ void bad_adjacent_pair_wide_stride(float *out) {
  __shared__ float s[1024];
  int t = threadIdx.x;
  s[t] = out[t];
  __syncthreads();
  out[t] = s[4 * t] + s[4 * t + 1];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 2-way shared memory bank conflict: load from 's' needs 4 wavefronts per warp request instead of 2 (8-byte accesses, consecutive lanes 4 words apart) (Medium priority, CUDA Best Practices Guide §9.2.2) [warplint-shared-bank-conflict]
}

void launch(float *a, double *d, int n) {
  good_adjacent_pair_load<<<1, 256>>>(a);
  good_adjacent_pair_store<<<1, 256>>>(a, a);
  good_adjacent_quad_load<<<1, 256>>>(a);
  good_adjacent_guarded_pair<<<1, 256, 2048>>>(a, n);
  good_adjacent_doubles<<<1, 256>>>(d);
  bad_adjacent_pair_odd_start<<<1, 256>>>(a);
  bad_adjacent_pair_runtime_offset<<<1, 256>>>(a, n);
  bad_adjacent_pair_barrier_between<<<1, 256>>>(a);
  bad_adjacent_pair_wide_stride<<<1, 256>>>(a);
}
