// Scalar loads of one lane's neighbouring elements, one instruction each: what L1 and L2
// see (warplint-uncoalesced-global-access, "sibling loads").
//
//   nvcc -O3 -arch=sm_90 -o siblings siblings.cu
//   ncu --clock-control none --metrics l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,\
//     l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,lts__t_sectors_srcunit_tex_op_read.sum ./siblings
//
// Each kernel: 4096 blocks of 256 threads; lane i reads from in + i * stride. The input is
// 64 MiB, larger than L2 is not needed: L2 sectors read from L1 count what L1 missed.
//  ldg4_contig   __ldg(in + 4c), +1, +2, +3       4 loads, every byte of each sector used
//  ld4_contig    in[4c], in[4c+1], in[4c+2], in[4c+3] (plain loads)
//  vec4          one float4 load of the same bytes (the fix)
//  ldg2_gaps     __ldg(in + 8c), +1               2 loads, a quarter of each sector used
//  ldg1_stride4  __ldg(in + 4c) alone             1 load, a quarter of each sector used
#include <cstdio>

__global__ void ldg4_contig(float *out, const float *__restrict__ in) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  float a = __ldg(in + 4 * c), b = __ldg(in + 4 * c + 1);
  float d = __ldg(in + 4 * c + 2), e = __ldg(in + 4 * c + 3);
  out[c] = a + b + d + e;
}
__global__ void ld4_contig(float *out, const float *in) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  float a = in[4 * c];
  float b = in[4 * c + 1];
  float d = in[4 * c + 2];
  float e = in[4 * c + 3];
  out[c] = a + b + d + e;
}
__global__ void vec4(float *out, const float4 *__restrict__ in) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = in[c];
  out[c] = v.x + v.y + v.z + v.w;
}
__global__ void ldg2_gaps(float *out, const float *__restrict__ in) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  out[c] = __ldg(in + 8 * c) + __ldg(in + 8 * c + 1);
}
__global__ void ldg1_stride4(float *out, const float *__restrict__ in) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  out[c] = __ldg(in + 4 * c);
}

int main() {
  const int blocks = 4096, threads = 256, n = blocks * threads;
  float *in, *out;
  cudaMalloc(&in, size_t(n) * 8 * sizeof(float));
  cudaMalloc(&out, size_t(n) * sizeof(float));
  cudaMemset(in, 0, size_t(n) * 8 * sizeof(float));
  ldg4_contig<<<blocks, threads>>>(out, in);
  ld4_contig<<<blocks, threads>>>(out, in);
  vec4<<<blocks, threads>>>(out, (const float4 *)in);
  ldg2_gaps<<<blocks, threads>>>(out, in);
  ldg1_stride4<<<blocks, threads>>>(out, in);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
