// Every cache-hint load and store on every type nvcc declares it for (sm_32_intrinsics.h,
// cuda_fp16.h, cuda_bf16.h); -DHALF adds the __half and __nv_bfloat16 forms.
#ifdef HALF
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#endif
#define HINTS(T, N)                                                              \
  __device__ void N(const T *in, T *out, int i) {                               \
    T a = __ldcs(in + i), b = __ldcg(in + i), c = __ldca(in + i);               \
    T d = __ldlu(in + i), e = __ldcv(in + i);                                   \
    __stcs(out + i, a);                                                         \
    __stcg(out + i, b);                                                         \
    __stwt(out + i, c);                                                         \
    __stwb(out + i, d);                                                         \
    __stcs(out + i + 1, e);                                                     \
  }
HINTS(char, t_char) HINTS(signed char, t_schar) HINTS(unsigned char, t_uchar)
HINTS(short, t_short) HINTS(unsigned short, t_ushort) HINTS(int, t_int)
HINTS(unsigned int, t_uint) HINTS(long, t_long) HINTS(unsigned long, t_ulong)
HINTS(long long, t_ll) HINTS(unsigned long long, t_ull) HINTS(float, t_float)
HINTS(double, t_double)
HINTS(char2, t_char2) HINTS(char4, t_char4) HINTS(uchar2, t_uchar2) HINTS(uchar4, t_uchar4)
HINTS(short2, t_short2) HINTS(short4, t_short4) HINTS(ushort2, t_ushort2)
HINTS(ushort4, t_ushort4) HINTS(int2, t_int2) HINTS(int4, t_int4) HINTS(uint2, t_uint2)
HINTS(uint4, t_uint4) HINTS(longlong2, t_ll2) HINTS(ulonglong2, t_ull2)
HINTS(float2, t_float2) HINTS(float4, t_float4) HINTS(double2, t_double2)
#ifdef HALF
HINTS(__half, t_half) HINTS(__half2, t_half2) HINTS(__nv_bfloat16, t_bf16)
HINTS(__nv_bfloat162, t_bf162)
#endif
__global__ void k(const float4 *in, float4 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __stcs(out + i, __ldcs(in + i * 32));
}
void launch(const float4 *in, float4 *out) { k<<<1, 256>>>(in, out); }
