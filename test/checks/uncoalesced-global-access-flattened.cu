// RUN: %check_warplint --checks='-*,warplint-uncoalesced-global-access' %s
// Flattened indices: one thread index decomposed into coordinates by division and remainder
// (`b = i / (T * C)`, `t = (i / C) % T`, `c = i % C`). Consecutive lanes differ in the innermost
// coordinate except where it wraps: a constant extent that is a multiple of the warp size never
// wraps inside a warp (exact); a runtime extent is taken as one, and the finding says so.
// Positive (bad_*) and negative (good_*) cases; every warning is accounted for.

#define CH 768
#define ROWS 1024

// ---- runtime extents ----

__global__ void bad_transpose_runtime(float *out, const float *inp, int T, int C) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < T * C) {
    int t = i / C;
    int c = i % C;
    out[c * T + t] = inp[i];
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: uncoalesced global store to 'out': consecutive lanes are 128 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (if 'T' is 32, a runtime value, and 'C' is a multiple of 32) (Medium priority here, High in CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
  }
}
__global__ void good_rows_runtime(float *out, const float *inp, int T, int C) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < T * C) {
    int t = i / C;
    int c = i % C;
    out[t * C + c] = inp[t * C + c];
  }
}
__global__ void good_permute_runtime(float *q, const float *inp, int B, int T, int C) {
  // q[b][t][c] = inp[b][t][0][c] of a (B, T, 3, C) tensor: lanes 4 bytes apart.
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < B * T * C) {
    int b = i / (T * C);
    int t = (i / C) % T;
    int c = i % C;
    int C3 = 3 * C;
    q[i] = inp[b * T * C3 + t * C3 + c];
  }
}
__global__ void good_heads_runtime(float *out, const float *x, int NH, int T, int hs) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int b = idx / (NH * T * hs);
  int rest = idx % (NH * T * hs);
  int h = rest / (T * hs);
  rest = rest % (T * hs);
  int t = rest / hs;
  int d = rest % hs;
  out[(b * T + t) * NH * hs + h * hs + d] = x[(b * NH + h) * T * hs + t * hs + d];
}
__global__ void bad_heads_transposed_runtime(float *out, const float *x, int NH, int T, int hs) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int b = idx / (NH * T * hs);
  int rest = idx % (NH * T * hs);
  int h = rest / (T * hs);
  rest = rest % (T * hs);
  int t = rest / hs;
  int d = rest % hs;
  out[(b * NH + h) * T * hs + d * T + t] = x[(b * NH + h) * T * hs + t * hs + d];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'out': consecutive lanes are 128 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (if 'T' is 32, a runtime value, and 'hs' is a multiple of 32) (Medium priority here, High in CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}

// ---- constant extents: exact, no assumption ----

__global__ void bad_transpose_constant(float *out, const float *inp) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int t = i / CH;
  int c = i % CH;
  out[c * ROWS + t] = inp[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'out': consecutive lanes are 4096 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}
__global__ void good_rows_constant(float *out, const float *inp) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int b = i / (ROWS * CH);
  int t = (i / CH) % ROWS;
  int c = i % CH;
  out[(b * ROWS + t) * CH + c] = inp[b * ROWS * 3 * CH + t * 3 * CH + c];
}

// ---- vector accesses through a flattened index ----

__global__ void bad_float4_columns_runtime(float *out, const float *inp, int T, int C4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int t = i / C4;
  int c4 = i % C4;
  float4 v = reinterpret_cast<const float4 *>(inp)[t * C4 + c4];
  reinterpret_cast<float4 *>(out)[c4 * T + t] = v;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'reinterpret_cast<float4 *>(out)': consecutive lanes are 512 bytes apart, so each warp request touches 32 sectors, 2x the 16 its 16-byte accesses need (if 'T' is 32, a runtime value, and 'C4' is a multiple of 32) (Medium priority here, High in CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}

void launch(float *o, const float *in, int B, int T, int C) {
  bad_transpose_runtime<<<T * C / 256, 256>>>(o, in, T, C);
  good_rows_runtime<<<T * C / 256, 256>>>(o, in, T, C);
  good_permute_runtime<<<B * T * C / 256, 256>>>(o, in, B, T, C);
  good_heads_runtime<<<B * T * C / 256, 256>>>(o, in, 12, T, 64);
  bad_heads_transposed_runtime<<<B * T * C / 256, 256>>>(o, in, 12, T, C / 12);
  bad_transpose_constant<<<ROWS * CH / 256, 256>>>(o, in);
  good_rows_constant<<<B * ROWS * CH / 256, 256>>>(o, in);
  bad_float4_columns_runtime<<<T * C / 1024, 256>>>(o, in, T, C / 4);
}
