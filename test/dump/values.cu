// RUN: %warplint_dump --values %s -- %cuda_args | FileCheck %s --match-full-lines
// Reaching definitions and loop inductions of every use of a tracked variable
// (lib/Frontend/ValueFlow): single definitions, loop-header merges of every loop form,
// a counter read after its loop, merges of two branches, untracked (escaping) variables.

__device__ void sink(int *p);

__global__ void forms(float *a, int n) {
  int x = threadIdx.x;
  while (x < n) {
    a[x] = 0;
    x += 256;
  }
  int i = 0;
  do {
    a[i] = 1;
    i += 2;
  } while (i < 10);
  int j;
  for (j = 0; j < n; j++)
    a[j] = 2;
  a[j] = 3;
}
// CHECK-LABEL: {{.*}}values.cu:8:17: forms
// CHECK-NEXT:   10:10 'x' induction loop@10:3 start {init@9:3 = threadIdx.x} step +256 (compound@12:5 += 256)
// CHECK-NEXT:   10:14 'n' single parameter
// CHECK-NEXT:   11:5 'a' single parameter
// CHECK-NEXT:   11:7 'x' induction loop@10:3 start {init@9:3 = threadIdx.x} step +256 (compound@12:5 += 256)
// CHECK-NEXT:   12:5 'x' induction loop@10:3 start {init@9:3 = threadIdx.x} step +256 (compound@12:5 += 256)
// CHECK-NEXT:   16:5 'a' single parameter
// CHECK-NEXT:   16:7 'i' induction loop@15:3 start {init@14:3 = 0} step +2 (compound@17:5 += 2) trips 5
// CHECK-NEXT:   17:5 'i' induction loop@15:3 start {init@14:3 = 0} step +2 (compound@17:5 += 2) trips 5
// CHECK-NEXT:   18:12 'i' single compound@17:5 += 2
// CHECK-NEXT:   20:15 'j' induction loop@20:3 start {assign@20:8 = 0} step +1 (incdec@20:22 ++)
// CHECK-NEXT:   20:19 'n' single parameter
// CHECK-NEXT:   20:22 'j' induction loop@20:3 start {assign@20:8 = 0} step +1 (incdec@20:22 ++)
// CHECK-NEXT:   21:5 'a' single parameter
// CHECK-NEXT:   21:7 'j' induction loop@20:3 start {assign@20:8 = 0} step +1 (incdec@20:22 ++)
// CHECK-NEXT:   22:3 'a' single parameter
// CHECK-NEXT:   22:5 'j' after loop@20:3 start {assign@20:8 = 0} step +1 (incdec@20:22 ++)

__global__ void pointers(float *a, float *b, int flag) {
  float *p;
  if (flag)
    p = a + threadIdx.x;
  else
    p = b;
  p[0] = 0;
  float *q = a;
  for (int k = 0; k < 4; ++k) {
    q[threadIdx.x] = 1;
    q += blockDim.x;
  }
  int e = 0;
  sink(&e);
  a[e] = 2;
}
// CHECK-LABEL: {{.*}}values.cu:42:17: pointers
// CHECK-NEXT:   44:7 'flag' single parameter
// CHECK-NEXT:   45:9 'a' single parameter
// CHECK-NEXT:   47:9 'b' single parameter
// CHECK-NEXT:   48:3 'p' merge {assign@47:5 = b, assign@45:5 = a + threadIdx.x}: 2 definitions of 'p' reach here
// CHECK-NEXT:   49:14 'a' single parameter
// CHECK-NEXT:   50:19 'k' induction loop@50:3 start {init@50:8 = 0} step +1 (incdec@50:26 ++) trips 4
// CHECK-NEXT:   50:28 'k' induction loop@50:3 start {init@50:8 = 0} step +1 (incdec@50:26 ++) trips 4
// CHECK-NEXT:   51:5 'q' induction loop@50:3 start {init@49:3 = a} step +blockDim.x (compound@52:5 += blockDim.x)
// CHECK-NEXT:   52:5 'q' induction loop@50:3 start {init@49:3 = a} step +blockDim.x (compound@52:5 += blockDim.x)
// CHECK-NEXT:   56:3 'a' single parameter

__global__ void not_induction(float *a, int n) {
  int x = threadIdx.x;
  while (x < n) {
    a[x] = 0;
    if (a[x] > 0)
      x += 32;
    else
      x += 64;
  }
}
// CHECK-LABEL: {{.*}}values.cu:70:17: not_induction
// CHECK-NEXT:   72:10 'x' merge {compound@77:7 += 64, compound@75:7 += 32, init@71:3 = threadIdx.x}: 'x' changes in the loop in a way not modelled as an induction
// CHECK-NEXT:   72:14 'n' single parameter
