// RUN: %check_warplint --checks=-*,warplint-local-memory-array %s
// RUN: %warplint --no-snippets --quiet -checks=-*,warplint-local-memory-array %s -- %cuda_args > %t.txt || true
// RUN: %python %src_root/validation/resource-checks/compare_local_verdicts.py %t.txt %src_root/validation/resource-checks/recorded/local-memory-array.ptxas.txt
//
// Kernels named local_* are positive cases, reg_* negative ones. The second and third RUN
// lines compare every kernel's verdict with what nvcc 13.0 really did for sm_90 (ptxas
// stack frame), recorded with validation/resource-checks/record_ptxas.sh; the test
// local-memory-array-live.test re-records it when nvcc is installed.

// A dynamic index into 8-byte elements: local memory from 2 elements on.
extern "C" __global__ void local_double_dynamic(const double *in, const int *idx, double *out) {
  double a[4];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: per-thread array 'a' of 'local_double_dynamic' (4 x double, 32 bytes) will live in local memory, as slow as global memory: it is indexed by 'idx[t]', which the compiler cannot resolve to a constant (Medium priority, CUDA Best Practices Guide §9.2.3) [warplint-local-memory-array]
  int t = threadIdx.x;
  for (int i = 0; i < 4; ++i)
    a[i] = in[t * 4 + i];
  out[t] = a[idx[t]];
}

// A uniform but unknown index into 4-byte elements: past 380 bytes, local memory.
extern "C" __global__ void local_float_large_dynamic(const float *in, float *out, int j) {
  float a[128];
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: per-thread array 'a' of 'local_float_large_dynamic' (128 x float, 512 bytes) will live in local memory, as slow as global memory: it is indexed by 'j', which {{.*}} (Medium priority, CUDA Best Practices Guide §9.2.3) [warplint-local-memory-array]
  int t = threadIdx.x;
  for (int i = 0; i < 128; ++i)
    a[i] = in[t * 128 + i];
  out[t] = a[j];
}

// A loop kept rolled by #pragma unroll 1 indexes the array: local memory.
extern "C" __global__ void local_rolled_loop(const float *in, float *out) {
  float a[8];
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: per-thread array 'a' of 'local_rolled_loop' (8 x float, 32 bytes) will live in local memory, as slow as global memory: it is indexed by 'i', which {{.*}} (Medium priority, CUDA Best Practices Guide §9.2.3) [warplint-local-memory-array]
  int t = threadIdx.x;
#pragma unroll 1
  for (int i = 0; i < 8; ++i)
    a[i] = in[t * 8 + i];
  float s = 0;
#pragma unroll 1
  for (int i = 0; i < 8; ++i)
    s += a[i] * a[7 - i];
  out[t] = s;
}

// A loop whose trip count is a kernel argument: local memory for 96 bytes and more.
extern "C" __global__ void local_runtime_trip(const float *in, float *out, int n) {
  float a[32];
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: per-thread array 'a' of 'local_runtime_trip' (32 x float, 128 bytes) will live in local memory, as slow as global memory: it is indexed by 'i', which {{.*}} (Medium priority, CUDA Best Practices Guide §9.2.3) [warplint-local-memory-array]
  int t = threadIdx.x;
  for (int i = 0; i < 32; ++i)
    a[i] = in[t * 32 + i];
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i];
  out[t] = s;
}

// Constant indices only, but more registers than a thread has (255 on sm_90).
extern "C" __global__ void local_too_large(const double *in, double *out) {
  double a[128];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: per-thread array 'a' of 'local_too_large' (128 x double, 1024 bytes) will live in local memory, as slow as global memory: it is too large for the registers of a thread (Medium priority, CUDA Best Practices Guide §9.2.3) [warplint-local-memory-array]
  int t = threadIdx.x;
  for (int i = 0; i < 128; ++i)
    a[i] = in[t * 128 + i];
  double s = 0;
  for (int i = 0; i < 128; ++i)
    s += a[i] * a[127 - i];
  out[t] = s;
}

// Two dimensions, the row chosen by the thread index: 512 bytes, local memory.
extern "C" __global__ void local_2d_thread_row(const float *in, float *out) {
  float a[16][8];
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: per-thread array 'a' of 'local_2d_thread_row' (128 x float, 512 bytes) will live in local memory, as slow as global memory: it is indexed by 'threadIdx.x % 16', which {{.*}} (Medium priority, CUDA Best Practices Guide §9.2.3) [warplint-local-memory-array]
  int t = threadIdx.x;
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 8; ++c)
      a[r][c] = in[t * 128 + r * 8 + c];
  float s = 0;
  for (int c = 0; c < 8; ++c)
    s += a[threadIdx.x % 16][c];
  out[t] = s;
}

