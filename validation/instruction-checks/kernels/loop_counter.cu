// warplint-unsigned-loop-counter: the guide's §11.1.2 loop, with a signed and an unsigned
// counter. '@loop finding' / '@loop clean' state the check's verdict; results/sm90-sass
// records the SASS instruction count of each.
extern "C" __global__ void loop_unsigned(float *out, const float *in, int offset, int stride, int n) { // @loop finding
  for (unsigned i = 0; i < n; i++)
    out[i] = in[offset + stride * i];
}
extern "C" __global__ void loop_signed(float *out, const float *in, int offset, int stride, int n) { // @loop clean
  for (int i = 0; i < n; i++)
    out[i] = in[offset + stride * i];
}
extern "C" __global__ void loop_unsigned_gridstride(float *out, const float *in, unsigned n) { // @loop clean
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    out[i] = 2.0f * in[i];
}
extern "C" __global__ void loop_signed_gridstride(float *out, const float *in, int n) { // @loop clean
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    out[i] = 2.0f * in[i];
}
extern "C" __global__ void loop_size_t(float *out, const float *in, size_t offset, size_t stride, size_t n) { // @loop clean
  for (size_t i = 0; i < n; i++)
    out[i] = in[offset + stride * i];
}
extern "C" __global__ void loop_unsigned_no_index(float *out, unsigned n) { // @loop clean
  float acc = 0.0f;
  for (unsigned i = 0; i < n; i++)
    acc += 1.0f;
  out[threadIdx.x] = acc;
}
