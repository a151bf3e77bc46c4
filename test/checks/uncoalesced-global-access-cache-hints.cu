// RUN: %check_warplint --checks='-*,warplint-uncoalesced-global-access' %s
// The cache-hint loads and stores (__ldcs, __ldcg, __ldca, __ldlu, __ldcv, __stcs, __stcg,
// __stwt, __stwb) are global loads and stores of *p: the same findings as the subscript they
// replace. Declared by the compatibility layer where clang's headers lack them.

// ---- positives ----

__global__ void bad_strided_plain_float4(float4 *out, const float4 *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = in[i * 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: uncoalesced global load from 'in': consecutive lanes are 512 bytes apart, so each warp request touches 32 sectors, 2x the 16 its 16-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
  out[i] = v;
}

__global__ void bad_strided_ldcs_float4(float4 *out, const float4 *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = __ldcs(in + i * 32);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: uncoalesced global load from 'in': consecutive lanes are 512 bytes apart, so each warp request touches 32 sectors, 2x the 16 its 16-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
  out[i] = v;
}

__global__ void bad_strided_plain_store(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i * 64] = in[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'out': consecutive lanes are 256 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}

__global__ void bad_strided_stcs(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __stcs(out + i * 64, in[i]);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'out': consecutive lanes are 256 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}

__global__ void bad_strided_stwb_int4(int4 *out, const int4 *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __stwb(&out[i * 8], __ldlu(in + i));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'out': consecutive lanes are 128 bytes apart, so each warp request touches 32 sectors, 2x the 16 its 16-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}

__global__ void bad_strided_ldca_stcg_uint2(uint2 *out, const uint2 *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  uint2 u = __ldca(in + i * 16);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: uncoalesced global load from 'in': consecutive lanes are 128 bytes apart, so each warp request touches 32 sectors, 4x the 8 its 8-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
  __stcg(out + i, u);
}

// ---- negatives: coalesced, whatever the hint ----

__global__ void good_streaming_copy_float4(float4 *out, const float4 *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    __stcs(out + i, __ldcs(in + i));
}

__global__ void good_hinted_vectors(float2 *f2, int4 *i4, uint2 *u2, double *d,
                                    long long *ll, unsigned char *uc) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __stwt(f2 + i, __ldcg(f2 + i));
  __stcg(i4 + i, __ldlu(i4 + i));
  __stwb(u2 + i, __ldca(u2 + i));
  __stcs(d + i, __ldcv(d + i));
  __stcg(ll + i, __ldcs(ll + i) + 1);
  __stwt(uc + i, __ldlu(uc + i));
}

// The value converts to the pointee type, as with nvcc's overloads.
__global__ void good_converted_value(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __stcs(out + i, 0);
  __stwt(out + i, in[i] * 2.0f);
}

void launch(float4 *a, const float4 *b, float *c, const float *d, int4 *e, uint2 *f) {
  bad_strided_plain_float4<<<1, 256>>>(a, b);
  bad_strided_ldcs_float4<<<1, 256>>>(a, b);
  bad_strided_plain_store<<<1, 256>>>(c, d);
  bad_strided_stcs<<<1, 256>>>(c, d);
  bad_strided_stwb_int4<<<1, 256>>>(e, e);
  bad_strided_ldca_stcg_uint2<<<1, 256>>>(f, f);
  good_streaming_copy_float4<<<1, 256>>>(a, b, 256);
  good_converted_value<<<1, 256>>>(c, d);
}
