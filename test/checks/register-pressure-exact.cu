// RUN: %check_warplint --checks=-*,warplint-register-pressure --config="{CheckOptions: {warplint-register-pressure.Replay: '%src_root/validation/resource-checks/recorded/register-pressure-exact'}}" %s
// Exact mode, replayed: the registers, spills and local-memory lines come from what nvcc
// and ptxas (CUDA 13.0, sm_90) made of this file, recorded with
// validation/resource-checks/record_ptxas.sh; register-pressure-exact-live.test runs the
// compiler instead when it is installed and must give the same warnings.

// 64 accumulators live at once.
__global__ void bad_tile(const float *in, float *out) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: kernel 'bad_tile' uses 72 registers per thread: at 256 threads per block they limit sm_90 to 3 blocks per SM (24 of 64 warps, 37.5% occupancy) (Medium priority, CUDA Best Practices Guide §10.2) [warplint-register-pressure]
  float acc[64];
  for (int i = 0; i < 64; ++i)
    acc[i] = in[threadIdx.x * 64 + i];
  float s = 0;
  for (int i = 0; i < 64; ++i)
    s += acc[i] * acc[63 - i];
  out[threadIdx.x] = s;
}

// __launch_bounds__(256, 8) caps registers at 32: ptxas spills.
__global__ void __launch_bounds__(256, 8) bad_spills(const float *in, float *out) {
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: kernel 'bad_spills' spills registers to local memory ({{[0-9]+}} bytes of spill stores, {{[0-9]+}} bytes of spill loads per thread at 32 registers) (Medium priority, CUDA Best Practices Guide §10.2) [warplint-register-pressure]
  float acc[64];
  for (int i = 0; i < 64; ++i)
    acc[i] = in[threadIdx.x * 64 + i];
  float s = 0;
  for (int i = 0; i < 64; ++i)
    s += acc[i] * acc[63 - i];
  out[threadIdx.x] = s;
}

// Spills and a dynamically indexed array: the array's ld.local/st.local map to lines.
__global__ void __launch_bounds__(1024, 2) bad_spills_and_local(const double *in, const int *idx, double *out) {
  // CHECK-MESSAGES: :[[@LINE-1]]:44: warning: kernel 'bad_spills_and_local' spills registers to local memory {{.*}} (Medium priority, CUDA Best Practices Guide §10.2) [warplint-register-pressure]
  double a[24];
  for (int i = 0; i < 24; ++i)
    a[i] = in[threadIdx.x * 24 + i];
  double s = 0;
  for (int i = 0; i < 24; ++i)
    s += a[i] * a[23 - i];
  out[threadIdx.x] = s + a[idx[threadIdx.x]];
}

// Registers are the limiter, but at 75% occupancy.
__global__ void good_above_threshold(const float *in, float *out) {
  float acc[32];
  for (int i = 0; i < 32; ++i)
    acc[i] = in[threadIdx.x * 32 + i];
  float s = 0;
  for (int i = 0; i < 32; ++i)
    s += acc[i] * acc[31 - i];
  out[threadIdx.x] = s;
}

__global__ void good_small(const float *in, float *out) { out[threadIdx.x] = in[threadIdx.x] * 2; }

void launch(const float *in, float *out) {
  bad_tile<<<1024, 256>>>(in, out);
  good_above_threshold<<<1024, 256>>>(in, out);
  good_small<<<1024, 256>>>(in, out);
}
