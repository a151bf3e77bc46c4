// RUN: %check_warplint --checks='-*,warplint-uncoalesced-global-access' %s
// Indices and pointers through their reaching definitions over the CFG (lib/Frontend/ValueFlow):
// every loop form, pointers assigned later, on both sides of a branch or in a loop, pointers
// read from memory, a loop counter read after its loop. Positive (bad_*) and negative (good_*)
// cases; every warning is accounted for, in both front ends.

#define NUMBER_THREADS 256
struct Cell { float v; float pad[7]; };   // 32 bytes
struct Args { float *data; int stride; };
struct Unique { float *d_mask_conv; int n; };
__constant__ Unique d_unique[4];

// ---- positives ----

__global__ void bad_while(float *a, const float *b, int n) {
  int x = threadIdx.x;
  while (x < n) {
    a[x * 64] = b[x];
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: uncoalesced global store to 'a': consecutive lanes are 256 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
    x += NUMBER_THREADS;
  }
}
__global__ void bad_do_while(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  do {
    out[i * 32] = 0;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: uncoalesced global store to 'out': consecutive lanes are 128 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
    i += blockDim.x * gridDim.x;
  } while (i < n);
}
__global__ void bad_step_in_body(float *out, int n) {
  for (int i = threadIdx.x; i < n;) {
    out[i * 32] = 0;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: uncoalesced global store to 'out': consecutive lanes are 128 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
    i += 256;
  }
}
__global__ void bad_pointer_induction(float *out, const float *in) {
  const float *p = in + threadIdx.x * 32;
  float s = 0;
  for (int k = 0; k < 8; k++) {
    s += *p;
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: uncoalesced global load from 'p' ('in'): consecutive lanes are 128 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
    p += blockDim.x;
  }
  out[threadIdx.x] = s;
}
__global__ void bad_late_pointer(Cell *g, int first) {
  Cell *fA;
  int wtx = threadIdx.x;
  fA = &g[blockIdx.x * 256 + first];
  fA[wtx].v += 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global read-modify-write of 'fA[wtx].v' ('g'): consecutive lanes are 32 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}
__global__ void bad_branch_pointer(float *a, float *b, int flag) {
  float *p;
  if (flag)
    p = a + threadIdx.x;
  else
    p = b + threadIdx.x * 32;
  p[0] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'p' ('b'): consecutive lanes are 128 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}
__global__ void bad_loop_reassigned(float *a) {
  float *p = a;
  for (int r = 0; r < 4; ++r) {
    p = a + r * 1024 + threadIdx.x * 32;
    p[0] = 1.0f;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: uncoalesced global store to 'p' ('a'): consecutive lanes are 128 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
  }
}
__global__ void bad_constant_struct(float *out) {
  out[threadIdx.x] = d_unique[blockIdx.x].d_mask_conv[threadIdx.x * 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: uncoalesced global load from 'd_unique[blockIdx.x].d_mask_conv': consecutive lanes are 128 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}
__global__ void bad_struct_value(Args args) {
  args.data[threadIdx.x * 32] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'args.data': consecutive lanes are 128 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}
__global__ void bad_struct_pointer(Args *args) {
  args->data[threadIdx.x * 32] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'args->data': consecutive lanes are 128 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}
__global__ void bad_pointer_array(float **rows) {
  rows[blockIdx.x][threadIdx.x * 32] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'rows': consecutive lanes are 128 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}
__global__ void bad_after_loop(float *dst, const float *src, int stride) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int i;
  float s = 0;
  for (i = 0; i < stride; i++)
    s += 1;
  dst[tid] = src[tid * stride + i] + s;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: uncoalesced global load from 'src': consecutive lanes are 128 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}

// ---- negatives ----

__global__ void good_while(float *a, const float *b, int n) {
  int x = threadIdx.x;
  while (x < n) {
    a[x] = b[x];
    x += NUMBER_THREADS;
  }
}
__global__ void good_do_while(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  do {
    out[i] = 0;
    i += blockDim.x * gridDim.x;
  } while (i < n);
}
__global__ void good_pointer_induction(float *out, const float *in) {
  const float *p = in + threadIdx.x;
  float s = 0;
  for (int k = 0; k < 8; k++) {
    s += *p;
    p += blockDim.x;
  }
  out[threadIdx.x] = s;
}
__global__ void good_late_pointer(float *g, int first) {
  float *fA;
  int wtx = threadIdx.x;
  fA = &g[blockIdx.x * 256 + first];
  fA[wtx] += 1.0f;
}
__global__ void good_branch_pointer(float *a, float *b, int flag) {
  float *p;
  if (flag)
    p = a + threadIdx.x;
  else
    p = b + threadIdx.x;
  p[0] = 1.0f;
}
__global__ void good_constant_struct(float *out) {
  out[threadIdx.x] = d_unique[blockIdx.x].d_mask_conv[threadIdx.x];
}
__global__ void good_struct_value(Args args) { args.data[threadIdx.x] = 0; }
__global__ void good_pointer_gather(float **rows) {
  rows[threadIdx.x][0] = 0;
}
__global__ void good_after_loop(float *dst, const float *src, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int i;
  float s = 0;
  for (i = 0; i < n; i++)
    s += 1;
  dst[tid] = src[tid + i] + s;
}
__global__ void good_after_varying_loop(float *dst, const float *src) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int i;
  float s = 0;
  for (i = 0; i < tid; i++)
    s += 1;
  dst[tid] = src[tid * 32 + i] + s;
}
__global__ void bad_branch_index(float *a, int flag) {
  // Each definition is evaluated (issue 12): both are uncoalesced, the worse is reported.
  int x;
  if (flag)
    x = threadIdx.x * 32;
  else
    x = threadIdx.x * 64;
  a[x] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'a': consecutive lanes are 256 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}

void launch(float *a, float *b, Cell *c, Args args, Args *pa, float **rows) {
  bad_while<<<64, 256>>>(a, b, 1 << 20);
  bad_do_while<<<64, 256>>>(a, 1 << 20);
  bad_step_in_body<<<64, 256>>>(a, 1 << 20);
  bad_pointer_induction<<<64, 256>>>(a, b);
  bad_late_pointer<<<64, 256>>>(c, 0);
  bad_branch_pointer<<<64, 256>>>(a, b, 1);
  bad_loop_reassigned<<<64, 256>>>(a);
  bad_constant_struct<<<4, 256>>>(a);
  bad_struct_value<<<64, 256>>>(args);
  bad_struct_pointer<<<64, 256>>>(pa);
  bad_pointer_array<<<64, 256>>>(rows);
  bad_after_loop<<<64, 256>>>(a, b, 32);
  good_while<<<64, 256>>>(a, b, 1 << 20);
  good_do_while<<<64, 256>>>(a, 1 << 20);
  good_pointer_induction<<<64, 256>>>(a, b);
  good_late_pointer<<<64, 256>>>(a, 0);
  good_branch_pointer<<<64, 256>>>(a, b, 1);
  good_constant_struct<<<4, 256>>>(a);
  good_struct_value<<<64, 256>>>(args);
  good_pointer_gather<<<64, 256>>>(rows);
  good_after_loop<<<64, 256>>>(a, b, 7);
  good_after_varying_loop<<<64, 256>>>(a, b);
  bad_branch_index<<<64, 256>>>(a, 1);
}
