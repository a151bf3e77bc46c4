// RUN: %warplint_dump --divergence %s -- %cuda_args | FileCheck %s --match-full-lines
// A loop whose lanes start apart but share the distance to the bound is no split (not
// printed): the distance is taken after products of sums are multiplied out, so `(tid +
// 1) * n - tid * n` is n (issue 13, eleventh round). A distance that follows the lane is
// printed.

__global__ void rows(float *out, const float *w, int n) {
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  float acc = 0.0f;
  for (int j = tid * n; j < (tid + 1) * n; j++)
    acc += w[j];
  for (int j = tid * n; j < (tid + 1) * n - tid; j++)
    acc += w[j];
  out[tid] = acc;
}

// CHECK: {{.*}}divergence-same-trips.cu:12:3: rows: blockDim 256 (assumed): branch loop: source=thread-index:'threadIdx.x' split=none undecided={{.*}} cost={{[0-9]+}} unpredicable contains-loop scaled-loop
// CHECK-NOT: {{.}}
