// Probe kernels: does nvcc merge scalar shared-memory accesses of adjacent
// elements (s[2*t], s[2*t+1]) into one 64- or 128-bit LDS/STS? One shape per
// kernel; sass_widths.sh prints the widths of each kernel's LDS/STS.
#include <cuda_fp16.h>

// 1. Static float array, loads of 2*t and 2*t+1.
__global__ void static_pair_load(float *out) {
  __shared__ float s[512];
  int t = threadIdx.x;
  s[t] = out[t];
  s[t + 256] = out[t + 256];
  __syncthreads();
  out[t] = s[2 * t] + s[2 * t + 1];
}

// 2. Dynamic (extern) float array, same loads.
__global__ void extern_pair_load(float *out) {
  extern __shared__ float e[];
  int t = threadIdx.x;
  e[t] = out[t];
  e[t + 256] = out[t + 256];
  __syncthreads();
  out[t] = e[2 * t] + e[2 * t + 1];
}

// 3. Static float array, stores of 2*t and 2*t+1.
__global__ void static_pair_store(const float *in, float *out) {
  __shared__ float s[512];
  int t = threadIdx.x;
  s[2 * t] = in[2 * t];
  s[2 * t + 1] = in[2 * t + 1];
  __syncthreads();
  out[t] = s[t] + s[t + 256];
}

// 4. Extern float array, stores of 2*t and 2*t+1 (scan's load phase).
__global__ void extern_pair_store(const float *in, float *out) {
  extern __shared__ float e[];
  int t = threadIdx.x;
  e[2 * t] = in[2 * t];
  e[2 * t + 1] = in[2 * t + 1];
  __syncthreads();
  out[t] = e[t] + e[t + 256];
}

// 5. Four adjacent floats per lane: 4*t .. 4*t+3.
__global__ void static_quad_load(float *out) {
  __shared__ float s[1024];
  int t = threadIdx.x;
  for (int k = 0; k < 4; ++k)
    s[t + 256 * k] = out[t + 256 * k];
  __syncthreads();
  out[t] = s[4 * t] + s[4 * t + 1] + s[4 * t + 2] + s[4 * t + 3];
}

// 6. Odd start: 2*t+1 and 2*t+2 (not 8-byte aligned).
__global__ void static_odd_pair_load(float *out) {
  __shared__ float s[520];
  int t = threadIdx.x;
  s[t] = out[t];
  s[t + 256] = out[t + 256];
  __syncthreads();
  out[t] = s[2 * t + 1] + s[2 * t + 2];
}

// 7. Runtime offset of unknown parity: 2*t - k and 2*t + 1 - k.
__global__ void runtime_offset_pair_load(float *out, int k) {
  __shared__ float s[512];
  int t = threadIdx.x;
  s[t] = out[t];
  s[t + 256] = out[t + 256];
  __syncthreads();
  out[t] = s[2 * t - k] + s[2 * t + 1 - k];
}

// 8. Guarded pair (a wavelet step: both under `if (t < n)`).
__global__ void guarded_pair_load(float *out, int n) {
  __shared__ float s[512];
  int t = threadIdx.x;
  s[t] = out[t];
  s[t + 256] = out[t + 256];
  __syncthreads();
  float a = 0, b = 0;
  if (t < n) {
    a = s[2 * t];
    b = s[2 * t + 1];
  }
  out[t] = a * b;
}

// 9. Unrolled loop over 4 adjacent elements.
__global__ void unrolled_quad_load(float *out) {
  __shared__ float s[1024];
  int t = threadIdx.x;
  for (int k = 0; k < 4; ++k)
    s[t + 256 * k] = out[t + 256 * k];
  __syncthreads();
  float r = 0;
#pragma unroll
  for (int j = 0; j < 4; ++j)
    r += s[4 * t + j];
  out[t] = r;
}

// 10. Half-precision pair: 2*t, 2*t+1 of __half (32-bit merge?).
__global__ void half_pair_load(__half *out) {
  __shared__ __half h[512];
  int t = threadIdx.x;
  h[t] = out[t];
  h[t + 256] = out[t + 256];
  __syncthreads();
  out[t] = __hadd(h[2 * t], h[2 * t + 1]);
}

// 11. Double pair: 2*t, 2*t+1 of double (128-bit merge?).
__global__ void double_pair_load(double *out) {
  __shared__ double d[512];
  int t = threadIdx.x;
  d[t] = out[t];
  d[t + 256] = out[t + 256];
  __syncthreads();
  out[t] = d[2 * t] + d[2 * t + 1];
}

// 12. 2-D array, row by threadIdx.y, pair in the row: s[ty][2*tx], s[ty][2*tx+1].
__global__ void row_pair_load(float *out) {
  __shared__ float s[8][64];
  int tx = threadIdx.x, ty = threadIdx.y;
  s[ty][tx] = out[ty * 64 + tx];
  s[ty][tx + 32] = out[ty * 64 + tx + 32];
  __syncthreads();
  out[ty * 32 + tx] = s[ty][2 * tx] + s[ty][2 * tx + 1];
}

// 13. Even runtime offset: 2*(t + k) and 2*(t + k) + 1.
__global__ void even_runtime_offset_pair_load(float *out, int k) {
  __shared__ float s[1024];
  int t = threadIdx.x;
  s[t] = out[t];
  s[t + 256] = out[t + 256];
  __syncthreads();
  out[t] = s[2 * (t + k)] + s[2 * (t + k) + 1];
}

