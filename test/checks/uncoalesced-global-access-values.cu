// RUN: %check_warplint --checks='-*,warplint-uncoalesced-global-access' %s
// RUN: %expect_exit 1 %warplint --checks='-*,warplint-uncoalesced-global-access' --no-snippets %s -- %cuda_args 2>&1 | FileCheck %s --check-prefix=PRIO
// Values the CFG's reaching definitions give beyond single assignments (lib/Frontend/ValueFlow,
// issue 12): a step held in a variable assigned in the body, a counter or pointer read after
// the loop that moves it (a break on a uniform load keeps it uniform), integers assigned on two
// branches (each definition evaluated, the worse reported), every iteration of while and
// do-while loops, and arrays of structures whose sibling fields are read together (the
// traffic sets the priority). Positive (bad_*) and negative (good_*) cases; every warning is
// accounted for, in both front ends.

struct P3 { float x, y, z; };                               // 12 bytes, fields adjacent
struct Far { float a; float pad[7]; float b; float pad2[7]; }; // 64 bytes, a and b 32 apart

// ---- a step assigned in the body ----

__global__ void bad_step_var_in_body(const float *a, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int step;
  float sum = 0.0f;
  while (i < n) {
    sum += a[2 * i];
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load from 'a': consecutive lanes are 8 bytes apart, so each warp request touches 8 sectors, 2x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
    step = blockDim.x * gridDim.x;
    i += step;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}
__global__ void good_step_var_in_body(const float *a, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  while (i < n) {
    int step = blockDim.x * gridDim.x;
    sum += a[i];
    i += step;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}
// The step changes every iteration (a doubling): not an induction, nothing predicted.
__global__ void good_step_changes(const float *a, float *out, int n) {
  int i = threadIdx.x;
  int step = 1;
  float sum = 0.0f;
  while (i < n) {
    sum += a[i * 32];
    step = step * 2;
    i += step;
  }
  out[threadIdx.x] = sum;
}

// ---- a counter or pointer read after its loop ----

__global__ void bad_counter_after_break(const float *src, float *out, int m) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int i;
  for (i = 0; i < m; ++i)
    if (src[i] > 100.0f)
      break;
  out[tid] = src[tid * 4 + i];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: uncoalesced global load from 'src': consecutive lanes are 16 bytes apart, so each warp request touches 16 sectors, 4x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}
__global__ void good_counter_after_break(const float *src, float *out, int m) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int i;
  for (i = 0; i < m; ++i)
    if (src[i] > 100.0f)
      break;
  out[tid] = src[tid + i];
}
// Each lane leaves at its own iteration: the counter varies by lane, nothing predicted.
__global__ void good_counter_after_lane_break(const float *src, float *out, int m) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int i;
  for (i = 0; i < m; ++i)
    if (src[tid + i] > 100.0f)
      break;
  out[tid] = src[tid * 4 + i];
}
__global__ void bad_offset_after_loop(const float *in, float *out, int m) {
  int x = threadIdx.x * 4;
  for (int k = 0; k < m; ++k)
    x += 128;
  out[threadIdx.x] = in[x];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: uncoalesced global load from 'in': consecutive lanes are 16 bytes apart, so each warp request touches 16 sectors, 4x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}
__global__ void bad_pointer_after_loop(const float *in, float *out, int m) {
  const float *p = in + threadIdx.x * 8;
  for (int k = 0; k < m; ++k)
    p += 256;
  out[threadIdx.x] = *p;
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: uncoalesced global load from 'p' ('in'): consecutive lanes are 32 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}
__global__ void good_pointer_after_loop(const float *in, float *out, int m) {
  const float *p = in + threadIdx.x;
  for (int k = 0; k < m; ++k)
    p += 256;
  out[threadIdx.x] = *p;
}

// ---- integers assigned on two branches ----

__global__ void bad_int_branches(float *out, int flag) {
  int idx;
  if (flag)
    idx = threadIdx.x;
  else
    idx = threadIdx.x * 32;
  out[idx] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'out': consecutive lanes are 128 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}
