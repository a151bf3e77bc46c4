// RUN: %check_warplint --checks=-*,warplint-divergent-branch %s
// RUN: %expect_exit 1 %warplint --cuda-path=none --format=json --quiet --checks='-*,warplint-divergent-branch' %s \
// RUN:   | %python %S/../Inputs/findings_summary.py | FileCheck %s --check-prefix=PRIO
// RUN: %expect_exit 1 %warplint --cuda-path=none --quiet --no-snippets --checks='-*,warplint-divergent-branch' \
// RUN:   --config="{CheckOptions: {warplint-divergent-branch.ReportTailGuards: true}}" %s \
// RUN:   | FileCheck %s --check-prefixes=CHECK-MESSAGES,TAILS --implicit-check-not=warning:
// Issue 13, eleventh round: a loop whose condition is the same in every lane, left by a
// break where an index passes a bound the warp shares (the store loop of the fused
// softmax kernels of Megatron and PyTorch, HeCBench softmax-fused: `if (element_index <
// element_count) { ... } else break;`, element_index = 4 * lane + 32 * it, it += 4).
// When the index grows by the same constant every iteration, more than its lanes'
// spread in a warp, lanes leave within one iteration of each other: a tail. A loop of
// at most one trip (the same kernel at small sizes) is one too when its break is a tail
// guard. Quiet like a tail guard; ReportTailGuards shows it.

#define WARP_SIZE 32

// ---- quiet: lanes leave within one iteration ----

// Before: "loop condition differs between the lanes of a warp through a break at line
// ... that only some lanes take, through 'threadIdx.x'", Medium.
__global__ void good_storeLoop(float *dst, const float *src, int element_count) {
  int local_idx = threadIdx.x;
  float sum = 1.0f;
  for (int it = 0; it < 16; it += 4) {
    int element_index = 4 * local_idx + it * WARP_SIZE;
    if (element_index < element_count) {
      for (int e = 0; e < 4; ++e)
        dst[element_index + e] = src[element_index + e] / sum;
    } else {
      break;
    }
  }
}
// TAILS: :[[@LINE-10]]:3: warning: loop condition differs between the lanes of a warp only where the index crosses its bound; lanes that finish early wait for the others (High priority, CUDA Best Practices Guide §12.1) [warplint-divergent-branch]

// One trip: the same loop at a size where it runs once.
__global__ void good_oneTrip(float *dst, const float *src, int element_count) {
  int local_idx = threadIdx.x;
  for (int it = 0; it < 1; it += 1) {
    int element_index = local_idx + it * WARP_SIZE;
    if (element_index >= element_count)
      break;
    dst[element_index] = sqrtf(src[element_index]) * expf(src[element_index + 1]);
  }
}
// TAILS: :[[@LINE-7]]:3: warning: loop condition differs between the lanes of a warp only where the index crosses its bound; lanes that finish early wait for the others (High priority, CUDA Best Practices Guide §12.1) [warplint-divergent-branch]

// ---- positives: lanes leave at different iterations ----

// The index grows by one a trip, its lanes 8 apart: lanes leave up to 8 trips apart.
__global__ void bad_wideIndex(float *dst, const float *src, int element_count) {
  for (int it = 0; it < 64; ++it) {
    int element_index = 8 * threadIdx.x + it;
    if (element_index >= element_count)
      break;
    dst[element_index] = sqrtf(src[element_index]) * expf(src[element_index + 1]);
  }
}
// CHECK-MESSAGES: :[[@LINE-7]]:3: warning: loop condition differs between the lanes of a warp through a break at line [[@LINE-4]] that only some lanes take, through 'threadIdx.x'; lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
// PRIO: [[@LINE-8]] Medium likely notes=2

// One trip, but odd lanes leave: half of every warp skips the body.
__global__ void bad_oneTripOddLanes(float *dst, const float *src, int n) {
  for (int it = 0; it < 1; it += 1) {
    if (threadIdx.x & 1)
      break;
    for (int k = 0; k < n; ++k)
      dst[threadIdx.x * n + k] = sqrtf(src[k]) * expf(src[k + 1]);
  }
}
// CHECK-MESSAGES: :[[@LINE-7]]:3: warning: loop condition differs between the lanes of a warp through a break at line [[@LINE-5]] that only some lanes take, through 'threadIdx.x'; lanes that finish early wait for the others (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
// PRIO: [[@LINE-8]] Medium likely notes=2

void launch(float *d, float *s, int n) {
  good_storeLoop<<<64, 32>>>(d, s, n);
  good_oneTrip<<<64, 32>>>(d, s, n);
  bad_wideIndex<<<64, 256>>>(d, s, n);
  bad_oneTripOddLanes<<<64, 256>>>(d, s, n);
}
