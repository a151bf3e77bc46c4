// RUN: %check_warplint --checks=-*,warplint-divergent-branch %s -- -isystem %src_root/validation/divergence/include
// RUN: %expect_exit 1 %warplint --cuda-path=none --format=json --quiet --checks='-*,warplint-divergent-branch' %s -- -isystem %src_root/validation/divergence/include \
// RUN:   | %python %S/../Inputs/findings_summary.py | FileCheck %s --check-prefix=PRIO
// Issue 13's shapes: what costs nothing is quiet, what splits is reported once per cause,
// at a priority that says how much it costs. Positives (bad_*) and negatives (good_*).
#include <cuda_fp16.h>

__device__ float heavy(float x) { return sqrtf(x) + sqrtf(x + 1.0f); }

// ---- positives ----
// A split in a loop: High, certain.
__global__ void bad_splitInLoop(float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    if (threadIdx.x % 4 == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: branch condition differs between the lanes of a warp: lanes 0, 4, 8, ... (every 4th) take the branch and the other 24 lanes do not, in every warp; the warp runs both paths one after the other (about 49 instructions under the branch) (High priority, CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
      o[i] = heavy(o[i] + k);
}
// PRIO: [[@LINE-4]] High certain notes=2

// Data decides: lower priority and confidence, and the message names the data.
__global__ void bad_flagInLoop(float *o, const int *flag, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    if (flag[i])
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: branch condition differs between the lanes of a warp depending on data (the value loaded by 'flag[i]'); the warp runs both paths one after the other (about 49 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
      o[i] = heavy(o[i] + k);
}
// PRIO: [[@LINE-4]] Medium possible notes=3

// One-off code outside loops: not High (Medium: a body over twice the predication limit).
__global__ void bad_oneOff(float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x < 16)
  // Quiet by default (issue 13, third round): an inherent split (lanes 0-15 of warp 0 only; option ReportInherentSplits)
    o[i] = heavy(o[i]);
}
// (no PRIO line: quiet by default)

// ty == 0 && by == 0: only the blocks of grid row 0 split. Low.
__global__ void bad_oneBlockRow(float *o) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int ty = threadIdx.y, by = blockIdx.y;
  if (ty == 0 && by == 0) {
  // Quiet by default (issue 13, third round): an inherent split (lanes of warp 0 only, in the by == 0 blocks; option ReportInherentSplits)
    for (int k = 0; k < 4; ++k)
      o[x] = heavy(o[x]) + heavy(o[x + k]);
  }
}
// (no PRIO line: quiet by default)

// One cause, one finding: the nested branch and the else-if chain are notes.
__global__ void bad_nested(float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 8; ++k) {
    if (threadIdx.x < 16) {
    // Quiet by default (issue 13, third round): an inherent split (lanes 0-15 of warp 0 only; option ReportInherentSplits)
      o[i] = heavy(o[i]) + heavy(o[i + k]);
      if (threadIdx.x < 8)
        o[i] = heavy(o[i]) + heavy(o[i + 1]);
    } else if (threadIdx.x < 24) {
      o[i] = heavy(o[i]) + heavy(o[i + 2]);
    } else {
      o[i] = heavy(o[i]) + heavy(o[i + 3]);
    }
  }
}
// (no PRIO line: quiet by default)

// A walk that tests the same condition again: one finding.
__global__ void bad_repeatedCondition(float *o, const float *key) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = o[i];
  for (int level = 0; level < 6; ++level) {
    if (v < key[i])
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: branch condition differs between the lanes of a warp depending on data (the value loaded by 'o[i]'); the warp runs both paths one after the other (about 46 instructions under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
      v = heavy(v) + 1.0f;
    o[i] = v;
    if (v < key[i])
      v = heavy(v) - 1.0f;
  }
  o[i] = v;
}
// PRIO: [[@LINE-9]] Medium possible notes=3

// ---- negatives ----
// clock64(): every lane reads the same value.
__global__ void good_clockSpin(float *o, long long wait) {
  long long end = clock64() + wait;
  while (clock64() < end)
    ;
  o[threadIdx.x] = heavy(o[threadIdx.x]);
}

// A value loaded once at a warp-uniform address, a fixed-lane shuffle, a vote.
__global__ void good_uniformSources(float *o, const int *ci) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = o[i];
  int flag = ci[blockIdx.x];
  int lead = __shfl_sync(0xffffffffu, ci[i], 0);
  int any = __any_sync(0xffffffffu, v > 0.5f);
  unsigned mask = __ballot_sync(0xffffffffu, v > 0.25f);
  for (int k = 0; k < 4; ++k) {
    if (flag > 3) v = heavy(v);
    if (lead > 3) v = heavy(v + 1.0f);
    if (any) v = heavy(v + 2.0f);
    if (mask & 1) v = heavy(v + 3.0f);
  }
  o[i] = v;
}

// __hadd2 is one instruction: the whole tail step is predicated.
__global__ void good_hadd2Tail(__half2 *v) {
  unsigned t = threadIdx.x;
  if (t < 16)
    v[t] = __hadd2(v[t], v[t + 16]);
}

// do { ... break; ... } while (0): not a loop, and its if is not reported twice.
__global__ void good_doWhile0(float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  do {
    if (i >= n)
      break;
    o[i] = heavy(o[i]);
  } while (0);
}

// <<<1, 1>>>: one thread cannot diverge.
__global__ void good_singleThread(float *o, const float *in) {
  float acc = 0.0f;
  for (int k = 0; k < 64; ++k)
    if (in[k] > 0.0f) acc += heavy(in[k]); else acc -= heavy(in[k]);
  o[0] = acc;
}

// The guard repeats the loop's condition.
__global__ void good_impliedGuard(float *o, int n) {
  int b = blockIdx.x * 1024, end = b + n;
  for (int it = b + threadIdx.x; it < end; it += blockDim.x)
    if (it < end)
      o[it] = heavy(o[it]);
}

// The warp-aggregated atomic: a leader lane's short body.
__global__ void good_leaderAtomic(int *cnt, const float *in, int warp) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane_id = threadIdx.x % warp;
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  int n = __popc(__ballot_sync(0xffffffffu, in[i] > 0.0f));
  if (lane == 0) atomicAdd(cnt, n);
  if (threadIdx.x % 32 == 0) { atomicAdd(cnt + 1, n); }
}

// The GPU harness (validation/divergence/run.sh) calls launch_all under Nsight Compute.
void launch_all(float *o, const float *in, int *ci, int *io, int n) {
  bad_splitInLoop<<<4, 64>>>(o, n);
  bad_flagInLoop<<<4, 64>>>(o, ci, n);
  bad_oneOff<<<4, 64>>>(o);
  bad_oneBlockRow<<<dim3(4, 4), dim3(16, 16)>>>(o);
  bad_nested<<<1, 64>>>(o);
  bad_repeatedCondition<<<4, 64>>>(o, in);
  good_clockSpin<<<1, 64>>>(o, 1000);
  good_uniformSources<<<4, 64>>>(o, ci);
  good_hadd2Tail<<<1, 64>>>((__half2 *)o);
  good_doWhile0<<<4, 64>>>(o, n);
  good_singleThread<<<1, 1>>>(o, in);
  good_impliedGuard<<<4, 256>>>(o, n);
  good_leaderAtomic<<<4, 128>>>(io, in, 32);
}
