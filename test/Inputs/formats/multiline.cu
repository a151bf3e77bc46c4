__global__ void scale(float *o, const float *a) {
  o[threadIdx.x] = 0.1 *
                   a[threadIdx.x];
  o[threadIdx.x] = a[threadIdx.x *
                     32];
}
