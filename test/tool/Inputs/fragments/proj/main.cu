// The program: the kernels of kernels/frag.cu are compiled as part of this file
// (Rodinia's srad_v1, bfs and heartwall style): they use its typedef.
typedef float fp;
#define STRIDE 32
#include "kernels/frag.cu"

__global__ void main_k(fp *a) { a[threadIdx.x * STRIDE] = 1.0f; }

void run(fp *a) {
  frag_k<<<1, 128>>>(a);
  main_k<<<1, 128>>>(a);
}
