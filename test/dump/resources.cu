// RUN: %warplint_dump --resources %s -- %cuda_args | FileCheck %s
// RUN: %warplint_dump --resources --replay=%src_root/validation/resource-checks/recorded/register-pressure-exact %S/../checks/register-pressure-exact.cu -- %cuda_args | FileCheck %s --check-prefix=EXACT
// The resource analysis' dump mode: per kernel, the registers the estimate
// gives (8 plus the words of the per-thread arrays kept in registers) and the
// static shared memory; with a ptxas recording, what ptxas reported.

// Nothing but scalars: the base registers only.
__global__ void scalars(float *out) { out[threadIdx.x] = 2.0f; }
// CHECK: resources.cu:[[@LINE-1]]:17: scalars: estimated 8 registers (8 base + 0 in arrays), static shared 0 bytes

// A constant-indexed array stays in registers; shared arrays add up.
__global__ void tile(const float *in, float *out) {
  // CHECK: resources.cu:[[@LINE-1]]:17: tile: estimated 72 registers (8 base + 64 in arrays), static shared 3200 bytes
  // CHECK-NEXT:   array 'acc': 64 words in registers
  __shared__ float a[256];
  __shared__ double b[16][17];
  float acc[64];
  for (int i = 0; i < 64; ++i)
    acc[i] = in[threadIdx.x * 64 + i];
  float s = 0;
  for (int i = 0; i < 64; ++i)
    s += acc[i] * acc[63 - i];
  a[threadIdx.x] = s;
  b[threadIdx.x % 16][0] = s;
  out[threadIdx.x] = a[threadIdx.x] + b[0][threadIdx.x % 16];
}

// An array indexed by a value read from memory goes to local memory: not
// counted. A two-element array of double counts four words.
__global__ void mixed(const int *idx, float *out) {
  // CHECK: resources.cu:[[@LINE-1]]:17: mixed: estimated 12 registers (8 base + 4 in arrays), static shared 0 bytes
  // CHECK-NEXT:   array 'pair': 4 words in registers
  // CHECK-NOT: array 'far'
  float far[256];
  double pair[2];
  for (int i = 0; i < 256; ++i)
    far[i] = i;
  pair[0] = 1;
  pair[1] = 2;
  out[threadIdx.x] = far[idx[threadIdx.x]] + float(pair[0] + pair[1]);
}

// The estimate stops at the architecture's 255 registers per thread.
__global__ void huge(const float *in, float *out) {
  // CHECK: resources.cu:[[@LINE-1]]:17: huge: estimated 255 registers (8 base + 300 in arrays, at the limit of sm_90), static shared 0 bytes
  // CHECK-NEXT:   array 'x': 100 words in registers
  // CHECK-NEXT:   array 'y': 100 words in registers
  // CHECK-NEXT:   array 'z': 100 words in registers
  float x[100], y[100], z[100];
  for (int i = 0; i < 100; ++i) {
    x[i] = in[i];
    y[i] = in[i + 100];
    z[i] = in[i + 200];
  }
  float s = 0;
  for (int i = 0; i < 100; ++i)
    s += x[i] * y[i] * z[i];
  out[0] = s;
}

// EXACT: register-pressure-exact.cu:8:17: bad_tile: ptxas 72 registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, static shared 0 bytes (recorded ptxas output, sm_90)
// EXACT-NEXT: estimated 72 registers (8 base + 64 in arrays), static shared 0 bytes
// EXACT: register-pressure-exact.cu:20:43: bad_spills: ptxas 32 registers, 280 bytes stack frame, 280 bytes spill stores, 332 bytes spill loads, static shared 0 bytes (recorded ptxas output, sm_90)
// EXACT: register-pressure-exact.cu:54:17: good_small: ptxas 10 registers
