// The global-accumulator shape (issue 15's warplint-global-accumulator-in-loop): does nvcc
// keep c[i*N + j] in a register across the k loop, or store it every iteration? Compiled
// to SASS by validation/record_gpu_batch.sh; count the STG inside the loop body.
__global__ void accumulateAliasing(float *a, float *b, float *c, int N) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < N; ++k)
    c[i * N + j] += a[i * N + k] * b[k * N + j];
}
__global__ void accumulateRestrict(const float *__restrict__ a, const float *__restrict__ b,
                                   float *__restrict__ c, int N) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < N; ++k)
    c[i * N + j] += a[i * N + k] * b[k * N + j];
}
__global__ void accumulateRegister(float *a, float *b, float *c, int N) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int k = 0; k < N; ++k)
    sum += a[i * N + k] * b[k * N + j];
  c[i * N + j] += sum;
}
