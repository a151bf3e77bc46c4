// RUN: %check_warplint --checks=-*,warplint-divergent-branch --config="{CheckOptions: {warplint-divergent-branch.PredicationThreshold: 0, warplint-divergent-branch.ReportTailGuards: true, warplint-divergent-branch.ReportLeaderBlocks: true, warplint-divergent-branch.ReportInherentSplits: true, warplint-divergent-branch.ReportOneOffSplits: true}}" %s
// With every option turned on: branches short enough to predicate, tail guards,
// single-lane leader blocks, inherent and one-off splits are reported, and the reduction series (Harris) shows how
// each step's condition splits the warps, iteration by iteration. nvcc 13 predicates all
// three reduction branches on sm_90 (0 divergent branch targets measured), which is
// why the default configuration stays quiet about them.

__global__ void reduce_interleaved(const int *g_idata, int *g_odata) {
  extern __shared__ int sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = g_idata[i];
  __syncthreads();
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: branch condition differs between the lanes of a warp: even and odd lanes take different paths, in every warp, in all 8 iterations of the loop; the warp runs both paths one after the other (about 4 instructions under the branch) (High priority, CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp: only lane 0 takes the branch, in warp 0 of each block; the warp runs both paths one after the other (about 2 instructions under the branch) (Low priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
}

__global__ void reduce_strided(const int *g_idata, int *g_odata) {
  extern __shared__ int sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = g_idata[i];
  __syncthreads();
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    int index = 2 * s * tid;
    if (index < blockDim.x)
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: branch condition differs between the lanes of a warp: lanes 0-15 take the branch and the other 16 lanes do not, in warp 0 of each block, only in the iterations where s > 4 (s = 8, 16, 32, 64, 128: 5 of 8); the warp runs both paths one after the other (about 4 instructions under the branch) (High priority, CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
      sdata[index] += sdata[index + s];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp: only lane 0 takes the branch, in warp 0 of each block; the warp runs both paths one after the other (about 2 instructions under the branch) (Low priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
}

__global__ void reduce_sequential(const int *g_idata, int *g_odata) {
  extern __shared__ int sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = g_idata[i];
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: branch condition differs between the lanes of a warp: lanes 0-15 take the branch and the other 16 lanes do not, in warp 0 of each block, only in the iterations where s < 32 (s = 16, 8, 4, 2, 1: 5 of 8); the warp runs both paths one after the other (about 4 instructions under the branch) (High priority, CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp: only lane 0 takes the branch, in warp 0 of each block; the warp runs both paths one after the other (about 2 instructions under the branch) (Low priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
}

__global__ void tails(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp only where the index crosses its bound; the warp runs both paths one after the other (about 1 instruction under the branch) (Medium priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    return;
  out[i] = in[i] * 2.0f;
}

__global__ void gridStride(float *out, const float *in, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: loop condition differs between the lanes of a warp only where the index crosses its bound; lanes that finish early wait for the others (High priority, CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    out[i] = in[i] * 2.0f;
}

__global__ void leader(float *out, const float *in) {
  __shared__ float s;
  if (threadIdx.x == 0)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: branch condition differs between the lanes of a warp: only lane 0 takes the branch, in warp 0 of each block; the warp runs both paths one after the other (about 2 instructions under the branch) (Low priority here, High in CUDA Best Practices Guide §12.1) [warplint-divergent-branch]
    s = in[blockIdx.x] * 2.0f + 1.0f;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

void launch_all(float *o, const float *in, int *ii, int *io, int n) {
  reduce_interleaved<<<n / 256, 256, 256 * sizeof(int)>>>(ii, io);
  reduce_strided<<<n / 256, 256, 256 * sizeof(int)>>>(ii, io);
  reduce_sequential<<<n / 256, 256, 256 * sizeof(int)>>>(ii, io);
  tails<<<(n + 255) / 256, 256>>>(o, in, n);
  gridStride<<<64, 256>>>(o, in, n);
  leader<<<n / 256, 256>>>(o, in);
}
