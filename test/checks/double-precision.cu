// RUN: %check_warplint --checks='-*,warplint-double-precision' %s
// RUN: %warplint --quiet --format=json -checks='-*,warplint-double-precision' %s -- %cuda_args > %t.json || true
// RUN: FileCheck %s --check-prefix=FIX --input-file=%t.json
// The f suffix in a chain is for review (each step would round to float): a note, no fix-it.
// FIX: "message": "write 2.0f: the same constant in float keeps the arithmetic in single precision (review it: not applied by --fix, insert 'f')"
// FIX: "replacement": "floorf"
// FIX: "message": "call floorf: the float function gives the same result (fix available: --fix applies it)"
// Positive (bad_*) and negative (good_*) cases of warplint-double-precision; each verdict
// follows what nvcc emits (validation/instruction-checks: the SASS of the same shapes).
#define SCALE 0.1

__global__ void good_narrowed_by_nvcc(float *o, const float *a, int n) {
  int i = threadIdx.x;
  o[i] = a[i] * 0.5;
  o[i] = a[i] + 1.0;
  o[i] = 1.0 / a[i];
  o[i] = a[i] / 3.0;
  o[i] = a[i] < 0.5 ? 1.0f : 0.0f;
  float v = a[i];
  v *= 0.25;
  o[i] = v + (float)(a[i] * 2.0);
  if (i < 16.0)
    o[i] = 0.0f;
}

__global__ void good_folded(float *o, const float *a) {
  const float twoPi = 2.0 * 3.14159265358979;
  const double half = 0.5;
  float y = 0.1;
  int i = threadIdx.x;
  o[i] = a[i] * twoPi + y;
  o[i] = a[i] * half;
  o[i] = a[i] * (1.0 / 4.0);
}

__global__ void good_float_code(float *o, const float *a) {
  int i = threadIdx.x;
  double d = a[i];
  o[i] = d * 0.5;
  o[i] = sqrt(a[i]) + floor(a[i]) + a[i] * 0.1f;
  o[i] = a[i] > 0.0f ? a[i] : 0.1;
}

__global__ void good_double_kernel(double *o, const double *a, int n) {
  double sum = 0;
  for (int j = 0; j < n; ++j)
    sum += a[j] * 0.1;
  o[threadIdx.x] = sum;
}

template <typename T> __device__ T damp(T x) { return x * 0.9; }
  // CHECK-MESSAGES: :[[@LINE-1]]:59: warning: double constant 0.9 is not exactly representable in float: 'x * 0.9' executes in FP64 (1 double operation); FP64 throughput on sm_90 is 1/2 of FP32 (Low priority, CUDA Best Practices Guide §11.1.4) [warplint-double-precision]

__global__ void good_double_instantiation(double *o, const double *a) {
  o[threadIdx.x] = damp(a[threadIdx.x]);
}

__global__ void bad_inexact_constants(float *o, const float *a) {
  int i = threadIdx.x;
  o[i] = a[i] * 0.1;
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: double constant 0.1 is not exactly representable in float: 'a[i] * 0.1' executes in FP64 (1 double operation); FP64 throughput on sm_90 is 1/2 of FP32 (+5 more like it in 'bad_inexact_constants', in the notes) (Low priority, CUDA Best Practices Guide §11.1.4) [warplint-double-precision]
  float v = a[i];
  v = v * 1.02;
  // (one finding per cause: now a related location of another finding of this check)
  v *= 1.02;
  // (one finding per cause: now a related location of another finding of this check)
  o[i] = v < 0.1 ? 1.0f : 0.0f;
  // (one finding per cause: now a related location of another finding of this check)
  o[i] = a[i] * (1.0 / 3.0);
  // (one finding per cause: now a related location of another finding of this check)
  o[i] = a[i] * SCALE;
  // (one finding per cause: now a related location of another finding of this check)
}

__global__ void bad_mixed_sum(float *o, const float *a) {
  const double half = 0.5;
  int i = threadIdx.x;
  // A float sum with one double term is a double sum.
  o[i] = a[i] + a[i] * half;
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'a[i] + a[i] * half' executes in FP64: the double constant half makes it a chain of 2 double operations, which nvcc does not narrow back to float; FP64 throughput on sm_90 is 1/2 of FP32 (Low priority, CUDA Best Practices Guide §11.1.4) [warplint-double-precision]
}

__global__ void bad_chains(float *o, const float *a, const float *b, int n) {
  int i = threadIdx.x;
  o[i] = a[i] * 2.0 + 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'a[i] * 2.0 + 1.0' executes in FP64: the double constant 2.0 makes it a chain of 2 double operations, which nvcc does not narrow back to float; FP64 throughput on sm_90 is 1/2 of FP32 (+1 more like it in 'bad_chains', in the notes) (Low priority, CUDA Best Practices Guide §11.1.4) [warplint-double-precision]
  float acc = 0.0f;
  for (int j = 0; j < n; ++j)
    acc += a[j] * 0.5;
  // (one finding per cause: now a related location of another finding of this check)
  o[i] = acc;
  int k = a[i] * 0.5;
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'a[i] * 0.5' executes in FP64: its result is not a float, so nvcc does not narrow it; FP64 throughput on sm_90 is 1/2 of FP32 (Low priority, CUDA Best Practices Guide §11.1.4) [warplint-double-precision]
  o[i] = k;
}

__global__ void bad_integer_by_double(float *o, int n) {
  int i = threadIdx.x;
  o[i] = i / 2.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: integer-by-double arithmetic: 'i / 2.0' converts 'i' to double and executes in FP64 (1 double operation); FP64 throughput on sm_90 is 1/2 of FP32 (+1 more like it in 'bad_integer_by_double', in the notes) (Low priority, CUDA Best Practices Guide §11.1.4) [warplint-double-precision]
  if (i < n * 0.5)
  // (one finding per cause: now a related location of another finding of this check)
    o[i] = 1.0f;
}

__global__ void bad_double_math(float *o, const float *a) {
  int i = threadIdx.x;
  o[i] = floor((double)a[i]);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'floor((double)a[i])' calls the double-precision 'floor' with a float argument: it executes in FP64; FP64 throughput on sm_90 is 1/2 of FP32 (+2 more like it in 'bad_double_math', in the notes) (Low priority, CUDA Best Practices Guide §11.1.4) [warplint-double-precision]
  o[i] = exp(a[i] * 0.5);
  // (one finding per cause: now a related location of another finding of this check)
  o[i] = pow(a[i], 2.0);
  // (one finding per cause: now a related location of another finding of this check)
  o[i] = pow(a[i], 3);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'pow(a[i], 3)' executes in FP64: CUDA evaluates pow(float, int) (powif) in double precision; FP64 throughput on sm_90 is 1/2 of FP32 (Low priority, CUDA Best Practices Guide §11.1.4) [warplint-double-precision]
}

__global__ void bad_double_locals(float *o, const float *a, int n, double alpha) {
  double sum = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: double local 'sum' in single-precision code: the arithmetic on it executes in FP64 (2 double operations, accumulated in a loop); FP64 throughput on sm_90 is 1/2 of FP32 (Low priority, CUDA Best Practices Guide §11.1.4) [warplint-double-precision]
  for (int j = 0; j < n; ++j)
    sum += a[j];
  o[threadIdx.x] = sum * alpha;
}

__global__ void bad_float_instantiation(float *o, const float *a) {
  o[threadIdx.x] = damp(a[threadIdx.x]);
}

void host_code_is_not_looked_at(float *o) { o[0] = o[0] * 0.1; }
