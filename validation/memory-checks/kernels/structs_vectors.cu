// Arrays of structures and vector types. Launch: <<<64, 256>>> for all.
// A field read of an array of structures has a lane stride of the structure
// size; a full-width vector load is wide, not uncoalesced.
#include "harness.h"

struct Float4Fields { float x, y, z, w; };  // 16 bytes, 4-byte aligned
struct Float3Fields { float x, y, z; };     // 12 bytes
struct __align__(16) Particle { float x, y, z, w; }; // 16 bytes, one 16-byte load

// One field of a 16-byte structure: lanes 16 bytes apart.
__global__ void aosField16(const Float4Fields *p, float *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  out[gid] = p[gid].x; // @access ld global uncoalesced:16 ; st global coalesced:4
}

// One field of a 12-byte structure: lanes 12 bytes apart.
__global__ void aosField12x(const Float3Fields *p, float *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  out[gid] = p[gid].x; // @access ld global uncoalesced:12 ; st global coalesced:4
}

// The middle field of the 12-byte structure (offset 4 bytes).
__global__ void aosField12y(const Float3Fields *p, float *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  out[gid] = p[gid].y; // @access ld global uncoalesced:12 ; st global coalesced:4
}

// The structure of arrays that fixes it: one float array per field.
__global__ void soaField(const float *x, const float *y, float *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  out[gid] = x[gid]; // @access ld global coalesced:4 ; st global coalesced:4
}

// A whole 16-byte-aligned structure, read at once: 16 sectors are the ideal.
__global__ void aosWholeAligned(const Particle *p, float *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  Particle q = p[gid]; // @access ld global wide-coalesced:16
  out[gid] = q.x + q.y + q.z + q.w; // @access st global coalesced:4
}

__global__ void vecFloat2(const float2 *in, float2 *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  out[gid] = in[gid]; // @access ld+st global wide-coalesced:8
}

__global__ void vecFloat4(const float4 *in, float4 *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  out[gid] = in[gid]; // @access ld+st global wide-coalesced:16
}

__global__ void vecInt4(const int4 *in, int4 *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  out[gid] = in[gid]; // @access ld+st global wide-coalesced:16
}

// A float array read four at a time through reinterpret_cast.
__global__ void vecReinterpretFloat4(const float *in, float *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = reinterpret_cast<const float4 *>(in)[gid]; // @access ld global wide-coalesced:16
  out[gid] = v.x + v.y + v.z + v.w; // @access st global coalesced:4
}

// Every other float4: lanes 32 bytes apart, twice the sectors needed.
__global__ void vecFloat4Stride2(const float4 *in, float4 *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  out[gid] = in[2 * gid]; // @access ld global uncoalesced-2x:32 ; st global wide-coalesced:16
}

// Doubles, unit stride (8 sectors ideal) and stride 2 (16 sectors).
__global__ void vecDouble(const double *in, double *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  out[gid] = in[gid]; // @access ld+st global wide-coalesced:8
}

__global__ void vecDoubleStride2(const double *in, double *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  out[gid] = in[2 * gid]; // @access ld global uncoalesced-2x:16 ; st global wide-coalesced:8
}

// One component of a float2 array: lanes 8 bytes apart, 4 bytes used each.
__global__ void vecFloat2Component(const float2 *in, float *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  out[gid] = in[gid].y; // @access ld global uncoalesced-2x:8 ; st global coalesced:4
}

void runStructsVectors() {
  aosField16<<<64, 256>>>((const Float4Fields *)H.in, H.out);
  H.record("aosField16", "aosField16", 64, 256);
  aosField12x<<<64, 256>>>((const Float3Fields *)H.in, H.out);
  H.record("aosField12x", "aosField12x", 64, 256);
  aosField12y<<<64, 256>>>((const Float3Fields *)H.in, H.out);
  H.record("aosField12y", "aosField12y", 64, 256);
  soaField<<<64, 256>>>(H.in, H.in2, H.out);
  H.record("soaField", "soaField", 64, 256);
  aosWholeAligned<<<64, 256>>>((const Particle *)H.in, H.out);
  H.record("aosWholeAligned", "aosWholeAligned", 64, 256);
  vecFloat2<<<64, 256>>>((const float2 *)H.in, (float2 *)H.out);
  H.record("vecFloat2", "vecFloat2", 64, 256);
  vecFloat4<<<64, 256>>>((const float4 *)H.in, (float4 *)H.out);
  H.record("vecFloat4", "vecFloat4", 64, 256);
  vecInt4<<<64, 256>>>((const int4 *)H.in, (int4 *)H.out);
  H.record("vecInt4", "vecInt4", 64, 256);
  vecReinterpretFloat4<<<64, 256>>>(H.in, H.out);
  H.record("vecReinterpretFloat4", "vecReinterpretFloat4", 64, 256);
  vecFloat4Stride2<<<64, 256>>>((const float4 *)H.in, (float4 *)H.out);
  H.record("vecFloat4Stride2", "vecFloat4Stride2", 64, 256);
  vecDouble<<<64, 256>>>((const double *)H.in, (double *)H.out);
  H.record("vecDouble", "vecDouble", 64, 256);
  vecDoubleStride2<<<64, 256>>>((const double *)H.in, (double *)H.out);
  H.record("vecDoubleStride2", "vecDoubleStride2", 64, 256);
  vecFloat2Component<<<64, 256>>>((const float2 *)H.in, H.out);
  H.record("vecFloat2Component", "vecFloat2Component", 64, 256);
}
