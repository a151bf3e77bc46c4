// RUN: %warplint_dump --divergence %s -- %cuda_args | FileCheck %s --match-full-lines
// Issue 13's sixth round of facts in the divergence dump: the values that keep a split
// undecided (a parameter), a C-style loop variable declared before its loop and doubled as
// `i = 2 * i` (enumerated: every iteration's lanes), and a halo whose value goes through a
// one-instruction helper of the program (data-move), and the remainder of a block-stride
// loop (trip counts 5 and 6).

typedef unsigned int uint;

__global__ void possible(float *d, const float *s, uint dx, int n) {
  const uint t = blockIdx.x * blockDim.x + threadIdx.x;
  const uint x = t % (dx / 2);
  float acc = 0.0f;
  for (int k = 0; k < n; ++k) {
    if (x == 0)
      acc += sqrtf(s[k * dx + t]) * expf(-s[k * dx + t + 1]);
    acc *= 0.5f;
  }
  d[t] = acc;
}
// CHECK: {{.*}}divergence-undecided-and-c-style-loops.cu:[[@LINE-6]]:5: possible: blockDim 256 (launch): branch if: source=thread-index:'threadIdx.x' split=none undecided=dx cost={{[0-9]+}} in-loop

__global__ void cStyle(float *sums) {
  __shared__ float psum[256];
  int tx = threadIdx.x;
  int i;
  psum[tx] = sums[blockIdx.x * 256 + tx];
  __syncthreads();
  for (i = 2; i <= 256; i = 2 * i) {
    if ((tx + 1) % i == 0)
      psum[tx] = psum[tx] + psum[tx - i / 2];
    __syncthreads();
  }
  sums[blockIdx.x * 256 + tx] = psum[tx];
}
// CHECK: {{.*}}divergence-undecided-and-c-style-loops.cu:[[@LINE-6]]:5: cStyle: blockDim 256 (launch): branch if: source=thread-index:'threadIdx.x' split=exact warps=8/8 first=0 lanes=0xaaaaaaaa/32 iterations=i:2,4,8,16,32,64,128,256/8 cost={{[0-9]+}} in-loop avoidable=8 busy=16%

__device__ uint usad4(uint a, uint b, uint c = 0) {
  uint r;
  asm("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
  return r;
}
__global__ void apron(uint *out, const uint *right, uint l, int w, int dmax) {
  __shared__ uint diff[8][64];
  const int tx = blockIdx.x * blockDim.x + threadIdx.x;
  for (int d = 0; d < dmax; d++) {
    if (threadIdx.x < 16) {
      uint r = right[blockIdx.y * w + tx + 32 + d];
      diff[threadIdx.y][threadIdx.x + 32] = usad4(l, r);
      r = right[blockIdx.y * w + tx + 48 + d];
      diff[threadIdx.y + 4][threadIdx.x + 32] = usad4(l, r);
    }
    __syncthreads();
    out[tx * dmax + d] = diff[threadIdx.y][threadIdx.x];
    __syncthreads();
  }
}
// CHECK: {{.*}}divergence-undecided-and-c-style-loops.cu:[[@LINE-11]]:5: apron: blockDim 32x8 (launch, l = 3, dmax = 64): branch if: source=thread-index:'threadIdx.x' split=exact warps=8/8 first=0 lanes=0x0000ffff/32 cost={{[0-9]+}} in-loop avoidable=8 busy=50% data-move

__global__ void remainder(unsigned char *o, const unsigned char *in) {
  __shared__ unsigned char tile[4 * 96 * 4];
  short ib;
  for (ib = threadIdx.x; ib < 82; ib += blockDim.x)
    tile[threadIdx.y * 384 + ib] = in[blockIdx.x * 328 + ib];
  __syncthreads();
  o[blockIdx.x * 64 + threadIdx.y * 16 + threadIdx.x] = tile[threadIdx.y * 384 + threadIdx.x];
}
// CHECK: {{.*}}divergence-undecided-and-c-style-loops.cu:[[@LINE-5]]:3: remainder: blockDim 16x4 (launch): branch loop: source=thread-index:'threadIdx.x' split=exact warps=2/2 first=0 lanes=0xffffffff/32 trip-counts remainder cost={{[0-9]+}} unpredicable contains-loop

void launch(float *f, const float *cf, uint *u, const uint *cu, int n) {
  remainder<<<n, dim3(16, 4)>>>((unsigned char *)u, (const unsigned char *)cu);
  possible<<<n, 256>>>(f, cf, n, n);
  cStyle<<<n, 256>>>(f);
  apron<<<dim3(n, n), dim3(32, 8)>>>(u, cu, 3, n, 64);
}

// A helper's data-dependent branch on a load through a lane-varying argument (cuda-samples
// eigenvalues' scanInitial): the helper takes `tid` for a uniform value, so the load must
// keep the level the walk gave it.
__device__ void scanStep(const unsigned int tid, unsigned int n, unsigned short *one, unsigned short *helper) {
  unsigned int offset = 1;
  for (int d = (n >> 1); d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d) {
      unsigned int ai = offset * (2 * tid + 1), bi = offset * (2 * tid + 2) - 1;
      if ((helper[ai - 1] != 1) || (helper[bi] != 1))
        one[bi] = one[ai] * 3 + one[bi] / 7 + one[ai - 1] * one[ai + 2] / 11;
    }
    offset <<= 1;
  }
}
// CHECK: {{.*}}divergence-undecided-and-c-style-loops.cu:[[@LINE-6]]:7: scanKernel: blockDim 256 (launch, n = 512): branch if: source=load:'helper[ai - 1]' data-dependent split=none cost={{[0-9]+}} in-loop via={{.*}}divergence-undecided-and-c-style-loops.cu:[[@LINE+5]]:3
__global__ void scanKernel(unsigned short *g, unsigned n) {
  __shared__ unsigned short one[512], helper[512];
  one[threadIdx.x] = g[threadIdx.x];
  helper[threadIdx.x] = g[threadIdx.x + 512];
  scanStep(threadIdx.x, n, one, helper);
  g[threadIdx.x] = one[threadIdx.x];
}
void launchScan(unsigned short *g) { scanKernel<<<1, 256>>>(g, 512); }
