// Issue 12: the access shapes of real programs the memory checks missed (while-loop
// indices, pointer induction, pointers assigned late or on both sides of a branch,
// pointers read from memory, a loop counter read after its loop, lane guards through
// the global index, a dim3 set field by field, a runtime row pitch, merged byte stores,
// arrays of structures, an 8-byte shared access with half the lanes active, the strided
// reduction step by step). Written here from the shapes' descriptions, not copied.
#include "harness.h"
#include <cuda_fp16.h>

#define NUMBER_THREADS 256

// Column walk of a 1024 x 64 matrix with a while loop: lanes 64 words apart.
__global__ void whileColumn(const float *a, float *out, int n) {
  int x = threadIdx.x;
  int k = blockIdx.x;
  float sum = 0.0f;
  while (x < 1024) {
    sum += a[x * n + k]; // @access ld global uncoalesced:32
    x += NUMBER_THREADS;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum; // @access st global coalesced:4
}

// The same walk as a do-while, over rows this time (coalesced).
__global__ void doWhileRow(const float *a, float *out, int n) {
  int x = threadIdx.x;
  float sum = 0.0f;
  do {
    sum += a[blockIdx.x * n + x]; // @access ld global coalesced:4
    x += NUMBER_THREADS;
  } while (x < n);
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum; // @access st global coalesced:4
}

// A loop whose step is assigned in the body: stride-2 words.
__global__ void stepInBody(const float *a, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int step;
  float sum = 0.0f;
  while (i < n) {
    sum += a[2 * i]; // @access ld global uncoalesced:8
    step = blockDim.x * gridDim.x;
    i += step;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum; // @access st global coalesced:4
}

// Pointer induction: p advances by a whole grid each step (coalesced), q by 4 words a lane.
__global__ void pointerInduction(const float *a, float *out, int n) {
  const float *p = a + blockIdx.x * blockDim.x + threadIdx.x;
  const float *end = a + n;
  const float *q = a + 4 * (blockIdx.x * blockDim.x + threadIdx.x);
  float sum = 0.0f;
  while (p < end) {
    sum += *p;  // @access ld global coalesced:4
    sum += *q;  // @access ld global uncoalesced:16
    p += blockDim.x * gridDim.x;
    q += 4 * blockDim.x * gridDim.x;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum; // @access st global coalesced:4
}

struct Pair { float v, w; };

// A pointer declared first and assigned later: lanes 8 bytes apart, a 4-byte field.
__global__ void latePointer(Pair *g, float *out) {
  Pair *fA;
  int first_i = blockIdx.x * 256;
  fA = &g[first_i];
  int wtx = threadIdx.x;
  fA[wtx].v += 1.0f; // @access ld+st global uncoalesced:8
}

// A pointer assigned on both sides of a branch: stride 2 words either way.
__global__ void pointerBothBranches(const float *a, const float *b, float *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  const float *p;
  if (blockIdx.x & 1)
    p = a + 2 * gid;
  else
    p = b + 2 * gid;
  out[gid] = p[0]; // @access ld global uncoalesced:8 ; st global coalesced:4
}

// A pointer reassigned in a loop: each pass reads a row of 32 words per lane.
__global__ void pointerReassignedInLoop(const float *a, float *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  const float *row;
  float sum = 0.0f;
  for (int r = 0; r < 4; ++r) {
    row = a + (r * 16384 + gid) * 32;
    sum += row[0]; // @access ld global uncoalesced:32
  }
  out[gid] = sum; // @access st global coalesced:4
}

struct Unique { float *d_mask_conv; int pad; };
__constant__ Unique d_unique[4];

// A pointer read from a __constant__ array of structures: global memory.
__global__ void constStructField(float *out) {
  int bx = blockIdx.x % 4;
  float v = d_unique[bx].d_mask_conv[threadIdx.x * 16]; // @access ld global uncoalesced:32
  out[blockIdx.x * blockDim.x + threadIdx.x] = v; // @access st global coalesced:4
}

struct Params { float *data; int n; };

// A pointer field of a struct passed by value (stride 3) and by pointer (coalesced).
__global__ void structByValue(Params p, float *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  out[gid] = p.data[3 * gid]; // @access ld global uncoalesced:12 ; st global coalesced:4
}
__global__ void structByPointer(const Params *pp, float *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  out[gid] = pp->data[gid * 8]; // @access ld global uncoalesced:32 ; st global coalesced:4
}

// A pointer loaded from a pointer array.
__global__ void pointerFromArray(float *const *ptrs, float *out) {
  const float *row = ptrs[blockIdx.x % 4];
  out[blockIdx.x * blockDim.x + threadIdx.x] = row[threadIdx.x * 16]; // @access ld global uncoalesced:32 ; st global coalesced:4
}

// A loop counter read after its loop: the lane stride is 4 words whatever i is.
__global__ void counterAfterLoop(const float *src, float *out, int m, int stride) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int i;
  for (i = 0; i < m; ++i)
    if (src[i] > 100.0f) break;
  out[tid] = src[tid * stride + i]; // @access ld global uncoalesced:16 ; st global coalesced:4
}

// A lane guard through the global index: 4x4 blocks, only the threadIdx.y == 0 lanes
// of the blockIdx.y == 0 blocks run (4 lanes, 32 words apart: 4 sectors).
__global__ void guardGlobalIndex(const float *a, float *out) {
  if (blockIdx.y * blockDim.y + threadIdx.y == 0)
    out[blockIdx.x * 4 + threadIdx.x] = a[(blockIdx.x * 4 + threadIdx.x) * 32]; // @access ld global uncoalesced:4 ; st global coalesced:1
}

// An earlier lane-dependent early return: 16 lanes left, stride 2 words.
__global__ void earlyReturnHalf(const float *a, float *out) {
  if (threadIdx.x % 32 >= 16)
    return;
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  out[gid] = a[2 * gid]; // @access ld global uncoalesced:4 ; st global coalesced:2
}

// Launched with a dim3 set field by field (64 x 4): lanes are 4 words apart.
__global__ void dim3Fields(const float *a, float *out) {
  int t = threadIdx.x * blockDim.y + threadIdx.y;
  int b = blockIdx.x * blockDim.x * blockDim.y;
  out[b + threadIdx.y * blockDim.x + threadIdx.x] = a[b + t]; // @access ld global uncoalesced:16 ; st global coalesced:4
}

// Rows of a pitched 2-D array (pitch 512 bytes), blocks of 4 x 8: 8 rows of 16 bytes.
__global__ void pitchedRows(const float *base, float *out, size_t pitch) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  const char *row = (const char *)base + y * pitch;
  out[y * 128 + x] = ((const float *)row)[x]; // @access ld global uncoalesced:8 ; st global uncoalesced:8
}

// Two byte fields of a uchar4 written together: nvcc merges them (one 2-byte store).
__global__ void mergedByteStore(uchar4 *dst, const float *a) {
  int p = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[p]; // @access ld global coalesced:4
  dst[p].x = (unsigned char)v; dst[p].y = (unsigned char)(v + 1.0f); // @access st global uncoalesced:4
}

struct P3 { float x, y, z; };

// An array of structures: three loads at a 12-byte stride; L2 traffic is that of the
// whole structure once.
__global__ void aosSum(const P3 *p, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = p[i].x + p[i].y + p[i].z; // @access ld global uncoalesced:12 ; st global coalesced:4
}

// 8-byte shared loads with the even lanes active in both half-warps.
__global__ void sharedDoubleHalfActive(const float *a, float *out) {
  __shared__ double sd[256];
  int tid = threadIdx.x;
  sd[tid] = a[blockIdx.x * 256 + tid]; // @access ld global coalesced:4 ; st shared conflict-free:2
  __syncthreads();
  double v = 0.0;
  if ((tid & 1) == 0)
    v = sd[tid]; // @access ld shared unknown:-
  out[blockIdx.x * 256 + tid] = (float)v; // @access st global coalesced:4
}

// One step of the interleaved reduction at a runtime s: lanes 2*s words apart.
__global__ void stridedStep(float *out, int s) {
  __shared__ float sdata[8192];
  int tid = threadIdx.x;
  for (int k = tid; k < 8192; k += blockDim.x)
    sdata[k] = k;
  __syncthreads();
  out[blockIdx.x * blockDim.x + tid] = sdata[2 * s * tid]; // @access ld shared s1=conflict:2 s2=conflict:4 s4=conflict:8 s8=conflict:16 s16=conflict:32 ; st global coalesced:4
}

void runRealCode() {
  whileColumn<<<64, 256>>>(H.in, H.out, 64);
  H.record("whileColumn", "whileColumn", 64, 256);
  doWhileRow<<<64, 256>>>(H.in, H.out, 1024);
  H.record("doWhileRow", "doWhileRow", 64, 256);
  stepInBody<<<64, 256>>>(H.in, H.out, 4 * 64 * 256);
  H.record("stepInBody", "stepInBody", 64, 256);
  pointerInduction<<<64, 256>>>(H.in, H.out, 4 * 64 * 256);
  H.record("pointerInduction", "pointerInduction", 64, 256);
  latePointer<<<64, 256>>>((Pair *)H.in2, H.out);
  H.record("latePointer", "latePointer", 64, 256);
  pointerBothBranches<<<64, 256>>>(H.in, H.in2, H.out);
  H.record("pointerBothBranches", "pointerBothBranches", 64, 256);
  pointerReassignedInLoop<<<64, 256>>>(H.in, H.out);
  H.record("pointerReassignedInLoop", "pointerReassignedInLoop", 64, 256);
  Unique u[4];
  for (int k = 0; k < 4; ++k)
    u[k] = Unique{H.in + k * 65536, 0};
  CUDA_CHECK(cudaMemcpyToSymbol(d_unique, u, sizeof(u)));
  constStructField<<<64, 256>>>(H.out);
  H.record("constStructField", "constStructField", 64, 256);
  structByValue<<<64, 256>>>(Params{H.in, 0}, H.out);
  H.record("structByValue", "structByValue", 64, 256);
  Params hp{H.in, 0}, *dp = nullptr;
  CUDA_CHECK(cudaMalloc(&dp, sizeof(Params)));
  CUDA_CHECK(cudaMemcpy(dp, &hp, sizeof(Params), cudaMemcpyHostToDevice));
  structByPointer<<<64, 256>>>(dp, H.out);
  H.record("structByPointer", "structByPointer", 64, 256);
  float **ptrs = nullptr;
  float *hptrs[4] = {H.in, H.in + 65536, H.in2, H.in2 + 65536};
  CUDA_CHECK(cudaMalloc(&ptrs, sizeof(hptrs)));
  CUDA_CHECK(cudaMemcpy(ptrs, hptrs, sizeof(hptrs), cudaMemcpyHostToDevice));
  pointerFromArray<<<64, 256>>>(ptrs, H.out);
  H.record("pointerFromArray", "pointerFromArray", 64, 256);
  counterAfterLoop<<<64, 256>>>(H.in, H.out, 8, 4);
  H.record("counterAfterLoop", "counterAfterLoop", 64, 256);
  guardGlobalIndex<<<dim3(64, 4), dim3(4, 4)>>>(H.in, H.out);
  H.record("guardGlobalIndex", "guardGlobalIndex", dim3(64, 4), dim3(4, 4));
  earlyReturnHalf<<<64, 256>>>(H.in, H.out);
  H.record("earlyReturnHalf", "earlyReturnHalf", 64, 256);
  dim3 threads;
  threads.x = 64;
  threads.y = 4;
  dim3Fields<<<64, threads>>>(H.in, H.out);
  H.record("dim3Fields", "dim3Fields", 64, dim3(64, 4));
  pitchedRows<<<dim3(32, 64), dim3(4, 8)>>>(H.in, H.out, 512);
  H.record("pitchedRows", "pitchedRows", dim3(32, 64), dim3(4, 8));
  mergedByteStore<<<64, 256>>>((uchar4 *)H.out, H.in);
  H.record("mergedByteStore", "mergedByteStore", 64, 256);
  aosSum<<<64, 256>>>((const P3 *)H.in, H.out);
  H.record("aosSum", "aosSum", 64, 256);
  sharedDoubleHalfActive<<<64, 256>>>(H.in, H.out);
  H.record("sharedDoubleHalfActive", "sharedDoubleHalfActive", 64, 256);
  stridedStep<<<64, 256>>>(H.out + 65536 * 4, 1);
  H.record("s1", "stridedStep", 64, 256);
  stridedStep<<<64, 256>>>(H.out + 65536 * 4, 2);
  H.record("s2", "stridedStep", 64, 256);
  stridedStep<<<64, 256>>>(H.out + 65536 * 4, 4);
  H.record("s4", "stridedStep", 64, 256);
  stridedStep<<<64, 256>>>(H.out + 65536 * 4, 8);
  H.record("s8", "stridedStep", 64, 256);
  stridedStep<<<64, 256>>>(H.out + 65536 * 4, 16);
  H.record("s16", "stridedStep", 64, 256);
  CUDA_CHECK(cudaFree(dp));
  CUDA_CHECK(cudaFree(ptrs));
}
