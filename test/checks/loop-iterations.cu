// RUN: %check_warplint --checks=-*,warplint-shared-bank-conflict,warplint-uncoalesced-global-access %s
// Loop-variant accesses are priced at the iterations that matter: every value of a
// geometric loop up to its bound, every iteration of a short additive loop whose count
// the guard or the lane stride uses, the first few when the trip count is unknown. The
// verdict is the worst iteration's; the message says which one, and the cost over all.

// ---- positives ----

__global__ void bad_triangular_from_zero(float *out) {
  // lud_diagonal's shape: the loop starts at 0, where lanes 1-15 (16 words apart)
  // are 8-way; from i = 1 on, 7-way and fewer. Every iteration is evaluated: 64
  // wavefronts over 15 requests.
  __shared__ float shadow[16][16];
  shadow[threadIdx.x][threadIdx.x] = 1.0f;
  __syncthreads();
  for (int i = 0; i < 15; i++) {
    if (threadIdx.x > i)
      shadow[threadIdx.x][i] /= shadow[i][i];
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 8-way shared memory bank conflict: read-modify-write of 'shadow' needs 8 wavefronts per warp request instead of 1 (4-byte accesses, consecutive lanes 16 words apart) in its worst iteration (i = 0); over all 15 iterations 4.3 wavefronts per request (Medium priority, CUDA Best Practices Guide §9.2.2) [warplint-shared-bank-conflict]
    __syncthreads();
  }
  out[threadIdx.x] = shadow[0][threadIdx.x];
}

__global__ void bad_counter_declared_before(float *out) {
  // The same loop with the counter declared before it (Rodinia's lud writes it so):
  // the body sees i = 0 first, the worst iteration.
  __shared__ float shadow[16][16];
  int i;
  shadow[threadIdx.x][threadIdx.x] = 1.0f;
  __syncthreads();
  for (i = 0; i < 15; i++) {
    if (threadIdx.x > i)
      shadow[threadIdx.x][i] /= shadow[i][i];
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 8-way shared memory bank conflict: read-modify-write of 'shadow' needs 8 wavefronts per warp request instead of 1 (4-byte accesses, consecutive lanes 16 words apart) in its worst iteration (i = 0); over all 15 iterations 4.3 wavefronts per request (Medium priority, CUDA Best Practices Guide §9.2.2) [warplint-shared-bank-conflict]
    __syncthreads();
  }
  out[threadIdx.x] = shadow[0][threadIdx.x];
}

__global__ void bad_stride_unknown_trip(float *out, const float *in, int n) {
  // A doubling stride up to a runtime bound: the first 6 values are evaluated and
  // the report says so.
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int s = 1; s < n; s <<= 1)
    out[t * s] = in[t];
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: uncoalesced global store to 'out': consecutive lanes are 32 bytes apart, so each warp request touches 32 sectors, 8x the 4 its 4-byte accesses need in its worst iteration (s = 8); over the first 6 iterations 20.7 sectors per request (High priority, CUDA Best Practices Guide §9.2.1) [warplint-uncoalesced-global-access]
}

// ---- negatives ----

__global__ void good_halving_tail(float *out) {
  // Sequential addressing: fewer lanes each step, never a conflict.
  __shared__ float s[256];
  s[threadIdx.x] = 1.0f;
  __syncthreads();
  for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
    if (threadIdx.x < k)
      s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  out[threadIdx.x] = s[0];
}

void launch(float *a, float *b, int n) {
  bad_triangular_from_zero<<<1, 16>>>(a);
  bad_counter_declared_before<<<1, 16>>>(a);
  bad_stride_unknown_trip<<<64, 256>>>(a, b, n);
  good_halving_tail<<<1, 256>>>(a);
}
