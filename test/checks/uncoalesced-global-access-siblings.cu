// RUN: %check_warplint --checks='-*,warplint-uncoalesced-global-access' %s
// Scalar loads of one array at constant offsets from one lane index are one
// cause, however the address is written (pointer arithmetic or subscripts):
// one warning, the siblings as related locations.

__global__ void bad_sibling_pointer_loads(float *out, const float *bias) {
  int col = threadIdx.x << 2;
  float a = __ldg(bias + col);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: uncoalesced global load from 'bias + col': consecutive lanes are 16 bytes apart, so each warp request touches 16 sectors, 4x the 4 its 4-byte accesses need (+3 more like it in 'bad_sibling_pointer_loads', in the notes) (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
  float b = __ldg(bias + col + 1);
  float c = __ldg(bias + col + 2);
  float d = __ldg(bias + col + 3);
  out[blockIdx.x * blockDim.x + threadIdx.x] = a + b + c + d;
}

__global__ void bad_sibling_subscripts(float *out, const float *bias) {
  int col = threadIdx.x << 2;
  float a = bias[col];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: uncoalesced global load from 'bias': {{.*}} (+1 more like it in 'bad_sibling_subscripts', in the notes) (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
  float b = bias[col + 1];
  out[blockIdx.x * blockDim.x + threadIdx.x] = a + b;
}

__global__ void bad_two_arrays_stay_two(float *out, const float *x,
                                        const float *y) {
  int col = threadIdx.x << 2;
  float a = __ldg(x + col);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: uncoalesced global load from 'x + col': {{.*}} (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
  float b = __ldg(y + col + 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: uncoalesced global load from 'y + col + 1': {{.*}} (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
  out[blockIdx.x * blockDim.x + threadIdx.x] = a + b;
}

void run(float *o, const float *b) {
  bad_sibling_pointer_loads<<<4, 256>>>(o, b);
  bad_sibling_subscripts<<<4, 256>>>(o, b);
  bad_two_arrays_stay_two<<<4, 256>>>(o, b, b);
}
