from torch.utils.cpp_extension import load_inline
BLOCK = 256
src = f"""
__global__ void k(float *a) {{ a[threadIdx.x * {BLOCK}] = 0; }}
"""
load_inline("e", "", cuda_sources=src)
