__global__ void kernel(float *a) { a[threadIdx.x] = 1.0f; }

void launch(float *a) {
  kernel<<<1, 100>>>(a);
}
