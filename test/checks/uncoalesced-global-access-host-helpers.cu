// RUN: %check_warplint --checks='-*,warplint-uncoalesced-global-access' %s
// Values that reach a launch through host helpers (issue 33, item 5): the block and the
// constant arguments of a launch written in a helper whose parameters receive them from its
// one caller, two or more calls deep, are the caller's values (a helper called from several
// places stays unknown: the values may differ).
// Positive (bad_*) and negative (good_*) cases; every warning is accounted for.

__global__ void bad_stride_from_caller(float *a, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i * s] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'a': consecutive lanes are 16 bytes apart, so each warp request touches 16 sectors, 4x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}
void launch_strided(float *a, int n, int s, dim3 block) {
  bad_stride_from_caller<<<(n + block.x - 1) / block.x, block>>>(a, s);
}
void size_strided(float *a, int n, int s) {
  dim3 block(64);
  launch_strided(a, n, s, block);
}
void run_strided(float *a, int n) { size_strided(a, n, 4); }

// A 4x64 block from the caller: a warp is 8 rows of 4 threads, 16 bytes of each 4096-byte row.
__global__ void bad_rows_from_caller(float *a) {
  a[threadIdx.y * 1024 + threadIdx.x] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'a': each warp request touches 8 sectors, 2x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}
void launch_rows(float *a, int bx, int by) { bad_rows_from_caller<<<1, dim3(bx, by)>>>(a); }
void run_rows(float *a) { launch_rows(a, 4, 64); }

// The same kernel with a block of 32x8 from the caller: each warp one row, coalesced.
__global__ void good_rows_from_caller(float *a) {
  a[threadIdx.y * 1024 + threadIdx.x] = 0.0f;
}
void launch_good_rows(float *a, dim3 block) { good_rows_from_caller<<<1, block>>>(a); }
void run_good_rows(float *a) { launch_good_rows(a, dim3(32, 8)); }
