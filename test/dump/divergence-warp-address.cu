// RUN: %warplint_dump --divergence %s -- %cuda_args | FileCheck %s --match-full-lines
// A load through an integer index that reads the lane only through a division, shift,
// mask or remainder, evaluated lane by lane for the block shape: when every warp's lanes
// agree, the value loaded is warp-uniform and a branch on it is no split (not printed);
// two values a warp, or an index read from memory, stay data-dependent (issue 13,
// eleventh round).

__constant__ int len[4096];

__global__ void loads(int *out, const int *in, const int *perm) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  int acc = 0;
  for (int k = 0; k < len[t / 32]; ++k)
    acc += in[k];
  for (int k = 0; k < len[(t >> 5) & 7]; ++k)
    acc += in[k];
  for (int k = 0; k < len[t / 16]; ++k)
    acc += in[k];
  for (int k = 0; k < len[perm[t] >> 5]; ++k)
    acc += in[k];
  out[t] = acc;
}

// CHECK: {{.*}}divergence-warp-address.cu:17:3: loads: blockDim 256 (assumed): branch loop: source=load:'len[t / 16]' data-dependent split=none undecided=k cost={{[0-9]+}} unpredicable contains-loop scaled-loop
// CHECK-NEXT: {{.*}}divergence-warp-address.cu:19:3: loads: blockDim 256 (assumed): branch loop: source=load:'len[perm[t] >> 5]' data-dependent split=none undecided=k cost={{[0-9]+}} unpredicable contains-loop scaled-loop
// CHECK-NOT: {{.}}
