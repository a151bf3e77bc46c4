// Barriers under a split, on the GPU: does the block complete, and does data written
// before the barrier on one side reach the other side after it?
//
//   nvcc -O3 -arch=sm_90 -o arrival arrival.cu && ./arrival
//
// Each case runs 4096 blocks of 256 threads and checks every output element. The host
// waits at most 10 s for a case (a polled event); a case that does not finish is reported
// as "hang" and the program stops (the context is unusable after that).
//  uniform_warps_same_count  warps 0-3 take one side, 4-7 the other; one barrier each side
//  uniform_warps_loop        the same inside a loop of 8 iterations, one barrier a side a pass
//  lanes_same_count          lanes split inside every warp (threadIdx.x & 1); one barrier a side
//  uniform_warps_diff_count  warps 0-3 pass two barriers, 4-7 one (the count differs)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

__global__ void uniform_warps_same_count(int *out) {
  __shared__ int s[256];
  int t = threadIdx.x;
  if ((t / 32) < 4) {
    s[t] = t * 3;
    __syncthreads();
    out[blockIdx.x * 256 + t] = s[255 - t];
  } else {
    s[t] = t * 3;
    __syncthreads();
    out[blockIdx.x * 256 + t] = s[255 - t];
  }
}

__global__ void uniform_warps_loop(int *out) {
  __shared__ int s[256];
  int t = threadIdx.x, acc = 0;
  for (int it = 0; it < 8; ++it) {
    if ((t / 32) % 2 == 0) {
      s[t] = t + it;
      __syncthreads();
      acc += s[255 - t];
      __syncthreads();
    } else {
      s[t] = t + it;
      __syncthreads();
      acc += s[255 - t];
      __syncthreads();
    }
  }
  out[blockIdx.x * 256 + t] = acc;
}

__global__ void lanes_same_count(int *out) {
  __shared__ int s[256];
  int t = threadIdx.x;
  if (t & 1) {
    s[t] = t * 3;
    __syncthreads();
    out[blockIdx.x * 256 + t] = s[255 - t];
  } else {
    s[t] = t * 3;
    __syncthreads();
    out[blockIdx.x * 256 + t] = s[255 - t];
  }
}

__global__ void uniform_warps_diff_count(int *out) {
  __shared__ int s[256];
  int t = threadIdx.x;
  s[t] = t * 3;
  if ((t / 32) < 4) {
    __syncthreads();
    __syncthreads();
  } else {
    __syncthreads();
  }
  out[blockIdx.x * 256 + t] = s[255 - t];
}

typedef void (*Kernel)(int *);

static bool finished(cudaEvent_t e, double seconds) {
  auto start = std::chrono::steady_clock::now();
  while (cudaEventQuery(e) == cudaErrorNotReady) {
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > seconds)
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

int main() {
  const int blocks = 4096, n = blocks * 256;
  int *d;
  cudaMalloc(&d, n * sizeof(int));
  std::vector<int> h(n);
  struct Case { const char *name; Kernel k; int loop; } cases[] = {
      {"uniform_warps_same_count", uniform_warps_same_count, 0},
      {"uniform_warps_loop", uniform_warps_loop, 1},
      {"lanes_same_count", lanes_same_count, 0},
      {"uniform_warps_diff_count", uniform_warps_diff_count, 0},
  };
  cudaDeviceProp p;
  cudaGetDeviceProperties(&p, 0);
  printf("device %s sm_%d%d\n", p.name, p.major, p.minor);
  printf("%-26s %-8s %s\n", "case", "result", "wrong elements");
  for (const Case &c : cases) {
    cudaMemset(d, 0xff, n * sizeof(int));
    cudaEvent_t e;
    cudaEventCreate(&e);
    c.k<<<blocks, 256>>>(d);
    cudaEventRecord(e);
    if (!finished(e, 10.0)) {
      printf("%-26s %-8s -\n", c.name, "hang");
      fflush(stdout);
      _Exit(0);
    }
    cudaError_t err = cudaGetLastError();
    if (err != cudaSuccess) {
      printf("%-26s error %s\n", c.name, cudaGetErrorString(err));
      return 1;
    }
    cudaMemcpy(h.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost);
    long wrong = 0;
    for (int b = 0; b < blocks; ++b)
      for (int t = 0; t < 256; ++t) {
        int want;
        if (c.loop) {
          want = 0;
          for (int it = 0; it < 8; ++it) want += (255 - t) + it;
        } else {
          want = (255 - t) * 3;
        }
        wrong += h[b * 256 + t] != want;
      }
    printf("%-26s %-8s %ld\n", c.name, "done", wrong);
  }
  return 0;
}
