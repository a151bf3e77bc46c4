// The configured GPU drives the parse as well as the model: code for __CUDA_ARCH__ 700 is
// what an sm_70 build compiles, and its launch and FP64 work are what is judged.
__global__ void scale(float *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#if __CUDA_ARCH__ == 700
  a[i] = a[i] * 0.1;
#else
  a[i] = a[i] * 0.5f;
#endif
}

void launch(float *a) {
#if __CUDA_ARCH__ == 700
  scale<<<1, 100>>>(a);
#else
  scale<<<1, 128>>>(a);
#endif
}
