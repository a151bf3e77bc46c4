// RUN: %check_warplint --checks='-*,warplint-shared-bank-conflict,warplint-uncoalesced-global-access,warplint-double-precision,warplint-slow-math-function' %s
// One finding per cause (issue 14): the findings of one location (template
// instantiations, block shapes), of one line (the accesses of a statement) and of one
// function with the same cause (the array and the verdict; FP64's kind of site) are one
// warning, the rest related locations in its notes. Both front ends group alike.

// ---- one location, several instantiations: named in the notes ----

template <int S> __global__ void bad_strided(float *out, const float *in) {
  out[threadIdx.x] = in[threadIdx.x * S];
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: uncoalesced global load from 'in': consecutive lanes are 32 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need [warplint-uncoalesced-global-access]
  // CHECK-NOTES: :[[@LINE-2]]:22: note: address:
  // CHECK-NOTES: :[[@LINE-3]]:22: note: lane 1 is 32 bytes from lane 0
  // CHECK-NOTES: :[[@LINE+10]]:3: note: evaluated for blockDim 128, from this launch
  // CHECK-NOTES: :[[@LINE-6]]:34: note: in kernel instantiation 'bad_strided' instantiated here
  // CHECK-NOTES: :[[@LINE-6]]:22: note: also for 'bad_strided<16>' (blockDim 128x1x1, launch at one-finding-per-cause.cu:[[@LINE+9]]:3): uncoalesced global load from 'in': consecutive lanes are 64 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need
  // CHECK-NOTES: :[[@LINE-7]]:22: note: High priority
}

// The instantiation launched through a pointer is judged with its sibling's launch, not
// an assumed block of 256.
void launchStrided(float *o, const float *i) {
  bad_strided<8><<<4, 128>>>(o, i);
  bad_strided<16><<<4, 128>>>(o, i);
}
