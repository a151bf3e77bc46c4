#pragma once
__global__ void transpose(float *o, const float *a) {
  __shared__ float t[32][32];
  t[threadIdx.x][threadIdx.y] = a[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  o[threadIdx.y * 32 + threadIdx.x] = t[threadIdx.y][threadIdx.x];
}
