// Declarations probes13.cu needs beyond warplint's bundled CUDA header (which lacks
// these two builtins); passed with -include by compare.py and fit_costs.py.
#pragma once
__device__ unsigned int __umulhi(unsigned int a, unsigned int b);
__device__ void __trap(void);
