// Element types under a dynamic or loop-varying index: which stay in registers (sm_90).
// Recorded with: ./record_ptxas.sh element_types.cu recorded/element_types
extern "C" __global__ void f2(const float2 *in, const int *idx, float2 *out) {
  float2 a[8]; int t = threadIdx.x;
  for (int i = 0; i < 8; ++i) a[i] = in[t * 8 + i];
  out[t] = a[idx[t]];
}
struct P { float x, y; };
extern "C" __global__ void sp(const P *in, const int *idx, P *out) {
  P a[8]; int t = threadIdx.x;
  for (int i = 0; i < 8; ++i) a[i] = in[t * 8 + i];
  out[t] = a[idx[t]];
}
extern "C" __global__ void sx(const P *in, const int *idx, float *out) {
  P a[8]; int t = threadIdx.x;
  for (int i = 0; i < 8; ++i) a[i] = in[t * 8 + i];
  out[t] = a[idx[t]].x;
}
extern "C" __global__ void f4(const float4 *in, const int *idx, float4 *out) {
  float4 a[4]; int t = threadIdx.x;
  for (int i = 0; i < 4; ++i) a[i] = in[t * 4 + i];
  out[t] = a[idx[t]];
}
extern "C" __global__ void sh(const short *in, const int *idx, short *out) {
  short a[8]; int t = threadIdx.x;
  for (int i = 0; i < 8; ++i) a[i] = in[t * 8 + i];
  out[t] = a[idx[t]];
}
extern "C" __global__ void ch(const char *in, const int *idx, char *out) {
  char a[16]; int t = threadIdx.x;
  for (int i = 0; i < 16; ++i) a[i] = in[t * 16 + i];
  out[t] = a[idx[t]];
}
extern "C" __global__ void i2(const int *in, const int *idx, int *out) {
  int a[2][8]; int t = threadIdx.x;
  for (int i = 0; i < 16; ++i) a[i/8][i%8] = in[t * 16 + i];
  out[t] = a[idx[t]][idx[t+1]];
}
extern "C" __global__ void d2(const double2 *in, const int *idx, double2 *out) {
  double2 a[4]; int t = threadIdx.x;
  for (int i = 0; i < 4; ++i) a[i] = in[t * 4 + i];
  out[t] = a[idx[t]];
}
struct Q { double x; float y; };
extern "C" __global__ void q(const Q *in, const int *idx, Q *out) {
  Q a[4]; int t = threadIdx.x;
  for (int i = 0; i < 4; ++i) a[i] = in[t * 4 + i];
  out[t] = a[idx[t]];
}
extern "C" __global__ void c4(const uchar4 *in, const int *idx, uchar4 *out) {
  uchar4 a[8]; int t = threadIdx.x;
  for (int i = 0; i < 8; ++i) a[i] = in[t * 8 + i];
  out[t] = a[idx[t]];
}
extern "C" __global__ void u(const unsigned *in, const int *idx, unsigned *out) {
  unsigned a[8]; int t = threadIdx.x;
  for (int i = 0; i < 8; ++i) a[i] = in[t * 8 + i];
  out[t] = a[idx[t]];
}
extern "C" __global__ void p(float *const *in, const int *idx, float *out) {
  float *a[4]; int t = threadIdx.x;
  for (int i = 0; i < 4; ++i) a[i] = in[t * 4 + i];
  out[t] = *a[idx[t]];
}
extern "C" __global__ void f2roll(const float2 *in, float2 *out) {
  float2 a[8]; int t = threadIdx.x;
#pragma unroll 1
  for (int i = 0; i < 8; ++i) a[i] = in[t * 8 + i];
  float2 s = {0, 0};
#pragma unroll 1
  for (int i = 0; i < 8; ++i) { s.x += a[i].x * a[7 - i].y; }
  out[t] = s;
}
extern "C" __global__ void f4rt(const float4 *in, float4 *out, int n) {
  float4 a[8]; int t = threadIdx.x;
  for (int i = 0; i < 8; ++i) a[i] = in[t * 8 + i];
  float4 s = {0, 0, 0, 0};
  for (int i = 0; i < n; ++i) { s.x += a[i].x; s.w += a[i].w; }
  out[t] = s;
}
extern "C" __global__ void f2big(const float2 *in, const int *idx, float2 *out) {
  float2 a[64]; int t = threadIdx.x;
  for (int i = 0; i < 64; ++i) a[i] = in[t * 64 + i];
  out[t] = a[idx[t]];
}
extern "C" __global__ void c2(const char *in, const int *idx, char *out) {
  char a[2]; int t = threadIdx.x;
  for (int i = 0; i < 2; ++i) a[i] = in[t * 2 + i];
  out[t] = a[idx[t]];
}
