// RUN: %warplint_dump --divergence %s -- %cuda_args | FileCheck %s --match-full-lines
// A clamp `min(F, R)` whose full arm F splits no warp and whose remainder R falls as the
// thread's position grows splits only the last tile (issue 13, tenth round): the dump
// prints `last-tile`. A remainder that grows with the thread, or one taken modulo, does
// not; nor does a clamp whose full arm follows the lane.

__global__ void tiles(const unsigned *keys, unsigned *out, unsigned stride, unsigned N,
                      float *f, const float *in, int n) {
  unsigned pos = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned i = pos & ((stride / 128) - 1);
  const unsigned base = (pos - i) * 256;
  unsigned p = 0;
  if (i < min(stride / 128, N - base - stride))
    for (unsigned s = stride; s > 0; s >>= 1)
      p += keys[base + s];
  if (i < min(stride / 128, pos))
    for (unsigned s = stride; s > 0; s >>= 1)
      p += keys[base + s];
  if (i < min(stride / 128, N - (base % 7) - stride))
    for (unsigned s = stride; s > 0; s >>= 1)
      p += keys[base + s];
  out[pos] = p;
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int k = 0; k < min(16, n - t * 16); ++k)
    acc += sqrtf(in[t * 16 + k]) * acc;
  for (int k = 0; k < min(t + 1, n - t); ++k)
    acc += sqrtf(in[k]) * acc;
  f[t] = acc;
}
// CHECK: {{.*}}divergence-last-tile.cu:13:3: tiles: blockDim 256 (assumed): branch if: source=thread-index:'threadIdx.x' split=none undecided=stride,N cost={{[0-9]+}} unpredicable contains-loop last-tile scaled-loop
// CHECK-NEXT: {{.*}}divergence-last-tile.cu:16:3: tiles: blockDim 256 (assumed): branch if: source=thread-index:'threadIdx.x' split=none undecided=stride cost={{[0-9]+}} unpredicable contains-loop scaled-loop
// CHECK-NEXT: {{.*}}divergence-last-tile.cu:19:3: tiles: blockDim 256 (assumed): branch if: source=thread-index:'threadIdx.x' split=none undecided=stride,N cost={{[0-9]+}} unpredicable contains-loop scaled-loop
// CHECK-NEXT: {{.*}}divergence-last-tile.cu:25:3: tiles: blockDim 256 (assumed): branch loop: source=thread-index:'threadIdx.x' split=none undecided=k,n cost={{[0-9]+}} unpredicable contains-loop last-tile scaled-loop
// CHECK-NEXT: {{.*}}divergence-last-tile.cu:27:3: tiles: blockDim 256 (assumed): branch loop: source=thread-index:'threadIdx.x' split=none undecided=k,n cost={{[0-9]+}} unpredicable contains-loop growing-bound scaled-loop
// CHECK-NOT: {{.}}
