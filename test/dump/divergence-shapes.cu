// RUN: %warplint_dump --divergence %s -- %cuda_args -isystem %src_root/validation/divergence/include | FileCheck %s --match-full-lines
// The facts issue 13 added to the divergence dump: uniform clocks and special registers
// read through inline asm, implied guards, single-trip do-while(0), a block of one
// thread, enclosing loops, block-uniform conjuncts and leader lanes. A kernel with no
// CHECK line under it has no divergent branch at all (CHECK-NOT between kernels).
#include <cuda_fp16.h>

__device__ float heavy(float x) { return sqrtf(x) + sqrtf(x + 1.0f); }

// clock64()/clock() are warp-uniform: the spin loops split nothing.
__global__ void clockSpin(float *o, long long wait) {
  long long end = clock64() + wait;
  while (clock64() < end)
    ;
  int start = clock();
  while (clock() - start < wait)
    o[threadIdx.x] += 1.0f;
}
// CHECK-NOT: clockSpin:

// %globaltimer read through inline asm: warp-uniform too.
__global__ void timerSpin(float *o, unsigned long long wait) {
  unsigned long long t0, t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  } while (t - t0 < wait);
  o[threadIdx.x] = heavy(o[threadIdx.x]);
}
// CHECK-NOT: timerSpin:

// %laneid through inline asm is lane-varying (it used to read as uniform): a leader.
__global__ void asmLane(int *cnt, float *o) {
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  if (lane == 0)
    atomicAdd(cnt, 1);
  if (lane < 8)
    o[threadIdx.x] = heavy(o[threadIdx.x]);
}
// CHECK: {{.*}}divergence-shapes.cu:[[@LINE-5]]:3: asmLane: blockDim 128 (launch): branch if: source=lane-id split=none cost=8 unpredicable leader function-cost=59
// CHECK: {{.*}}divergence-shapes.cu:[[@LINE-4]]:3: asmLane: blockDim 128 (launch): branch if: source=lane-id split=none cost=47 function-cost=59

// do { ... } while (0) is no loop: only the if inside is a branch.
__global__ void doWhile0(float *o, int n) {
  do {
    if (threadIdx.x >= n)
      break;
    o[threadIdx.x] = heavy(o[threadIdx.x]);
  } while (0);
}
// CHECK: {{.*}}divergence-shapes.cu:[[@LINE-5]]:5: doWhile0: blockDim 64 (launch): branch if: source=thread-index:'threadIdx.x' split=none undecided=n cost=1 tail-guard function-cost=50
// CHECK-NOT: doWhile0: {{.*}} branch loop

// A block of one thread (<<<1, 1>>>): nothing splits, even on data.
__global__ void single(float *o, const int *flags) {
  for (int k = 0; k < flags[threadIdx.x]; ++k)
    if (flags[k] > 0)
      o[k] = heavy(o[k]);
}
// CHECK-NOT: single:

// The inner guard repeats the loop's condition: implied, no new split. The loop itself is
// a tail (one warp straddles the bound).
__global__ void implied(float *o, int end) {
  for (int it = blockIdx.x * 1024 + threadIdx.x; it < end; it += 128)
    if (it < end)
      o[it] = heavy(o[it]);
}
// CHECK: {{.*}}divergence-shapes.cu:[[@LINE-4]]:3: implied: blockDim 128 (launch): branch loop: source=thread-index:'threadIdx.x' split=none undecided=it,end cost=49 unpredicable contains-loop tail-guard scaled-loop
// CHECK: {{.*}}divergence-shapes.cu:[[@LINE-4]]:5: implied: blockDim 128 (launch): branch if: source=thread-index:'threadIdx.x' split=none undecided=it,end cost=47 tail-guard in-loop implied-by={{.*}}divergence-shapes.cu:[[@LINE-5]]:3

// Not implied: the variable changes between the loop's test and the guard.
__global__ void notImplied(float *o, int end) {
  for (int it = threadIdx.x; it < end; it += 128) {
    it += 1;
    if (it < end)
      o[it] = heavy(o[it]);
  }
}
// CHECK: {{.*}}divergence-shapes.cu:[[@LINE-6]]:3: notImplied: {{.*}}
// CHECK: {{.*}}divergence-shapes.cu:[[@LINE-5]]:5: notImplied: blockDim 128 (launch): branch if: source=thread-index:'threadIdx.x' split=none undecided=end cost=47 in-loop

// ty == 0 && by == 0 with 16x16 blocks: ty splits warps (two rows each), but only in the
// blocks of row 0 of the grid.
__global__ void oneBlockRow(float *o) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.y == 0 && blockIdx.y == 0)
    o[x] = heavy(o[x]) + heavy(o[x + 1]);
}
// CHECK: {{.*}}divergence-shapes.cu:[[@LINE-3]]:3: oneBlockRow: blockDim 16x16 (launch): branch if: source=thread-index:'threadIdx.y' split=exact warps=1/8 first=0 lanes=0x0000ffff/32 cost=95 uniform-term='blockIdx.y == 0' one-block avoidable=0 function-cost=100

// A split inside a loop, and a data-dependent one.
__global__ void inLoop(float *o, const int *flag, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k) {
    if (threadIdx.x % 4 == 0)
      o[i] = heavy(o[i]);
    if (flag[i + k])
      o[i] = heavy(o[i] + k);
  }
}
// CHECK: {{.*}}divergence-shapes.cu:[[@LINE-6]]:5: inLoop: blockDim 64 (launch): branch if: source=thread-index:'threadIdx.x' split=exact warps=2/2 first=0 lanes=0x11111111/32 cost=47 in-loop avoidable=1 busy=25%
// CHECK: {{.*}}divergence-shapes.cu:[[@LINE-5]]:5: inLoop: blockDim 64 (launch): branch if: source=load:'flag[i + k]' data-dependent split=none cost=49 in-loop

// __hadd2 counts one instruction, not the statements of the header's body.
__global__ void hadd2Tail(__half2 *v) {
  unsigned t = threadIdx.x;
  if (t < 16)
    v[t] = __hadd2(v[t], v[t + 16]);
}
// CHECK: {{.*}}divergence-shapes.cu:[[@LINE-3]]:3: hadd2Tail: blockDim 64 (launch): branch if: source=thread-index:'threadIdx.x' split=exact warps=1/2 first=0 lanes=0x0000ffff/32 cost=6 avoidable=0 function-cost=8 data-move

void launch(float *o, int *c, const int *f, __half2 *h, int n) {
  clockSpin<<<1, 64>>>(o, 1000);
  timerSpin<<<1, 64>>>(o, 1000);
  asmLane<<<4, 128>>>(c, o);
  doWhile0<<<1, 64>>>(o, n);
  single<<<1, 1>>>(o, f);
  implied<<<4, 128>>>(o, n);
  notImplied<<<4, 128>>>(o, n);
  oneBlockRow<<<dim3(4, 4), dim3(16, 16)>>>(o);
  inLoop<<<4, 64>>>(o, f, n);
  hadd2Tail<<<1, 64>>>(h);
}
