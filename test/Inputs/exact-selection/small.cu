// Parsed as with a real toolkit (the fallback header says otherwise): exact mode auto may compile.
#undef __WARPLINT_CUDA_FALLBACK__
__global__ void add(const float *a, float *b) { int i = blockIdx.x * blockDim.x + threadIdx.x; b[i] += a[i]; }
void run(const float *a, float *b, int n) { add<<<n / 64, 64>>>(a, b); }
