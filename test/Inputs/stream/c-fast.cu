#include "h.cuh"
__global__ void fastc(float *o) { o[threadIdx.x] = o[threadIdx.x] * 2.0; }
__global__ void fastc2(float *o) { o[threadIdx.x] = sqrt((double)o[threadIdx.x]); }
