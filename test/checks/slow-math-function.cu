// RUN: %check_warplint --checks='-*,warplint-slow-math-function' %s
// Positive (bad_*) and negative (good_*) cases of warplint-slow-math-function.
#define PI_F 3.14159265f

__global__ void bad_pow(float *o, const float *a, const double *d) {
  int i = threadIdx.x;
  float x = a[i];
  o[i] = powf(x, 2.0f);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'powf(x, 2.0f)' is a general exponentiation for a small integer power: 'x * x' is faster (+11 more like it in 'bad_pow'; the first 5 in the notes) (Medium priority, CUDA Best Practices Guide §11.1.6) [warplint-slow-math-function]
  o[i] = powf(x, 3.0f);
  // (one finding per cause: now a related location of another finding of this check)
  o[i] = powf(a[i] + 1.0f, 4.0f);
  // (one finding per cause: now a related location of another finding of this check)
  o[i] = powf(x, 0.5f);
  // (one finding per cause: now a related location of another finding of this check)
  o[i] = powf(x, -0.5f);
  // (one finding per cause: now a related location of another finding of this check)
  o[i] = powf(x, 1.0f / 3.0f);
  // (one finding per cause: now a related location of another finding of this check)
  o[i] = powf(x, -1.0f / 3.0f);
  // (one finding per cause: now a related location of another finding of this check)
  o[i] = powf(x, 0.75f);
  // (one finding per cause: now a related location of another finding of this check)
  o[i] = powf(2.0f, x);
  // (one finding per cause: now a related location of another finding of this check)
  o[i] = powf(10.0f, x);
  // (one finding per cause: now a related location of another finding of this check)
  o[i] = pow(d[i], 2.0);
  // (one finding per cause: now a related location of another finding of this check)
  o[i] = pow(d[i], 1.0 / 3.0);
  // (one finding per cause: now a related location of another finding of this check)
}

__global__ void bad_base_changes(float *o, const float *a) {
  int i = threadIdx.x;
  float x = a[i];
  o[i] = logf(x) / logf(2.0f);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'logf(x) / logf(2.0f)' is a base-2 logarithm: 'log2f(x)' is faster (+4 more like it in 'bad_base_changes', in the notes) (Medium priority, CUDA Best Practices Guide §11.1.6) [warplint-slow-math-function]
  o[i] = logf(x) / 2.30258509f;
  // (one finding per cause: now a related location of another finding of this check)
  o[i] = logf(x) * 1.44269504f;
  // (one finding per cause: now a related location of another finding of this check)
  o[i] = expf(x * logf(2.0f));
  // (one finding per cause: now a related location of another finding of this check)
  o[i] = expf(0.693147181f * x);
  // (one finding per cause: now a related location of another finding of this check)
}

__global__ void bad_pi(float *o, const float *a) {
  int i = threadIdx.x;
  float x = a[i];
  o[i] = sinf(PI_F * x);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'sinf(PI_F * x)' multiplies its argument by pi: 'sinpif(x)' is faster and more accurate (+3 more like it in 'bad_pi', in the notes) (Medium priority, CUDA Best Practices Guide §11.1.6) [warplint-slow-math-function]
  o[i] = cosf(x * 3.14159265f);
  // (one finding per cause: now a related location of another finding of this check)
  o[i] = sinf(x * PI_F / 180.0f);
  // (one finding per cause: now a related location of another finding of this check)
  float s, c;
  sincosf(PI_F * x, &s, &c);
  // (one finding per cause: now a related location of another finding of this check)
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

