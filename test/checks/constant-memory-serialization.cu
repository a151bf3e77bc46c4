// RUN: %check_warplint --checks='-*,warplint-constant-memory-serialization' %s
// Positive (bad_*) and negative (good_*) cases of warplint-constant-memory-serialization.
// Every warning has a CHECK-MESSAGES line; any other warning fails the test, in both
// front ends. sm_90: the constant cache serves one address per warp request.

__constant__ float c_coef[256];
__constant__ float c_filter[64];
struct Params {
  float scale, bias, lo, hi;
};
__constant__ Params c_params[64];

// ---- positives ----

// Each lane reads its own entry: 32 addresses per warp.
__global__ void bad_per_lane_table(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = c_coef[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: __constant__ 'c_coef' is read at 32 different addresses by one warp: the constant cache serves them one after another, 32x the cost of a read every lane shares (32 serialised reads per warp request on average) (Medium priority, CUDA Best Practices Guide §9.2.5) [warplint-constant-memory-serialization]
}

// A sliding window indexed by the lane: 32 addresses in every iteration.
__global__ void bad_window_in_loop(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int j = 0; j < 32; ++j)
    sum += in[i + j] * c_filter[threadIdx.x % 32 + j];
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: __constant__ 'c_filter' is read at 32 different addresses by one warp: {{.*}} (Medium priority, CUDA Best Practices Guide §9.2.5) [warplint-constant-memory-serialization]
  out[i] = sum;
}

// A field of an array of structures, indexed by the lane.
__global__ void bad_struct_field(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = c_params[threadIdx.x % 64].scale * 2.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: __constant__ 'c_params[threadIdx.x % 64].scale' is read at 32 different addresses by one warp: {{.*}} (Medium priority, CUDA Best Practices Guide §9.2.5) [warplint-constant-memory-serialization]
}

// Eight addresses per warp (MinAddresses).
__global__ void bad_eight_addresses(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = c_coef[threadIdx.x % 8];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: __constant__ 'c_coef' is read at 8 different addresses by one warp: the constant cache serves them one after another, 8x the cost of a read every lane shares (8 serialised reads per warp request on average) (Medium priority, CUDA Best Practices Guide §9.2.5) [warplint-constant-memory-serialization]
}

// Through a pointer to the table.
__global__ void bad_through_pointer(float *out) {
  const float *t = c_coef;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = t[threadIdx.x * 2];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: __constant__ 't' ('c_coef') is read at 32 different addresses by one warp: {{.*}} (Medium priority, CUDA Best Practices Guide §9.2.5) [warplint-constant-memory-serialization]
}

// ---- negatives ----

// The convolution shape: the loop counter indexes the filter, every lane reads the
// same tap (one address per warp): what constant memory is for.
__global__ void good_uniform_loop(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int j = 0; j < 64; ++j)
    sum += in[i + j] * c_filter[j];
  out[i] = sum;
}

__global__ void good_block_and_param(float *out, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = c_coef[blockIdx.x % 256] + c_coef[k] + c_params[blockIdx.y].bias;
}

// threadIdx.x / 32 is one value per warp (blockDim.x 256, a multiple of 32).
__global__ void good_warp_index(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = c_coef[threadIdx.x / 32];
}

// Two and four addresses per warp: under MinAddresses (8), cheap.
__global__ void good_two_addresses(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = c_coef[threadIdx.x / 16] + c_coef[(threadIdx.x / 8) % 4 + 64];
}

// A data-dependent index: how many addresses a warp reads depends on the data; not
// judged.
__global__ void good_data_dependent(const int *idx, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = c_coef[idx[i] & 255];
}

// One lane reads: one address.
__global__ void good_single_lane(float *out) {
  if (threadIdx.x == 0)
    out[blockIdx.x] = c_coef[threadIdx.x + 3];
}

void launch(float *out, const float *in, const int *idx, int n) {
  bad_per_lane_table<<<n / 256, 256>>>(out);
  bad_window_in_loop<<<n / 256, 256>>>(in, out);
  bad_struct_field<<<n / 256, 256>>>(out);
  bad_eight_addresses<<<n / 256, 256>>>(out);
  bad_through_pointer<<<n / 256, 256>>>(out);
  good_uniform_loop<<<n / 256, 256>>>(in, out);
  good_block_and_param<<<dim3(n / 256, 4), 256>>>(out, 7);
  good_warp_index<<<n / 256, 256>>>(out);
  good_two_addresses<<<n / 256, 256>>>(out);
  good_data_dependent<<<n / 256, 256>>>(idx, out);
  good_single_lane<<<n / 256, 256>>>(out);
}
