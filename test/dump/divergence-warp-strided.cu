// RUN: %warplint_dump --divergence %s -- %cuda_args | FileCheck %s --match-full-lines
// A `for` loop whose lanes start within one step of each other and run up to a bound
// their warp shares prints `warp-strided` (issue 13, eleventh round): each warp has at
// most one pass with idle lanes. Starts two steps wide, or a step nothing bounds below,
// do not.

__global__ void strided(float *out, const float *in, int chunk, int step) {
  const unsigned warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  const unsigned lane = threadIdx.x % 32;
  float acc = 0.0f;
  for (unsigned i = chunk * warp + lane; i < chunk * (warp + 1); i += 32 * gridDim.x)
    acc += in[i];
  for (unsigned i = chunk * warp + 2 * lane; i < chunk * (warp + 1); i += 32)
    acc += in[i];
  for (unsigned i = chunk * warp + lane; i < chunk * (warp + 1); i += step)
    acc += in[i];
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// A stride counter against a shared bound is a tail guard only when its lanes start
// less than two steps apart: a grid-stride loop is, a chunk a lane is not.
__global__ void counters(float *out, const float *in, int n) {
  float acc = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    acc += in[i];
  for (int i = threadIdx.x * 100; i < n; ++i)
    acc += in[i];
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// CHECK: {{.*}}divergence-warp-strided.cu:11:3: strided: blockDim 256 (assumed): branch loop: source=thread-index:'threadIdx.x' split=none undecided={{.*}} cost={{[0-9]+}} unpredicable contains-loop warp-strided scaled-loop
// CHECK-NEXT: {{.*}}divergence-warp-strided.cu:13:3: strided: blockDim 256 (assumed): branch loop: source=thread-index:'threadIdx.x' split=none undecided={{.*}} cost={{[0-9]+}} unpredicable contains-loop scaled-loop
// CHECK-NEXT: {{.*}}divergence-warp-strided.cu:15:3: strided: blockDim 256 (assumed): branch loop: source=thread-index:'threadIdx.x' split=none undecided={{.*}} cost={{[0-9]+}} unpredicable contains-loop scaled-loop
// CHECK-NEXT: {{.*}}divergence-warp-strided.cu:24:3: counters: blockDim 256 (assumed): branch loop: source=thread-index:'threadIdx.x' split=none undecided={{.*}} cost={{[0-9]+}} unpredicable contains-loop tail-guard scaled-loop
// CHECK-NEXT: {{.*}}divergence-warp-strided.cu:26:3: counters: blockDim 256 (assumed): branch loop: source=thread-index:'threadIdx.x' split=none undecided={{.*}} cost={{[0-9]+}} unpredicable contains-loop scaled-loop
// CHECK-NOT: {{.}}
