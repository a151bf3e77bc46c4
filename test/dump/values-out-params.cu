// RUN: %warplint_dump --values %s -- %cuda_args | FileCheck %s --check-prefix=VALUES --match-full-lines
// RUN: %warplint_dump %s -- %cuda_args | FileCheck %s --check-prefix=INDEX
// Values that reach a kernel's variables through out-parameters of small __device__ helpers
// (lib/Frontend/HelperBody, ValueFlow's `out` definitions, ExprBuilder's runHelper): the
// udivmod shape of cuda-samples' convolutionFFT2D, a pointer out-parameter, an in-out
// parameter through a nested helper, a helper of several statements that returns a value,
// __ffs of a constant and of a parameter, and the helpers that are refused (the variable
// stays untracked, with the reason).

__device__ void udivmod(unsigned &dividend, unsigned divisor, unsigned &rem) {
  rem = dividend % divisor;
  dividend /= divisor;
}
__device__ void split(int v, int *hi, int *lo) {
  *hi = v >> 5;
  *lo = v & 31;
}
__device__ void bump(int &v, int by) {
  int twice = by * 2;
  v += twice;
  ++v;
}
__device__ void bumpTwice(int &v) {
  bump(v, 1);
  bump(v, 2);
}

__global__ void post(float *dst, unsigned n) {
  const unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= n)
    return;
  unsigned x, y, i = tid;
  udivmod(i, 64, x);
  udivmod(i, 16, y);
  dst[(i * 16 + y) * 64 + x] = 0;
}
void launch(float *dst, unsigned n) { post<<<n / 1024, 1024>>>(dst, n); }

__global__ void pointer_out(float *dst) {
  int hi, lo;
  split(threadIdx.x, &hi, &lo);
  dst[lo * 32 + hi] = 0;
}

__global__ void in_out(float *dst) {
  int k = threadIdx.x;
  bumpTwice(k);
  dst[k] = 0;
}

// A helper of several statements that returns a value is run too (once inlined only when
// its body was one return statement); __ffs folds for a constant and is uniform for a
// uniform argument.
__device__ int rowMajor(int r, int c) {
  int w = 64;
  r *= w;
  return r + c;
}
__global__ void returns(float *dst, int shift) {
  dst[rowMajor(threadIdx.x, 0)] = 0;
  dst[threadIdx.x << (__ffs(64) - 1)] = 0;
  dst[threadIdx.x + (blockIdx.x << __ffs(shift))] = 0;
}

// ---- refused: the variable stays untracked, the reason is printed ----

__device__ int *kept;
__device__ void loopy(int &v, int n) {
  for (int j = 0; j < n; ++j)
    v += j;
}
__device__ void keepAddress(int &v) {
  v = 1;
  kept = &v;
}
__device__ void recursive(int &v) {
  v = v - 1;
  recursive(v);
}
__device__ void external(int &v);

__global__ void refused(float *dst, int n) {
  int a = threadIdx.x, b = threadIdx.x, c = threadIdx.x, d = threadIdx.x;
  loopy(a, n);
  keepAddress(b);
  recursive(c);
  external(d);
  dst[a + b + c + d] = 0;
}

// An in-out pointer parameter, and a helper that returns one value and gives another
// through a pointer, called inside an expression.
__device__ void inc(int *p) { *p += 4; }
__device__ int divmod(int t, int d, int *r) {
  *r = t % d;
  return t / d;
}
__global__ void pointer_in_out(float *dst) {
  int m = threadIdx.x;
  inc(&m);
  int r;
  int q = divmod(threadIdx.x, 32, &r) + 1;
  dst[m + q * 1024 + r * 32] = 0;
}

