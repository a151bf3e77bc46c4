// RUN: %warplint_dump --divergence %s -- %cuda_args | FileCheck %s --match-full-lines
// Issue 13's fifth round of facts in the divergence dump: block-uniform conjuncts left out
// of the lane evaluation (an exact single-lane split in the blocks where bx == 0), a tail
// guard through float arithmetic, an interval read through a bool, two lanes on the
// diagonal of 16-wide blocks (left-out), and a counted loop over a function-scope counter
// that is not problem-sized.

__global__ void gridLeader(float *out, const float *partial, int n) {
  if (threadIdx.x == 0 && blockIdx.x == 0) {
    float s = 0.0f;
    for (int k = 0; k < n; ++k)
      s += partial[k];
    out[0] = s;
  }
}
// CHECK: {{.*}}divergence-block-conjuncts.cu:[[@LINE-7]]:3: gridLeader: blockDim 256 (launch): branch if: source=thread-index:'threadIdx.x' split=exact warps=1/8 first=0 lanes=0x00000001/32 single-lane cost=5 unpredicable contains-loop uniform-term='blockIdx.x == 0' one-block avoidable=0 scaled-loop

__global__ void floatTail(float *img, int m, int n) {
  const float one_nth = 1.f / (float)n;
  for (int tb = 0; tb < n; tb++) {
    int i = (threadIdx.x + tb * blockDim.x) * one_nth;
    if (i < m)
      img[i * n] = img[i * n + 1] * 0.5f + img[i * n + 2] * img[i * n + 3] + sqrtf(img[i]);
  }
}
// CHECK: {{.*}}divergence-block-conjuncts.cu:[[@LINE-4]]:5: floatTail: blockDim 256 (launch): branch if: source=thread-index:'threadIdx.x' split=none undecided=m cost={{[0-9]+}} tail-guard in-loop

__global__ void boolInterval(int *o, int lo, int hi, int iters) {
  int tx = threadIdx.x;
  bool valid = tx >= lo && tx <= hi;
  for (int i = 0; i < iters; i++)
    if (tx >= i + 1 && tx <= 254 - i && valid)
      o[tx] = o[tx - 1] + o[tx + 1] * i + o[tx] / 3;
}
// CHECK: {{.*}}divergence-block-conjuncts.cu:[[@LINE-3]]:5: boolInterval: blockDim 256 (launch, lo = 1, hi = 250): branch if: source=thread-index:'threadIdx.x' split=none undecided=i cost={{[0-9]+}} tail-guard in-loop

__global__ void diagonal16(float *out, int w) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  float v;
  if (x != y)
    v = sqrtf(float(x) * float(y)) / (float(x) - float(y)) + expf(float(x) / w);
  else
    v = 1.0f;
  out[y * w + x] = v;
}
// CHECK: {{.*}}divergence-block-conjuncts.cu:[[@LINE-6]]:3: diagonal16: blockDim 16x16 (launch): branch if: source=thread-index:'threadIdx.x' split=none cost={{[0-9]+}} left-out function-cost={{[0-9]+}}

__global__ void reusedCounter(float *out, const float *in) {
  int i;
  float v = 0.0f;
  if (threadIdx.x < 16) {
    for (i = 0; i < 8; i++)
      v += in[threadIdx.x + 32 * i];
  }
  out[threadIdx.x] = v;
}
// CHECK: {{.*}}divergence-block-conjuncts.cu:[[@LINE-6]]:3: reusedCounter: blockDim 256 (launch): branch if: source=thread-index:'threadIdx.x' split=exact warps=1/8 first=0 lanes=0x0000ffff/32 cost={{[0-9]+}} unpredicable contains-loop avoidable=0

void launch(float *f, const float *cf, int *o, int n) {
  gridLeader<<<n, 256>>>(f, cf, n);
  floatTail<<<n, 256>>>(f, n, n);
  boolInterval<<<n, 256>>>(o, 1, 250, n);
  diagonal16<<<dim3(n, n), dim3(16, 16)>>>(f, n);
  reusedCounter<<<n, 256>>>(f, cf);
}
