// Issue 35 (session 16): does nvcc compile a lane-varying split with nothing after it in
// the kernel as a predicated EXIT of the lanes that skip it (no branch, so no divergent
// branch target at its line), and does a loop at the end still branch back? Built and
// profiled by run.sh with harness.cu (nvcc -O3 sm_90):
//   OUT=validation/divergence/results validation/divergence/run.sh validation/divergence/exit16.cu
// Then read results/exit16.sass: x_* kernels should show `@P EXIT` ahead of the body and
// no BSSY/BRA around it; c_* kernels (work after the split) a real branch; compare.py's
// counters say which diverged. The uniformity model (Model: uniformity) prices the x_* `if`s
// at zero and still prices x_breakLoopAtEnd (a loop), which this run settles.

__device__ __forceinline__ float heavy16(float v) {
  return sqrtf(fabsf(v)) / (v * v + 1.0f) + expf(-v * v) * logf(fabsf(v) + 2.0f);
}

// A leader's atomic at the kernel's end: the other 31 lanes (and warps) exit.
__global__ void x_leaderAtEnd(float *o, const float *in, int *cnt) {
  __shared__ float s[256];
  s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0)
    atomicAdd(cnt, int(s[0] + s[255]));
}

// The same leader with a barrier and a store after it: a real branch.
__global__ void c_leaderThenSync(float *o, const float *in, int *cnt) {
  __shared__ float s[256];
  __shared__ int base;
  s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0)
    base = atomicAdd(cnt, int(s[0] + s[255]));
  __syncthreads();
  o[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x] + base;
}

// A data-dependent guard over a long body at the end.
__global__ void x_dataGuardAtEnd(float *o, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (v > 0.0f)
    o[i] = heavy16(v) + heavy16(v + 1.0f);
}

// The same guard with a store after it.
__global__ void c_dataGuardThenStore(float *o, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (v > 0.0f)
    v = heavy16(v) + heavy16(v + 1.0f);
  o[i] = v;
}

// A guard nested in a tail guard, both ending the kernel.
__global__ void x_nestedGuardAtEnd(float *o, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = in[i];
    if (v > 0.0f)
      o[i] = heavy16(v) + heavy16(v + 1.0f);
  }
}

// A loop whose trips differ between lanes, at the end: the lanes that stay branch back.
__global__ void c_loopAtEnd(float *o, const float *in, const int *counts) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = in[i];
  for (int k = 0; k < counts[i]; ++k) {
    acc = heavy16(acc);
    o[i] = acc;
  }
}

// Lanes that leave the same loop by a break, the loop's own test uniform.
__global__ void x_breakLoopAtEnd(float *o, const float *in, const int *counts) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = in[i];
  for (int k = 0; k < 8; ++k) {
    if (k >= counts[i])
      break;
    acc = heavy16(acc);
    o[i] = acc;
  }
}

void launch_all(float *o, const float *in, int *ci, int *io, int n) {
  x_leaderAtEnd<<<64, 256>>>(o, in, io);
  c_leaderThenSync<<<64, 256>>>(o, in, io);
  x_dataGuardAtEnd<<<64, 256>>>(o, in);
  c_dataGuardThenStore<<<64, 256>>>(o, in);
  x_nestedGuardAtEnd<<<64, 256>>>(o, in, n);
  c_loopAtEnd<<<64, 256>>>(o, in, ci);
  x_breakLoopAtEnd<<<64, 256>>>(o, in, ci);
}
