// RUN: %check_warplint --checks='-*,warplint-host-device-transfer-in-loop' %s
// Positive (bad_*) and negative (good_*) cases of warplint-host-device-transfer-in-loop.
// Every warning has a CHECK-MESSAGES line; any other warning fails the test.

typedef unsigned long long CUdeviceptr;
typedef struct CUstream_st *CUstream;
extern "C" int cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t n);
extern "C" int cuMemcpyDtoHAsync_v2(void *dst, CUdeviceptr src, size_t n,
                                    CUstream s);
#define cuMemcpyHtoD cuMemcpyHtoD_v2
#define cuMemcpyDtoHAsync cuMemcpyDtoHAsync_v2

__global__ void step(float *a) { a[threadIdx.x] += 1.0f; }
__constant__ float coeffs[16];
constexpr int kChunks = 100;

void bad_many_small_copies(float *d, const float *h) {
  for (int i = 0; i < kChunks; ++i)
    cudaMemcpy(d + i * 256, h + i * 256, 256 * sizeof(float), cudaMemcpyHostToDevice);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: host-to-device cudaMemcpy runs in every iteration of a host loop: 100 separate transfers of 1024 bytes (102400 bytes in all), each paying the fixed cost of a transfer and blocking the host until it completes (High priority, CUDA Best Practices Guide §9.1) [warplint-host-device-transfer-in-loop]
}

void bad_iterative_readback(float *d, float *h, int n) {
  int it = 0;
  bool done = false;
  while (!done && it < n) {
    step<<<1, 256>>>(d);
    cudaMemcpy(h, d, sizeof(float), cudaMemcpyDeviceToHost);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: device-to-host cudaMemcpy runs in every iteration of a host loop: one transfer of 4 bytes per iteration, each paying the fixed cost of a transfer and blocking the host until it completes (High priority, CUDA Best Practices Guide §9.1) [warplint-host-device-transfer-in-loop]
    done = h[0] > 1.0f;
    ++it;
  }
}

void bad_do_while_symbol_and_driver(const float *h, float *d, int n) {
  int k = 0;
  do {
    cudaMemcpyToSymbol(coeffs, h + 16 * k, 16 * sizeof(float));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: host-to-device cudaMemcpyToSymbol runs in every iteration of a host loop: one transfer of 64 bytes per iteration, {{.*}} (High priority, CUDA Best Practices Guide §9.1) [warplint-host-device-transfer-in-loop]
    cuMemcpyHtoD((CUdeviceptr)d, h, 64);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: host-to-device cuMemcpyHtoD runs in every iteration {{.*}} (High priority, CUDA Best Practices Guide §9.1) [warplint-host-device-transfer-in-loop]
    ++k;
  } while (k < n);
}

void bad_async_one_stream(float *d, float *h, cudaStream_t s) {
  // One stream for every chunk: the copies queue behind each other and the
  // loop adds up 8 transfers; not the guide's staged copy.
  for (int i = 0; i < 8; i += 2) {
    cudaMemcpyAsync(d + i, h + i, 4 * sizeof(float), cudaMemcpyHostToDevice, s);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: host-to-device cudaMemcpyAsync runs in every iteration of a host loop: 4 separate transfers of 16 bytes (64 bytes in all), each paying the fixed cost of a transfer (High priority, CUDA Best Practices Guide §9.1) [warplint-host-device-transfer-in-loop]
    cuMemcpyDtoHAsync(h + i, (CUdeviceptr)d, 16, (CUstream)s);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: device-to-host cuMemcpyDtoHAsync runs {{.*}}: 4 separate transfers of 16 bytes (64 bytes in all), each paying the fixed cost of a transfer (High priority, CUDA Best Practices Guide §9.1) [warplint-host-device-transfer-in-loop]
  }
}

static void upload(float *d, const float *h, int n) {
  cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: host-to-device cudaMemcpy in 'upload' runs in every iteration of a host loop: one transfer of 64 bytes per iteration, {{.*}} (High priority, CUDA Best Practices Guide §9.1) [warplint-host-device-transfer-in-loop]
}
static void uploadTwice(float *d, const float *h) { upload(d, h, 16); }

void bad_through_helpers(float *d, const float *h, int n) {
  for (int t = 0; t < n; ++t) {
    uploadTwice(d, h);
    step<<<1, 256>>>(d);
  }
}

