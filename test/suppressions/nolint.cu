// RUN: %check_warplint %s
// NOLINT, NOLINTNEXTLINE and NOLINTBEGIN/NOLINTEND with warplint check ids, globs and no list,
// in both front ends (the warplint binary and clang-tidy-22 with the plugin): clang-tidy's own
// suppression machinery, which warplint's checks reach because they emit warnings. Every line
// that is not suppressed has a CHECK-MESSAGES line; any other warning fails the test.

__global__ void kernel(float *a) { a[threadIdx.x] = 1.0f; }
__global__ void strided(float *a) { a[threadIdx.x * 32] = 1.0f; }
// CHECK-MESSAGES: :[[@LINE-1]]:37: warning: uncoalesced global store to 'a'{{.*}} (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]

void same_line(float *a) {
  kernel<<<1, 100>>>(a); // NOLINT(warplint-block-size-not-warp-multiple)
  kernel<<<1, 100>>>(a); // NOLINT(warplint-*)
  kernel<<<1, 100>>>(a); // NOLINT
  kernel<<<1, 100>>>(a); // NOLINT(warplint-shared-bank-conflict, warplint-block-size-not-warp-multiple)
  kernel<<<1, 100>>>(a); // NOLINT(warplint-shared-bank-conflict)
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: block size 100 is not {{.*}} (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
  kernel<<<1, 100>>>(a); // NOLINT(bugprone-*)
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: block size 100 is not {{.*}} (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
}

void next_line(float *a) {
  // NOLINTNEXTLINE(warplint-block-size-not-warp-multiple)
  kernel<<<1, 100>>>(a);
  // NOLINTNEXTLINE(warplint-*)
  kernel<<<1, 100>>>(a);
  // NOLINTNEXTLINE
  kernel<<<1, 100>>>(a);
  // NOLINTNEXTLINE(warplint-uncoalesced-global-access)
  kernel<<<1, 100>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: block size 100 is not {{.*}} (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
  // NOLINTNEXTLINE(warplint-block-size-not-warp-multiple)

  kernel<<<1, 100>>>(a); // the comment covers the empty line above only
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: block size 100 is not {{.*}} (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
}

void region(float *a) {
  // NOLINTBEGIN(warplint-block-size-not-warp-multiple)
  kernel<<<1, 100>>>(a);
  kernel<<<1, 33>>>(a);
  // NOLINTEND(warplint-block-size-not-warp-multiple)
  kernel<<<1, 65>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: block size 65 is not {{.*}} (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
  // NOLINTBEGIN
  kernel<<<1, 100>>>(a);
  // NOLINTEND
  // NOLINTBEGIN(warplint-*)
  kernel<<<1, 100>>>(a);
  // NOLINTEND(warplint-*)
  // NOLINTBEGIN(warplint-uncoalesced-global-access)
  kernel<<<1, 48>>>(a);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: block size 48 is not {{.*}} (Medium priority, CUDA Best Practices Guide §10.3) [warplint-block-size-not-warp-multiple]
  // NOLINTEND(warplint-uncoalesced-global-access)
}

// The memory checks report in device code: the same comments work there.
__global__ void device_side(float *a) {
  a[threadIdx.x * 32] = 1.0f; // NOLINT(warplint-uncoalesced-global-access)
  // NOLINTNEXTLINE(warplint-uncoalesced-global-access)
  a[threadIdx.x * 32 + 1] = 1.0f;
  // NOLINTBEGIN(warplint-uncoalesced-global-access)
  a[threadIdx.x * 32 + 2] = 1.0f;
  // NOLINTEND(warplint-uncoalesced-global-access)
  a[threadIdx.x * 32 + 3] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'a'{{.*}} (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}

void launch_device_side(float *a) {
  device_side<<<1, 128>>>(a);
  strided<<<1, 128>>>(a); // NOLINT(warplint-block-size-not-warp-multiple): the finding is in 'strided'
}
