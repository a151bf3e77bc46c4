// RUN: %check_warplint --checks='-*,warplint-uncoalesced-global-access' %s
// Scalar loads of one array at one lane index plus constants.
// - They are one cause however the address is written (pointer arithmetic or
//   subscripts): one warning, the siblings as related locations.
// - Loads that together read every byte of the sectors they touch hit in L1
//   the sectors the first brought (validation/memory-checks/siblings.cu on an
//   H200): L2 and DRAM move the union once, so only L1 pays: Low.
// - Siblings that still leave most of each sector unread are High.

__global__ void cheap_sibling_pointer_loads(float *out, const float *bias) {
  int col = threadIdx.x << 2;
  float a = __ldg(bias + col);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: uncoalesced global load from 'bias': consecutive lanes are 16 bytes apart, so each warp request touches 16 sectors, 4x the 4 its 4-byte accesses need; the 4 loads of neighbouring addresses read here move 16 sectors per warp through L2, 1x the 16 they use (+3 more like it in 'cheap_sibling_pointer_loads', in the notes) (Low priority here, High in CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
  float b = __ldg(bias + col + 1);
  float c = __ldg(bias + col + 2);
  float d = __ldg(bias + col + 3);
  out[blockIdx.x * blockDim.x + threadIdx.x] = a + b + c + d;
}

__global__ void cheap_sibling_subscripts(float *out, const float *bias) {
  int col = threadIdx.x << 1;
  float a = bias[col];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: uncoalesced global load from 'bias': {{.*}}; the 2 loads of neighbouring addresses read here move 8 sectors per warp through L2, 1x the 8 they use (+1 more like it in 'cheap_sibling_subscripts', in the notes) (Low priority here, High in CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
  float b = bias[col + 1];
  out[blockIdx.x * blockDim.x + threadIdx.x] = a + b;
}

__global__ void bad_siblings_leave_gaps(float *out, const float *x) {
  int col = threadIdx.x << 3;
  float a = __ldg(x + col);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: uncoalesced global load from 'x': consecutive lanes are 32 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need; the 2 loads of neighbouring addresses read here move 32 sectors per warp through L2, 4x the 8 they use (+1 more like it in 'bad_siblings_leave_gaps', in the notes) (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
  float b = __ldg(x + col + 1);
  out[blockIdx.x * blockDim.x + threadIdx.x] = a + b;
}

__global__ void bad_two_arrays_stay_two(float *out, const float *x,
                                        const float *y) {
  int col = threadIdx.x << 2;
  float a = __ldg(x + col);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: uncoalesced global load from 'x': {{.*}} 4x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
  float b = __ldg(y + col + 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: uncoalesced global load from 'y': {{.*}} 4x the 4 its 4-byte accesses need (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
  out[blockIdx.x * blockDim.x + threadIdx.x] = a + b;
}

__global__ void bad_sibling_stores_are_separate(float *out) {
  int col = threadIdx.x << 2;
  out[col] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store to 'out': {{.*}} 4x the 4 its 4-byte accesses need (+1 more like it in 'bad_sibling_stores_are_separate', in the notes) (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
  out[col + 1] = 2.0f;
}

void run(float *o, const float *b) {
  cheap_sibling_pointer_loads<<<4, 256>>>(o, b);
  cheap_sibling_subscripts<<<4, 256>>>(o, b);
  bad_siblings_leave_gaps<<<4, 256>>>(o, b);
  bad_two_arrays_stay_two<<<4, 256>>>(o, b, b);
  bad_sibling_stores_are_separate<<<4, 256>>>(o);
}
