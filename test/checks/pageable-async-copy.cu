// RUN: %check_warplint --checks='-*,warplint-pageable-async-copy' %s
// Positive (bad_*) and negative (good_*) cases of warplint-pageable-async-copy.
// Every warning has a CHECK-MESSAGES line; any other warning fails the test.
#include <stdlib.h>

__global__ void step(float *a) { a[threadIdx.x] += 1.0f; }

void bad_malloc(float *d, cudaStream_t s) {
  float *h = (float *)malloc(4096);
  cudaMemcpyAsync(d, h, 4096, cudaMemcpyHostToDevice, s);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: cudaMemcpyAsync of 4096 bytes from pageable host memory ('h', malloc) is not asynchronous: the calling thread first copies the data into a staging buffer, so it overlaps neither host work nor other streams' copies; the asynchronous transfer requires pinned host memory (High priority, CUDA Best Practices Guide §9.1.2) [warplint-pageable-async-copy]
  step<<<1, 256, 0, s>>>(d);
  free(h);
}

void bad_new_and_copies(float *d, cudaStream_t s) {
  float *buf = new float[1024];
  float *alias;
  alias = buf;
  cudaMemcpyAsync(alias, d, 4096, cudaMemcpyDeviceToHost, s);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: cudaMemcpyAsync of 4096 bytes to pageable host memory ('alias', new[]) is not asynchronous: the call returns only when the copy has completed, {{.*}} (High priority, CUDA Best Practices Guide §9.1.2) [warplint-pageable-async-copy]
  delete[] buf;
}

void bad_stack_array_default_stream(float *d) {
  float tmp[256];
  cudaMemcpyAsync(tmp, d, sizeof(tmp), cudaMemcpyDeviceToHost);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: cudaMemcpyAsync of 1024 bytes to pageable host memory ('tmp', stack array) is not asynchronous: the call returns only when the copy has completed, so it overlaps neither host work nor the next host operations; {{.*}} (High priority, CUDA Best Practices Guide §9.1.2) [warplint-pageable-async-copy]
}

struct Buffers {
  float *host;
  float *dev;
};

void init(Buffers &b) { b.host = (float *)calloc(256, sizeof(float)); }

void bad_member(Buffers &b, cudaStream_t s) {
  cudaMemcpyAsync(b.dev, b.host, 1024, cudaMemcpyHostToDevice, s);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: cudaMemcpyAsync of 1024 bytes from pageable host memory ('host', calloc) {{.*}} (High priority, CUDA Best Practices Guide §9.1.2) [warplint-pageable-async-copy]
}

namespace std {
template <class T> struct allocator {};
template <class T, class A = allocator<T>> struct vector {
  T *data();
  T &operator[](unsigned long);
};
} // namespace std

void bad_vector(std::vector<float> &v, float *d, cudaStream_t s) {
  cudaMemcpyAsync(d, v.data(), 64, cudaMemcpyHostToDevice, s);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: cudaMemcpyAsync of 64 bytes from pageable host memory ('v', std::vector) {{.*}} (High priority, CUDA Best Practices Guide §9.1.2) [warplint-pageable-async-copy]
  cudaMemcpyAsync(&v[0], d, 64, cudaMemcpyDeviceToHost, s);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: cudaMemcpyAsync of 64 bytes to pageable host memory ('v', std::vector) {{.*}} (High priority, CUDA Best Practices Guide §9.1.2) [warplint-pageable-async-copy]
}

void good_pinned(float *d, cudaStream_t s) {
  float *p, *q;
  cudaMallocHost(&p, 4096);
  cudaHostAlloc((void **)&q, 4096, cudaHostAllocDefault);
  cudaMemcpyAsync(d, p, 4096, cudaMemcpyHostToDevice, s);
  cudaMemcpyAsync(q, d, 4096, cudaMemcpyDeviceToHost, s);
  float *r = p + 16;
  cudaMemcpyAsync(d, r, 64, cudaMemcpyHostToDevice, s);
}

void good_registered(float *d, cudaStream_t s) {
  float *h = (float *)malloc(4096);
  cudaHostRegister(h, 4096, 0);
  cudaMemcpyAsync(d, h, 4096, cudaMemcpyHostToDevice, s);
}

void good_unknown_origin(float *d, float *h, cudaStream_t s, float *(*get)()) {
  cudaMemcpyAsync(d, h, 4096, cudaMemcpyHostToDevice, s); // a parameter
  float *g = get();
  cudaMemcpyAsync(d, g, 4096, cudaMemcpyHostToDevice, s); // from a call
  float *m = (float *)malloc(64);
  if (d)
    m = h;
  cudaMemcpyAsync(d, m, 64, cudaMemcpyHostToDevice, s); // malloc or unknown
}

void good_synchronous_copy(float *d) {
  float *h = (float *)malloc(4096);
  cudaMemcpy(d, h, 4096, cudaMemcpyHostToDevice); // blocking by definition
  cudaMemcpyAsync(d, d + 16, 64, cudaMemcpyDeviceToDevice, 0);
}

// An array of pointers whose elements come from cudaHostAlloc (cuda-samples'
// simpleMultiCopy): the copied buffer is an element's pinned allocation, not the array.
int *h_streams[4];
void good_pointer_array_pinned(int *d, cudaStream_t s) {
  for (int i = 0; i < 4; ++i)
    cudaHostAlloc((void **)&h_streams[i], 4096, 0);
  cudaMemcpyAsync(d, h_streams[0], 4096, cudaMemcpyHostToDevice, s);
}
