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
