// RUN: %warplint_dump --values %s -- %cuda_args | FileCheck %s --check-prefix=VALUES --match-full-lines
// RUN: %warplint_dump --divergence %s -- %cuda_args | FileCheck %s --match-full-lines
// Issue 13's ninth round: an `if` that assigns a variable on both sides, or after it was
// assigned (`x = a; if (c) x = b;`), is a join in the value flow ("joined by the if@..."),
// which the divergence analysis builds as the select of its test, a minimum or maximum
// when the test compares the two values: the clamps below reach the window rule
// (edge-window), and Parboil sad's clamped range is counted exactly (few-idle).

__global__ void window(const float *in, float *out, int n, int r) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lo, hi;
  if (i - r < 0)
    lo = 0;
  else
    lo = i - r;
  hi = i + r;
  if (hi > n - 1)
    hi = n - 1;
  float acc = 0;
  for (int k = lo; k <= hi; ++k)
    acc += in[k];
  out[i] = acc;
}
// VALUES: {{.*}}20:16 'lo' merge {assign@15:5 = i - r, assign@13:5 = 0}: 2 definitions of 'lo' reach here; joined by the if@12:3: assign@13:5 = 0 when true
// VALUES: {{.*}}20:25 'hi' merge {assign@18:5 = n - 1, assign@16:3 = i + r}: 2 definitions of 'hi' reach here; joined by the if@17:3: assign@18:5 = n - 1 when true
// CHECK: {{.*}}:20:3: window: blockDim 256 (launch, r = 3): branch loop: source=thread-index:'threadIdx.x' split=none undecided=k,n cost={{[0-9]+}} unpredicable contains-loop edge-window scaled-loop

__global__ void range(float *out, const float *ref) {
  int base = (threadIdx.x % 61) * 18;
  int end = base + 18;
  if (end > 1089)
    end = 1089;
  float t = 0;
  for (int p = base; p < end; p += 3)
    t += ref[p] * ref[p + 1] + sqrtf(ref[p + 2] * t);
  out[threadIdx.x] = t;
}
// VALUES: {{.*}}34:26 'end' merge {assign@32:5 = 1089, init@30:3 = base + 18}: 2 definitions of 'end' reach here; joined by the if@31:3: assign@32:5 = 1089 when true
// CHECK: {{.*}}:34:3: range: blockDim 256 (launch): branch loop: source=thread-index:'threadIdx.x' split=exact warps=4/8 first=1 lanes=0xffffffff/32 trip-counts few-idle cost={{[0-9]+}} unpredicable contains-loop

void launch(float *a, int n) {
  window<<<8, 256>>>(a, a, n, 3);
  range<<<8, 256>>>(a, a);
}
