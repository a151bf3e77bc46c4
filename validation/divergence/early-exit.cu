// An early return before __syncthreads(): does the barrier wait for the threads that left?
// good_earlyExitNoShared and bad_earlyExitTile are copies of the kernels in
// test/checks/barrier-in-divergent-code.cu. run.sh profiles them; the harness fails if a
// kernel does not finish (timeout) and prints how many outputs of bad_earlyExitTile read
// a tile element that no thread wrote.
__global__ void good_earlyExitNoShared(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  __syncthreads();
  out[i] = in[i];
}
__global__ void bad_earlyExitTile(float *out, const float *in, int n) {
  __shared__ float tile[256];
  tile[threadIdx.x] = -1000.0f; // what a departed thread leaves behind
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  tile[threadIdx.x] = in[i];
  __syncthreads();
  out[i] = tile[255 - threadIdx.x];
}
void launch_all(float *o, const float *in, int *ci, int *io, int n) {
  good_earlyExitNoShared<<<(n + 255) / 256, 256>>>(o, in, n);
  bad_earlyExitTile<<<(n + 255) / 256, 256>>>(o, in, n);
  float h[256];
  cudaMemcpy(h, o + ((n + 255) / 256 - 1) * 256, sizeof(h), cudaMemcpyDeviceToHost);
  int stale = 0;
  for (int k = 0; k < n % 256; ++k)
    stale += h[k] == -1000.0f;
  printf("early-exit: %d of the last block's %d outputs read an unwritten tile element\n",
         stale, n % 256);
}
