// warplint-integer-division: integer / and % by values that are powers of two the compiler
// cannot see, next to the shift and mask forms. '@div finding' / '@div clean' state the
// check's verdict; results/sm90-sass records the SASS instruction count of each.

// The code states that n is a power of two: it masks with n - 1.
extern "C" __global__ void div_masked_slow(unsigned *o, const unsigned *a, unsigned n) { // @div finding
  unsigned i = threadIdx.x;
  o[i] = (a[i] / n) * 1000u + (a[i] & (n - 1));
}
extern "C" __global__ void div_masked_fast(unsigned *o, const unsigned *a, unsigned n, unsigned log2n) { // @div clean
  unsigned i = threadIdx.x;
  o[i] = (a[i] >> log2n) * 1000u + (a[i] & (n - 1));
}
// The code states it with __builtin_assume.
extern "C" __global__ void div_assumed_slow(unsigned *o, const unsigned *a, unsigned n) { // @div finding
  __builtin_assume((n & (n - 1)) == 0);
  unsigned i = threadIdx.x;
  o[i] = a[i] / n + a[i] % n;
}
extern "C" __global__ void div_assumed_signed_slow(int *o, const int *a, int n) { // @div finding
  __builtin_assume((n & (n - 1)) == 0);
  int i = threadIdx.x;
  o[i] = a[i] / n + a[i] % n;
}
extern "C" __global__ void div_shift_fast(unsigned *o, const unsigned *a, unsigned log2n) { // @div clean
  unsigned i = threadIdx.x;
  o[i] = (a[i] >> log2n) + (a[i] & ((1u << log2n) - 1));
}
// blockDim.x, with the code masking by blockDim.x - 1.
extern "C" __global__ void div_blockdim_slow(unsigned *o) { // @div finding
  unsigned t = threadIdx.x + blockIdx.x * blockDim.x;
  o[t] = (t / blockDim.x) * 1000u + (t & (blockDim.x - 1));
}
// Nothing says the divisor is a power of two: not a finding.
extern "C" __global__ void div_runtime_general(int *o, const int *a, int n) { // @div clean
  int i = threadIdx.x;
  o[i] = a[i] / n + a[i] % n;
}
extern "C" __global__ void div_blockdim_general(unsigned *o) { // @div clean
  unsigned t = threadIdx.x + blockIdx.x * blockDim.x;
  o[t] = t / blockDim.x + t % blockDim.x;
}
// Literals and template arguments: the compiler's job.
extern "C" __global__ void div_literal(unsigned *o, const unsigned *a) { // @div clean
  unsigned i = threadIdx.x;
  o[i] = a[i] / 32 + a[i] % 32;
}
extern "C" __global__ void div_literal_signed(int *o, const int *a) { // @div clean
  int i = threadIdx.x;
  o[i] = a[i] / 32 + a[i] % 32;
}
template <int N> __global__ void div_template(int *o, const int *a) { // @div clean
  int i = threadIdx.x;
  o[i] = a[i] / N + a[i] % N;
}
template __global__ void div_template<64>(int *, const int *);
extern "C" __global__ void div_warpsize(int *o) { // @div finding
  int t = threadIdx.x;
  o[t] = t / warpSize + t % warpSize;
}
extern "C" __global__ void div_const_var(unsigned *o, const unsigned *a) { // @div clean
  const unsigned tile = 16;
  unsigned i = threadIdx.x;
  o[i] = a[i] / tile + a[i] % tile;
}
