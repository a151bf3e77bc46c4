// Compiler arguments that name no GPU (or only sm_52, clang's implicit default, which a
// parsed AST cannot tell from none): both front ends judge for warplint's default, sm_90.
__global__ void scale(float *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = a[i] * 0.1;
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: double constant 0.1 is not exactly representable in float: 'a[i] * 0.1' executes in FP64 (1 double operation); FP64 throughput on sm_90 is 1/2 of FP32 (Low priority, CUDA Best Practices Guide §11.1.4) [warplint-double-precision]
}
