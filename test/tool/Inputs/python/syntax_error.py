import cupy
bad = cupy.RawKernel("""
extern "C" __global__ void k(float *a) { a[threadIdx.x] = 0 }
""", "k")
