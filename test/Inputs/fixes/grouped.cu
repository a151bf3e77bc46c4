__global__ void rounding(float *o, const float *a) {
  unsigned i = threadIdx.x;
  o[i] = floor((double)a[i]);
  o[i + 32] = floor((double)a[i + 32]);
  o[i + 64] = floor((double)a[i + 64]);
  o[i + 96] = floor((double)a[i + 96]);
  o[i + 128] = floor((double)a[i + 128]);
  o[i + 160] = floor((double)a[i + 160]);
  o[i + 192] = floor((double)a[i + 192]);
}
