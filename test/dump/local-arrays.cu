// RUN: %warplint_dump --local-arrays %s -- %cuda_args | FileCheck %s --match-full-lines
// The per-thread arrays of every device function and where the analysis places them.

__device__ float pick(const float *v, int i) {
  float r[4] = {v[0], v[1], v[2], v[3]};
  return r[i & 3];
}

__global__ void unrolled(float *out) {
  float acc[8];
  for (int k = 0; k < 8; ++k)
    acc[k] = k * out[threadIdx.x];
  out[threadIdx.x] = acc[3] + pick(acc, 1);
}

__global__ void dynamic(float *out, const int *idx) {
  double h[16];
  for (int k = 0; k < 16; ++k)
    h[k] = 0;
  h[idx[threadIdx.x]] += 1.0;
  out[threadIdx.x] = h[0];
}

// A 4-byte array under a dynamic index becomes selects; one passed to a helper may still be
// resolved after inlining; 8-byte scalars under a dynamic index go to local memory.
// CHECK: local-arrays.cu:5:9: pick: 'r' 4 x 4B = 16 bytes (4 words): registers
// CHECK-NEXT:   use local-arrays.cu:6:10: dynamic ('i' is a run-time value)
// CHECK-NEXT: local-arrays.cu:10:9: unrolled: 'acc' 8 x 4B = 32 bytes (8 words): registers, address escapes
// CHECK-NEXT:   use local-arrays.cu:12:5: constant
// CHECK-NEXT:   use local-arrays.cu:13:22: constant
// CHECK-NEXT: local-arrays.cu:17:10: dynamic: 'h' 16 x 8B = 128 bytes (32 words): local memory
// CHECK-NEXT:   reason: ptxas keeps dynamically indexed arrays of 8-byte scalars in local memory from 2 elements on (only 4-byte elements become selects)
// CHECK-NEXT:   use local-arrays.cu:19:5: constant
// CHECK-NEXT:   use local-arrays.cu:20:3: dynamic (the index is read from memory or computed by a call) [deciding]
// CHECK-NEXT:   use local-arrays.cu:21:22: constant