void bad_round_trip(float *d, float *h) {
  step<<<1, 256>>>(d);
  cudaMemcpy(h, d, 1024, cudaMemcpyDeviceToHost);
  cudaMemcpy(d, h, 1024, cudaMemcpyHostToDevice);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'h' makes a round trip through the host between two launches: copied to the host at line [[@LINE-2]] and back unchanged, 2 transfers of 1024 bytes where a device-to-device copy (or none) would do (High priority, CUDA Best Practices Guide §9.1) [warplint-host-device-transfer-in-loop]
  step<<<1, 256>>>(d);
}

template <class T> void bad_template(T *d, const T *h) {
  for (int i = 0; i < 3; ++i)
    cudaMemcpy(d, h, sizeof(T), cudaMemcpyHostToDevice);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: host-to-device cudaMemcpy runs in every iteration of a host loop: 3 separate transfers of 4 bytes (12 bytes in all), {{.*}} (High priority, CUDA Best Practices Guide §9.1) [warplint-host-device-transfer-in-loop]
}
template void bad_template<float>(float *, const float *);

void good_staged_concurrent_copy(float *d, float *pinned, int n) {
  // The guide's staged concurrent copy and execute (§9.1.2): each chunk on its
  // own stream, so copies overlap the kernels of the other streams.
  const int nStreams = 4;
  cudaStream_t stream[nStreams];
  for (int i = 0; i < nStreams; i++) {
    int offset = i * n / nStreams;
    cudaMemcpyAsync(d + offset, pinned + offset, n / nStreams * sizeof(float),
                    cudaMemcpyHostToDevice, stream[i]);
    step<<<n / (nStreams * 256), 256, 0, stream[i]>>>(d + offset);
  }
  for (int i = 0; i < 2 * nStreams; i++) {
    cudaStream_t s = stream[i % 2];
    cudaMemcpyAsync(pinned, d, 64, cudaMemcpyDeviceToHost, s);
  }
}

void good_two_fixed_streams(unsigned char *buffer, unsigned char *dev0,
                            unsigned char *dev1, int total, int part) {
  // Rodinia huffman/hist.cu: the staged copy written out by hand, two fixed
  // streams alternating inside one iteration, each with its own kernel; the
  // copy on one stream overlaps the kernel on the other.
  cudaStream_t stream0, stream1;
  cudaStreamCreate(&stream0);
  cudaStreamCreate(&stream1);
  for (int i = 0; i < total; i += part * 2) {
    cudaMemcpyAsync(dev0, buffer + i, part, cudaMemcpyHostToDevice, stream0);
    cudaMemcpyAsync(dev1, buffer + i + part, part, cudaMemcpyHostToDevice, stream1);
    step<<<264, 256, 0, stream0>>>((float *)dev0);
    step<<<264, 256, 0, stream1>>>((float *)dev1);
  }
}

void bad_two_streams_no_overlap(unsigned char *buffer, unsigned char *dev0,
                                unsigned char *dev1, int total, int part) {
  // Two streams, but the kernels run on the default stream: nothing overlaps
  // the copies, so this is not the staged pattern.
  cudaStream_t stream0, stream1;
  cudaStreamCreate(&stream0);
  cudaStreamCreate(&stream1);
  for (int i = 0; i < total; i += part * 2) {
    cudaMemcpyAsync(dev0, buffer + i, part, cudaMemcpyHostToDevice, stream0);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: host-to-device cudaMemcpyAsync runs in every iteration of a host loop{{.*}} [warplint-host-device-transfer-in-loop]
    cudaMemcpyAsync(dev1, buffer + i + part, part, cudaMemcpyHostToDevice, stream1);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: host-to-device cudaMemcpyAsync runs in every iteration of a host loop{{.*}} [warplint-host-device-transfer-in-loop]
    step<<<264, 256>>>((float *)dev0);
    step<<<264, 256>>>((float *)dev1);
  }
}

#define CHECK_CUDA(call)                                                       \
  do {                                                                         \
    cudaError_t e_ = (call);                                                   \
    if (e_ != cudaSuccess)                                                     \
      return;                                                                  \
  } while (0)

void good_error_check_macro_is_no_loop(float *d, float *h, int n) {
  // do { ... } while (0) runs its body once: an error-checking macro, not a
  // loop around the copies.
  CHECK_CUDA(cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice));
  step<<<1, 256>>>(d);
  CHECK_CUDA(cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost));
  do {
    cudaMemcpy(d, h, 1024, cudaMemcpyHostToDevice);
  } while (false);
}

