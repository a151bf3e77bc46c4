// RUN: %check_warplint --checks='-*,warplint-integer-division' %s
// RUN: %warplint --quiet --format=json -checks='-*,warplint-integer-division' %s -- %cuda_args > %t.json || true
// RUN: FileCheck %s --check-prefix=FIX --input-file=%t.json
// The mask where the code only masks with n - 1 elsewhere is unsafe (n is not proven a power of
// two): named in the note, no fix-it. warpSize -> 32 and a loop-made power of two are safe.
// FIX: "message": "write 'a[i] & (n - 1)': the same value for a power of two (review it: not applied by --fix, replace 'a[i] % n' with '(a[i] & (n - 1))')"
// FIX: "replacement": "32"
// FIX: "message": "write 32: the warp size of every CUDA GPU (fix available: --fix applies it)"
// FIX: "replacement": "(tid & (2 * s - 1))"
// FIX: "message": "write 'tid & (2 * s - 1)': the same value for a power of two (fix available: --fix applies it)"
// Positive (bad_*) and negative (good_*) cases of warplint-integer-division.

__global__ void bad_masked_parameter(unsigned *o, const unsigned *a, unsigned n) {
  unsigned i = threadIdx.x;
  unsigned lane = a[i] & (n - 1);
  o[i] = a[i] / n + lane;
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: integer division by 'n', which the code treats as a power of two: a shift by log2(n) does it in one instruction; the compiler cannot see that 'n' is a power of two (+1 more like it in 'bad_masked_parameter', in the notes) (Low priority, CUDA Best Practices Guide §11.1.1) [warplint-integer-division]
  o[i] += a[i] % n;
  // (one finding per cause: now a related location of another finding of this check)
}

__global__ void bad_assumed(int *o, const int *a, int n) {
  __builtin_assume((n & (n - 1)) == 0);
  int i = threadIdx.x;
  o[i] = a[i] / n;
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: integer division by 'n', which the code treats as a power of two: a shift by log2(n) does it in one instruction (for non-negative 'a[i]'); the compiler cannot see that 'n' is a power of two (+1 more like it in 'bad_assumed', in the notes) (Low priority, CUDA Best Practices Guide §11.1.1) [warplint-integer-division]
  o[i] %= n;
  // (one finding per cause: now a related location of another finding of this check)
}

__global__ void bad_block_dim(unsigned *o) {
  unsigned t = threadIdx.x + blockIdx.x * blockDim.x;
  o[t] = (t / blockDim.x) * 1000u + (t & (blockDim.x - 1));
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: integer division by 'blockDim.x', which the code treats as a power of two: a shift by log2(blockDim.x) does it in one instruction; the compiler cannot see that 'blockDim.x' is a power of two (Low priority, CUDA Best Practices Guide §11.1.1) [warplint-integer-division]
}

__global__ void bad_warp_size(int *o) {
  int t = threadIdx.x;
  int warp = t / warpSize;
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: integer division by warpSize compiles to a multi-instruction sequence: nvcc reads warpSize from a register and does not fold it; with the literal 32 it becomes a shift (for non-negative 't') (+1 more like it in 'bad_warp_size', in the notes) (Low priority, CUDA Best Practices Guide §11.1.1) [warplint-integer-division]
  int lane = t % warpSize;
  // (one finding per cause: now a related location of another finding of this check)
  o[t] = warp + lane;
}

template <int N> __global__ void good_template(int *o, const int *a) {
  o[threadIdx.x] = a[threadIdx.x] / N + a[threadIdx.x] % N;
}
template __global__ void good_template<64>(int *, const int *);

__global__ void good_constants(unsigned *o, const unsigned *a, int n) {
  const unsigned tile = 16;
  unsigned i = threadIdx.x;
  o[i] = a[i] / 32 + a[i] % 32 + a[i] / tile + a[i] % tile;
  // Nothing says n is a power of two.
  o[i] += a[i] / n + a[i] % n + i / blockDim.x;
}

__global__ void good_modified_divisor(unsigned *o, unsigned n) {
  unsigned i = threadIdx.x;
  o[i] = i & (n - 1);
  n = n * 3;
  o[i] += i / n;
}

unsigned host_division(unsigned a, unsigned n) { return a / n + (a & (n - 1)); }

// A loop makes the divisor a power of two: nvcc 13 -O3 (sm_90) still emits the full
// division sequence in the loop (validation/host-checks/results/reduction_modulo_sm90.sass),
// so it is reported, with the mask as the fix.
__global__ void bad_loop_power_of_two(int *o) {
  unsigned tid = threadIdx.x;
  for (unsigned s = 1; s < blockDim.x; s *= 2)
    if (tid % (2 * s) == 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: integer modulo by '2 * s', a power of two that the loop makes: '& (2 * s - 1)' does it in one instruction; nvcc does not see it and emits a division sequence in the loop (Low priority, CUDA Best Practices Guide §11.1.1) [warplint-integer-division]
      o[tid] += o[tid + s];
}

// The counter starts at 3 or steps additively: not a power of two, not reported.
__global__ void good_loop_not_power_of_two(int *o) {
  unsigned tid = threadIdx.x;
  for (unsigned s = 3; s < blockDim.x; s *= 2)
    if (tid % (2 * s) == 0)
      o[tid] += 1;
  for (unsigned s = 1; s < blockDim.x; s += 2)
    if (tid % s == 0)
      o[tid] += 1;
}
