// RUN: env WARPLINT_CHECK_PARENTS=1 %warplint_dump --launches %s -- %cuda_args -isystem %S/../Inputs/analysis/system | FileCheck %s --match-full-lines
// RUN: env WARPLINT_CHECK_PARENTS=1 %warplint_dump --occupancy %s -- %cuda_args -isystem %S/../Inputs/analysis/system | FileCheck %s --check-prefix=OCC --match-full-lines
// The walks up the AST (the definitions that reach a launch's block, the body
// around a launch, a grid-stride loop around it) are answered from the
// project's own declarations (Analysis/ProjectParents), not from clang's map of
// the whole translation unit; WARPLINT_CHECK_PARENTS compares each answer with
// clang's and aborts on a difference. Here: a lambda's capture, template
// instantiations, a loop counter as the grid, a system header's launcher
// template and default arguments (clang's to answer).
#include <launcher.h>

__global__ void k(float *a) { a[threadIdx.x] = 0; }

template <int B> void tmpl(float *a) {
  int block = B;
  k<<<4, block>>>(a);
}

void walks(float *a, int n) {
  int captured = 128;
  auto twice = [&] { return captured * 2; };
  k<<<n, captured>>>(a);
  int shown = twice();
  sys::launch(k, a);
  for (int g = 1; g < n; g *= 2)
    k<<<g, 64>>>(a);
  tmpl<96>(a);
  tmpl<160>(a);
  dim3 b(32, 4);
  k<<<sys::blocks(n), b>>>(a);
  int modified = 32;
  modified += n;
  k<<<1, modified>>>(a);
}
// CHECK: project-parents.cu:16:3: launch of k: block unknown (value depends on a template parameter)
// CHECK: project-parents.cu:16:3: launch of k: block 96
// CHECK: project-parents.cu:16:3: launch of k: block 160
// CHECK: project-parents.cu:22:3: launch of k: block unknown (variable 'captured' is modified in its function)
// CHECK: project-parents.cu:26:5: launch of k: block 64
// CHECK: project-parents.cu:30:3: launch of k: block 32x4
// CHECK: project-parents.cu:33:3: launch of k: block unknown (variable 'modified' is modified in its function)
// OCC: project-parents.cu:16: k on sm_90: block 96, 8 registers (estimate), 0 B static + 0 B dynamic shared, grid 4: 21 blocks/SM, limited by warps per SM (blocks 32, warps 21, registers 85, shared 228); 2016/2048 threads (98.4%), 63/64 warps
// OCC: project-parents.cu:16: k on sm_90: block 160, 8 registers (estimate), 0 B static + 0 B dynamic shared, grid 4: 12 blocks/SM, limited by warps per SM (blocks 32, warps 12, registers 51, shared 228); 1920/2048 threads (93.8%), 60/64 warps
// OCC: project-parents.cu:26: k on sm_90: block 64, 8 registers (estimate), 0 B static + 0 B dynamic shared, grid from the loop counter 'g': 32 blocks/SM, limited by warps per SM (blocks 32, warps 32, registers 128, shared 228); 2048/2048 threads (100%), 64/64 warps
// OCC: project-parents.cu:30: k on sm_90: block 32x4, 8 registers (estimate), 0 B static + 0 B dynamic shared: 16 blocks/SM, limited by warps per SM (blocks 32, warps 16, registers 64, shared 228); 2048/2048 threads (100%), 64/64 warps
