// RUN: %warplint_dump --divergence %s -- %cuda_args | FileCheck %s --match-full-lines
// Issue 13's eighth round in the divergence dump: a condition on two nested loops'
// variables is evaluated for every pair of their values (iterations= names the loop whose
// value decides), and one with a test the warp answers alike but that is not known here is
// evaluated under both answers (assumed= names the test).

typedef unsigned int uint;

__global__ void twoLoops(float *a) {
  __shared__ float s[512];
  uint tid = threadIdx.x;
  uint wi = tid & 31;
  s[tid] = a[tid];
  for (uint off = 32; off > 0; off >>= 1)
    for (uint base = 0; base < 20; base += 8) {
      __syncthreads();
      if (wi < off && base + tid / 32 < 20)
        s[tid] += s[tid + off] * 3.0f + s[tid + 1] * 0.5f + s[tid + 2] * 0.25f;
    }
  a[tid] = s[tid];
}
// CHECK: {{.*}}:17:7: twoLoops: blockDim 256 (launch): branch if: source=thread-index:'threadIdx.x' split=exact warps=8/8 first=0 lanes=0x0000ffff/32 iterations=off:16,8,4,2,1/6 cost={{[0-9]+}} in-loop unrolled-copies=3 avoidable=8 busy=32%

__global__ void lastLaneSkips(unsigned *o, const unsigned *in, unsigned width, int lines) {
  for (int line = blockIdx.x; line < lines; line += gridDim.x) {
    bool skip = (width % 2) && (threadIdx.x == blockDim.x - 1);
    if (!skip)
      atomicAdd(&o[line], in[line * width + threadIdx.x]);
  }
}
// CHECK: {{.*}}:27:5: lastLaneSkips: blockDim 256 (launch): branch if: source=thread-index:'threadIdx.x' split=exact warps=1/8 assumed='{{.*}}width{{.*}}' first=7 lanes=0x7fffffff/32 cost={{[0-9]+}} unpredicable in-loop avoidable=0

__global__ void window(const float *in, float *out, int n, int r) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int k = max(0, i - r); k <= min(n - 1, i + r); ++k)
    acc += in[k];
  out[i] = acc;
}
// CHECK: {{.*}}:36:3: window: blockDim 256 (launch, r = 3): branch loop: source=thread-index:'threadIdx.x' split=none undecided=k,n cost={{[0-9]+}} unpredicable contains-loop edge-window scaled-loop

void launch(float *a, unsigned *o, const unsigned *in, unsigned w, int n) {
  twoLoops<<<1, 256>>>(a);
  lastLaneSkips<<<8, 256>>>(o, in, w, n);
  window<<<8, 256>>>(a, a, n, 3);
}
