// A minimal stand-in for the toolkit's cuda_fp16.h, for parsing shapes13.cu and
// probes13.cu (and the lit tests) hermetically: the types and the intrinsics those files
// use, with bodies shaped like the real header's (an inline-asm wrapper over a few
// statements), so that a cost model that walked into them would overcount as it did.
// Found through -isystem: a system header, as the real one is.
#pragma once
struct __half { unsigned short x; };
struct __half2 { unsigned int x; };
static __device__ __inline__ __half2 __hadd2(const __half2 a, const __half2 b) {
  __half2 r;
  unsigned int t = 0;
  asm("{ add.f16x2 %0, %1, %2; }\n" : "=r"(t) : "r"(a.x), "r"(b.x));
  r.x = t;
  return r;
}
static __device__ __inline__ __half2 __hfma2(const __half2 a, const __half2 b,
                                             const __half2 c) {
  __half2 r;
  unsigned int t = 0;
  asm("{ fma.rn.f16x2 %0, %1, %2, %3; }\n" : "=r"(t) : "r"(a.x), "r"(b.x), "r"(c.x));
  r.x = t;
  return r;
}
static __device__ __inline__ __half __hmul(const __half a, const __half b) {
  __half r;
  unsigned short t = 0;
  asm("{ mul.f16 %0, %1, %2; }\n" : "=h"(t) : "h"(a.x), "h"(b.x));
  r.x = t;
  return r;
}
static __device__ __inline__ __half2 __floats2half2_rn(const float a, const float b) {
  __half2 r;
  unsigned int t = 0;
  asm("{ cvt.rn.f16x2.f32 %0, %2, %1; }\n" : "=r"(t) : "f"(a), "f"(b));
  r.x = t;
  return r;
}
static __device__ __inline__ __half __float2half(const float a) {
  __half r;
  unsigned short t = 0;
  asm("{ cvt.rn.f16.f32 %0, %1; }\n" : "=h"(t) : "f"(a));
  r.x = t;
  return r;
}
static __device__ __inline__ float __half2float(const __half a) {
  float f = 0;
  asm("{ cvt.f32.f16 %0, %1; }\n" : "=f"(f) : "h"(a.x));
  return f;
}
static __device__ __inline__ float __low2float(const __half2 a) {
  float f = 0;
  asm("{ .reg .f16 l, h; mov.b32 {l, h}, %1; cvt.f32.f16 %0, l; }\n" : "=f"(f) : "r"(a.x));
  return f;
}
static __device__ __inline__ float __high2float(const __half2 a) {
  float f = 0;
  asm("{ .reg .f16 l, h; mov.b32 {l, h}, %1; cvt.f32.f16 %0, h; }\n" : "=f"(f) : "r"(a.x));
  return f;
}
