// Issue 13 calibration probes: one lane-varying branch (odd lanes) per kernel around a
// body of one builtin or one kind of operation, to count what nvcc 13 -O3 emits for
// sm_90 (predicated or branched, and how many SASS instructions the body is).
// validation/divergence/run.sh builds them with harness.cu; fit_costs.py reads the SASS.
#include <cuda_fp16.h>

#define PROBE(NAME, BODY)                                                      \
  __global__ void NAME(float *out, const float *in, int *io, int d) {          \
    int i = blockIdx.x * blockDim.x + threadIdx.x;                             \
    float v = in[i];                                                           \
    int q = i ^ d;                                                             \
    if (threadIdx.x % 2) {                                                     \
      BODY                                                                     \
    }                                                                          \
    out[i] = v + q;                                                            \
  }

__device__ __noinline__ float opaque(float x) { return x * x + 1.0f; }

PROBE(q_hadd2, { __half2 h = __floats2half2_rn(v, v); h = __hadd2(h, h); v = __low2float(h); })
PROBE(q_hadd2x1, { __half2 h = *(const __half2 *)(in + i); h = __hadd2(h, h); *(__half2 *)(out + i + 64) = h; })
PROBE(q_hfma2, { __half2 h = __floats2half2_rn(v, v); h = __hfma2(h, h, h); v = __high2float(h); })
PROBE(q_hmul, { __half h = __float2half(v); h = __hmul(h, h); v = __half2float(h); })
PROBE(q_popc, { q = __popc(q); })
PROBE(q_brev, { q = __brev(q); })
PROBE(q_clz, { q = __clz(q); })
PROBE(q_ffs, { q = __ffs(q); })
PROBE(q_fminf, { v = fminf(v, 2.0f); })
PROBE(q_imin, { q = min(q, d); })
PROBE(q_rsqrtf, { v = rsqrtf(v); })
PROBE(q_exp2f, { v = exp2f(v); })
PROBE(q_fsin, { v = __sinf(v); })
PROBE(q_saturate, { v = __saturatef(v); })
PROBE(q_f2i, { q = __float2int_rn(v); })
PROBE(q_fabs, { v = fabsf(v) + 1.0f; })
PROBE(q_mul24, { q = __mul24(q, d); })
PROBE(q_umulhi, { q = __umulhi(q, d); })
PROBE(q_gstore1, { out[i + 64] = v; })
PROBE(q_gstore4, { out[i + 64] = v; out[i + 128] = v; out[i + 192] = v; out[i + 256] = v; })
PROBE(q_gload1, { v = in[i + 64]; })
PROBE(q_gload4fma, { v = in[i + 64] * in[i + 128] + in[i + 192] * in[i + 256]; })
PROBE(q_selstore, { if (q < d) out[q] = v; else out[q - d + 4096] = v; })
PROBE(q_selstore2, { if (q < d) { out[q] = v; out[q + 1] = v; } else { out[q - d + 4096] = v; out[q - d + 4097] = v; } })
PROBE(q_atomic, { atomicAdd(io, 1); })
PROBE(q_atomicf, { atomicAdd(out, v); })
PROBE(q_dadd, { double x = v; x = x * 1.5 + 2.0; v = (float)x; })
PROBE(q_idiv, { q = q / d; })
PROBE(q_call, { v = opaque(v); })
PROBE(q_lanetrip, { for (int k = 0; k < (threadIdx.x & 7); ++k) v = v * v + 1.0f; })
PROBE(q_fma4, { v = v * v + 1.0f; v = v * v + 2.0f; v = v * v + 3.0f; v = v * v + 4.0f; })
PROBE(q_fma8, { v = v * v + 1.0f; v = v * v + 2.0f; v = v * v + 3.0f; v = v * v + 4.0f; v = v * v + 5.0f; v = v * v + 6.0f; v = v * v + 7.0f; v = v * v + 8.0f; })
PROBE(q_printf_free_trap, { if (v > 1e30f) __trap(); })

void launch_all(float *o, const float *in, int *ci, int *io, int n) {
  const int g = n / 256;
#define L(K) K<<<g, 256>>>(o, in, io, 7);
  L(q_hadd2) L(q_hadd2x1) L(q_hfma2) L(q_hmul) L(q_popc) L(q_brev) L(q_clz) L(q_ffs)
  L(q_fminf) L(q_imin) L(q_rsqrtf) L(q_exp2f) L(q_fsin) L(q_saturate) L(q_f2i) L(q_fabs)
  L(q_mul24) L(q_umulhi) L(q_gstore1) L(q_gstore4) L(q_gload1) L(q_gload4fma)
  L(q_selstore) L(q_selstore2) L(q_atomic) L(q_atomicf) L(q_dadd) L(q_idiv) L(q_call)
  L(q_lanetrip) L(q_fma4) L(q_fma8) L(q_printf_free_trap)
#undef L
}
