// Probes of nvcc's predication: one lane-varying branch (odd lanes) per kernel around a
// body of growing size or of one kind of operation. validation/divergence/run.sh runs
// them; docs/validation-divergence.md has the table.
__global__ void p_fma12(float *out, const float *in, int d) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int q = i;
  s[threadIdx.x] = v;
  __syncthreads();
  if (threadIdx.x % 2) { v = v * v + 1.0f; v = v * v + 2.0f; v = v * v + 3.0f; v = v * v + 4.0f; v = v * v + 5.0f; v = v * v + 6.0f; v = v * v + 7.0f; v = v * v + 8.0f; v = v * v + 9.0f; v = v * v + 10.0f; v = v * v + 11.0f; v = v * v + 12.0f; }
  out[i] = v + q;
}
__global__ void p_fma16(float *out, const float *in, int d) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int q = i;
  s[threadIdx.x] = v;
  __syncthreads();
  if (threadIdx.x % 2) { v = v * v + 1.0f; v = v * v + 2.0f; v = v * v + 3.0f; v = v * v + 4.0f; v = v * v + 5.0f; v = v * v + 6.0f; v = v * v + 7.0f; v = v * v + 8.0f; v = v * v + 9.0f; v = v * v + 10.0f; v = v * v + 11.0f; v = v * v + 12.0f; v = v * v + 13.0f; v = v * v + 14.0f; v = v * v + 15.0f; v = v * v + 16.0f; }
  out[i] = v + q;
}
__global__ void p_fma24(float *out, const float *in, int d) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int q = i;
  s[threadIdx.x] = v;
  __syncthreads();
  if (threadIdx.x % 2) { v = v * v + 1.0f; v = v * v + 2.0f; v = v * v + 3.0f; v = v * v + 4.0f; v = v * v + 5.0f; v = v * v + 6.0f; v = v * v + 7.0f; v = v * v + 8.0f; v = v * v + 9.0f; v = v * v + 10.0f; v = v * v + 11.0f; v = v * v + 12.0f; v = v * v + 13.0f; v = v * v + 14.0f; v = v * v + 15.0f; v = v * v + 16.0f; v = v * v + 17.0f; v = v * v + 18.0f; v = v * v + 19.0f; v = v * v + 20.0f; v = v * v + 21.0f; v = v * v + 22.0f; v = v * v + 23.0f; v = v * v + 24.0f; }
  out[i] = v + q;
}
__global__ void p_fma32(float *out, const float *in, int d) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int q = i;
  s[threadIdx.x] = v;
  __syncthreads();
  if (threadIdx.x % 2) { v = v * v + 1.0f; v = v * v + 2.0f; v = v * v + 3.0f; v = v * v + 4.0f; v = v * v + 5.0f; v = v * v + 6.0f; v = v * v + 7.0f; v = v * v + 8.0f; v = v * v + 9.0f; v = v * v + 10.0f; v = v * v + 11.0f; v = v * v + 12.0f; v = v * v + 13.0f; v = v * v + 14.0f; v = v * v + 15.0f; v = v * v + 16.0f; v = v * v + 17.0f; v = v * v + 18.0f; v = v * v + 19.0f; v = v * v + 20.0f; v = v * v + 21.0f; v = v * v + 22.0f; v = v * v + 23.0f; v = v * v + 24.0f; v = v * v + 25.0f; v = v * v + 26.0f; v = v * v + 27.0f; v = v * v + 28.0f; v = v * v + 29.0f; v = v * v + 30.0f; v = v * v + 31.0f; v = v * v + 32.0f; }
  out[i] = v + q;
}
__global__ void p_fma48(float *out, const float *in, int d) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int q = i;
  s[threadIdx.x] = v;
  __syncthreads();
  if (threadIdx.x % 2) { v = v * v + 1.0f; v = v * v + 2.0f; v = v * v + 3.0f; v = v * v + 4.0f; v = v * v + 5.0f; v = v * v + 6.0f; v = v * v + 7.0f; v = v * v + 8.0f; v = v * v + 9.0f; v = v * v + 10.0f; v = v * v + 11.0f; v = v * v + 12.0f; v = v * v + 13.0f; v = v * v + 14.0f; v = v * v + 15.0f; v = v * v + 16.0f; v = v * v + 17.0f; v = v * v + 18.0f; v = v * v + 19.0f; v = v * v + 20.0f; v = v * v + 21.0f; v = v * v + 22.0f; v = v * v + 23.0f; v = v * v + 24.0f; v = v * v + 25.0f; v = v * v + 26.0f; v = v * v + 27.0f; v = v * v + 28.0f; v = v * v + 29.0f; v = v * v + 30.0f; v = v * v + 31.0f; v = v * v + 32.0f; v = v * v + 33.0f; v = v * v + 34.0f; v = v * v + 35.0f; v = v * v + 36.0f; v = v * v + 37.0f; v = v * v + 38.0f; v = v * v + 39.0f; v = v * v + 40.0f; v = v * v + 41.0f; v = v * v + 42.0f; v = v * v + 43.0f; v = v * v + 44.0f; v = v * v + 45.0f; v = v * v + 46.0f; v = v * v + 47.0f; v = v * v + 48.0f; }
  out[i] = v + q;
}
__global__ void p_sqrt(float *out, const float *in, int d) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int q = i;
  s[threadIdx.x] = v;
  __syncthreads();
  if (threadIdx.x % 2) { v = sqrtf(v); }
  out[i] = v + q;
}
__global__ void p_fdiv(float *out, const float *in, int d) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int q = i;
  s[threadIdx.x] = v;
  __syncthreads();
  if (threadIdx.x % 2) { v = 1.0f / v; }
  out[i] = v + q;
}
__global__ void p_fdivfast(float *out, const float *in, int d) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int q = i;
  s[threadIdx.x] = v;
  __syncthreads();
  if (threadIdx.x % 2) { v = __fdividef(1.0f, v); }
  out[i] = v + q;
}
__global__ void p_expf(float *out, const float *in, int d) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int q = i;
  s[threadIdx.x] = v;
  __syncthreads();
  if (threadIdx.x % 2) { v = expf(v); }
  out[i] = v + q;
}
__global__ void p_fastexp(float *out, const float *in, int d) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int q = i;
  s[threadIdx.x] = v;
  __syncthreads();
  if (threadIdx.x % 2) { v = __expf(v); }
  out[i] = v + q;
}
__global__ void p_sinf(float *out, const float *in, int d) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int q = i;
  s[threadIdx.x] = v;
  __syncthreads();
  if (threadIdx.x % 2) { v = sinf(v); }
  out[i] = v + q;
}
__global__ void p_logf(float *out, const float *in, int d) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int q = i;
  s[threadIdx.x] = v;
  __syncthreads();
  if (threadIdx.x % 2) { v = logf(v); }
  out[i] = v + q;
}
__global__ void p_idiv(float *out, const float *in, int d) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int q = i;
  s[threadIdx.x] = v;
  __syncthreads();
  if (threadIdx.x % 2) { q = q / d; }
  out[i] = v + q;
}
__global__ void p_imod(float *out, const float *in, int d) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int q = i;
  s[threadIdx.x] = v;
  __syncthreads();
  if (threadIdx.x % 2) { q = q % d; }
  out[i] = v + q;
}
__global__ void p_shload(float *out, const float *in, int d) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int q = i;
  s[threadIdx.x] = v;
  __syncthreads();
  if (threadIdx.x % 2) { v = s[threadIdx.x ^ 1] * 2.0f; }
  out[i] = v + q;
}
__global__ void p_shrmw(float *out, const float *in, int d) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int q = i;
  s[threadIdx.x] = v;
  __syncthreads();
  if (threadIdx.x % 2) { s[threadIdx.x] += s[threadIdx.x ^ 1]; v = s[threadIdx.x]; }
  out[i] = v + q;
}
__global__ void p_ldg(float *out, const float *in, int d) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int q = i;
  s[threadIdx.x] = v;
  __syncthreads();
  if (threadIdx.x % 2) { v = __ldg(&in[i + 1]); }
  out[i] = v + q;
}
__global__ void p_gload_fma8(float *out, const float *in, int d) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int q = i;
  s[threadIdx.x] = v;
  __syncthreads();
  if (threadIdx.x % 2) { v = in[i + 1]; v = v * v + 1.0f; v = v * v + 2.0f; v = v * v + 3.0f; v = v * v + 4.0f; v = v * v + 5.0f; v = v * v + 6.0f; v = v * v + 7.0f; v = v * v + 8.0f; }
  out[i] = v + q;
}
__global__ void p_store2(float *out, const float *in, int d) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int q = i;
  s[threadIdx.x] = v;
  __syncthreads();
  if (threadIdx.x % 2) { out[i + 1] = v; out[i + 2] = v; }
  out[i] = v + q;
}
__global__ void p_atomic(float *out, const float *in, int d) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int q = i;
  s[threadIdx.x] = v;
  __syncthreads();
  if (threadIdx.x % 2) { atomicAdd(&out[0], v); }
  out[i] = v + q;
}
__global__ void p_int8(float *out, const float *in, int d) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  int q = i;
  s[threadIdx.x] = v;
  __syncthreads();
  if (threadIdx.x % 2) { q = q * 3 + 1; q = q * 3 + 2; q = q * 3 + 3; q = q * 3 + 4; q = q * 3 + 5; q = q * 3 + 6; q = q * 3 + 7; q = q * 3 + 8; }
  out[i] = v + q;
}
void launch_all(float *o, const float *in, int *ci, int *io, int n) {
  p_fma12<<<n / 256, 256>>>(o, in, 7);
  p_fma16<<<n / 256, 256>>>(o, in, 7);
  p_fma24<<<n / 256, 256>>>(o, in, 7);
  p_fma32<<<n / 256, 256>>>(o, in, 7);
  p_fma48<<<n / 256, 256>>>(o, in, 7);
  p_sqrt<<<n / 256, 256>>>(o, in, 7);
  p_fdiv<<<n / 256, 256>>>(o, in, 7);
  p_fdivfast<<<n / 256, 256>>>(o, in, 7);
  p_expf<<<n / 256, 256>>>(o, in, 7);
  p_fastexp<<<n / 256, 256>>>(o, in, 7);
  p_sinf<<<n / 256, 256>>>(o, in, 7);
  p_logf<<<n / 256, 256>>>(o, in, 7);
  p_idiv<<<n / 256, 256>>>(o, in, 7);
  p_imod<<<n / 256, 256>>>(o, in, 7);
  p_shload<<<n / 256, 256>>>(o, in, 7);
  p_shrmw<<<n / 256, 256>>>(o, in, 7);
  p_ldg<<<n / 256, 256>>>(o, in, 7);
  p_gload_fma8<<<n / 256, 256>>>(o, in, 7);
  p_store2<<<n / 256, 256>>>(o, in, 7);
  p_atomic<<<n / 256, 256>>>(o, in, 7);
  p_int8<<<n / 256, 256>>>(o, in, 7);
}
