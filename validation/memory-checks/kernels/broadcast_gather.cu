// Warp broadcasts (one address for the whole warp: not a finding), a
// half-warp multicast, and data-dependent gathers a[idx[i]] (reported only
// when asked for: the addresses are unknown statically). Launch <<<64, 256>>>.
#include "harness.h"

__global__ void broadcastBlockIdx(const float *in, float *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  out[gid] = in[blockIdx.x]; // @access ld global broadcast:1 ; st global coalesced:4
}

__global__ void broadcastZero(const float *in, float *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  out[gid] = in[0] * gid; // @access ld global broadcast:1 ; st global coalesced:4
}

// threadIdx.x / 32 is the same for the 32 lanes of a warp (blockDim.x is a
// multiple of 32): a broadcast per warp.
__global__ void broadcastWarpId(const float *in, float *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  out[gid] = in[gid / 32]; // @access ld global broadcast:1 ; st global coalesced:4
}

// Pairs of lanes share a word: 64 bytes used, 2 sectors, which is the ideal.
__global__ void pairsShareWord(const float *in, float *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  out[gid] = in[gid / 2]; // @access ld global coalesced:2 ; st global coalesced:4
}

// Gather through an identity index: coalesced at run time.
__global__ void gatherIdentity(const float *in, const int *idx, float *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int j = idx[gid]; // @access ld global coalesced:4
  out[gid] = in[j]; // @access ld global gather:4 ; st global coalesced:4
}

// Gather through a random permutation of 65536 entries.
__global__ void gatherRandom(const float *in, const int *idx, float *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int j = idx[gid]; // @access ld global coalesced:4
  out[gid] = in[j]; // @access ld global gather:32 ; st global coalesced:4
}

// A hashed index: computed, not loaded, but not affine in the thread id.
__global__ void gatherHashed(const float *in, float *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned h = (unsigned)gid * 2654435761u;
  out[gid] = in[h % 65536u]; // @access ld global gather:32 ; st global coalesced:4
}

void runBroadcastGather() {
  broadcastBlockIdx<<<64, 256>>>(H.in, H.out);
  H.record("broadcastBlockIdx", "broadcastBlockIdx", 64, 256);
  broadcastZero<<<64, 256>>>(H.in, H.out);
  H.record("broadcastZero", "broadcastZero", 64, 256);
  broadcastWarpId<<<64, 256>>>(H.in, H.out);
  H.record("broadcastWarpId", "broadcastWarpId", 64, 256);
  pairsShareWord<<<64, 256>>>(H.in, H.out);
  H.record("pairsShareWord", "pairsShareWord", 64, 256);
  gatherIdentity<<<64, 256>>>(H.in, H.idxIdentity, H.out);
  H.record("gatherIdentity", "gatherIdentity", 64, 256);
  gatherRandom<<<64, 256>>>(H.in, H.idxRandom, H.out);
  H.record("gatherRandom", "gatherRandom", 64, 256);
  gatherHashed<<<64, 256>>>(H.in, H.out);
  H.record("gatherHashed", "gatherHashed", 64, 256);
}
