// RUN: %check_warplint --checks='-*,warplint-global-accumulator-in-loop' %s
// Positive (bad_*) and negative (good_*) cases of warplint-global-accumulator-in-loop.
// Every warning has a CHECK-MESSAGES line; any other warning fails the test. The
// measured shapes are validation/accumulator/gemm_accumulate.cu.

__global__ void bad_gemm_aliasing(float *a, float *b, float *c, int N) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < N; ++k)
    c[i * N + j] += a[i * N + k] * b[k * N + j];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'c[i * N + j]' is read and written in global memory in every iteration of the loop: a global load and a global store per iteration where a register accumulator needs one of each; 'c' may alias 'a' and 'b', so the compiler keeps the store in the loop (Medium priority, CUDA Best Practices Guide §11.2) [warplint-global-accumulator-in-loop]
}

#define NK 512
__global__ void bad_polybench_gemm(int ni, float alpha, float beta, float *a, float *b,
                                   float *c) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < ni && j < ni) {
    c[i * ni + j] *= beta;
    int k;
    for (k = 0; k < NK; k++) {
      c[i * ni + j] += alpha * a[i * NK + k] * b[k * ni + j];
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'c[i * ni + j]' is read and written {{.*}}; 'c' may alias 'a' and 'b', {{.*}} (Medium priority, CUDA Best Practices Guide §11.2) [warplint-global-accumulator-in-loop]
    }
  }
}

__global__ void bad_known_trip_and_long_form(const float *x, float *y) {
  int t = threadIdx.x;
  for (int s = 0; s < 64; ++s)
    y[t] = y[t] + x[s * 32 + t];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'y[t]' is read and written in global memory in every iteration of the loop: 64 global loads and 64 global stores per thread where a register accumulator needs one of each; 'y' may alias 'x', so the compiler keeps the store in the loop (Medium priority, CUDA Best Practices Guide §11.2) [warplint-global-accumulator-in-loop]
}

__global__ void good_restrict(const float *__restrict__ a, const float *__restrict__ b,
                              float *__restrict__ c, int N) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < N; ++k)
    c[i * N + j] += a[i * N + k] * b[k * N + j];
}

__global__ void good_register_accumulator(float *a, float *b, float *c, int N) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int k = 0; k < N; ++k)
    sum += a[i * N + k] * b[k * N + j];
  c[i * N + j] += sum;
}

__global__ void good_index_moves_or_conditional(float *a, float *c, int N) {
  int j = threadIdx.x;
  for (int k = 0; k < N; ++k)
    c[k * N + j] += a[k]; // a different element each iteration
  for (int k = 0; k < N; ++k)
    if (a[k] > 0)
      c[j] += a[k]; // not every iteration
  for (int k = 0; k < N; ++k)
    c[j] += 1.0f; // no other pointer read: the compiler may promote it
}

__global__ void good_element_chosen_in_the_loop(float *out, const int *idx,
                                                const float *v, int n, int C) {
  // A scatter-add: the element's index is loaded (or computed) in the loop
  // from the induction variable, so each iteration may touch another element
  // and no register can hold it across iterations.
  int c = threadIdx.x;
  for (int i = 0; i < n; ++i) {
    int ix = idx[i];
    out[ix * C + c] += v[i];
  }
  for (int i = 0; i < n; ++i) {
    const int row = i / 4;
    out[row * C + c] += v[i];
  }
}

__global__ void bad_local_copy_of_an_invariant_index(float *out, const float *v,
                                                     int row, int n, int C) {
  // A local of the body whose value is the same in every iteration: still
  // one element.
  int c = threadIdx.x;
  for (int i = 0; i < n; ++i) {
    int at = row * C + c;
    out[at] += v[i];
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'out[at]' is read and written in global memory in every iteration of the loop{{.*}}; 'out' may alias 'v', {{.*}} [warplint-global-accumulator-in-loop]
  }
}

__global__ void good_run_once_block(float *out, const float *v) {
  // do { ... } while (0) runs once: no loop.
  int t = threadIdx.x;
  do {
    out[t] += v[t];
  } while (0);
}
