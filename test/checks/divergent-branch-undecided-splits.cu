// RUN: %check_warplint --checks=-*,warplint-divergent-branch %s
// RUN: %expect_exit 1 %warplint --cuda-path=none --format=json --quiet --checks='-*,warplint-divergent-branch' %s \
// RUN:   | %python %S/../Inputs/findings_summary.py | FileCheck %s --check-prefix=PRIO
// RUN: %expect_exit 1 %warplint --cuda-path=none --format=json --quiet --checks='-*,warplint-divergent-branch' \
// RUN:   --config='{CheckOptions: {warplint-divergent-branch.ReportOneOffSplits: true}}' %s \
// RUN:   | %python %S/../Inputs/findings_summary.py | FileCheck %s --check-prefix=OPTS
// Issue 13, sixth round. A split the lane evaluation cannot establish (the condition reads
// the thread index, but a parameter decides whether and where lanes part) is reported only
// where it would repeat, at most Medium, and its message names what decides it; a C-style
// loop (`int i; for (i = 2; ...; i = 2 * i)`) is enumerated like a declared one; a halo
// whose value goes through a one-instruction helper of the program only moves data.

typedef unsigned int uint;

// ---- negatives ----
// One lane per row of DX / 2 handles the extra column, once (convolutionFFT2D's
// spPostprocess2D): whether a warp splits at all depends on dx. Quiet, even with most of
// the function under the branch; ReportOneOffSplits shows it (Medium at most).
__global__ void good_possibleOneOff(float2 *d, const float2 *s, uint dx, uint dy) {
  const uint t = blockIdx.x * blockDim.x + threadIdx.x;
  const uint x = t % (dx / 2);
  const uint y = t / (dx / 2);
  if (x == 0) {
    float2 a = s[y * dx + dx / 2], b = s[y * dx];
    float c = a.x * b.x - a.y * b.y, e = a.x * b.y + a.y * b.x;
    float f = c * c + e * e, g = c * e - f, h = f * g + c;
    d[y * dx + dx / 2] = make_float2(c + h * f, e - g * h);
    d[y * dx] = make_float2(f * g - h, h * c + e * f);
  }
}
// OPTS: [[@LINE-8]] Medium likely notes=2

// Sixteen lanes of each warp load the right apron of a row and take its sum of absolute
// differences through the program's own one-instruction helper (stereoDisparity's
// __usad4, an inline-asm vabsdiff4): the warp moves the same bytes however the lanes
// are packed. Quiet.
__device__ uint usad4(uint a, uint b, uint c = 0) {
  uint r;
  asm("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
  return r;
}
__global__ void good_apronThroughHelper(uint *out, const uint *right, const uint *left, int w, int dmax) {
  __shared__ uint diff[8][64];
  const int tx = blockIdx.x * blockDim.x + threadIdx.x;
  const uint l = left[blockIdx.y * w + tx + 32];
  for (int d = 0; d < dmax; d++) {
    if (threadIdx.x < 16) {
      uint r = right[(blockIdx.y * 2) * w + tx + 32 + d];
      uint cost = usad4(l, r);
      diff[threadIdx.y][threadIdx.x + 32] = cost;
      r = right[(blockIdx.y * 2 + 1) * w + tx + 32 + d];
      cost = usad4(l, r);
      diff[threadIdx.y + 4][threadIdx.x + 32] = cost;
    }
    __syncthreads();
    out[(blockIdx.y * w + tx) * dmax + d] = diff[threadIdx.y][threadIdx.x] + diff[threadIdx.y][threadIdx.x + 16];
    __syncthreads();
  }
}

// A block-stride copy over 82 items by 16 lanes (cuda-samples SobelFilter's apron; Parboil
// sad's `search_pos += 32`): every lane runs 5 or 6 trips, so only the last pass has idle lanes,
// as at a tail. Quiet (ReportTailGuards shows it).
__global__ void good_blockStrideRemainder(unsigned char *o, const unsigned char *in) {
  __shared__ unsigned char tile[4 * 96 * 4];
  int row = threadIdx.y * 384;
  for (int ib = threadIdx.x; ib < 82; ib += blockDim.x) {
    tile[row + 4 * ib + 0] = in[blockIdx.x * 328 + 4 * ib + 0];
    tile[row + 4 * ib + 1] = in[blockIdx.x * 328 + 4 * ib + 1];
    tile[row + 4 * ib + 2] = in[blockIdx.x * 328 + 4 * ib + 2];
    tile[row + 4 * ib + 3] = in[blockIdx.x * 328 + 4 * ib + 3];
  }
  __syncthreads();
  o[blockIdx.x * 64 + threadIdx.y * 16 + threadIdx.x] = tile[row + threadIdx.x];
}

// ---- positives ----
// The same possible split in a loop: reported, but not High (no warp provably splits),
// and the message says that dx decides.
__global__ void bad_possibleInLoop(float *d, const float *s, uint dx, int n) {
  const uint t = blockIdx.x * blockDim.x + threadIdx.x;
  const uint x = t % (dx / 2);
  float acc = 0.0f;
  for (int k = 0; k < n; ++k) {
    if (x == 0) {
      float a = s[k * dx + t], b = s[k * dx + t + 1];
      acc += sqrtf(a * a + b * b) * expf(-a * b);
    }
    acc *= 0.5f;
  }
  d[t] = acc;
}
// CHECK-MESSAGES: :[[@LINE-8]]:5: warning: branch condition can differ between the lanes of a warp through 'threadIdx.x' (whether and where lanes split depends on 'dx', not known here){{.*}}[warplint-divergent-branch]
// PRIO: [[@LINE-9]] Medium likely notes=2
// OPTS: [[@LINE-10]] Medium likely notes=2

// Rodinia srad's interleaved reduction, with the C-style loop variable declared before the
// loop and doubled as `i = 2 * i`: every lane pattern of every iteration is known.
#define NT 256
__global__ void bad_cStyleInterleaved(float *sums, float *sums2) {
  __shared__ float psum[NT], psum2[NT];
  int tx = threadIdx.x;
  int i;
  psum[tx] = sums[blockIdx.x * NT + tx];
  psum2[tx] = sums2[blockIdx.x * NT + tx];
  __syncthreads();
  for (i = 2; i <= NT; i = 2 * i) {
    if ((tx + 1) % i == 0) {
      psum[tx] = psum[tx] + psum[tx - i / 2];
      psum2[tx] = psum2[tx] + psum2[tx - i / 2];
    }
    __syncthreads();
  }
  if (tx == 0)
    sums[blockIdx.x] = psum[NT - 1] + psum2[NT - 1];
}
// CHECK-MESSAGES: :[[@LINE-9]]:5: warning: branch condition differs between the lanes of a warp: even and odd lanes take different paths, in every warp, in all 8 iterations of the loop{{.*}}[warplint-divergent-branch]
// PRIO: [[@LINE-10]] Medium certain notes={{[0-9]+}}
// OPTS: [[@LINE-11]] Medium certain notes={{[0-9]+}}

void launch(float2 *f2, const float2 *cf2, float *f, const float *cf, uint *u, const uint *cu, int n) {
  good_possibleOneOff<<<n, 256>>>(f2, cf2, n, n);
  good_apronThroughHelper<<<dim3(n, n), dim3(32, 8)>>>(u, cu, cu, n, 64);
  good_blockStrideRemainder<<<n, dim3(16, 4)>>>((unsigned char *)u, (const unsigned char *)cu);
  bad_possibleInLoop<<<n, 256>>>(f, cf, n, n);
  bad_cStyleInterleaved<<<n, NT>>>(f, f);
}
