// RUN: %warplint_dump --divergence %s -- %cuda_args | FileCheck %s --match-full-lines
// Issue 13, tenth round: for an `if` without `else` whose lanes were evaluated exactly in
// every iteration, the dump prints busy=N%: the lanes that take the branch, summed over the
// iterations, against all the lanes of the warps that run its body (shown where packing
// could remove a split, avoidable > 0). The check is quiet at BusyShare (75) and above.

__device__ void cmpSwap(float &ka, unsigned &va, float &kb, unsigned &vb, unsigned dir) {
  if ((ka > kb) == (dir != 0)) {
    float t = ka;
    ka = kb;
    kb = t;
    unsigned v = va;
    va = vb;
    vb = v;
  }
}

__global__ void good_oddEvenMerge(float *o, const float *in) {
  __shared__ float sk[1024];
  __shared__ unsigned sv[1024];
  unsigned t = threadIdx.x;
  sk[t] = in[t];
  sv[t] = t;
  sk[t + 512] = in[t + 512];
  sv[t + 512] = t + 512;
  for (unsigned size = 2; size <= 1024; size <<= 1) {
    unsigned offset = t & (size / 2 - 1);
    __syncthreads();
    unsigned p0 = 2 * t - (t & (size / 2 - 1));
    cmpSwap(sk[p0], sv[p0], sk[p0 + size / 2], sv[p0 + size / 2], 1);
    for (unsigned stride = size / 4; stride > 0; stride >>= 1) {
      __syncthreads();
      unsigned pos = 2 * t - (t & (stride - 1));
      if (offset >= stride)
        cmpSwap(sk[pos - stride], sv[pos - stride], sk[pos], sv[pos], 1);
    }
  }
  __syncthreads();
  o[t] = sk[t] + sv[t];
}

__global__ void bad_interleavedTree(float *o, const float *in) {
  __shared__ float sk[1024];
  __shared__ unsigned sv[1024];
  unsigned t = threadIdx.x;
  sk[t] = in[t];
  sv[t] = t;
  for (unsigned s = 1; s < 256; s *= 2) {
    __syncthreads();
    if (t % (2 * s) == 0)
      cmpSwap(sk[t], sv[t], sk[t + s], sv[t + s], 1);
  }
  __syncthreads();
  o[t] = sk[t] + sv[t];
}

__global__ void bad_busyWithElse(float *o, const float *in) {
  __shared__ float sk[1024];
  __shared__ unsigned sv[1024];
  unsigned t = threadIdx.x;
  sk[t] = in[t];
  sv[t] = t;
  sk[t + 512] = in[t + 512];
  sv[t + 512] = t + 512;
  for (unsigned size = 2; size <= 1024; size <<= 1) {
    unsigned offset = t & (size / 2 - 1);
    for (unsigned stride = size / 4; stride > 0; stride >>= 1) {
      __syncthreads();
      unsigned pos = 2 * t - (t & (stride - 1));
      if (offset >= stride)
        cmpSwap(sk[pos - stride], sv[pos - stride], sk[pos], sv[pos], 1);
      else
        cmpSwap(sk[pos + stride], sv[pos + stride], sk[pos], sv[pos], 0);
    }
  }
  __syncthreads();
  o[t] = sk[t] + sv[t];
}

void launch(float *o, const float *in) {
  good_oddEvenMerge<<<64, 512>>>(o, in);
  bad_interleavedTree<<<64, 512>>>(o, in);
  bad_busyWithElse<<<64, 512>>>(o, in);
}

// CHECK: {{.*}}:34:7: good_oddEvenMerge: blockDim 512 (launch): branch if: source=thread-index:'threadIdx.x' split=exact warps=16/16 first=0 lanes=0xaaaaaaaa/32 iterations=stride:1,2,4,8,16/9 cost={{[0-9]+}} in-loop avoidable=16 busy=88%
// CHECK: {{.*}}:50:5: bad_interleavedTree: blockDim 512 (launch): branch if: source=thread-index:'threadIdx.x' split=exact warps=16/16 first=0 lanes=0x55555555/32 iterations=s:1,2,4,8,16,32,64,128/8 cost={{[0-9]+}} in-loop avoidable=16 busy=16%
// CHECK: {{.*}}:70:7: bad_busyWithElse: blockDim 512 (launch): branch if: source=thread-index:'threadIdx.x' split=exact warps=16/16 first=0 lanes=0xaaaaaaaa/32 iterations=stride:1,2,4,8,16/9 cost={{[0-9]+}} in-loop avoidable=16
