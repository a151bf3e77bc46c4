import cupy as cp
import pycuda.autoinit
from pycuda.compiler import SourceModule
from torch.utils.cpp_extension import load_inline

# A list of strings, one of them built from adjacent literals with escapes.
header = "#define STRIDE 32\n"
body = ("__global__ void strided(float *a) {\n"
        "  a[threadIdx.x * STRIDE] = 0.0f;\n"
        "}\n")
ext = load_inline("ext", "", [header, body])

# CuPy: a raw string, the source first.
k = cp.RawKernel(r'''
extern "C" __global__ void dbl(double *x) {
  x[threadIdx.x * 2] += 1.0;
}
''', 'dbl')

# CuPy's RawModule by keyword, PyCUDA's SourceModule with a dedent.
mod = cp.RawModule(code='extern "C" __global__ void clean(float *a) { a[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f; }')
import textwrap
sm = SourceModule(textwrap.dedent("""
    __global__ void gather(float *out, const float *in, const int *idx) {
      out[threadIdx.x] = in[threadIdx.x * 64];
    }
    """))

# An attribute bound in a method and used in another.
class Model:
    def __init__(self):
        self.src = """
__global__ void attr(float *a) { a[threadIdx.x * 8] = 0.0f; }
"""

    def build(self):
        return load_inline(name="m", cpp_sources="", cuda_sources=self.src)
