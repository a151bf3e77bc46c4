// RUN: %check_warplint --checks=-*,warplint-register-pressure %s
// The estimate from the source (the tests parse with warplint's fallback CUDA declarations,
// so exact mode stays off: register-pressure-exact.cu replays ptxas). Target sm_90: 65536
// registers per SM in 4 sub-partitions, 64 warps, at most 255 registers per thread.
// bad_* kernels are positive cases, good_* negative ones.

// 64 floats of accumulators held in registers: an estimated 8 + 64 = 72 registers; at 256
// threads per block they allow 3 blocks (24 of 64 warps), 64 registers would allow 4.
__global__ void bad_tile(const float *in, float *out) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: kernel 'bad_tile' needs an estimated 72 registers per thread: at 256 threads per block they limit sm_90 to 3 blocks per SM (24 of 64 warps, 37.5% occupancy) (Medium priority, CUDA Best Practices Guide §10.2) [warplint-register-pressure]
  float acc[64];
  for (int i = 0; i < 64; ++i)
    acc[i] = in[threadIdx.x * 64 + i];
  float s = 0;
  for (int i = 0; i < 64; ++i)
    s += acc[i] * acc[63 - i];
  out[threadIdx.x] = s;
}

// The same kernel shape at 32 accumulators: registers still limit it, but to 6 blocks
// (75%), above the 50% threshold.
__global__ void good_above_threshold(const float *in, float *out) {
  float acc[32];
  for (int i = 0; i < 32; ++i)
    acc[i] = in[threadIdx.x * 32 + i];
  float s = 0;
  for (int i = 0; i < 32; ++i)
    s += acc[i] * acc[31 - i];
  out[threadIdx.x] = s;
}

// Nothing held in registers: the estimate (8) limits nothing.
__global__ void good_small(const float *in, float *out) { out[threadIdx.x] = in[threadIdx.x]; }

// Launched only with a run-time block size: not evaluated.
__global__ void good_runtime_block(const float *in, float *out) {
  float acc[64];
  for (int i = 0; i < 64; ++i)
    acc[i] = in[threadIdx.x * 64 + i];
  float s = 0;
  for (int i = 0; i < 64; ++i)
    s += acc[i] * acc[63 - i];
  out[threadIdx.x] = s;
}

// Shared memory allows 3 blocks too (40 KB static + 30000 bytes dynamic per block): fewer
// registers would not fit a fourth.
__global__ void good_shared_also_limits(const float *in, float *out) {
  __shared__ float stage[10240];
  float acc[64];
  for (int i = 0; i < 64; ++i)
    acc[i] = in[threadIdx.x * 64 + i];
  stage[threadIdx.x] = acc[0];
  float s = 0;
  for (int i = 0; i < 64; ++i)
    s += acc[i] * acc[63 - i];
  out[threadIdx.x] = s + stage[255 - threadIdx.x];
}

// __launch_bounds__(256, 4) caps registers at 65536 / (4 x 256) = 64 per thread, below the
// estimated 72 the kernel keeps live.
__global__ void __launch_bounds__(256, 4) bad_capped(const float *in, float *out) {
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: __launch_bounds__(256, 4) caps kernel 'bad_capped' at 64 registers per thread on sm_90, below the estimated 72 it needs: expect spills to local memory (Medium priority, CUDA Best Practices Guide §10.2) [warplint-register-pressure]
  float acc[64];
  for (int i = 0; i < 64; ++i)
    acc[i] = in[threadIdx.x * 64 + i];
  float s = 0;
  for (int i = 0; i < 64; ++i)
    s += acc[i] * acc[63 - i];
  out[threadIdx.x] = s;
}

// A cap of 128 registers (2 blocks of 256) leaves room.
__global__ void __launch_bounds__(256, 2) good_capped(const float *in, float *out) {
  float acc[64];
  for (int i = 0; i < 64; ++i)
    acc[i] = in[threadIdx.x * 64 + i];
  float s = 0;
  for (int i = 0; i < 64; ++i)
    s += acc[i] * acc[63 - i];
  out[threadIdx.x] = s;
}

void launch(const float *in, float *out, int threads) {
  bad_tile<<<1024, 256>>>(in, out);
  good_above_threshold<<<1024, 256>>>(in, out);
  good_small<<<1024, 256>>>(in, out);
  good_runtime_block<<<1024, threads>>>(in, out);
  good_shared_also_limits<<<1024, 256, 30000>>>(in, out);
}
