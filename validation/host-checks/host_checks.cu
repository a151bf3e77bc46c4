// Measurements behind warplint's host-side checks (issue 15); run by run.sh on
// a GPU machine, one CSV row per measurement on stdout. Self-checking: every
// copy's data is verified and the program exits 1 on a wrong result.
//
//   transfer-in-loop:     N copies of B bytes in a loop vs one copy of N*B
//                         bytes, pinned and pageable host memory
//   pageable-async-copy:  how long cudaMemcpyAsync keeps the host thread, and
//                         whether it overlaps a kernel on another stream,
//                         pageable vs pinned
//   grid-too-small:       a kernel with fixed work per block at grids of
//                         4, 16, 66, SMs and 2*SMs blocks
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define CHECK(x)                                                               \
  do {                                                                         \
    cudaError_t e_ = (x);                                                      \
    if (e_ != cudaSuccess) {                                                   \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                       \
              cudaGetErrorString(e_));                                         \
      exit(2);                                                                 \
    }                                                                          \
  } while (0)

static double nowMs() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

static int failures = 0;
static void verify(const unsigned char *a, const unsigned char *b, size_t n,
                   const char *what) {
  if (memcmp(a, b, n) != 0) {
    fprintf(stderr, "wrong data: %s\n", what);
    ++failures;
  }
}

// Spins for about `cycles` clock cycles: a kernel of known duration.
__global__ void spin(long long cycles, int *sink) {
  long long start = clock64();
  while (clock64() - start < cycles) {
  }
  if (threadIdx.x == 0 && blockIdx.x == 0)
    sink[0] = 1;
}

// Fixed work per block: each thread does `iters` dependent FMAs.
__global__ void perBlock(float *out, int iters) {
  float x = threadIdx.x * 1e-3f, y = 1.0001f;
  for (int i = 0; i < iters; ++i)
    x = fmaf(x, y, 1e-7f);
  out[blockIdx.x * blockDim.x + threadIdx.x] = x;
}

static void transfersInLoop(bool pinned) {
  const size_t total = 4 << 20;
  const int sizes[] = {4096, 65536};
  unsigned char *h, *back;
  if (pinned) {
    CHECK(cudaMallocHost(&h, total));
    CHECK(cudaMallocHost(&back, total));
  } else {
    h = (unsigned char *)malloc(total);
    back = (unsigned char *)malloc(total);
  }
  for (size_t i = 0; i < total; ++i)
    h[i] = (unsigned char)(i * 7 + 3);
  unsigned char *d;
  CHECK(cudaMalloc(&d, total));
  CHECK(cudaMemcpy(d, h, total, cudaMemcpyHostToDevice)); // warm-up
  for (int b : sizes) {
    int n = int(total / b);
    CHECK(cudaMemset(d, 0, total));
    CHECK(cudaDeviceSynchronize());
    double t0 = nowMs();
    for (int i = 0; i < n; ++i)
      CHECK(cudaMemcpy(d + size_t(i) * b, h + size_t(i) * b, b,
                       cudaMemcpyHostToDevice));
    double loop = nowMs() - t0;
    CHECK(cudaMemcpy(back, d, total, cudaMemcpyDeviceToHost));
    verify(h, back, total, "loop copies");
    CHECK(cudaMemset(d, 0, total));
    CHECK(cudaDeviceSynchronize());
    t0 = nowMs();
    CHECK(cudaMemcpy(d, h, total, cudaMemcpyHostToDevice));
    double one = nowMs() - t0;
    CHECK(cudaMemcpy(back, d, total, cudaMemcpyDeviceToHost));
    verify(h, back, total, "batched copy");
    printf("transfer-in-loop,%s,%d,%d,%.4f,%.4f,%.2f\n",
           pinned ? "pinned" : "pageable", b, n, loop, one, loop / one);
  }
  CHECK(cudaFree(d));
  if (pinned) {
    CHECK(cudaFreeHost(h));
    CHECK(cudaFreeHost(back));
  } else {
    free(h);
    free(back);
  }
}

