// RUN: %warplint_dump --values %s -- %cuda_args | FileCheck %s --check-prefix=VALUES
// RUN: %warplint_dump %s -- %cuda_args | FileCheck %s --check-prefix=ACCESS
// Issue 12, second part: a step assigned in the body is an induction; each loop's
// continuation test (top, bottom, none readable); values after a loop keep their start's
// lane stride; every iteration of while and do-while loops; integer merges evaluated per
// definition; the traffic of sibling fields read together.

struct Far { float a; float pad[7]; float b; float pad2[7]; };

__global__ void step_in_body(const float *a, float *out, int n) {
  int i = threadIdx.x;
  int step;
  while (i < n) {
    out[i] = a[2 * i];
    step = blockDim.x * gridDim.x;
    i += step;
  }
}
// VALUES-LABEL: {{.*}}values-loops.cu:10:17: step_in_body
// VALUES: 13:10 'i' induction loop@13:3 start {init@11:3 = threadIdx.x} step +step (compound@16:5 += step)
// VALUES: 16:10 'step' single assign@15:5 = blockDim.x * gridDim.x
// VALUES: loop@13:3 depth 1 goes on while i < n
// ACCESS: values-loops.cu:14:14: step_in_body: global ld 4B, blockDim 256 (assumed): 8.000 sectors/request (ideal 4.000)

__global__ void forms(float *out, int n, int m) {
  int s = 1;
  do {
    out[threadIdx.x * s] = 0;
    s *= 2;
  } while (s <= 8);
  int k = 0;
top:
  out[k * 32 + threadIdx.x] = 1;
  if (++k < 4)
    goto top;
  int j;
  for (j = 0; j < m; ++j)
    if (out[j] > 0.5f)
      break;
  out[threadIdx.x * 4 + j] = 2;
}
// VALUES-LABEL: {{.*}}values-loops.cu:25:17: forms
// VALUES-DAG: loop@27:3 depth 1 goes on while s <= 8, tested after the body
// VALUES-DAG: loop@goto depth 1 goes on while ++k < 4, tested after the body
// VALUES-DAG: loop@37:3 depth 1 has 2 exit tests
// ACCESS: values-loops.cu:28:5: forms: global st 4B, blockDim 256 (assumed): 32.000 sectors/request (ideal 4.000)
// ACCESS-NEXT: index: (i64)(threadIdx.x * (u32)s)
// ACCESS-NEXT: iterations (all 4, worst s = 8): [s = 1: 4.000/4.000] [s = 2: 8.000/4.000] [s = 4: 16.000/4.000] [s = 8: 32.000/4.000]
// A break on a uniform load: the counter after the loop is a uniform unknown.
// ACCESS: values-loops.cu:40:3: forms: global st 4B, blockDim 256 (assumed): 16.000 sectors/request (ideal 4.000)
// ACCESS-NEXT: index: (i64)(4 * threadIdx.x + (u32)unknown(iterations the loop of 'j' ran))

__global__ void after_loops(const float *in, float *out, int m) {
  int s = 1;
  while (s < 8)
    s *= 2;
  out[threadIdx.x + s] = 0;
  const float *p = in + threadIdx.x * 8;
  for (int k = 0; k < m; ++k)
    p += 256;
  out[threadIdx.x] = *p;
}
// The value after a geometric loop is not its first value: no such note.
// ACCESS: values-loops.cu:57:3: after_loops: global st 4B, blockDim 256 (assumed): 4.000 sectors/request (ideal 4.000)
// ACCESS-NOT: evaluated at its first value
// ACCESS: values-loops.cu:61:22: after_loops: global ld 4B, blockDim 256 (assumed): 32.000 sectors/request (ideal 4.000)
// ACCESS-NEXT: index: 256 * unknown(iterations the loop of 'p' ran) + (i64)(8 * threadIdx.x)

__global__ void merges_and_fields(float *out, const Far *f, int flag) {
  int idx = threadIdx.x;
  if (flag)
    idx = threadIdx.x * 2;
  out[idx] = f[threadIdx.x].a + f[threadIdx.x].b;
}
// ACCESS: values-loops.cu:73:3: merges_and_fields: global st 4B, blockDim 256 (assumed): 8.000 sectors/request (ideal 4.000)
// ACCESS-NEXT: index: (i64)(i32)(2 * threadIdx.x)
// ACCESS-NEXT: assumption: of the 2 definitions of 'idx' that reach here, the worse (line 72) is reported
// ACCESS: values-loops.cu:73:14: merges_and_fields: global ld 4B, blockDim 256 (assumed): 32.000 sectors/request (ideal 4.000)
// ACCESS-NEXT: index: 16 * (i64)threadIdx.x
// ACCESS-NEXT: traffic of the 2 sibling fields: 64.000 sectors per warp (ideal 8.000)
