#include "tile.cuh"

__global__ void scale(float *o, const float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#ifdef STRIDED
  i *= 32;
#endif
  if (i < n)
    o[i] = a[i] * 2.0;
}

void launch(float *o, const float *a, int n) {
  scale<<<(n + 99) / 100, 100>>>(o, a, n);
  transpose<<<1, dim3(32, 32)>>>(o, a);
}
