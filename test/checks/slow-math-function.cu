// RUN: %check_warplint --checks='-*,warplint-slow-math-function' %s
// Positive (bad_*) and negative (good_*) cases of warplint-slow-math-function.
#define PI_F 3.14159265f

__global__ void bad_pow(float *o, const float *a, const double *d) {
  int i = threadIdx.x;
  float x = a[i];
  o[i] = powf(x, 2.0f);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'powf(x, 2.0f)' is a general exponentiation for a small integer power: 'x * x' is faster (Medium priority, CUDA Best Practices Guide §11.1.6) [warplint-slow-math-function]
  o[i] = powf(x, 3.0f);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'powf(x, 3.0f)' is a general exponentiation for a small integer power: 'x * x * x' is faster (Medium priority, CUDA Best Practices Guide §11.1.6) [warplint-slow-math-function]
  o[i] = powf(a[i] + 1.0f, 4.0f);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'powf(a[i] + 1.0f, 4.0f)' is a general exponentiation for a small integer power: '((a[i] + 1.0f) * (a[i] + 1.0f)) * ((a[i] + 1.0f) * (a[i] + 1.0f))' is faster (Medium priority, CUDA Best Practices Guide §11.1.6) [warplint-slow-math-function]
  o[i] = powf(x, 0.5f);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'powf(x, 0.5f)' raises to 1/2: 'sqrtf(x)' is faster and more accurate than pow (Medium priority, CUDA Best Practices Guide §11.1.6) [warplint-slow-math-function]
  o[i] = powf(x, -0.5f);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'powf(x, -0.5f)' raises to -1/2: 'rsqrtf(x)' is faster and more accurate than pow (Medium priority, CUDA Best Practices Guide §11.1.6) [warplint-slow-math-function]
  o[i] = powf(x, 1.0f / 3.0f);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'powf(x, 1.0f / 3.0f)' raises to 1/3: 'cbrtf(x)' is faster and more accurate than pow (Medium priority, CUDA Best Practices Guide §11.1.6) [warplint-slow-math-function]
  o[i] = powf(x, -1.0f / 3.0f);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'powf(x, -1.0f / 3.0f)' raises to -1/3: 'rcbrtf(x)' is faster and more accurate than pow (Medium priority, CUDA Best Practices Guide §11.1.6) [warplint-slow-math-function]
  o[i] = powf(x, 0.75f);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'powf(x, 0.75f)' raises to 3/4: 'r = sqrtf(x); r * sqrtf(r)' is faster and more accurate than pow (Medium priority, CUDA Best Practices Guide §11.1.6) [warplint-slow-math-function]
  o[i] = powf(2.0f, x);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'powf(2.0f, x)' raises 2 to a power: 'exp2f(x)' is faster (Medium priority, CUDA Best Practices Guide §11.1.6) [warplint-slow-math-function]
  o[i] = powf(10.0f, x);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'powf(10.0f, x)' raises 10 to a power: 'exp10f(x)' is faster (Medium priority, CUDA Best Practices Guide §11.1.6) [warplint-slow-math-function]
  o[i] = pow(d[i], 2.0);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'pow(d[i], 2.0)' is a general exponentiation for a small integer power: 'd[i] * d[i]' is faster (Medium priority, CUDA Best Practices Guide §11.1.6) [warplint-slow-math-function]
  o[i] = pow(d[i], 1.0 / 3.0);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'pow(d[i], 1.0 / 3.0)' raises to 1/3: 'cbrt(d[i])' is faster and more accurate than pow (Medium priority, CUDA Best Practices Guide §11.1.6) [warplint-slow-math-function]
}

__global__ void bad_base_changes(float *o, const float *a) {
  int i = threadIdx.x;
  float x = a[i];
  o[i] = logf(x) / logf(2.0f);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'logf(x) / logf(2.0f)' is a base-2 logarithm: 'log2f(x)' is faster (Medium priority, CUDA Best Practices Guide §11.1.6) [warplint-slow-math-function]
  o[i] = logf(x) / 2.30258509f;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'logf(x) / 2.30258509f' is a base-10 logarithm: 'log10f(x)' is faster (Medium priority, CUDA Best Practices Guide §11.1.6) [warplint-slow-math-function]
  o[i] = logf(x) * 1.44269504f;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'logf(x) * 1.44269504f' is a base-2 logarithm: 'log2f(x)' is faster (Medium priority, CUDA Best Practices Guide §11.1.6) [warplint-slow-math-function]
  o[i] = expf(x * logf(2.0f));
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'expf(x * logf(2.0f))' is base 2 exponentiation: 'exp2f(x)' is faster (Medium priority, CUDA Best Practices Guide §11.1.6) [warplint-slow-math-function]
  o[i] = expf(0.693147181f * x);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'expf(0.693147181f * x)' is base 2 exponentiation: 'exp2f(x)' is faster (Medium priority, CUDA Best Practices Guide §11.1.6) [warplint-slow-math-function]
}

__global__ void bad_pi(float *o, const float *a) {
  int i = threadIdx.x;
  float x = a[i];
  o[i] = sinf(PI_F * x);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'sinf(PI_F * x)' multiplies its argument by pi: 'sinpif(x)' is faster and more accurate (Medium priority, CUDA Best Practices Guide §11.1.6) [warplint-slow-math-function]
  o[i] = cosf(x * 3.14159265f);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'cosf(x * 3.14159265f)' multiplies its argument by pi: 'cospif(x)' is faster and more accurate (Medium priority, CUDA Best Practices Guide §11.1.6) [warplint-slow-math-function]
  o[i] = sinf(x * PI_F / 180.0f);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'sinf(x * PI_F / 180.0f)' multiplies its argument by pi: 'sinpif(x / 180.0f)' is faster and more accurate (Medium priority, CUDA Best Practices Guide §11.1.6) [warplint-slow-math-function]
  float s, c;
  sincosf(PI_F * x, &s, &c);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'sincosf(PI_F * x, &s, &c)' multiplies its argument by pi: 'sincospif(x, ...)' is faster and more accurate (Medium priority, CUDA Best Practices Guide §11.1.6) [warplint-slow-math-function]
  o[i] += s + c;
}

__global__ void good_specialised(float *o, const float *a) {
  int i = threadIdx.x;
  float x = a[i];
  o[i] = x * x + sqrtf(x) + rsqrtf(x) + cbrtf(x) + rcbrtf(x) + exp2f(x) + exp10f(x);
  o[i] += log2f(x) + sinpif(x) + cospif(x) + sinf(x) + expf(x * 2.0f);
  o[i] += powf(x, 2.7f) + powf(x, a[i]) + powf(3.0f, x);
  o[i] += x / 4.0f + x / 3.0f + logf(x) / logf(3.0f);
}

