// FP64 work in single-precision code: the message names the target GPU.
__global__ void scale(float *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = a[i] * 0.1;
}
