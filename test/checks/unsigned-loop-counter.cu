// RUN: %check_warplint --checks='-*,warplint-unsigned-loop-counter' %s
// Positive (bad_*) and negative (good_*) cases of warplint-unsigned-loop-counter: the guide's
// §11.1.2 loop with each counter type.

__global__ void bad_guide_loop(float *out, const float *in, int offset, int stride, int n) {
  for (unsigned i = 0; i < n; i++)
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: loop counter 'i' is unsigned int: it feeds the index 'offset + stride * i', and the defined wrap-around of unsigned arithmetic keeps the compiler from strength-reducing it; declare it as a signed int (reported as Low; the modern guide labels this 'Low Medium') (Low priority, CUDA Best Practices Guide §11.1.2) [warplint-unsigned-loop-counter]
    out[i] = in[offset + stride * i];
}

__global__ void bad_assigned_counter(float *out, const float *in, int stride, unsigned n) {
  unsigned int i;
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: loop counter 'i' is unsigned int: it feeds the index 'stride * i', and the defined wrap-around of unsigned arithmetic keeps the compiler from strength-reducing it; declare it as a signed int (reported as Low; the modern guide labels this 'Low Medium') (Low priority, CUDA Best Practices Guide §11.1.2) [warplint-unsigned-loop-counter]
  for (i = 0; i < n; i++)
    out[i] = in[stride * i];
}

__global__ void bad_through_local(float *out, const float *in, unsigned n, unsigned width) {
  for (unsigned row = 0; row < n; ++row) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: loop counter 'row' is unsigned int: it feeds the index 'idx', and the defined wrap-around of unsigned arithmetic keeps the compiler from strength-reducing it; declare it as a signed int (reported as Low; the modern guide labels this 'Low Medium') (Low priority, CUDA Best Practices Guide §11.1.2) [warplint-unsigned-loop-counter]
    unsigned idx = row * width + threadIdx.x;
    out[idx] = in[idx];
  }
}

__global__ void bad_pointer_offset(float *out, const float *in, unsigned n, unsigned pitch) {
  for (unsigned r = 0; r < n; ++r)
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: loop counter 'r' is unsigned int: it feeds the index 'r * pitch', and the defined wrap-around of unsigned arithmetic keeps the compiler from strength-reducing it; declare it as a signed int (reported as Low; the modern guide labels this 'Low Medium') (Low priority, CUDA Best Practices Guide §11.1.2) [warplint-unsigned-loop-counter]
    out[r] = *(in + r * pitch);
}

__global__ void good_signed(float *out, const float *in, int offset, int stride, int n) {
  for (int i = 0; i < n; i++)
    out[i] = in[offset + stride * i];
}

__global__ void good_grid_stride(float *out, const float *in, unsigned n) {
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    out[i] = 2.0f * in[i];
}

__global__ void good_size_t(float *out, const float *in, size_t stride, size_t n) {
  for (size_t i = 0; i < n; i++)
    out[i] = in[stride * i];
}

__global__ void good_halving_reduction(float *sdata) {
  unsigned tid = threadIdx.x;
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1)
    if (tid < s)
      sdata[tid + s * 1] += sdata[tid];
}

__global__ void good_only_added(float *out, const float *in, unsigned base, unsigned n) {
  for (unsigned pos = threadIdx.x; pos < n; pos += blockDim.x)
    out[base + pos] = in[base + pos];
}

__global__ void good_constant_trip_count(float *out, unsigned width) {
  for (unsigned face = 0; face < 6; face++)
    out[face * width * width + threadIdx.x] = 0.0f;
}

__global__ void good_not_affine(float *out, unsigned tiles, unsigned n) {
  for (unsigned pos = blockIdx.x; pos < n; pos += gridDim.x) {
    unsigned tile = ((pos * 2) / tiles) * 4;
    out[tile * 64 + threadIdx.x] = 0.0f;
  }
}

__global__ void good_no_index(float *out, unsigned n) {
  float acc = 0.0f;
  for (unsigned i = 0; i < n; i++)
    acc += 1.0f;
  out[threadIdx.x] = acc;
}

void host_loop(float *out, const float *in, unsigned n, unsigned s) {
  for (unsigned i = 0; i < n; i++)
    out[i] = in[s * i];
}
