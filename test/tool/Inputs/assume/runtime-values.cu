// Values only the run knows: a parameter stride, a variable read from memory, a kernel with
// no launch in this file (test/tool/assume.test gives them with --assume and assume:).
__global__ void strided_by_param(float *out, const float *in, int C) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i * C] = in[i];
}

__global__ void strided_by_variable(float *out, const float *in, const int *dims) {
  int T = dims[1];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * T];
}

__global__ void column_of_tile(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.y * blockDim.x + threadIdx.x] = tile[threadIdx.x % 32][threadIdx.y];
}

void run(float *a, const float *b, const int *dims, int c, int n) {
  strided_by_param<<<n / 256, 256>>>(a, b, c);
  strided_by_variable<<<n / 256, 256>>>(a, b, dims);
}
