// A half warp of compute capability 1.1 coalesces only when its k-th thread reads the k-th
// word of an aligned segment: the offset copy is a finding there, not on sm_52 or newer.
__global__ void offsetCopy(float *odata, const float *idata) {
  int xid = blockIdx.x * blockDim.x + threadIdx.x + 1;
  odata[xid] = idata[xid];
}

void launch(float *a, float *b) { offsetCopy<<<64, 256>>>(a, b); }
