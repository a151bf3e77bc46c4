// RUN: %warplint_dump --divergence %s -- %cuda_args | FileCheck %s --match-full-lines
// A stencil's test that a neighbour stays inside the period its coordinate wraps in
// (`y >= 0 && y < rows` with y = t % rows + k) is an edge guard; a threshold inside the
// period (`i < w`) and the edge of another period (`y < cols`) are not.

__global__ void edges(const float *in, float *out, int rows, int cols, int w, int r) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int i = t % rows;
  float s = 0.0f;
  for (int k = -r; k <= r; ++k) {
    int y = i + k;
    if (y >= 0 && y < rows)
      for (int q = 0; q < r; ++q)
        s += in[y * cols + q];
    if (i < w)
      for (int q = 0; q < r; ++q)
        s += in[q];
    if (y >= 0 && y < cols)
      for (int q = 0; q < r; ++q)
        s += in[q * 2];
  }
  out[t] = s;
}
// CHECK: {{.*}}divergence-edge-guard.cu:12:5: edges: blockDim 256 (assumed): branch if: source=thread-index:'threadIdx.x' split=none undecided=rows,r,k cost=5 unpredicable contains-loop edge-guard in-loop scaled-loop
// CHECK-NEXT: {{.*}}divergence-edge-guard.cu:15:5: edges: blockDim 256 (assumed): branch if: source=thread-index:'threadIdx.x' split=none undecided=rows,w cost=4 unpredicable contains-loop in-loop scaled-loop
// CHECK-NEXT: {{.*}}divergence-edge-guard.cu:18:5: edges: blockDim 256 (assumed): branch if: source=thread-index:'threadIdx.x' split=none undecided=rows,r,k cost=5 unpredicable contains-loop in-loop scaled-loop
// CHECK-NOT: {{.}}
