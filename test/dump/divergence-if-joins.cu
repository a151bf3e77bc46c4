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

// Merges that are not joins: a case label into the if (the branch is entered without
// its test), a break out of the switch before the assignment, a test with an init
// statement, a value carried from the previous iteration.
__global__ void notJoins(float *o, int n, int k) {
  int i = threadIdx.x, x = 0;
  switch (k) {
  case 0:
    if (i < 5) {
    case 1:
      x = 3;
    } else
      x = 4;
    o[x] = 1;
  }
  int y = 1;
  switch (k) {
  case 2:
    if (i < 3) {
      if (n)
        break;
      y = 9;
    }
    o[y] = 2;
  }
  int z;
  if (int t = i; t < 4)
    z = 1;
  else
    z = 2;
  o[z] = 3;
  int v = 0;
  for (int r = 0; r < n; ++r) {
    if (r > i)
      v = 7;
    o[v] = 1;
  }
}
// VALUES: {{.*}}53:7 'x' merge {assign@52:7 = 4, assign@50:7 = 3}: 2 definitions of 'x' reach here
// VALUES: {{.*}}63:7 'y' merge {init@55:3 = 1, assign@61:7 = 9}: 2 definitions of 'y' reach here
// VALUES: {{.*}}70:5 'z' merge {assign@69:5 = 2, assign@67:5 = 1}: 2 definitions of 'z' reach here
// VALUES: {{.*}}75:7 'v' merge {assign@74:7 = 7, init@71:3 = 0}: 'v' changes in the loop in a way not modelled as an induction

// A function with a goto joins nothing.
__global__ void withGoto(float *o, int n) {
  int i = threadIdx.x;
  int u = 0;
  if (i > 3)
    goto done;
  if (i > 1)
    u = 1;
  else
    u = 5;
  o[u] = 1;
done:
  o[u] = 2;
}
// VALUES: {{.*}}93:5 'u' merge {assign@92:5 = 5, assign@90:5 = 1}: 2 definitions of 'u' reach here

void launch(float *a, int n) {
  window<<<8, 256>>>(a, a, n, 3);
  range<<<8, 256>>>(a, a);
}
