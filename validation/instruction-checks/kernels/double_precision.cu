// FP64 in single-precision code: each kernel is one case of warplint-double-precision.
// The marker after each kernel's name says what the check decides: '@fp64 finding' (FP64
// executes and is reported), '@fp64 clean' (nvcc emits no FP64 and nothing is reported) or
// '@fp64 intended' (the kernel's data are double: FP64 executes and is not reported).
// validation/instruction-checks/compare.py replays warplint's findings against the FP64
// instructions nvcc emitted for each kernel (results/sm90-sass).

#define SCALE 0.1
#define M_PI_VALUE 3.14159265358979323846

// Not findings: the compiler narrows these back to single precision.
extern "C" __global__ void dp_mul_exact(float *o, const float *a) { // @fp64 clean
  int i = threadIdx.x;
  o[i] = a[i] * 0.5;
}
extern "C" __global__ void dp_add_exact(float *o, const float *a) { // @fp64 clean
  int i = threadIdx.x;
  o[i] = a[i] + 1.0;
}
extern "C" __global__ void dp_sub_from_exact(float *o, const float *a) { // @fp64 clean
  int i = threadIdx.x;
  o[i] = 1.0 - a[i];
}
extern "C" __global__ void dp_div_exact_const(float *o, const float *a) { // @fp64 clean
  int i = threadIdx.x;
  o[i] = a[i] / 3.0;
}
extern "C" __global__ void dp_reciprocal(float *o, const float *a) { // @fp64 clean
  int i = threadIdx.x;
  o[i] = 1.0 / a[i];
}
extern "C" __global__ void dp_cmp_exact(float *o, const float *a) { // @fp64 clean
  int i = threadIdx.x;
  o[i] = a[i] < 0.5 ? 1.0f : 2.0f;
}
extern "C" __global__ void dp_compound_exact(float *o) { // @fp64 clean
  int i = threadIdx.x;
  float v = o[i];
  v *= 0.5;
  o[i] = v;
}
extern "C" __global__ void dp_folded_exact(float *o, const float *a) { // @fp64 clean
  int i = threadIdx.x;
  o[i] = a[i] * (1.0 / 4.0);
}
extern "C" __global__ void dp_init_folded(float *o, const float *a) { // @fp64 clean
  const float twoPi = 2.0 * 3.14159265358979;
  int i = threadIdx.x;
  o[i] = a[i] * twoPi;
}
extern "C" __global__ void dp_float_literal(float *o, const float *a) { // @fp64 clean
  int i = threadIdx.x;
  o[i] = a[i] * 0.1f + 1.0f;
}
extern "C" __global__ void dp_explicit_cast(float *o, const float *a) { // @fp64 clean
  int i = threadIdx.x;
  o[i] = (float)(a[i] * 0.5);
}
extern "C" __global__ void dp_double_literal_init(float *o) { // @fp64 clean
  float y = 0.1;
  o[threadIdx.x] = y;
}
extern "C" __global__ void dp_float_overload(float *o, const float *a) { // @fp64 clean
  int i = threadIdx.x;
  o[i] = sqrt(a[i]) + floor(a[i]);
}
extern "C" __global__ void dp_const_double_exact(float *o, const float *a) { // @fp64 clean
  const double half = 0.5;
  int i = threadIdx.x;
  o[i] = a[i] * half;
}
extern "C" __global__ void dp_ternary_inexact(float *o, const float *a) { // @fp64 clean
  int i = threadIdx.x;
  o[i] = a[i] > 0.0f ? a[i] : 0.1;
}
extern "C" __global__ void dp_double_copy(float *o, const float *a) { // @fp64 clean
  int i = threadIdx.x;
  double d = a[i];
  o[i] = d * 0.5;
}
extern "C" __global__ void dp_nonconst_double_exact(float *o, const float *a) { // @fp64 clean
  double half = 0.5;
  int i = threadIdx.x;
  o[i] = a[i] * half;
}
extern "C" __global__ void dp_int_cmp_literal(float *o) { // @fp64 clean
  int i = threadIdx.x;
  if (i < 16.0)
    o[i] = 1.0f;
}

