import cupy
add = cupy.RawKernel("""
extern "C" __global__ void add(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}
""".strip(), "add")
