// REQUIRES: nvcc
// RUN: %check_warplint --checks=-*,warplint-register-pressure,warplint-local-memory-array --config="{CheckOptions: {warplint-register-pressure.Exact: 'on', warplint-register-pressure.CacheDir: 'none'}}" %s
// Exact mode never says less than ptxas (CUDA 13, sm_90, `nvcc -Xptxas -v`), and the
// local-memory check follows ptxas's stack frame once ptxas has run.

// ptxas: 32 registers, 424 bytes stack frame, 1160 bytes spill stores. Below the cap of
// __launch_bounds__(1024) (64 registers), but the kernel calls nothing: the spills are
// for want of registers.
template <int TM, int TN>
__global__ void __launch_bounds__(1024) bad_accumulatorsSpillBelowCap(const float *A, const float *B, float *C, int K) {
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: kernel 'bad_accumulatorsSpillBelowCap' spills registers to local memory ({{[0-9]+}} bytes of spill stores, {{[0-9]+}} bytes of spill loads per thread at {{[0-9]+}} registers) (Medium priority, CUDA Best Practices Guide §10.2) [warplint-register-pressure]
  float acc[TM][TN] = {0.0f};
  for (int k = 0; k < K; ++k) {
    float a[TM], b[TN];
#pragma unroll
    for (int i = 0; i < TM; ++i)
      a[i] = A[(k * TM + i) * 1024 + threadIdx.x];
#pragma unroll
    for (int j = 0; j < TN; ++j)
      b[j] = B[(k * TN + j) * 1024 + threadIdx.x];
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
      for (int j = 0; j < TN; ++j)
        acc[i][j] += a[i] * b[j];
  }
#pragma unroll
  for (int i = 0; i < TM; ++i)
#pragma unroll
    for (int j = 0; j < TN; ++j)
      C[(i * TN + j) * 1024 + threadIdx.x] = acc[i][j];
}

// ptxas: 256 bytes stack frame: the histogram's 64 floats under a dynamic index, which the
// estimate keeps in registers (4-byte elements up to 348 bytes).
__global__ void bad_histogramInLocalMemory(const int *keys, int *out, int n) {
  float hist[64];
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: per-thread array 'hist' of 'bad_histogramInLocalMemory' (64 x float, 256 bytes) lives in local memory, as slow as global memory: ptxas gives the kernel a 256-byte stack frame and the PTX reads or writes it in local memory at line {{[0-9]+}} (Medium priority, CUDA Best Practices Guide §9.2.3) [warplint-local-memory-array]
#pragma unroll
  for (int b = 0; b < 64; ++b)
    hist[b] = 0.0f;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    hist[keys[i] & 63] += 1.0f;
#pragma unroll
  for (int b = 0; b < 64; ++b)
    out[b * blockDim.x + threadIdx.x] = (int)hist[b];
}

// ptxas: 0 bytes stack frame. The indices are locals built from the counters of loops nvcc
// unrolls in full, so every access is at a constant: the array is in registers.
__global__ void good_unrolledLocalIndex(const double *in, double *out) {
  double w[8];
#pragma unroll
  for (int i = 0; i < 8; ++i) {
    int k = (i * 3) % 8;
    w[k] = in[threadIdx.x * 8 + i];
  }
  double s = 0;
#pragma unroll
  for (int i = 0; i < 8; ++i) {
    int k = 7 - i;
    s += w[k] * (i + 1);
  }
  out[threadIdx.x] = s;
}

void launch(const float *A, const float *B, float *C, int K) {
  bad_accumulatorsSpillBelowCap<8, 12><<<1, 1024>>>(A, B, C, K);
}
