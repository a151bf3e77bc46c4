// RUN: %check_warplint --checks='-*,warplint-block-size-not-warp-multiple,warplint-uncoalesced-global-access' %s
// __launch_bounds__ whose maximum block no launch can have (above the 1024 threads per block
// of sm_90, zero, negative) is a finding of its own, and the kernel is analysed with its
// launches or the default block, never block by block with the bound's 2^28 threads. What
// nvcc 13.0 -arch=sm_90 does with each (lib/Analysis/launch/LaunchLimits.h): above the 2048 threads
// per SM, ptxas warns "Value of threads per SM ... is out of range. .minnctapersm and
// .maxntid will be ignored"; 1025 to 2048, ptxas caps registers for it (2048: 32 per thread);
// 0 and negative, nvcc writes no .maxntid.

// The bound alone: reported, and the kernel's strided store is still judged (default block).
__global__ void __launch_bounds__(1 << 28) bad_hugeBound(float *a) {
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: __launch_bounds__ of 'bad_hugeBound' gives a maximum block of 268435456 threads, more threads than the 1024 per block that sm_90 allows: ptxas ignores the bound (.maxntid and .minnctapersm: more threads than an SM holds), so it limits neither the launch nor the registers (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
  a[threadIdx.x * 32] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'a'{{.*}}[warplint-uncoalesced-global-access]
}

// Above the block limit but within an SM's 2048 threads: ptxas caps registers for it.
__global__ void __launch_bounds__(2048) bad_aboveLimit(float *a) {
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: __launch_bounds__ of 'bad_aboveLimit' gives a maximum block of 2048 threads, more threads than the 1024 per block that sm_90 allows: no launch can have that many, yet ptxas caps the kernel's registers as if one could (a tighter cap than any block needs) (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
  a[blockIdx.x * blockDim.x + threadIdx.x] = 0.0f;
}

__global__ void __launch_bounds__(0) bad_zeroBound(float *a) {
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: __launch_bounds__ of 'bad_zeroBound' gives a maximum block of 0 threads, no threads: nvcc drops the bound (its PTX has no .maxntid), so it limits neither the launch nor the registers{{.*}}[warplint-block-size-not-warp-multiple]
  a[threadIdx.x * 32] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'a'{{.*}}[warplint-uncoalesced-global-access]
}

// A launch of a kernel with an impossible bound: the launch's block is what is evaluated.
__global__ void __launch_bounds__(4096) bad_boundLaunched(float *a) {
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: __launch_bounds__ of 'bad_boundLaunched' gives a maximum block of 4096 threads, more threads than the 1024 per block that sm_90 allows: ptxas ignores the bound{{.*}}[warplint-block-size-not-warp-multiple]
  a[threadIdx.x * 2] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'a'{{.*}}[warplint-uncoalesced-global-access]
}
void launchBoundLaunched(float *a) { bad_boundLaunched<<<4, 128>>>(a); }

// Positive controls: bounds a block can meet are not this finding; the largest one, 1024,
// still judges the kernel's accesses with its block.
__global__ void __launch_bounds__(1024) good_maxBound(float *a) {
  a[threadIdx.x * 32] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'a'{{.*}}[warplint-uncoalesced-global-access]
}
__global__ void __launch_bounds__(256, 4) good_bound(float *a) {
  a[blockIdx.x * blockDim.x + threadIdx.x] = 0.0f;
}
// Not a multiple of 32 but possible: the warp-multiple finding, not this one.
__global__ void __launch_bounds__(100) bad_notMultiple(float *a) {
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: __launch_bounds__ of 'bad_notMultiple' allows 100 threads per block, not a multiple of the warp size (32){{.*}}[warplint-block-size-not-warp-multiple]
  a[blockIdx.x * blockDim.x + threadIdx.x] = 0.0f;
}

// Negative (clang warns that it ignores it; nvcc passes it to ptxas, which ignores it).
__global__ void __launch_bounds__(-32) bad_negativeBound(float *a) {
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: __launch_bounds__ of 'bad_negativeBound' gives a maximum block of -32 threads, a negative number of threads: nvcc drops the bound{{.*}}[warplint-block-size-not-warp-multiple]
  a[threadIdx.x * 32] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'a'{{.*}}[warplint-uncoalesced-global-access]
}
