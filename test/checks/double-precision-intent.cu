// RUN: %check_warplint --checks='-*,warplint-double-precision' %s
// Lambdas are implicitly __host__ __device__: nvcc compiles one for the device only when
// device code uses it. A lambda written in host code runs on the host: its FP64 is no
// finding. A lambda written in a kernel is the kernel's device code.

template <class F> void for_each_host(int n, F f) {
  for (int i = 0; i < n; ++i)
    f(i);
}

void good_host_lambda(const float *a, int n, int *best) {
  int arg = 0;
  for_each_host(n, [&](int j) {
    if (a[j] * 0.5 > a[arg] * 0.5)
      arg = j;
  });
  *best = arg;
}

__global__ void bad_lambda_in_kernel(float *a) {
  auto scale = [](float x) { return x * 0.1; };
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: double constant 0.1 is not exactly representable in float: {{.*}} [warplint-double-precision]
  a[threadIdx.x] = scale(a[threadIdx.x]);
}

// A function that takes a double and returns a double computes in double by intent, even
// beside a float parameter (a metric over float labels and double scores); a double math
// call whose argument holds a double variable has no "float argument".
struct Metric {
  __device__ static double good_absolute(float label, double score, double) {
    return fabs(score - label);
  }
  __device__ static double good_logloss(float label, double score, const double) {
    if (label <= 0)
      if (1.0f - score > 1e-15)
        return -log(1.0f - score);
    return 0;
  }
  __device__ static float bad_float_through_double_fabs(float label, float score) {
    return fabs((double)score - label);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'fabs((double)score - label)' calls the double-precision 'fabs' with a float argument{{.*}} [warplint-double-precision]
  }
};

template <class M>
__global__ void eval(const float *labels, const double *scores, double *out) {
  int i = threadIdx.x;
  out[i] = M::good_absolute(labels[i], scores[i], 0.0) +
           M::good_logloss(labels[i], scores[i], 0.0) +
           M::bad_float_through_double_fabs(labels[i], labels[i]);
}
template __global__ void eval<Metric>(const float *, const double *, double *);
