// RUN: %warplint_dump --divergence %s -- %cuda_args | FileCheck %s --match-full-lines --implicit-check-not=branch
// Issue 13's tenth round. A bound assigned only under its own test, each time made no
// larger (`if (tid < n) { ...; n >>= 1; }`), is read by that test as the uniform sequence
// the passing lanes follow (shrinking-bound): evaluated exactly when its start is known,
// a tail guard over the sequence when it is not. A `for` without an init starts where the
// code before it left its variable: the two-loop evaluation enumerates it.

// cuda-samples dwtHaar1D's shape, started from the block size.
__global__ void halving(float *od, float *sh, unsigned levels) {
  unsigned tid = threadIdx.x;
  unsigned n = blockDim.x >> 1;
  for (unsigned i = 1; i < levels; ++i) {
    if (tid < n) {
      od[n + tid] = sqrtf(sh[2 * tid] * sh[2 * tid + 1]) / (sh[tid] + 1.0f);
      n = n >> 1;
    }
    __syncthreads();
  }
}
// CHECK: {{.*}}:13:5: halving: blockDim 256 (launch): branch if: source=thread-index:'threadIdx.x' split=exact warps=1/8 first=0 lanes=0x0000ffff/32 iterations=n:16,8,4,2,1/9 cost={{[0-9]+}} shrinking-bound in-loop avoidable=0

// The start is a parameter the launch does not fix: a tail guard over the sequence.
__global__ void halvingFromParam(float *od, float *sh, unsigned levels, int bdim) {
  const int tid = threadIdx.x;
  unsigned n = bdim >> 1;
  for (unsigned i = 1; i < levels; ++i) {
    if (tid < n) {
      od[n + tid] = sqrtf(sh[2 * tid] * sh[2 * tid + 1]) / (sh[tid] + 1.0f);
      n >>= 1;
    }
    __syncthreads();
  }
}
// CHECK: {{.*}}:27:5: halvingFromParam: blockDim 256 (launch): branch if: source=thread-index:'threadIdx.x' split=none undecided=n cost={{[0-9]+}} tail-guard shrinking-bound in-loop

// Grows under its test: not read as a sequence (no shrinking-bound).
__global__ void growing(float *od, float *sh, unsigned levels) {
  unsigned tid = threadIdx.x;
  unsigned n = 8;
  for (unsigned i = 1; i < levels; ++i) {
    if (tid < n) {
      od[n + tid] = sqrtf(sh[2 * tid] * sh[2 * tid + 1]) / (sh[tid] + 1.0f);
      n <<= 1;
    }
    __syncthreads();
  }
}
// CHECK: {{.*}}:41:5: growing: blockDim 256 (launch): branch if: source=thread-index:'threadIdx.x' split=none cost={{[0-9]+}} in-loop

// cuda-samples sortingNetworks' odd-even merge: the inner loop starts at size / 4.
__global__ void oddEvenMerge(unsigned *key, unsigned arrayLength) {
  for (unsigned size = 2; size <= arrayLength; size <<= 1) {
    unsigned stride = size / 2;
    unsigned offset = threadIdx.x & (stride - 1);
    {
      __syncthreads();
      unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
      key[pos] = min(key[pos], key[pos + stride]);
      stride >>= 1;
    }
    for (; stride > 0; stride >>= 1) {
      __syncthreads();
      unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
      if (offset >= stride)
        key[pos] = sqrtf(key[pos - stride] * key[pos]) / (key[pos + 1] + 1.0f);
    }
  }
}
// CHECK: {{.*}}:64:7: oddEvenMerge: blockDim 512 (launch, arrayLength = 1024): branch if: source=thread-index:'threadIdx.x' split=exact warps=16/16 first=0 lanes=0xaaaaaaaa/32 iterations=stride:1,2,4,8,16/9 cost={{[0-9]+}} in-loop avoidable=16 busy=88%

void launch(float *x, unsigned *k, unsigned d, int b) {
  halving<<<64, 256>>>(x, x, d);
  halvingFromParam<<<64, 256>>>(x, x, d, b);
  growing<<<64, 256>>>(x, x, d);
  oddEvenMerge<<<64, 512>>>(k, 1024);
}
