__global__ void scale(float *o, const float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    o[i] = a[i] * 2.0 + 1.0;
}
__global__ void transpose(float *out, const float *in) {
  __shared__ float m[32][32];
  m[threadIdx.x][threadIdx.y] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = m[threadIdx.y][threadIdx.x];
}
__global__ void flat(float *out) {
  __shared__ float t[32][32];
  t[threadIdx.x][0] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = (&t[0][0])[threadIdx.x * 32];
}
void host(float *o, const float *a, int n) {
  scale<<<(n + 99) / 100, 100>>>(o, a, n);
  transpose<<<1, dim3(32, 32)>>>(o, a);
  flat<<<1, 32>>>(o);
}
__global__ void rounding(float *o, const float *a) {
  o[threadIdx.x] = floor((double)a[threadIdx.x]);
}
