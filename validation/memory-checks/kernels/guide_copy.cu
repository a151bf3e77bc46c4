// The Best Practices Guide's copy kernels (GM §9.2.1, "Effects of Misaligned
// Accesses" and "Strided Accesses"; G23 §3.2.1):
// offsetCopy (misaligned sequential access) and strideCopy (non-unit stride).
// Both copy idata to odata through the same index, so the load and the store
// are both the access of interest.
#include "harness.h"

// Launched <<<64, 256>>> with offset 0, 1 and 8 (elements). Guide: offset 0
// and multiples of 8 words give 4 sectors per warp, other offsets 5.
__global__ void offsetCopy(float *odata, float *idata, int offset) {
  int xid = blockIdx.x * blockDim.x + threadIdx.x + offset;
  odata[xid] = idata[xid]; // @access ld+st global off0=coalesced:4 off1=misaligned:5 off8=coalesced:4
}

// Launched <<<64, 256>>> with stride 1, 2, 4 and 32. Guide: stride 2 gives 8
// sectors per warp (50% efficiency), growing to 32 sectors per warp.
__global__ void strideCopy(float *odata, float *idata, int stride) {
  int xid = (blockIdx.x * blockDim.x + threadIdx.x) * stride;
  odata[xid] = idata[xid]; // @access ld+st global s1=coalesced:4 s2=uncoalesced:8 s4=uncoalesced:16 s32=uncoalesced:32
}

void runGuideCopy() {
  offsetCopy<<<64, 256>>>(H.out, H.in, 0);
  H.record("off0", "offsetCopy", 64, 256);
  offsetCopy<<<64, 256>>>(H.out, H.in, 1);
  H.record("off1", "offsetCopy", 64, 256);
  offsetCopy<<<64, 256>>>(H.out, H.in, 8);
  H.record("off8", "offsetCopy", 64, 256);
  strideCopy<<<64, 256>>>(H.out, H.in, 1);
  H.record("s1", "strideCopy", 64, 256);
  strideCopy<<<64, 256>>>(H.out, H.in, 2);
  H.record("s2", "strideCopy", 64, 256);
  strideCopy<<<64, 256>>>(H.out, H.in, 4);
  H.record("s4", "strideCopy", 64, 256);
  strideCopy<<<64, 256>>>(H.out, H.in, 32);
  H.record("s32", "strideCopy", 64, 256);
}
