//===- OccupancyReferenceTest.cpp - Against CUDA's own calculator ---------===//
//
// Built only where the CUDA toolkit's cuda_occupancy.h is found. For every
// built-in model it covers (CC 3.0 to 12.x), feeds the same device properties
// (taken from our YAML) and kernel attributes to NVIDIA's
// cudaOccMaxActiveBlocksPerMultiprocessor and to computeOccupancy over a grid
// of block sizes, register counts and shared-memory sizes, and requires the
// same number of active blocks.
//
//===----------------------------------------------------------------------===//
#include "Hardware/Occupancy.h"

#include "gtest/gtest.h"
#include <cuda_occupancy.h>

using namespace warplint::hw;

namespace {

cudaOccDeviceProp propsFor(const HardwareModel &M) {
  cudaOccDeviceProp P;
  P.computeMajor = M.CCMajor;
  P.computeMinor = M.CCMinor;
  P.maxThreadsPerBlock = M.MaxThreadsPerBlock;
  P.maxThreadsPerMultiprocessor = M.MaxThreadsPerSM;
  P.regsPerBlock = M.RegistersPerBlock;
  P.regsPerMultiprocessor = M.RegistersPerSM;
  P.warpSize = M.WarpSize;
  P.sharedMemPerBlock = M.SharedMemPerBlock;
  P.sharedMemPerMultiprocessor = M.SharedMemPerSM;
  P.numSms = 1;
  P.sharedMemPerBlockOptin = M.SharedMemPerBlockOptin;
  P.reservedSharedMemPerBlock = M.ReservedSharedMemPerBlock;
  return P;
}

TEST(OccupancyReference, MatchesCudaOccupancyHeader) {
  unsigned Compared = 0, Models = 0;
  for (const HardwareModel &M : builtinModels()) {
    if (M.CCMajor < 3)
      continue; // CUDA 13's header no longer covers CC 1.x/2.x.
    ++Models;
    cudaOccDeviceProp P = propsFor(M);
    cudaOccDeviceState State;
    for (unsigned Threads : {1u, 32u, 33u, 64u, 96u, 128u, 192u, 256u, 320u,
                             384u, 512u, 640u, 768u, 1000u, 1024u})
      for (unsigned Regs : {0u, 8u, 16u, 24u, 32u, 37u, 40u, 48u, 63u, 64u, 72u,
                            96u, 128u, 168u, 255u})
        for (uint64_t Smem :
             {0ull, 100ull, 1024ull, 8192ull, 20000ull, 49152ull, 65536ull,
              100000ull, 163840ull, 200000ull}) {
          // ptxas never gives a kernel more registers than the ISA allows
          // (63 on sm_30); the header only checks its own, looser, 255.
          if (Regs > M.MaxRegistersPerThread)
            continue;
          bool OptIn = Smem > M.SharedMemPerBlock;
          cudaOccFuncAttributes A;
          A.maxThreadsPerBlock = 1024;
          A.numRegs = Regs;
          A.sharedSizeBytes = 0;
          A.partitionedGCConfig = PARTITIONED_GC_OFF;
          A.shmemLimitConfig =
              OptIn ? FUNC_SHMEM_LIMIT_OPTIN : FUNC_SHMEM_LIMIT_DEFAULT;
          A.maxDynamicSharedSizeBytes =
              OptIn ? M.SharedMemPerBlockOptin : M.SharedMemPerBlock;
          A.numBlockBarriers = 1;
          cudaOccResult Ref{};
          cudaOccError E = cudaOccMaxActiveBlocksPerMultiprocessor(
              &Ref, &P, &A, &State, Threads, Smem);
          OccupancyInput In;
          In.ThreadsPerBlock = Threads;
          In.RegistersPerThread = Regs;
          In.DynamicSharedMem = Smem;
          if (OptIn)
            In.MaxDynamicSharedMem = M.SharedMemPerBlockOptin;
          OccupancyResult R = computeOccupancy(M, In);
          int Want =
              E == CUDA_OCC_SUCCESS ? Ref.activeBlocksPerMultiprocessor : 0;
          ASSERT_EQ(int(R.ActiveBlocks), Want)
              << M.Name << " threads=" << Threads << " regs=" << Regs
              << " smem=" << Smem << " (header status " << E << ")";
          ++Compared;
        }
  }
  EXPECT_GE(Models, 24u);
  EXPECT_GT(Compared, 50000u);
}

} // namespace
