// RUN: %warplint_dump --divergence %s -- %cuda_args | FileCheck %s --match-full-lines
// A loop whose condition is the same in every lane, left by a break where an index that
// grows by more than its lanes' spread each iteration passes a bound the warp shares,
// prints `tail-guard` (issue 13, eleventh round); an index 8 lanes apart growing by one
// a trip does not.

__global__ void breaks(float *dst, const float *src, int count) {
  for (int it = 0; it < 16; it += 4) {
    int idx = 4 * threadIdx.x + it * 32;
    if (idx < count)
      dst[idx] = src[idx] * 2.0f;
    else
      break;
  }
  for (int it = 0; it < 64; ++it) {
    int idx = 8 * threadIdx.x + it;
    if (idx >= count)
      break;
    dst[idx] = src[idx] * 2.0f;
  }
}

// CHECK: {{.*}}divergence-tail-break.cu:8:3: breaks: blockDim 256 (assumed): branch loop: source=divergent-break@13>thread-index:'threadIdx.x' split=none cost={{[0-9]+}} unpredicable contains-loop tail-guard
// CHECK-NEXT: {{.*}}divergence-tail-break.cu:10:5: breaks: blockDim 256 (assumed): branch if: source=thread-index:'threadIdx.x' split=none cost={{[0-9]+}} tail-guard in-loop
// CHECK-NEXT: {{.*}}divergence-tail-break.cu:15:3: breaks: blockDim 256 (assumed): branch loop: source=divergent-break@18>thread-index:'threadIdx.x' split=none cost={{[0-9]+}} unpredicable contains-loop
// CHECK-NEXT: {{.*}}divergence-tail-break.cu:17:5: breaks: blockDim 256 (assumed): branch if: source=thread-index:'threadIdx.x' split=none undecided=count,it cost={{[0-9]+}} tail-guard in-loop
// CHECK-NOT: {{.}}
