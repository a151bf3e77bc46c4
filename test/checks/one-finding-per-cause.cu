// RUN: %check_warplint --checks='-*,warplint-shared-bank-conflict,warplint-uncoalesced-global-access,warplint-double-precision,warplint-slow-math-function' %s
// RUN: %expect_exit 1 %warplint --no-snippets --quiet -checks='-*,warplint-shared-bank-conflict,warplint-uncoalesced-global-access,warplint-double-precision,warplint-slow-math-function' %s -- %cuda_args | FileCheck %s --check-prefix=NOTES
// The related locations, in the order they are listed (the check_warplint run above
// proves the plugin prints the same):
// NOTES: :28:22: note: also for 'bad_strided<16>' (blockDim 128, launch at one-finding-per-cause.cu:34:3): uncoalesced global load from 'in': consecutive lanes are 64 bytes apart
// NOTES: :46:3: note: evaluated for blockDim 64 and w = 33, from this launch
// NOTES: :41:3: note: also for 'bad_rows<double>' (blockDim 64, launch at one-finding-per-cause.cu:46:3): uncoalesced global store to 'out': consecutive lanes are 264 bytes apart
// NOTES: :56:10: note: also here: uncoalesced global load from 'a'
// NOTES: :56:17: note: also here: uncoalesced global load from 'b'
// NOTES: :56:24: note: also here: uncoalesced global load from 'c'
// NOTES: :66:3: note: also here: 32-way shared memory bank conflict: store to 'tile'
// NOTES: :67:3: note: also here: 32-way shared memory bank conflict: store to 'tile'
// NOTES: :69:22: note: also here: 32-way shared memory bank conflict: load from 'tile'
// NOTES: :82:22: note: also here: 32-way shared memory bank conflict: load from 't1'
// NOTES: :82:49: note: also here: 16-way shared memory bank conflict: load from 't2'
// The NOLINT line (0.1 through 1.1 listed, 1.3 not):
// NOTES: :95:20: note: also here: double constant 1.1
// NOTES-NOT: 'x[i] * 1.3'
// NOTES: :113:15: note: also here: 'powf(x[i], 3.0f)'
// One finding per cause (issue 14): the findings of one location (template
// instantiations, block shapes), of one line (the accesses of a statement) and of one
// function with the same cause (the array and the verdict; FP64's kind of site) are one
// warning, the rest related locations in its notes. Both front ends group alike.

// ---- one location, several instantiations: one warning, the others named ----

template <int S> __global__ void bad_strided(float *out, const float *in) {
  out[threadIdx.x] = in[threadIdx.x * S];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: uncoalesced global load from 'in': consecutive lanes are 32 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}

void launchStrided(float *o, const float *i) {
  bad_strided<8><<<4, 128>>>(o, i);
  bad_strided<16><<<4, 128>>>(o, i);
}

// ---- an instantiation with no launch of its own: its sibling's launch, not an
// assumed block ----

template <typename T> __global__ void bad_rows(T *out, const T *in, int w) {
  out[threadIdx.x * w] = in[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'out': consecutive lanes are 132 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}

void launchRows(float *o, const float *i, double *od, const double *id) {
  bad_rows<float><<<1, 64>>>(o, i, 33);
  void (*k)(double *, const double *, int) = bad_rows<double>;
  (void)k;
}

// ---- one statement, several accesses: one warning ----

__global__ void bad_statement(float *o, const float *a, const float *b,
                              const float *c, int n) {
  int i = threadIdx.x * n;
  o[i] = a[i] + b[i] * c[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'o': consecutive lanes are 128 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need (if 'n' is 32, a runtime value) (+3 more on this line, in the notes) (Medium priority here, High in CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}

// ---- one array with one verdict: one warning (one tile, many accesses) ----

__global__ void bad_tile(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.x][0] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way shared memory bank conflict: store to 'tile' needs 32 wavefronts per warp request instead of 1 (4-byte accesses, consecutive lanes 32 words apart) (+3 more like it in 'bad_tile', in the notes) (Medium priority, CUDA Best Practices Guide §9.2.2) [warplint-shared-bank-conflict]
  tile[threadIdx.x][2] = 2.0f; // not adjacent to [0]: not merged into one STS.64
  tile[threadIdx.x][4] = 3.0f;
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][6];
}

// ---- two arrays or two verdicts: two warnings ----

__global__ void bad_two_causes(float *out) {
  __shared__ float t1[32][32];
  __shared__ double t2[32][16];
  t1[threadIdx.x][0] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way shared memory bank conflict: store to 't1' needs 32 wavefronts per warp request instead of 1 (4-byte accesses, consecutive lanes 32 words apart) (+1 more like it in 'bad_two_causes', in the notes) (Medium priority, CUDA Best Practices Guide §9.2.2) [warplint-shared-bank-conflict]
  t2[threadIdx.x][0] = 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 16-way shared memory bank conflict: store to 't2' needs 32 wavefronts per warp request instead of 2 (8-byte accesses, consecutive lanes 32 words apart) (+1 more like it in 'bad_two_causes', in the notes) (Medium priority, CUDA Best Practices Guide §9.2.2) [warplint-shared-bank-conflict]
  __syncthreads();
  out[threadIdx.x] = t1[threadIdx.x][1] + float(t2[threadIdx.x][1]);
}

// ---- repeated FP64 sites of one kind in one function: one warning per kind ----

__global__ void bad_literals(float *y, const float *x) {
  int i = threadIdx.x;
  float a = x[i] * 0.1;
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: double constant 0.1 is not exactly representable in float: 'x[i] * 0.1' executes in FP64 (1 double operation); FP64 throughput on sm_90 is 1/2 of FP32 (+5 more like it in 'bad_literals', in the notes) (Low priority, CUDA Best Practices Guide §11.1.4) [warplint-double-precision]
  float b = x[i] * 0.2;
  float c = x[i] * 0.3;
  float d = x[i] * 0.7;
  float e = x[i] * 0.9;
  float f = x[i] * 1.1;
  float g = x[i] * 1.3; // NOLINT(warplint-double-precision)
  y[i] = a + b + c + d + e + f + g;
}

// ---- distinct functions stay apart ----

__global__ void bad_other_function(float *y, const float *x) {
  y[threadIdx.x] = x[threadIdx.x] * 0.1;
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: double constant 0.1 is not exactly representable in float: 'x[threadIdx.x] * 0.1' executes in FP64 (1 double operation); FP64 throughput on sm_90 is 1/2 of FP32 (Low priority, CUDA Best Practices Guide §11.1.4) [warplint-double-precision]
}

// ---- repeated slow math in one function: one warning ----

__global__ void bad_slow(float *y, const float *x) {
  int i = threadIdx.x;
  y[i] = powf(x[i], 2.0f);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'powf(x[i], 2.0f)' is a general exponentiation for a small integer power: 'x[i] * x[i]' is faster (+1 more like it in 'bad_slow', in the notes) (Medium priority, CUDA Best Practices Guide §11.1.6) [warplint-slow-math-function]
  y[i + 32] = powf(x[i], 3.0f);
}
