#include "h.cuh"
__global__ void fastb(float *o) { o[threadIdx.x] = o[threadIdx.x] * 2.0; }
__global__ void fastb2(float *o) { o[threadIdx.x] = sqrt((double)o[threadIdx.x]); }