// Findings: FP64 executes.
extern "C" __global__ void dp_mul_inexact(float *o, const float *a) { // @fp64 finding
  int i = threadIdx.x;
  o[i] = a[i] * 0.1;
}
extern "C" __global__ void dp_guide_a_times_1_02(float *o) { // @fp64 finding
  float a = o[threadIdx.x];
  a = a * 1.02;
  o[threadIdx.x] = a;
}
extern "C" __global__ void dp_compound_inexact(float *o) { // @fp64 finding
  float v = o[threadIdx.x];
  v *= 1.02;
  o[threadIdx.x] = v;
}
extern "C" __global__ void dp_cmp_inexact(float *o, const float *a) { // @fp64 finding
  int i = threadIdx.x;
  o[i] = a[i] < 0.1 ? 1.0f : 2.0f;
}
extern "C" __global__ void dp_chain_exact(float *o, const float *a) { // @fp64 finding
  int i = threadIdx.x;
  o[i] = a[i] * 2.0 + 1.0;
}
extern "C" __global__ void dp_chain_two_floats(float *o, const float *a, const float *b) { // @fp64 finding
  int i = threadIdx.x;
  o[i] = a[i] * 0.5 + b[i];
}
extern "C" __global__ void dp_folded_inexact(float *o, const float *a) { // @fp64 finding
  int i = threadIdx.x;
  o[i] = a[i] * (1.0 / 3.0);
}
extern "C" __global__ void dp_const_double_inexact(float *o, const float *a) { // @fp64 finding
  const double k = 0.1;
  int i = threadIdx.x;
  o[i] = a[i] * k;
}
extern "C" __global__ void dp_macro_literal(float *o, const float *a) { // @fp64 finding
  int i = threadIdx.x;
  o[i] = a[i] * SCALE;
}
extern "C" __global__ void dp_pi_macro(float *o, const float *a) { // @fp64 finding
  int i = threadIdx.x;
  o[i] = a[i] * M_PI_VALUE;
}
extern "C" __global__ void dp_int_div_double(float *o) { // @fp64 finding
  int i = threadIdx.x;
  o[i] = i / 2.0;
}
extern "C" __global__ void dp_int_times_double(float *o, int n) { // @fp64 finding
  int i = threadIdx.x;
  o[i] = o[i] + n * 0.5;
}
extern "C" __global__ void dp_int_cmp(float *o, int n) { // @fp64 finding
  int i = threadIdx.x;
  if (i < n * 0.5)
    o[i] = 1.0f;
}
extern "C" __global__ void dp_to_int(int *o, const float *a) { // @fp64 finding
  int i = threadIdx.x;
  o[i] = a[i] * 0.5;
}
extern "C" __global__ void dp_sqrt_double(float *o, const float *a) { // @fp64 finding
  int i = threadIdx.x;
  o[i] = sqrt((double)a[i]);
}
extern "C" __global__ void dp_floor_double(float *o, const float *a) { // @fp64 finding
  int i = threadIdx.x;
  o[i] = floor((double)a[i]);
}
extern "C" __global__ void dp_exp_of_double(float *o, const float *a) { // @fp64 finding
  int i = threadIdx.x;
  o[i] = exp(a[i] * 0.5);
}
extern "C" __global__ void dp_pow_mixed(float *o, const float *a) { // @fp64 finding
  int i = threadIdx.x;
  o[i] = pow(a[i], 2.0);
}
extern "C" __global__ void dp_accumulator(float *o, const float *a, int n) { // @fp64 finding
  double sum = 0;
  for (int j = 0; j < n; ++j)
    sum += a[j];
  o[threadIdx.x] = sum;
}
extern "C" __global__ void dp_double_local(float *o, const float *a) { // @fp64 finding
  int i = threadIdx.x;
  double t = a[i];
  t = t * t + a[i];
  o[i] = t;
}
extern "C" __global__ void dp_conversion_in_loop(float *o, const float *a, int n) { // @fp64 finding
  double w = 1.0 / n;
  for (int j = 0; j < n; ++j)
    o[j] = a[j] * w;
}
extern "C" __global__ void dp_double_param(float *o, const float *a, double alpha) { // @fp64 finding
  int i = threadIdx.x;
  o[i] = alpha * a[i];
}
__device__ float scaleHelper(float x) { return x * 0.1; }
extern "C" __global__ void dp_device_helper(float *o, const float *a) { // @fp64 finding
  int i = threadIdx.x;
  o[i] = scaleHelper(a[i]);
}
template <typename T> __device__ T damp(T x) { return x * 0.9; }
extern "C" __global__ void dp_template_float(float *o, const float *a) { // @fp64 finding
  int i = threadIdx.x;
  o[i] = damp(a[i]);
}
extern "C" __global__ void dp_pow_float_int(float *o, const float *a) { // @fp64 finding
  int i = threadIdx.x;
  o[i] = pow(a[i], 3);
}
extern "C" __global__ void dp_loop_compound_chain(float *o, const float *a, int n) { // @fp64 finding
  float acc = 0.0f;
  for (int j = 0; j < n; ++j)
    acc += a[j] * 0.5;
  o[threadIdx.x] = acc;
}

// Intended: the kernel's data are double.
extern "C" __global__ void dp_double_kernel(double *o, const double *a) { // @fp64 intended
  int i = threadIdx.x;
  o[i] = a[i] * 0.1;
}
extern "C" __global__ void dp_template_double(double *o, const double *a) { // @fp64 intended
  int i = threadIdx.x;
  o[i] = damp(a[i]);
}
extern "C" __global__ void dp_mixed_output_double(double *o, const float *a, int n) { // @fp64 intended
  double sum = 0;
  for (int j = 0; j < n; ++j)
    sum += a[j];
  o[threadIdx.x] = sum;
}
