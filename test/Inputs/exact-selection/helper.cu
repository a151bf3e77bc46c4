// Parsed as with a real toolkit (the fallback header says otherwise): exact mode auto may compile.
#undef __WARPLINT_CUDA_FALLBACK__
// cuda-samples dxtc's shape: the kernel holds two scalars; its state (a colour block, a
// permutation, sums) lives in the device functions nvcc inlines into it.
struct Block { float c[16][4]; unsigned idx[16]; };
__device__ void loadBlock(const float4 *in, Block &b, int t) {
  for (int i = 0; i < 16; ++i) { float4 v = in[t * 16 + i]; b.c[i][0] = v.x; b.c[i][1] = v.y; b.c[i][2] = v.z; b.c[i][3] = v.w; }
}
__device__ float bestFit(const Block &b, unsigned *perm) {
  float best = 1e30f; float sums[16][4]; float cov[10];
  for (int i = 0; i < 16; ++i) for (int k = 0; k < 4; ++k) sums[i][k] = b.c[i][k] * (i + 1);
  for (int k = 0; k < 10; ++k) cov[k] = sums[k][k % 4];
  for (int p = 0; p < 16; ++p) { float e = cov[p % 10] - sums[p][0]; if (e < best) { best = e; perm[0] = p; } }
  return best;
}
__device__ float compressBlock(const float4 *in, int t) {
  Block b;
  unsigned perm[16];
  loadBlock(in, b, t);
  return bestFit(b, perm);
}
__global__ void compress(const float4 *in, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = compressBlock(in, t);
}
void run(const float4 *in, float *out, int n) { compress<<<n / 64, 64>>>(in, out); }
