// RUN: %check_warplint --checks='-*,warplint-block-size-not-warp-multiple' %s
// Every launch below is a positive (bad_*) or a negative (good_*) case; each warning has a
// CHECK-MESSAGES line and any other warning fails the test, in both front ends.

#define BLOCK_100 100
#define BLOCK_256 256
constexpr int kThreads48 = 48;
const unsigned kThreads128 = 128;
static const int kThreads65 = 65;

__global__ void kernel(float *a) { a[threadIdx.x] = 1.0f; }

template <int Block> void launchTemplate(float *a) { kernel<<<1, Block>>>(a); }
// CHECK-MESSAGES: :[[@LINE-1]]:66: warning: block size 33 is not a multiple of the warp size (32): the last warp of every block runs 1 of 32 lanes (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]

void bad_literals(float *a) {
  kernel<<<1, 100>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: block size 100 is not a multiple of the warp size (32): the last warp of every block runs 4 of 32 lanes (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
  kernel<<<64, 2>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: block size 2 is smaller than a warp (32 lanes): every block runs 2 of 32 lanes of its one warp (High priority here, Medium in CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
  kernel<<<1, (50 + 50)>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: block size 100 is not {{.*}} (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
}

void bad_named_constants(float *a) {
  kernel<<<1, BLOCK_100>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: block size 100 is not {{.*}} runs 4 of 32 lanes (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
  kernel<<<1, kThreads48>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: block size 48 is not {{.*}} runs 16 of 32 lanes (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
  kernel<<<1, kThreads65>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: block size 65 is not {{.*}} runs 1 of 32 lanes (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
  int unchanged = 40;
  kernel<<<1, unchanged>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: block size 40 is not {{.*}} runs 8 of 32 lanes (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
}

void bad_dim3(float *a) {
  dim3 square(10, 10);
  kernel<<<1, square>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: block size 10x10 = 100 is not {{.*}} runs 4 of 32 lanes (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
  kernel<<<1, dim3(48, 3)>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: block size 48x3 = 144 is not {{.*}} runs 16 of 32 lanes (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
  const dim3 cube(7, 7, 7);
  kernel<<<1, cube>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: block size 7x7x7 = 343 is not {{.*}} runs 23 of 32 lanes (Low priority here, Medium in CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
  constexpr dim3 fromConstexpr(kThreads48);
  kernel<<<1, fromConstexpr>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: block size 48 is not {{.*}} (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
  dim3 copy = square;
  kernel<<<1, copy>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: block size 10x10 = 100 is not {{.*}} (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
}

void bad_assigned_once(float *a) {
  int side;
  side = 10;
  dim3 block(side, side);
  kernel<<<1, block>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: block size 10x10 = 100 is not {{.*}} (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
  int threads = 64;
  threads = 48;
  kernel<<<1, threads>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: block size 48 is not {{.*}} (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
}

void good_assigned_later_or_twice(float *a, int n) {
  int before = 64;
  kernel<<<1, before>>>(a); // 64 here; the assignment below comes later
  before = 100;
  int twice;
  twice = 96;
  twice = 100;
  kernel<<<1, twice>>>(a); // assigned twice: the second assignment reaches the launch
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: block size 100 is not a multiple of the warp size (32): the last warp of every block runs 4 of 32 lanes (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
  int branch = 64;
  if (n)
    branch = 100;
  kernel<<<1, branch>>>(a); // depends on n
}

void bad_template(float *a) {
  launchTemplate<33>(a);
  launchTemplate<64>(a);
}

__global__ void __launch_bounds__(100) bad_bounded(float *a) { a[threadIdx.x] = 0; }
// CHECK-MESSAGES: :[[@LINE-1]]:35: warning: __launch_bounds__ of 'bad_bounded' allows 100 threads per block, not a multiple of the warp size (32): a block of that size runs 4 of 32 lanes in its last warp (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]

__global__ void __launch_bounds__(256, 2) good_bounded(float *a) { a[threadIdx.x] = 0; }

void good_multiples(float *a, int n) {
  kernel<<<1, 32>>>(a);
  kernel<<<1, 256>>>(a);
  kernel<<<1, BLOCK_256>>>(a);
  kernel<<<1, kThreads128>>>(a);
  kernel<<<1, dim3(16, 16)>>>(a);
  kernel<<<1, dim3(8, 4)>>>(a);
  kernel<<<1, dim3(16, 10)>>>(a); // 160 threads = 5 full warps
  dim3 tile(32, 8);
  kernel<<<1, tile>>>(a);
}

void good_single_thread(float *a) {
  // A one-thread launch is a serial kernel on purpose: the whole launch is one warp.
  kernel<<<1, 1>>>(a);
  kernel<<<1, dim3(1, 1, 1)>>>(a);
}

void good_runtime_values(float *a, int n, dim3 block) {
  // Nothing is known about these: not findings.
  kernel<<<1, n>>>(a);
  kernel<<<1, block>>>(a);
  kernel<<<1, dim3(n, 3)>>>(a);
  int changed = 100;
  changed = n;
  kernel<<<1, changed>>>(a);
  int escapes = 100;
  int *p = &escapes;
  *p = n;
  kernel<<<1, escapes>>>(a);
  dim3 assigned(10, 10);
  assigned.x = 32;
  kernel<<<1, assigned>>>(a);
  kernel<<<1, n > 0 ? 100 : 33 + n>>>(a);
}

void good_suppressed(float *a) {
  kernel<<<1, 100>>>(a); // NOLINT(warplint-block-size-not-warp-multiple)
  // NOLINTNEXTLINE(warplint-*)
  kernel<<<1, 100>>>(a);
  // NOLINTBEGIN(warplint-block-size-not-warp-multiple)
  kernel<<<1, 100>>>(a);
  kernel<<<1, 33>>>(a);
  // NOLINTEND(warplint-block-size-not-warp-multiple)
  kernel<<<1, 100>>>(a); // NOLINT(some-other-check)
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: block size 100 is not {{.*}} (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
}

// Launches through the runtime API: the block comes from the argument or from
// the cudaLaunchConfig_t field, and the finding points there.
void bad_launch_api(float *a, cudaStream_t s) {
  void *args[] = {&a};
  cudaLaunchKernel((const void *)kernel, dim3(8), dim3(100), args, 0, s);
  // CHECK-MESSAGES: :[[@LINE-1]]:51: warning: block size 100 is not {{.*}} runs 4 of 32 lanes (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
  cudaLaunchCooperativeKernel((void *)kernel, 8, dim3(10, 10), args);
  // CHECK-MESSAGES: :[[@LINE-1]]:50: warning: block size 10x10 = 100 is not {{.*}} [warplint-block-size-not-warp-multiple]
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(64);
  cfg.blockDim = dim3(48);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: block size 48 is not {{.*}} runs 16 of 32 lanes (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
  cudaLaunchKernelEx(&cfg, kernel, a);
}

void good_launch_api(float *a, int n, bool flag) {
  void *args[] = {&a};
  cudaLaunchKernel((void *)kernel, 8, 256, args);
  cudaLaunchKernel((void *)kernel, 8, n, args); // runtime block
  cudaLaunchConfig_t cfg = {};
  cfg.blockDim = dim3(128);
  cudaLaunchKernelEx(&cfg, kernel, a);
  cudaLaunchConfig_t branchy = {};
  branchy.blockDim = dim3(100);
  if (flag)
    branchy.blockDim = dim3(128);
  cudaLaunchKernelEx(&branchy, kernel, a); // assigned twice: unknown
}

// Launches in generic lambdas and functor templates are evaluated per
// instantiation; the uninstantiated body's block is unknown and says nothing.
template <int V> struct Threads { static constexpr int value = V; };
template <int B> __global__ void tiled(float *a) { a[blockIdx.x * B + threadIdx.x] = 1.0f; }

void generic_lambda_launches(float *a, int n) {
  auto launch = [&](auto c) { tiled<c.value><<<n / c.value, c.value>>>(a); };
  // CHECK-MESSAGES: :[[@LINE-1]]:61: warning: block size 100 is not a multiple of the warp size (32): the last warp of every block runs 4 of 32 lanes (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
  launch(Threads<256>{}); // good
  launch(Threads<100>{}); // bad
}

void plain_lambda_launches(float *a) {
  // A lambda is __host__ __device__: seen from the device side its launch is
  // the device runtime's, whose grid and block follow two placeholders.
  auto bad = [&] { kernel<<<1, 100>>>(a); };
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: block size 100 is not a multiple {{.*}} [warplint-block-size-not-warp-multiple]
  auto good = [&] { kernel<<<1, 256>>>(a); };
  bad();
  good();
}

struct Launcher {
  float *a;
  template <class C> void operator()(C) const { tiled<C::value><<<1, C::value>>>(a); }
  // CHECK-MESSAGES: :[[@LINE-1]]:70: warning: block size 48 is not a multiple {{.*}} [warplint-block-size-not-warp-multiple]
};

void functor_launches(float *a) {
  Launcher L{a};
  L(Threads<128>{}); // good
  L(Threads<48>{});  // bad
}
