// RUN: %check_warplint --checks='-*,warplint-slow-math-function' %s -- -ffast-math
// RUN: %check_warplint --checks='-*,warplint-slow-math-function' %s -- -fgpu-approx-transcendentals
// RUN: %expect_exit 1 %warplint --quiet --no-snippets --checks='-*,warplint-slow-math-function' %s -- -x cu --use_fast_math -isystem %mock_cuda -include cuda_runtime.h -nocudainc | FileCheck %s --check-prefix=NVCC
// Under fast math (nvcc --use_fast_math, clang -ffast-math or -fgpu-approx-transcendentals)
// every single-precision sinf/expf/logf/powf is its __ intrinsic and float division a
// multiplication by the reciprocal: only powf to a small integer power still pays (two MUFU
// instructions against one FMUL). Double precision is untouched by fast math.
#define PI_F 3.14159265f

__global__ void bad_pow_int(float *o, const float *a) {
  int i = threadIdx.x;
  float x = a[i];
  o[i] = powf(x, 2.0f);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'powf(x, 2.0f)' is a general exponentiation for a small integer power: 'x * x' is faster (Medium priority, CUDA Best Practices Guide §11.1.6) [warplint-slow-math-function]
  // NVCC: slow-math-function-fast-math.cu:[[@LINE-2]]:10: warning: 'powf(x, 2.0f)' is a general exponentiation
}

__global__ void bad_double(double *o, const double *d) {
  int i = threadIdx.x;
  o[i] = pow(d[i], 1.0 / 3.0);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'pow(d[i], 1.0 / 3.0)' raises to 1/3: 'cbrt(d[i])' is faster and more accurate than pow (+1 more like it in 'bad_double', in the notes) (Medium priority, CUDA Best Practices Guide §11.1.6) [warplint-slow-math-function]
  // NVCC: slow-math-function-fast-math.cu:[[@LINE-2]]:10: warning: 'pow(d[i], 1.0 / 3.0)' raises to 1/3
  o[i] = sin(3.14159265358979 * d[i]);
  // (one finding per cause: now a related location of another finding of this check)
}

__global__ void good_float_under_fast_math(float *o, const float *a) {
  int i = threadIdx.x;
  float x = a[i];
  o[i] = powf(x, 0.5f);
  o[i] = powf(x, 1.0f / 3.0f);
  o[i] = powf(2.0f, x);
  o[i] = expf(x * 0.693147181f);
  o[i] = sinf(PI_F * x);
  o[i] = cosf(x * PI_F / 180.0f);
  o[i] = logf(x) / logf(2.0f);
  o[i] = x / 3.0f;
}
// NVCC-NOT: warning:
