// The reduction step of "Optimizing Parallel Reduction" (kernel 1): does nvcc turn
// tid % (2 * s), with s = 1, 2, 4, ..., into a mask as clang 22 does (and i32, no urem)?
// Compile: nvcc -O3 -arch=sm_90 -cubin -o r.cubin reduction_modulo.cu && cuobjdump -sass r.cubin
// Prediction: no division sequence (no IMAD.HI/I2F.RP loop) in either kernel, a LOP3 mask.
__global__ void reduce0(int *g_odata, int *g_idata) {
  extern __shared__ int sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = g_idata[i];
  __syncthreads();
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}
__global__ void reduceInt(int *g_odata, int *g_idata) {
  extern __shared__ int sdata[];
  int tid = threadIdx.x;
  for (int s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}