// A prototype without parameter names (Parboil rpes' GetNs): the dump names the definition's.
// A body over the budget of 16 statements is refused.
__device__ void digits(int, int &, int &);
__device__ void digits(int v, int &low, int &high) {
  low = v % 10;
  high = v / 10;
}
__device__ void long_body(int &v) {
  v += 1; v += 2; v += 3; v += 4; v += 5; v += 6; v += 7; v += 8; v += 9;
  v += 10; v += 11; v += 12; v += 13; v += 14; v += 15; v += 16; v += 17;
}
__global__ void named_and_budget(float *dst) {
  int lo, hi, w = threadIdx.x;
  digits(threadIdx.x, lo, hi);
  long_body(w);
  dst[lo + hi + w] = 0;
}

// udivmod twice: x = tid % 64, i = tid / 64 / 16, y = tid / 64 % 16; the index is tid again
// (unit stride at the launch's blockDim 1024).
// VALUES-LABEL: {{.*}}values-out-params.cu:28:17: post
// VALUES-NEXT:   30:7 'tid' single init@29:3 = blockIdx.x * blockDim.x + threadIdx.x
// VALUES-NEXT:   30:14 'n' single parameter
// VALUES-NEXT:   32:22 'tid' single init@29:3 = blockIdx.x * blockDim.x + threadIdx.x
// VALUES-NEXT:   33:11 'i' single init@32:18 = tid
// VALUES-NEXT:   33:18 'x' single uninitialised@32:12
// VALUES-NEXT:   34:11 'i' single out@33:3 udivmod(dividend)
// VALUES-NEXT:   34:18 'y' single uninitialised@32:15
// VALUES-NEXT:   35:3 'dst' single parameter
// VALUES-NEXT:   35:8 'i' single out@34:3 udivmod(dividend)
// VALUES-NEXT:   35:17 'y' single out@34:3 udivmod(rem)
// VALUES-NEXT:   35:27 'x' single out@33:3 udivmod(rem)
// INDEX: values-out-params.cu:35:3: post: global st 4B, blockDim 1024 (launch): 4.000 sectors/request (ideal 4.000)
// INDEX-NEXT: index: (i64)((blockIdx.x * blockDim.x + threadIdx.x) % 64 + 64 * (((blockIdx.x * blockDim.x + threadIdx.x) / 64) % 16) + 1024 * (((blockIdx.x * blockDim.x + threadIdx.x) / 64) / 16))
// INDEX-NEXT: assumption: all lanes pass the enclosing condition (!(n <= (blockIdx.x * blockDim.x + threadIdx.x))), as in every block but possibly the last

// *hi = v >> 5, *lo = v & 31: lo * 32 + hi puts consecutive lanes 128 bytes apart.
// VALUES-LABEL: {{.*}}values-out-params.cu:39:17: pointer_out
// VALUES-NEXT:   41:23 'hi' single uninitialised@40:7
// VALUES-NEXT:   41:28 'lo' single uninitialised@40:11
// VALUES-NEXT:   42:3 'dst' single parameter
// VALUES-NEXT:   42:7 'lo' single out@41:3 split(lo)
// VALUES-NEXT:   42:17 'hi' single out@41:3 split(hi)
// INDEX: values-out-params.cu:42:3: pointer_out: global st 4B, blockDim 256 (assumed): 32.000 sectors/request (ideal 4.000)
// INDEX-NEXT: index: (i64)((i32)threadIdx.x >> 5 + 32 * ((i32)threadIdx.x & 31))

// bumpTwice runs bump twice on the same variable: k = threadIdx.x + 3 + 5.
// VALUES-LABEL: {{.*}}values-out-params.cu:45:17: in_out
// VALUES-NEXT:   47:13 'k' single init@46:3 = threadIdx.x
// VALUES-NEXT:   48:3 'dst' single parameter
// VALUES-NEXT:   48:7 'k' single out@47:3 bumpTwice(v)
// INDEX: values-out-params.cu:48:3: in_out: global st 4B, blockDim 256 (assumed): 4.000 sectors/request (ideal 4.000)
// INDEX-NEXT: index: (i64)((i32)threadIdx.x + 8)