void good_loop_that_ends_unconditionally(float *d, float *h, bool retry) {
  // Bodies that end in a break or return, with no continue to skip it, run at
  // most once.
  for (;;) {
    cudaMemcpy(d, h, 1024, cudaMemcpyHostToDevice);
    break;
  }
  while (retry) {
    if (cudaMemcpy(h, d, 1024, cudaMemcpyDeviceToHost) != cudaSuccess)
      break;
    for (int i = 0; i < 4; ++i)
      if (h[i] < 0)
        continue; // the inner loop's
    return;
  }
}

void bad_error_check_macro_in_loop(float *d, float *h, int n) {
  // The macro is no loop, but the for around it is.
  for (int i = 0; i < n; ++i)
    CHECK_CUDA(cudaMemcpy(d + i, h + i, sizeof(float), cudaMemcpyHostToDevice));
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: host-to-device cudaMemcpy runs in every iteration of a host loop: one transfer of 4 bytes per iteration, {{.*}} [warplint-host-device-transfer-in-loop]
}

void bad_loop_whose_break_a_continue_skips(float *d, float *h, bool more) {
  // The continue goes back to the condition before the break: a loop.
  while (more) {
    cudaMemcpy(d, h, 1024, cudaMemcpyHostToDevice);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: host-to-device cudaMemcpy runs in every iteration of a host loop{{.*}} [warplint-host-device-transfer-in-loop]
    if (h[0] > 0)
      continue;
    break;
  }
}

void good_guide_staged_copy_counter_declared_before(float *a_d, int N) {
  // The guide's listing (§9.1.2) as written: the counter declared before the
  // loop; the stream still changes with it in every iteration.
  const int nStreams = 4, nThreads = 256;
  float *a_h;
  cudaMallocHost((void **)&a_h, N * sizeof(float));
  cudaStream_t stream[nStreams];
  int i, offset;
  size_t size = N * sizeof(float) / nStreams;
  for (i = 0; i < nStreams; i++) {
    offset = i * N / nStreams;
    cudaMemcpyAsync(a_d + offset, a_h + offset, size, cudaMemcpyHostToDevice,
                    stream[i]);
    step<<<N / (nThreads * nStreams), nThreads, 0, stream[i]>>>(a_d + offset);
  }
  i = 0;
  while (i < nStreams) {
    cudaMemcpyAsync(a_h + i, a_d + i, 4, cudaMemcpyDeviceToHost, stream[i]);
    ++i;
  }
}

void bad_async_one_stream_counter_declared_before(float *d, float *h,
                                                  cudaStream_t s) {
  // The same counter, but every copy goes to one stream: they queue.
  int i;
  for (i = 0; i < 8; i++) {
    cudaMemcpyAsync(d + i, h + i, 4, cudaMemcpyHostToDevice, s);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: host-to-device cudaMemcpyAsync runs in every iteration of a host loop{{.*}} [warplint-host-device-transfer-in-loop]
    step<<<1, 256, 0, s>>>(d);
  }
}

void good_per_device(float **d, float *h, int nGpus) {
  for (int g = 0; g < nGpus; ++g) {
    cudaSetDevice(g);
    cudaMemcpy(d[g], h, 1024, cudaMemcpyHostToDevice);
  }
}

void good_outside_loops_and_device_copies(float *d, float *h, float *d2) {
  cudaMemcpy(d, h, 1024, cudaMemcpyHostToDevice);
  step<<<1, 256>>>(d);
  cudaMemcpy(h, d, 1024, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 10; ++i) {
    cudaMemcpy(d2, d, 1024, cudaMemcpyDeviceToDevice);
    cudaMemcpy(d2, d, 1024, cudaMemcpyDefault);
    cudaMemset(d, 0, 1024);
  }
  for (int i = 0; i < 1; ++i)
    cudaMemcpy(d, h, 1024, cudaMemcpyHostToDevice);
}

void good_host_works_on_the_data(float *d, float *h) {
  step<<<1, 256>>>(d);
  cudaMemcpy(h, d, 1024, cudaMemcpyDeviceToHost);
  h[0] = 0.0f;
  cudaMemcpy(d, h, 1024, cudaMemcpyHostToDevice);
  step<<<1, 256>>>(d);
}

__global__ void good_device_loop(float *a) {
  for (int i = 0; i < 4; ++i)
    a[i] = 0.0f;
}