// 14. Pair split across statements with a barrier between (no merge expected).
__global__ void barrier_between_pair_load(float *out) {
  __shared__ float s[512];
  int t = threadIdx.x;
  s[t] = out[t];
  s[t + 256] = out[t + 256];
  __syncthreads();
  float a = s[2 * t];
  __syncthreads();
  s[t] = a;
  __syncthreads();
  out[t] = a + s[2 * t + 1];
}

// 15. Unrolled loop of pairs at a stride (bitonic: pos and pos + stride).
__global__ void stride_pair_load(float *out) {
  __shared__ float s[1024];
  int t = threadIdx.x;
  for (int k = 0; k < 4; ++k)
    s[t + 256 * k] = out[t + 256 * k];
  __syncthreads();
  float r = 0;
#pragma unroll
  for (int stride = 8; stride > 0; stride >>= 1) {
    int pos = 2 * t - (t & (stride - 1));
    r += s[pos] * s[pos + stride];
  }
  out[t] = r;
}

// The same shapes on dynamic (extern) shared memory, which nvcc declares
// 16-byte aligned, and on a static array declared with __align__(16).

// 16. Extern: four adjacent floats per lane.
__global__ void extern_quad_load(float *out) {
  extern __shared__ float e[];
  int t = threadIdx.x;
  for (int k = 0; k < 4; ++k)
    e[t + 256 * k] = out[t + 256 * k];
  __syncthreads();
  out[t] = e[4 * t] + e[4 * t + 1] + e[4 * t + 2] + e[4 * t + 3];
}

// 17. Extern: odd start.
__global__ void extern_odd_pair_load(float *out) {
  extern __shared__ float e[];
  int t = threadIdx.x;
  e[t] = out[t];
  e[t + 256] = out[t + 256];
  __syncthreads();
  out[t] = e[2 * t + 1] + e[2 * t + 2];
}

// 18. Extern: runtime offset of unknown parity.
__global__ void extern_runtime_offset_pair_load(float *out, int k) {
  extern __shared__ float e[];
  int t = threadIdx.x;
  e[t] = out[t];
  e[t + 256] = out[t + 256];
  __syncthreads();
  out[t] = e[2 * t - k] + e[2 * t + 1 - k];
}

// 19. Extern: guarded pair.
__global__ void extern_guarded_pair_load(float *out, int n) {
  extern __shared__ float e[];
  int t = threadIdx.x;
  e[t] = out[t];
  e[t + 256] = out[t + 256];
  __syncthreads();
  float a = 0, b = 0;
  if (t < n) {
    a = e[2 * t];
    b = e[2 * t + 1];
  }
  out[t] = a * b;
}

// 20. Extern: unrolled loop over 4 adjacent elements.
__global__ void extern_unrolled_quad_load(float *out) {
  extern __shared__ float e[];
  int t = threadIdx.x;
  for (int k = 0; k < 4; ++k)
    e[t + 256 * k] = out[t + 256 * k];
  __syncthreads();
  float r = 0;
#pragma unroll
  for (int j = 0; j < 4; ++j)
    r += e[4 * t + j];
  out[t] = r;
}

// 21. Extern: half pair.
__global__ void extern_half_pair_load(__half *out) {
  extern __shared__ __half eh[];
  int t = threadIdx.x;
  eh[t] = out[t];
  eh[t + 256] = out[t + 256];
  __syncthreads();
  out[t] = __hadd(eh[2 * t], eh[2 * t + 1]);
}

// 22. Extern: double pair.
__global__ void extern_double_pair_load(double *out) {
  extern __shared__ double ed[];
  int t = threadIdx.x;
  ed[t] = out[t];
  ed[t + 256] = out[t + 256];
  __syncthreads();
  out[t] = ed[2 * t] + ed[2 * t + 1];
}

// 23. Extern: even runtime offset.
__global__ void extern_even_runtime_offset_pair_load(float *out, int k) {
  extern __shared__ float e[];
  int t = threadIdx.x;
  e[t] = out[t];
  e[t + 256] = out[t + 256];
  __syncthreads();
  out[t] = e[2 * (t + k)] + e[2 * (t + k) + 1];
}

// 24. Static array declared __align__(16): pair loads.
__global__ void aligned_static_pair_load(float *out) {
  __shared__ __align__(16) float s[512];
  int t = threadIdx.x;
  s[t] = out[t];
  s[t + 256] = out[t + 256];
  __syncthreads();
  out[t] = s[2 * t] + s[2 * t + 1];
}

// 25. Extern: loop-carried pair with a runtime stride (scan's up-sweep).
__global__ void extern_sweep_pair_load(float *out, int n) {
  extern __shared__ float e[];
  int t = threadIdx.x;
  e[2 * t] = out[2 * t];
  e[2 * t + 1] = out[2 * t + 1];
  float c0 = 0, c1 = 0;
  for (int stride = 1; stride < n; stride *= 2) {
    __syncthreads();
    if (2 * t >= stride) {
      c0 = e[2 * t - stride] + e[2 * t];
      c1 = e[2 * t + 1 - stride] + e[2 * t + 1];
    }
    __syncthreads();
    e[2 * t] = c0;
    e[2 * t + 1] = c1;
  }
  out[t] = e[t];
}

// 26. Extern: the pair read through a pointer advanced by an even amount.
__global__ void extern_pointer_pair_load(float *out) {
  extern __shared__ float e[];
  int t = threadIdx.x;
  e[t] = out[t];
  e[t + 256] = out[t + 256];
  __syncthreads();
  const float *p = e + 2 * t;
  out[t] = p[0] + p[1];
}