// rowMajor returns r * 64 + c; __ffs(64) - 1 folds to 6; __ffs(shift) is uniform, so only
// threadIdx.x varies between lanes.
// VALUES-LABEL: {{.*}}values-out-params.cu:59:17: returns
// VALUES-NEXT:   60:3 'dst' single parameter
// VALUES-NEXT:   61:3 'dst' single parameter
// VALUES-NEXT:   62:3 'dst' single parameter
// VALUES-NEXT:   62:42 'shift' single parameter
// INDEX: values-out-params.cu:60:3: returns: global st 4B, blockDim 256 (assumed): 32.000 sectors/request (ideal 4.000)
// INDEX-NEXT: index: (i64)(64 * (i32)threadIdx.x)
// INDEX: values-out-params.cu:61:3: returns: global st 4B, blockDim 256 (assumed): 32.000 sectors/request (ideal 4.000)
// INDEX-NEXT: index: (i64)(64 * threadIdx.x)
// INDEX: values-out-params.cu:62:3: returns: global st 4B, blockDim 256 (assumed): 4.000 sectors/request (ideal 4.000)
// INDEX-NEXT: index: (i64)(threadIdx.x + blockIdx.x << (u32)unknown(result of '__ffs'))
// INDEX-NEXT: assumption: runtime part of the address (blockIdx.x << (u32)unknown(result of '__ffs')) is only known to be a multiple of 4 bytes; assumed 128-byte aligned

// Each refused helper leaves its variable untracked (no prediction), with the reason.
// VALUES-LABEL: {{.*}}values-out-params.cu:82:17: refused
// VALUES-NEXT:   84:12 'n' single parameter
// VALUES-NEXT:   88:3 'dst' single parameter
// VALUES-NEXT:   84:3 'a' is not followed through 'loopy': its body has a loop
// VALUES-NEXT:   85:3 'b' is not followed through 'keepAddress': the address of 'v' escapes
// VALUES-NEXT:   86:3 'c' is not followed through 'recursive': it calls itself
// VALUES-NEXT:   87:3 'd' is not followed through 'external': its body is not available
// INDEX: values-out-params.cu:88:3: refused: global st 4B, blockDim 256 (assumed): no prediction: lane-varying value: variable 'a' is assigned more than once

// m = threadIdx.x + 4 through *p += 4; q = threadIdx.x / 32 + 1 returned, r = threadIdx.x % 32
// through the pointer: lanes 33 floats apart.
// VALUES-LABEL: {{.*}}values-out-params.cu:98:17: pointer_in_out
// VALUES-NEXT:   100:8 'm' single init@99:3 = threadIdx.x
// VALUES-NEXT:   102:36 'r' single uninitialised@101:3
// VALUES-NEXT:   103:3 'dst' single parameter
// VALUES-NEXT:   103:7 'm' single out@100:3 inc(p)
// VALUES-NEXT:   103:11 'q' single init@102:3 = divmod(threadIdx.x, 32, &r) + 1
// VALUES-NEXT:   103:22 'r' single out@102:11 divmod(r)
// INDEX: values-out-params.cu:103:3: pointer_in_out: global st 4B, blockDim 256 (assumed): 32.000 sectors/request (ideal 4.000)
// INDEX-NEXT: index: (i64)((i32)threadIdx.x + 32 * ((i32)threadIdx.x % 32) + 1024 * ((i32)threadIdx.x / 32) + 1028)

// lo and hi named after the definition; w refused with the budget.
// VALUES-LABEL: {{.*}}values-out-params.cu:117:17: named_and_budget
// VALUES-NEXT:   119:23 'lo' single uninitialised@118:7
// VALUES-NEXT:   119:27 'hi' single uninitialised@118:11
// VALUES-NEXT:   121:3 'dst' single parameter
// VALUES-NEXT:   121:7 'lo' single out@119:3 digits(low)
// VALUES-NEXT:   121:12 'hi' single out@119:3 digits(high)
// VALUES-NEXT:   120:3 'w' is not followed through 'long_body': its body has 17 statements (the budget is 16)
