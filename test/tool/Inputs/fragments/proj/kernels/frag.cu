// Include-only: fp and STRIDE come from main.cu, which #includes this file.
__global__ void frag_k(fp *a) {
  a[threadIdx.x * STRIDE] = 0.0f;
}
