// A file a pull request adds: findings of two priorities, the High one last in the file.
__global__ void tile_column(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.x][0] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][0] + 1.0f;
}

__global__ void row_sum(float *out, const float *in) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0;
  for (int c = 0; c < 64; ++c)
    s += in[row * 64 + c];
  out[row] = s;
}

void launch(float *out, const float *in, int n) {
  tile_column<<<1, 32>>>(out);
  row_sum<<<n / 100, 100>>>(out, in);
}
