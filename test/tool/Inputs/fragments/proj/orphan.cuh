// Nobody includes this header: it is analysed alone, as before.
__global__ void orphan_k(float *a) { a[threadIdx.x * 32] = 0.0f; }
