// RUN: %warplint_dump --divergence %s -- %cuda_args | FileCheck %s --match-full-lines
// A helper's parameter whose argument is a last-tile clamp `min(F, R)`, or a function of
// a variable that holds one (through __clz, which the builder keeps no structure of),
// is the same for every lane of a warp outside the last tile: a helper condition that
// differs between lanes only through such parameters prints `last-tile` (issue 13,
// eleventh round), a geometric loop started from one included. A growing or modulo
// remainder, or a lane-varying start beside it, does not.

__device__ unsigned nextPow2(unsigned x) { return 1U << (32 - __clz(x - 1)); }
__device__ int countA(const int *in, unsigned len, unsigned steps) {
  int acc = 0;
  for (unsigned s = steps; s > 0; s >>= 1)
    acc += in[s];
  for (unsigned k = 0; k < len; ++k)
    acc += in[k];
  return acc;
}
__device__ int countB(const int *in, unsigned len) {
  int acc = 0;
  for (unsigned k = 0; k < len; ++k)
    acc += in[k];
  return acc;
}
__device__ int countC(const int *in, unsigned len) {
  int acc = 0;
  for (unsigned k = 0; k < len; ++k)
    acc += in[k];
  return acc;
}
__device__ int countD(const int *in, unsigned len, unsigned start) {
  int acc = 0;
  for (unsigned k = start; k < len; ++k)
    acc += in[k];
  return acc;
}

__global__ void tiles(int *out, const int *in, unsigned n) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned base = t * 16;
  unsigned len = min(16u, n - base);
  out[t] = countA(in, len, nextPow2(len));
  out[t] += countB(in, min(16u, t));
  out[t] += countC(in, (n - base) % 7);
  out[t] += countD(in, len, threadIdx.x & 3);
}

// CHECK: {{.*}}divergence-last-tile-helper.cu:12:3: tiles: blockDim 256 (assumed): branch loop: source=thread-index:'threadIdx.x' split=none cost={{[0-9]+}} unpredicable contains-loop last-tile via={{.*}}divergence-last-tile-helper.cu:41:12
// CHECK-NEXT: {{.*}}divergence-last-tile-helper.cu:14:3: tiles: blockDim 256 (assumed): branch loop: source=thread-index:'threadIdx.x' split=none cost={{[0-9]+}} unpredicable contains-loop last-tile via={{.*}}divergence-last-tile-helper.cu:41:12 scaled-loop
// CHECK-NEXT: {{.*}}divergence-last-tile-helper.cu:20:3: tiles: blockDim 256 (assumed): branch loop: source=thread-index:'threadIdx.x' split=none cost={{[0-9]+}} unpredicable contains-loop growing-bound via={{.*}}divergence-last-tile-helper.cu:42:13 scaled-loop
// CHECK-NEXT: {{.*}}divergence-last-tile-helper.cu:26:3: tiles: blockDim 256 (assumed): branch loop: source=thread-index:'threadIdx.x' split=none cost={{[0-9]+}} unpredicable contains-loop via={{.*}}divergence-last-tile-helper.cu:43:13 scaled-loop
// CHECK-NEXT: {{.*}}divergence-last-tile-helper.cu:32:3: tiles: blockDim 256 (assumed): branch loop: source=thread-index:'threadIdx.x' split=none cost={{[0-9]+}} unpredicable contains-loop via={{.*}}divergence-last-tile-helper.cu:44:13 scaled-loop
// CHECK-NOT: {{.}}