static void asyncOverlap(bool pinned, int clockKHz) {
  const size_t bytes = 64 << 20;
  unsigned char *h;
  if (pinned)
    CHECK(cudaMallocHost(&h, bytes));
  else
    h = (unsigned char *)malloc(bytes);
  for (size_t i = 0; i < bytes; ++i)
    h[i] = (unsigned char)(i * 13 + 1);
  unsigned char *d;
  int *sink;
  CHECK(cudaMalloc(&d, bytes));
  CHECK(cudaMalloc(&sink, sizeof(int)));
  cudaStream_t sk, sc;
  CHECK(cudaStreamCreateWithFlags(&sk, cudaStreamNonBlocking));
  CHECK(cudaStreamCreateWithFlags(&sc, cudaStreamNonBlocking));
  // Copy alone, for reference.
  CHECK(cudaDeviceSynchronize());
  double t0 = nowMs();
  CHECK(cudaMemcpyAsync(d, h, bytes, cudaMemcpyHostToDevice, sc));
  double callAlone = nowMs() - t0;
  CHECK(cudaStreamSynchronize(sc));
  double copyAlone = nowMs() - t0;
  // A 20 ms kernel on one stream, the copy on another.
  long long cycles = (long long)clockKHz * 20;
  CHECK(cudaDeviceSynchronize());
  t0 = nowMs();
  spin<<<1, 32, 0, sk>>>(cycles, sink);
  double t1 = nowMs();
  CHECK(cudaMemcpyAsync(d, h, bytes, cudaMemcpyHostToDevice, sc));
  double call = nowMs() - t1;
  CHECK(cudaDeviceSynchronize());
  double total = nowMs() - t0;
  std::vector<unsigned char> back(bytes);
  CHECK(cudaMemcpy(back.data(), d, bytes, cudaMemcpyDeviceToHost));
  verify(h, back.data(), bytes, "async copy");
  // D2H into the same host memory: how long the call keeps the host.
  t0 = nowMs();
  CHECK(cudaMemcpyAsync(h, d, bytes, cudaMemcpyDeviceToHost, sc));
  double callD2H = nowMs() - t0;
  CHECK(cudaStreamSynchronize(sc));
  printf("pageable-async-copy,%s,%zu,%.4f,%.4f,%.4f,%.4f,%.4f\n",
         pinned ? "pinned" : "pageable", bytes, callAlone, copyAlone, call,
         total, callD2H);
  CHECK(cudaStreamDestroy(sk));
  CHECK(cudaStreamDestroy(sc));
  CHECK(cudaFree(d));
  CHECK(cudaFree(sink));
  if (pinned)
    CHECK(cudaFreeHost(h));
  else
    free(h);
}

static void gridSizes(int sms) {
  const int block = 256, iters = 1 << 16;
  int grids[] = {4, 16, sms / 2, sms, 2 * sms};
  float *out;
  CHECK(cudaMalloc(&out, size_t(2 * sms) * block * sizeof(float)));
  perBlock<<<sms, block>>>(out, iters); // warm-up
  CHECK(cudaDeviceSynchronize());
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  for (int g : grids) {
    CHECK(cudaEventRecord(a));
    perBlock<<<g, block>>>(out, iters);
    CHECK(cudaEventRecord(b));
    CHECK(cudaEventSynchronize(b));
    float ms;
    CHECK(cudaEventElapsedTime(&ms, a, b));
    // Work done per millisecond, in blocks: the SMs' share of the machine.
    printf("grid-too-small,%d,%d,%.4f,%.2f\n", g, sms, ms, g / ms);
  }
  CHECK(cudaGetLastError());
  CHECK(cudaFree(out));
}

int main() {
  cudaDeviceProp p;
  CHECK(cudaGetDeviceProperties(&p, 0));
  int clockKHz = 0;
  CHECK(cudaDeviceGetAttribute(&clockKHz, cudaDevAttrClockRate, 0));
  printf("# device,%s,%d SMs\n", p.name, p.multiProcessorCount);
  printf("check,memory,bytes_per_copy,copies,loop_ms,batched_ms,ratio\n");
  transfersInLoop(true);
  transfersInLoop(false);
  printf("check,memory,bytes,call_alone_ms,copy_alone_ms,call_beside_kernel_ms,"
         "total_with_20ms_kernel_ms,call_d2h_ms\n");
  asyncOverlap(true, clockKHz);
  asyncOverlap(false, clockKHz);
  printf("check,grid_blocks,sms,ms,blocks_per_ms\n");
  gridSizes(p.multiProcessorCount);
  return failures ? 1 : 0;
}
