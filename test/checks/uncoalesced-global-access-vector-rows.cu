// RUN: %check_warplint --checks='-*,warplint-uncoalesced-global-access' %s
// Vector accesses (float4, int2, 4-byte pairs such as __half2) through a pointer cast from a
// row's base (`reinterpret_cast<const float4 *>(in + row * N)`): the row's byte offset
// (4 * row * N) is not known to be a multiple of 16, but the access's address is (a misaligned
// vector access is an error on the GPU), so the lane's part of the index is exact and the row
// is a warp-uniform offset. 16-byte lanes: a warp's 512 bytes are 16 sectors when contiguous,
// 32 when each lane's 16 bytes fill half of a sector of its own.
// Positive (bad_*) and negative (good_*) cases; every warning is accounted for.

struct __attribute__((aligned(4))) pair16 { unsigned short x, y; };

__global__ void good_float4_row(float *out, const float *in, int N) {
  int tx = threadIdx.x, row = blockIdx.x;
  const float4 *in4 = reinterpret_cast<const float4 *>(in + row * N);
  float4 *o4 = reinterpret_cast<float4 *>(out + row * N);
  o4[tx] = in4[tx];
}
__global__ void bad_float4_row_every_other(float *out, const float *in, int N) {
  int tx = threadIdx.x, row = blockIdx.x;
  const float4 *in4 = reinterpret_cast<const float4 *>(in + row * N);
  float4 *o4 = (float4 *)(out + row * N);
  o4[tx * 2] = in4[tx];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'o4' ('out'): consecutive lanes are 32 bytes apart, so each warp request touches 32 sectors, 2x the 16 its 16-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}
__global__ void good_int2_row(int *out, const int *in, int N) {
  int row = blockIdx.y;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  reinterpret_cast<int2 *>(out + row * N)[i] = reinterpret_cast<const int2 *>(in + row * N)[i];
}
__global__ void bad_pair_row_strided(unsigned short *out, const unsigned short *in, int N) {
  int row = blockIdx.y;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  pair16 v = reinterpret_cast<const pair16 *>(in + row * N)[i * 8];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: uncoalesced global load from 'reinterpret_cast<const pair16 *>(in + row * N)': consecutive lanes are 32 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
  reinterpret_cast<pair16 *>(out + row * N)[i] = v;
}

void launch(float *o, const float *in, int *oi, const int *ii, unsigned short *os,
            const unsigned short *is, int rows, int N) {
  good_float4_row<<<rows, N / 4>>>(o, in, N);
  bad_float4_row_every_other<<<rows, N / 8>>>(o, in, N);
  good_int2_row<<<dim3(N / 512, rows), 256>>>(oi, ii, N);
  bad_pair_row_strided<<<dim3(N / 4096, rows), 256>>>(os, is, N);
}