__global__ void good_int_branches(float *out, int flag) {
  int idx = threadIdx.x;
  if (flag)
    idx = threadIdx.x + 256;
  out[idx] = 0;
}

// ---- every iteration of while and do-while loops ----

__global__ void bad_while_doubling(float *out) {
  int s = 1;
  while (s <= 8) {
    out[threadIdx.x * s] = 0;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: uncoalesced global store to 'out': consecutive lanes are 32 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need in its worst iteration (s = 8); over all 4 iterations 15 sectors per request (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
    s *= 2;
  }
}
__global__ void bad_do_while_doubling(float *out) {
  int s = 1;
  do {
    out[threadIdx.x * s] = 0;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: uncoalesced global store to 'out': consecutive lanes are 32 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need in its worst iteration (s = 8); over all 4 iterations 15 sectors per request (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
    s *= 2;
  } while (s <= 8);
}
// Only s = 1 runs: coalesced.
__global__ void good_while_once(float *out) {
  int s = 1;
  while (s < 2) {
    out[threadIdx.x * s] = 0;
    s *= 2;
  }
}

// ---- arrays of structures ----

// Every field of the element is read: 12 sectors per request, but L2 and DRAM move the
// structure once (measured on an H100: L2 sectors one third of L1's). Reported at Low.
__global__ void bad_aos_all_fields(const P3 *p, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = p[i].x + p[i].y + p[i].z;
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load from 'p[i].x': consecutive lanes are 12 bytes apart, so each warp request touches 12 sectors, 3x the 4 its 4-byte accesses need; the 3 fields of the element read here move 12 sectors per warp through L2, 1x the 12 they use (+2 more on this line, in the notes) (Low priority here, High in CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}
// PRIO: values.cu:[[@LINE-3]]:12: warning: uncoalesced global load from 'p[i].x'{{.*}}(Low priority here, High in CUDA Best Practices Guide §9.2.1)
// One field only: the traffic is the requests' own (High).
__global__ void bad_aos_one_field(const P3 *p, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = p[i].y;
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load from 'p[i].y': consecutive lanes are 12 bytes apart, so each warp request touches 12 sectors, 3x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}
// PRIO: values.cu:[[@LINE-3]]:12: warning: uncoalesced global load from 'p[i].y'{{.*}}(High priority, CUDA Best Practices Guide §9.2.1)
// Two fields 32 bytes apart in a 64-byte element: the traffic is wasted too (High).
__global__ void bad_aos_far_fields(const Far *p, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = p[i].a + p[i].b;
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load from 'p[i].a': consecutive lanes are 64 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need; the 2 fields of the element read here move 64 sectors per warp through L2, 8x the 8 they use (+1 more on this line, in the notes) (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
  // (one finding per cause: now a related location of another finding of this check)
}
// PRIO: values.cu:[[@LINE-4]]:12: warning: uncoalesced global load from 'p[i].a'{{.*}}(High priority, CUDA Best Practices Guide §9.2.1)

// Two variables of one loop move in step (d * e == 8 in every iteration): the lane stride is
// always one word. Walking e against d would price pairs that never meet (d = 8, e = 8).
__global__ void good_two_inductions_one_loop(float *out) {
  int e = 8;
  for (int d = 1; d <= 8; d *= 2) {
    out[threadIdx.x * (d * e / 8)] = 0;
    e /= 2;
  }
}
// The same pair where the product grows: the stride is 1, 4, 16, 64 words (4, 16, 32, 32
// sectors; the first worst is d = 4).
__global__ void bad_two_inductions_one_loop(float *out) {
  int e = 1;
  for (int d = 1; d <= 8; d *= 2) {
    out[threadIdx.x * (d * e)] = 0;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: uncoalesced global store to 'out': consecutive lanes are 64 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need in its worst iteration (d = 4); over all 4 iterations 21 sectors per request (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
    e *= 2;
  }
}
