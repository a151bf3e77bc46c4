// Kernels in a header, to see how ncu names a second source file.
#pragma once
__global__ void headerStrided(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i * 16 < n)
    out[i] = in[i * 16];
}