// A __device__ helper (inlined into the kernel below): 8-byte integers, dynamic index.
__device__ long long pick(const long long *in, int k) {
  long long h[3];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: per-thread array 'h' of 'pick' (3 x long long, 24 bytes) will live in local memory, {{.*}} (Medium priority, CUDA Best Practices Guide §9.2.3) [warplint-local-memory-array]
  for (int i = 0; i < 3; ++i)
    h[i] = in[i];
  return h[k];
}
extern "C" __global__ void local_via_helper(const long long *in, long long *out, int k) {
  out[threadIdx.x] = pick(in + threadIdx.x * 3, k);
}

// Sub-word scalars under a dynamic index: local memory even for 16 bytes.
extern "C" __global__ void local_char_dynamic(const char *in, const int *idx, char *out) {
  char a[16];
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: per-thread array 'a' of 'local_char_dynamic' (16 x char, 16 bytes) will live in local memory, {{.*}} (Medium priority, CUDA Best Practices Guide §9.2.3) [warplint-local-memory-array]
  int t = threadIdx.x;
  for (int i = 0; i < 16; ++i)
    a[i] = in[t * 16 + i];
  out[t] = a[idx[t]];
}

// Vectors of 4-byte fields follow the 4-byte rule: 512 bytes, dynamic index, local memory.
extern "C" __global__ void local_float2_large(const float2 *in, const int *idx, float2 *out) {
  float2 a[64];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: per-thread array 'a' of 'local_float2_large' (64 x float2, 512 bytes) will live in local memory, {{.*}} (Medium priority, CUDA Best Practices Guide §9.2.3) [warplint-local-memory-array]
  int t = threadIdx.x;
  for (int i = 0; i < 64; ++i)
    a[i] = in[t * 64 + i];
  out[t] = a[idx[t]];
}

// --- Negative cases: nvcc keeps these in registers ---

// Every index is a constant once the constant-trip loops are unrolled.
extern "C" __global__ void reg_unrolled(const float *in, float *out) {
  float a[16];
  int t = threadIdx.x;
  for (int i = 0; i < 16; ++i)
    a[i] = in[t * 16 + i];
  float s = 0;
  for (int i = 0; i < 16; ++i)
    s += a[i] * a[15 - i];
  out[t] = s;
}

// A dynamic index into a small array of 4-byte elements: ptxas turns it into selects.
extern "C" __global__ void reg_small_dynamic(const float *in, const int *idx, float *out) {
  float a[16];
  int t = threadIdx.x;
#pragma unroll
  for (int i = 0; i < 16; ++i)
    a[i] = in[t * 16 + i];
  out[t] = a[idx[t]];
}

// A small vector array under a dynamic index: split into registers, selects.
extern "C" __global__ void reg_float4_dynamic(const float4 *in, const int *idx, float4 *out) {
  float4 a[4];
  int t = threadIdx.x;
  for (int i = 0; i < 4; ++i)
    a[i] = in[t * 4 + i];
  out[t] = a[idx[t]];
}

// Near the measured edge (float[88] and float[92] went to the stack, float[89..91] did not):
// not reported.
extern "C" __global__ void reg_dynamic_edge(const float *in, const int *idx, float *out) {
  float a[90];
  int t = threadIdx.x;
#pragma unroll
  for (int i = 0; i < 90; ++i)
    a[i] = in[t * 90 + i];
  out[t] = a[idx[t]];
}

// Literal indices.
extern "C" __global__ void reg_literal_index(const float *in, float *out) {
  float a[4];
  a[0] = in[0];
  a[1] = in[1];
  a[2] = a[0] + a[1];
  a[3] = a[2] * 2;
  out[threadIdx.x] = a[3];
}

// 8-byte elements, but every index constant after unrolling.
extern "C" __global__ void reg_double_unrolled(const double *in, double *out) {
  double a[8];
  int t = threadIdx.x;
  for (int i = 0; i < 8; ++i)
    a[i] = in[t * 8 + i];
  double s = 0;
  for (int i = 0; i < 8; ++i)
    s += a[i] * a[7 - i];
  out[t] = s;
}

// A run-time trip count over a small array: measured both ways near this size (float[16]
// stayed in registers, float[15] did not), so not reported.
extern "C" __global__ void reg_runtime_trip_small(const float *in, float *out, int n) {
  float a[16];
  int t = threadIdx.x;
  for (int i = 0; i < 16; ++i)
    a[i] = in[t * 16 + i];
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i];
  out[t] = s;
}

// A template size and a constant-expression index.
template <int N> __device__ float tile_sum(const float *in) {
  float a[N];
  for (int i = 0; i < N; ++i)
    a[i] = in[i];
  constexpr int Mid = N / 2;
  return a[Mid] + a[N - 1];
}
extern "C" __global__ void reg_template(const float *in, float *out) {
  out[threadIdx.x] = tile_sum<8>(in + threadIdx.x * 8);
}

// An unmodified local variable folds to a constant index.
extern "C" __global__ void reg_const_local(const float *in, float *out) {
  float a[4];
  int t = threadIdx.x;
  for (int i = 0; i < 4; ++i)
    a[i] = in[t * 4 + i];
  int k = 2;
  out[t] = a[k];
}
