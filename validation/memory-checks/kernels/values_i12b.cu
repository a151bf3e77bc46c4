// Issue 12, second part: shapes warplint predicts since branch i12b (an integer assigned on
// two branches, a pointer and an offset read after the loop that moves them, doubling strides
// in while and do-while loops, two far fields of an array of structures). The @access markers
// hold the expected sectors per request; aosFar's L2 traffic (lts__t_sectors_srcunit_tex_op_read
// per warp) is measured by validation/record_gpu_batch3.sh into results/*/l2_values_i12b.csv.
// Written here from the shapes' descriptions, not copied.
#include "harness.h"

// An integer assigned on two branches of a uniform test: flag = 1 takes the stride-8 words.
__global__ void intBranches(const float *a, float *out, int flag) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int idx;
  if (flag)
    idx = 8 * gid;
  else
    idx = gid;
  out[gid] = a[idx]; // @access ld global uncoalesced:32 ; st global coalesced:4
}

// A pointer read after the loop that moves it (uniform trip count): lanes 8 words apart.
__global__ void pointerAfterLoop(const float *in, float *out, int m) {
  const float *p = in + 8 * (blockIdx.x * blockDim.x + threadIdx.x);
  for (int k = 0; k < m; ++k)
    p += 64;
  out[blockIdx.x * blockDim.x + threadIdx.x] = *p; // @access ld global uncoalesced:32 ; st global coalesced:4
}

// An offset read after its loop: the start keeps its lane stride (4 words).
__global__ void offsetAfterLoop(const float *in, float *out, int m) {
  int x = 4 * (blockIdx.x * blockDim.x + threadIdx.x);
  for (int k = 0; k < m; ++k)
    x += 128;
  out[blockIdx.x * blockDim.x + threadIdx.x] = in[x]; // @access ld global uncoalesced:16 ; st global coalesced:4
}

// A doubling stride in a while loop: s = 1, 2, 4, 8 (4, 8, 16, 32 sectors; 15 over all).
__global__ void whileDoubling(float *out) {
  int s = 1;
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  while (s <= 8) {
    out[gid * s] = 1.0f; // @access st global iterations:15
    s *= 2;
  }
}

// The same as a do-while (the test after the body).
__global__ void doWhileDoubling(float *out) {
  int s = 1;
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  do {
    out[gid * s] = 1.0f; // @access st global iterations:15
    s *= 2;
  } while (s <= 8);
}

// Two fields 32 bytes apart in a 64-byte element: 32 sectors per request each, and L2
// traffic 64 sectors per warp (wasted: 8 would do).
struct Far { float a; float pad[7]; float b; float pad2[7]; };
__global__ void aosFar(const Far *p, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = p[i].a + p[i].b; // @access ld global uncoalesced:32 & uncoalesced:32 ; st global coalesced:4
}

void runValuesI12b() {
  intBranches<<<64, 256>>>(H.in, H.out, 1);
  H.record("intBranches", "intBranches", 64, 256);
  pointerAfterLoop<<<64, 256>>>(H.in, H.out, 4);
  H.record("pointerAfterLoop", "pointerAfterLoop", 64, 256);
  offsetAfterLoop<<<64, 256>>>(H.in, H.out, 4);
  H.record("offsetAfterLoop", "offsetAfterLoop", 64, 256);
  whileDoubling<<<64, 256>>>(H.out);
  H.record("whileDoubling", "whileDoubling", 64, 256);
  doWhileDoubling<<<64, 256>>>(H.out);
  H.record("doWhileDoubling", "doWhileDoubling", 64, 256);
  aosFar<<<64, 256>>>((const Far *)H.in, H.out);
  H.record("aosFar", "aosFar", 64, 256);
}
