// Indices computed by __device__ helpers (nested), by macros, and by a
// template parameter. Each kernel reads through one pattern and writes
// out[gid] (coalesced) unless said otherwise.
#include "harness.h"

__device__ __forceinline__ int globalThreadId() {
  return blockIdx.x * blockDim.x + threadIdx.x;
}

__device__ int flatIndex(int x, int y, int pitch) { return y * pitch + x; }

__device__ int scaled(int i, int s) { return i * s; }

// Launch <<<64, 256>>>: nested helpers, stride 8 words.
__global__ void helperStride8(const float *in, float *out) {
  int gid = globalThreadId();
  out[gid] = in[scaled(globalThreadId(), 8)]; // @access ld global uncoalesced:32 ; st global coalesced:4
}

// Launch <<<dim3(8, 64), dim3(16, 16)>>>, pitch 1024: a row-major index from
// a helper; a warp is two half rows of 16 floats (two 64-byte pieces).
__global__ void helperRowMajor2D(const float *in, float *out, int pitch) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[flatIndex(x, y, pitch)] = in[flatIndex(x, y, pitch)]; // @access ld+st global coalesced:4
}

// Same launch, arguments swapped by mistake: lanes along x are a whole row
// (4096 bytes) apart; the two rows of a warp share sectors.
__global__ void helperSwapped2D(const float *in, float *out, int pitch) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  float v = in[flatIndex(y, x, pitch)]; // @access ld global uncoalesced:16
  out[flatIndex(x, y, pitch)] = v; // @access st global coalesced:4
}

// cuBLAS-style column-major macro.
#define IDX2C(i, j, ld) (((j) * (ld)) + (i))

// Launch <<<64, 256>>>, ld 256: lanes walk down a column (contiguous).
__global__ void macroColumnMajor(const float *a, float *out, int ld) {
  int i = threadIdx.x, j = blockIdx.x;
  out[IDX2C(i, j, ld)] = a[IDX2C(i, j, ld)]; // @access ld+st global coalesced:4
}

// Launch <<<64, 256>>>, ld 256: lanes walk along a row of a column-major
// matrix: 1024 bytes apart.
__global__ void macroRowOfColumnMajor(const float *a, float *out, int ld) {
  int i = blockIdx.x, j = threadIdx.x;
  out[blockIdx.x * blockDim.x + threadIdx.x] = a[IDX2C(i, j, ld)]; // @access ld global uncoalesced:32 ; st global coalesced:4
}

#define GLOBAL_ID (blockIdx.x * blockDim.x + threadIdx.x)
#define AT(p, i) (p)[(i)]

// Launch <<<64, 256>>>: macros for the id and the access, offset by 2 words.
__global__ void macroAccessOffset2(const float *in, float *out) {
  AT(out, GLOBAL_ID) = AT(in, GLOBAL_ID + 2); // @access ld global misaligned:5 ; st global coalesced:4
}

// Template on the stride. Instantiated with 1 and 32, each launched
// <<<64, 256>>>: analyse each instantiation.
template <int STRIDE>
__global__ void stridedRead(const float *in, float *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  out[gid] = in[gid * STRIDE]; // @access ld global T1=coalesced:4 T32=uncoalesced:32 ; st global coalesced:4
}

// Template on the element type: 1-byte and 8-byte elements, unit stride.
// Launch <<<64, 256>>> each: 1 sector (uchar) and 8 sectors (double) per
// request are the ideal for 32 lanes.
template <typename T>
__global__ void copyTyped(const T *in, T *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  out[gid] = in[gid]; // @access ld+st global Tuchar=coalesced:1 Tdouble=coalesced:8
}

void runHelpersMacrosTemplates() {
  helperStride8<<<64, 256>>>(H.in, H.out);
  H.record("helperStride8", "helperStride8", 64, 256);
  helperRowMajor2D<<<dim3(8, 64), dim3(16, 16)>>>(H.in, H.out, 1024);
  H.record("helperRowMajor2D", "helperRowMajor2D", dim3(8, 64), dim3(16, 16));
  helperSwapped2D<<<dim3(8, 64), dim3(16, 16)>>>(H.in, H.out, 1024);
  H.record("helperSwapped2D", "helperSwapped2D", dim3(8, 64), dim3(16, 16));
  macroColumnMajor<<<64, 256>>>(H.in, H.out, 256);
  H.record("macroColumnMajor", "macroColumnMajor", 64, 256);
  macroRowOfColumnMajor<<<64, 256>>>(H.in, H.out, 256);
  H.record("macroRowOfColumnMajor", "macroRowOfColumnMajor", 64, 256);
  macroAccessOffset2<<<64, 256>>>(H.in, H.out);
  H.record("macroAccessOffset2", "macroAccessOffset2", 64, 256);
  stridedRead<1><<<64, 256>>>(H.in, H.out);
  H.record("T1", "stridedRead<1>", 64, 256);
  stridedRead<32><<<64, 256>>>(H.in, H.out);
  H.record("T32", "stridedRead<32>", 64, 256);
  copyTyped<unsigned char><<<64, 256>>>((const unsigned char *)H.in, (unsigned char *)H.out);
  H.record("Tuchar", "copyTyped<unsigned char>", 64, 256);
  copyTyped<double><<<64, 256>>>((const double *)H.in, (double *)H.out);
  H.record("Tdouble", "copyTyped<double>", 64, 256);
}
