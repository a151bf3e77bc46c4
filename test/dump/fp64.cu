// RUN: %warplint_dump --fp64 %s -- %cuda_args | FileCheck %s --implicit-check-not=fp64.cu
// The FP64 analysis' dump mode: one line per site that really executes in
// double precision in single-precision device code, with its cause (the
// narrowing rules measured against nvcc's SASS) and the fix-it, if one is
// certainly right. Narrowed arithmetic and double-by-intent code print nothing.

__global__ void narrowed(float *o, const float *a) {
  int i = threadIdx.x;
  o[i] = a[i] * 0.5;
  o[i] = 1.0 / a[i];
  o[i] = a[i] < 0.5 ? 1.0f : 0.0f;
}

__global__ void double_by_intent(double *o, const double *a) {
  o[threadIdx.x] = a[threadIdx.x] * 0.1;
}

__global__ void causes(float *o, const float *a, int n) {
  int i = threadIdx.x;
  o[i] = a[i] * 0.1;
  // CHECK: fp64.cu:[[@LINE-1]]:15: causes: inexact-constant 'a[i] * 0.1', 1 double operation, constant '0.1' = 0.1
  o[i] = i / 2.0;
  // CHECK: fp64.cu:[[@LINE-1]]:12: causes: int-by-double 'i / 2.0', 1 double operation, integer 'i', constant '2.0' = 2
  o[i] = a[i] * 2.0 + 1.0;
  // CHECK: fp64.cu:[[@LINE-1]]:21: causes: constant-chain 'a[i] * 2.0 + 1.0', 2 double operations, constant '2.0' = 2, fix-it "f"
  int k = a[i] * 0.5;
  // CHECK: fp64.cu:[[@LINE-1]]:16: causes: result-not-float 'a[i] * 0.5', 1 double operation, constant '0.5' = 0.5, fix-it "f"
  o[i] = k;
}

// Calls come first, in source order, then the arithmetic, then the variables.
__global__ void calls_and_locals(float *o, const float *a, int n) {
  int i = threadIdx.x;
  o[i] = floor((double)a[i]);
  // CHECK: fp64.cu:[[@LINE-1]]:10: calls_and_locals: double-overload 'floor((double)a[i])', call of 'floor', fix-it "floorf"
  o[i] = pow(a[i], 3);
  // CHECK: fp64.cu:[[@LINE-1]]:10: calls_and_locals: pow-float-int 'pow(a[i], 3)', call of 'pow'
  double sum = 0;
  for (int j = 0; j < n; ++j)
    sum += a[j];
  o[i] = sum;
  // CHECK: fp64.cu:[[@LINE-4]]:10: calls_and_locals: double-variable 'sum', 1 double operation, accumulated, in a loop, first 'sum += a[j]'
}
