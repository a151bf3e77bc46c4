//===- Occupancy.cpp - Active blocks and warps per SM ---------------------===//
#include "Hardware/Occupancy.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>

namespace warplint {
namespace hw {

namespace {
uint64_t divideRoundUp(uint64_t X, uint64_t Y) { return (X + Y - 1) / Y; }
uint64_t roundUp(uint64_t X, uint64_t Y) { return Y * divideRoundUp(X, Y); }
constexpr unsigned Unlimited = ~0u;

/// The shared memory per SM a block of \p PerBlock bytes gets: the preferred
/// carveout when it fits, else the next carveout up (cuda_occupancy.h:
/// cudaOccSMemPreferenceVoltaPlus, cudaOccAlignUpShmemSizeVoltaPlus).
uint64_t smemPerSM(const HardwareModel &M, const OccupancyInput &In,
                   uint64_t PerBlock) {
  if (M.SharedMemCarveoutsKB.empty())
    return M.SharedMemPerSM; // Dedicated shared memory, or the 48 KB config.
  auto AlignUp = [&](uint64_t Bytes) -> uint64_t {
    for (unsigned KB : M.SharedMemCarveoutsKB)
      if (Bytes <= uint64_t(KB) * 1024)
        return uint64_t(KB) * 1024;
    return M.SharedMemPerSM;
  };
  uint64_t Pref = M.SharedMemPerSM;
  if (In.CarveoutPercent)
    Pref = AlignUp(uint64_t(*In.CarveoutPercent) * M.SharedMemPerSM / 100);
  else
    Pref = AlignUp(Pref);
  if (Pref >= PerBlock)
    return Pref;
  return AlignUp(PerBlock);
}
} // namespace

llvm::StringRef limiterName(OccupancyLimiter L) {
  switch (L) {
  case OccupancyLimiter::None:
    return "none";
  case OccupancyLimiter::BlockSlots:
    return "blocks per SM";
  case OccupancyLimiter::Warps:
    return "warps per SM";
  case OccupancyLimiter::Registers:
    return "registers";
  case OccupancyLimiter::SharedMemory:
    return "shared memory";
  case OccupancyLimiter::LaunchFails:
    return "launch fails";
  }
  return "none";
}

OccupancyResult computeOccupancy(const HardwareModel &M,
                                 const OccupancyInput &In) {
  OccupancyResult R;
  R.MaxWarps = M.MaxWarpsPerSM;
  auto Fail = [&](std::string Why) {
    R.Limiter = OccupancyLimiter::LaunchFails;
    R.LaunchFailure = std::move(Why);
    R.ActiveBlocks = R.ActiveWarps = 0;
    R.Occupancy = 0;
    return R;
  };
  if (In.ThreadsPerBlock == 0)
    return Fail("a block of 0 threads");
  R.WarpsPerBlock = divideRoundUp(In.ThreadsPerBlock, M.WarpSize);
  // CC 1.x hands out warps in pairs (cuda_occupancy.h of CUDA 7.0).
  unsigned WarpsAlloc = roundUp(R.WarpsPerBlock, M.WarpAllocGranularity);

  // Block slots and warp slots.
  R.LimitBlocks = M.MaxBlocksPerSM;
  if (In.ThreadsPerBlock > M.MaxThreadsPerBlock)
    return Fail(std::to_string(In.ThreadsPerBlock) +
                " threads per block exceed the limit of " +
                std::to_string(M.MaxThreadsPerBlock));
  R.LimitWarps = M.MaxWarpsPerSM / WarpsAlloc;

  // Registers.
  if (In.RegistersPerThread > M.MaxRegistersPerThread)
    return Fail(std::to_string(In.RegistersPerThread) +
                " registers per thread exceed the limit of " +
                std::to_string(M.MaxRegistersPerThread));
  unsigned Unit = M.registerAllocUnitFor(In.RegistersPerThread);
  if (M.RegisterAllocGranularity == RegisterGranularity::Block) {
    uint64_t PerBlock = roundUp(
        uint64_t(In.RegistersPerThread) * M.WarpSize * WarpsAlloc, Unit);
    R.RegistersPerBlock = PerBlock;
    if (PerBlock > M.RegistersPerBlock)
      return Fail(std::to_string(PerBlock) +
                  " registers per block exceed the limit of " +
                  std::to_string(M.RegistersPerBlock));
    R.LimitRegisters = PerBlock ? M.RegistersPerSM / PerBlock : Unlimited;
  } else {
    uint64_t PerWarp =
        roundUp(uint64_t(In.RegistersPerThread) * M.WarpSize, Unit);
    uint64_t PerBlock = PerWarp * WarpsAlloc;
    // The hardware check assumes all sub-partitions allocate at once.
    uint64_t Assumed = PerWarp * roundUp(WarpsAlloc, M.SubPartitions);
    R.RegistersPerBlock = PerBlock;
    if (Assumed > M.RegistersPerBlock || PerBlock > M.RegistersPerBlock)
      return Fail(
          std::to_string(In.RegistersPerThread) + " registers per thread x " +
          std::to_string(In.ThreadsPerBlock) + " threads exceed the " +
          std::to_string(M.RegistersPerBlock) + " registers a block may use");
    if (PerWarp == 0) {
      R.LimitRegisters = Unlimited;
    } else {
      uint64_t WarpsPerSub = (M.RegistersPerSM / M.SubPartitions) / PerWarp;
      R.LimitRegisters = (WarpsPerSub * M.SubPartitions) / WarpsAlloc;
    }
  }

  // Shared memory.
  uint64_t Static = In.StaticSharedMem + M.ReservedSharedMemPerBlock;
  uint64_t Total = Static + In.DynamicSharedMem;
  uint64_t Alloc = roundUp(Total, M.SharedMemAllocUnit);
  R.SharedMemPerBlock = Alloc;
  uint64_t BlockLimit = M.SharedMemPerBlock;
  if (In.MaxDynamicSharedMem) {
    if (In.DynamicSharedMem > *In.MaxDynamicSharedMem)
      return Fail(
          std::to_string(In.DynamicSharedMem) +
          " bytes of dynamic shared memory exceed the kernel's limit of " +
          std::to_string(*In.MaxDynamicSharedMem));
    if (Static + *In.MaxDynamicSharedMem > M.SharedMemPerBlock)
      BlockLimit = M.SharedMemPerBlockOptin;
  }
  BlockLimit += M.ReservedSharedMemPerBlock;
  if (Alloc > BlockLimit)
    return Fail(std::to_string(Alloc) +
                " bytes of shared memory per block exceed the limit of " +
                std::to_string(BlockLimit - M.ReservedSharedMemPerBlock) +
                (M.SharedMemPerBlockOptin > M.SharedMemPerBlock &&
                         !In.MaxDynamicSharedMem
                     ? " (raise it with cudaFuncSetAttribute up to " +
                           std::to_string(M.SharedMemPerBlockOptin) + ")"
                     : std::string()));
  R.SharedMemPerSMUsed = smemPerSM(M, In, Alloc);
  R.LimitSharedMem = Alloc ? unsigned(R.SharedMemPerSMUsed / Alloc) : Unlimited;

  // The smallest limit wins; ties go to the first in CUDA's calculator order.
  struct {
    unsigned Blocks;
    OccupancyLimiter Why;
  } Limits[] = {{R.LimitWarps, OccupancyLimiter::Warps},
                {R.LimitRegisters, OccupancyLimiter::Registers},
                {R.LimitSharedMem, OccupancyLimiter::SharedMemory},
                {R.LimitBlocks, OccupancyLimiter::BlockSlots}};
  unsigned Best = Unlimited;
  for (const auto &L : Limits)
    if (L.Blocks < Best) {
      Best = L.Blocks;
      R.Limiter = L.Why;
    }
  R.ActiveBlocks = Best;
  R.ActiveWarps = Best * R.WarpsPerBlock;
  R.Occupancy = R.MaxWarps ? double(R.ActiveWarps) / R.MaxWarps : 0;
  return R;
}

std::string formatOccupancy(double F) {
  double P = F * 100;
  char Buf[32];
  if (std::fabs(P - std::round(P)) < 0.05)
    snprintf(Buf, sizeof Buf, "%.0f%%", P);
  else
    snprintf(Buf, sizeof Buf, "%.1f%%", P);
  return Buf;
}

} // namespace hw
} // namespace warplint
