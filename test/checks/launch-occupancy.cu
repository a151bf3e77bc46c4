// RUN: %check_warplint --checks='-*,warplint-launch-occupancy' %s
// Positive (bad_*) and negative (good_*) cases of warplint-launch-occupancy at the default
// target (sm_90: 32 blocks, 64 warps and 233472 bytes of shared memory per SM, 1024 bytes
// reserved per block). Every warning has a CHECK-MESSAGES line; any other warning fails
// the test; the notes (the calculator's numbers, the better configuration) are checked
// by test/dump/occupancy.cu. validation/host-checks/pending/occupancy holds these kernels for
// cudaOccupancyMaxActiveBlocksPerMultiprocessor.

__global__ void scale(float *a) { a[blockIdx.x * blockDim.x + threadIdx.x] *= 2.0f; }

__global__ void tiled(float *a) {
  __shared__ float tile[12288]; // 49152 bytes
  tile[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  a[threadIdx.x] = tile[127 - threadIdx.x];
}

__global__ void dynamic(float *a) {
  extern __shared__ float buf[];
  buf[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  a[threadIdx.x] = buf[63 - threadIdx.x];
}

void bad_block_slots(float *a, int n) {
  scale<<<n, 16>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: blocks of 16 threads reach 25% occupancy on sm_90: the limit of 32 resident blocks per SM holds 512 of the 2048 threads an SM can run, too few to hide memory latency (Medium priority, CUDA Best Practices Guide §10.2) [warplint-launch-occupancy]
  dim3 small(4, 2);
  scale<<<n, small>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: blocks of 4x2 = 8 threads reach 12.5% occupancy on sm_90: the limit of 32 resident blocks per SM holds 256 of the 2048 threads {{.*}} [warplint-launch-occupancy]
}

void bad_shared_memory(float *a, int n) {
  tiled<<<n, 128>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: blocks of 128 threads reach 25% occupancy on sm_90: shared memory (50176 bytes per block of the 233472 an SM has) lets 4 blocks reside and hold 512 of the 2048 threads an SM can run, too few to hide memory latency (Medium priority, CUDA Best Practices Guide §10.2) [warplint-launch-occupancy]
  dynamic<<<n, 64, 40000>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: blocks of 64 threads reach 15.6% occupancy on sm_90: shared memory (41088 bytes per block {{.*}}) lets 5 blocks reside and hold 320 of the 2048 threads {{.*}} [warplint-launch-occupancy]
}

void bad_launch_api(float *a) {
  void *args[] = {&a};
  cudaLaunchKernel((void *)scale, dim3(10000), dim3(16), args);
  // CHECK-MESSAGES: :[[@LINE-1]]:48: warning: blocks of 16 threads reach 25% occupancy {{.*}} [warplint-launch-occupancy]
}

void bad_one_thread_blocks(float *a, int n) {
  scale<<<n, 1>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: blocks of 1 thread reach 1.6% occupancy on sm_90: the limit of 32 resident blocks per SM holds 32 of the 2048 threads an SM can run, too few to hide memory latency (Medium priority, CUDA Best Practices Guide §10.2) [warplint-launch-occupancy]
}

void good_launches(float *a, int n, int runtime, size_t bytes) {
  scale<<<n, 256>>>(a);      // 8 blocks x 256 = 2048 threads: 100%
  scale<<<n, 32>>>(a);       // 32 blocks x 32 = 1024 threads: 50%, the plateau
  tiled<<<n, 256>>>(a);      // 4 x 256 = 1024: 50%
  scale<<<8, 16>>>(a);       // 8 blocks: each SM holds all it gets
  scale<<<4000, 16>>>(a);    // 4000 <= 132 x 32: every block resident at once
  scale<<<n, runtime>>>(a);  // runtime block size
  dynamic<<<n, 64, bytes>>>(a); // runtime dynamic shared memory
  scale<<<1, 1>>>(a);        // one thread in all: a serial step
  scale<<<n, 16>>>(a); // NOLINT(warplint-launch-occupancy)
}


// Rodinia nw's wavefront: the grid is the host loop's counter (1, 2, ... blocks, then
// back down), so the launches have few blocks, all resident at once; the 32-block limit
// binds only for a grid above 132 x 32 blocks, which the source does not say. Not
// reported (nor by warplint-grid-too-small: the grid is a runtime value).
void good_wavefront_grid(float *a, int block_width) {
  dim3 dimGrid;
  dim3 dimBlock(16, 1);
  for (int i = 1; i <= block_width; i++) {
    dimGrid.x = i;
    dimGrid.y = 1;
    scale<<<dimGrid, dimBlock>>>(a);
  }
  for (int i = block_width - 1; i >= 1; i--) {
    dimGrid.x = i;
    scale<<<dimGrid, dimBlock>>>(a);
  }
  for (int d = 1; d <= block_width; d++)
    scale<<<d, 16>>>(a);
}

// A loop around a launch whose grid does not come from the counter is still judged.
void bad_loop_fixed_grid(float *a, int n, int steps) {
  for (int s = 0; s < steps; s++)
    scale<<<n, 16>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: blocks of 16 threads reach 25% occupancy {{.*}} [warplint-launch-occupancy]
}

// A generic lambda's launch is judged in each instantiation; the body as
// written (its block a template's value) says nothing.
template <int V> struct Threads { static constexpr int value = V; };
void generic_lambda_launches(float *a, int n) {
  auto launch = [&](auto c) { scale<<<n, c.value>>>(a); };
  // CHECK-MESSAGES: :[[@LINE-1]]:42: warning: blocks of 16 threads reach 25% occupancy {{.*}} [warplint-launch-occupancy]
  launch(Threads<256>{}); // good
  launch(Threads<16>{});  // bad
}
