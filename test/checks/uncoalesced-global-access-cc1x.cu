// RUN: %check_warplint --config="{CheckOptions: {warplint.Arch: sm_11}}" %s
// On compute capability 1.0/1.1 (the 2.3 guide §3.2.1.1), a half warp coalesces only when
// its k-th thread reads the k-th word of an aligned segment: misalignment alone costs 16
// transactions per half warp, and is a finding. On sm_90 the same access costs 5 sectors
// instead of 4 and is not (test/checks/uncoalesced-global-access.cu, good_misaligned).

__global__ void offsetCopy(float *odata, const float *idata) {
  int xid = blockIdx.x * blockDim.x + threadIdx.x + 1;
  odata[xid] = idata[xid];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'odata': consecutive lanes are 4 bytes apart, so each warp request touches 32 transactions, 16x the 2 its 4-byte accesses need (+1 more on this line, in the notes) (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
  // (one finding per cause: now a related location of another finding of this check)
}

__global__ void alignedCopy(float *odata, const float *idata) {
  int xid = blockIdx.x * blockDim.x + threadIdx.x;
  odata[xid] = idata[xid];
}

void launch(float *a, float *b) {
  offsetCopy<<<64, 256>>>(a, b);
  alignedCopy<<<64, 256>>>(a, b);
}
