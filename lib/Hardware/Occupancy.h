//===- Occupancy.h - Active blocks and warps per SM -------------*- C++ -*-===//
//
// Part of warplint. The occupancy calculator follows the logic of CUDA's own
// calculator (cuda_occupancy.h: cudaOccMaxActiveBlocksPerMultiprocessor) with
// every constant taken from the HardwareModel, so one routine covers CC 1.0
// (registers per block) to 12.x (registers per warp and sub-partition,
// shared-memory carveouts, reserved shared memory per block).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_HARDWARE_OCCUPANCY_H
#define WARPLINT_HARDWARE_OCCUPANCY_H

#include "Hardware/HardwareModel.h"
#include <cstdint>
#include <optional>
#include <string>

namespace warplint {
namespace hw {

/// A kernel's resource use and launch shape, as the occupancy API sees them.
struct OccupancyInput {
  unsigned ThreadsPerBlock = 0;
  unsigned RegistersPerThread = 0;
  uint64_t StaticSharedMem = 0;  ///< __shared__ arrays (bytes).
  uint64_t DynamicSharedMem = 0; ///< Third launch parameter (bytes).
  /// cudaFuncAttributeMaxDynamicSharedMemorySize when the kernel raised it;
  /// unset means the default per-block limit applies.
  std::optional<uint64_t> MaxDynamicSharedMem;
  /// cudaFuncAttributePreferredSharedMemoryCarveout in percent (CC >= 7.0);
  /// unset means the default (the largest carveout).
  std::optional<unsigned> CarveoutPercent;
};

/// What limits the number of resident blocks.
enum class OccupancyLimiter {
  None,         ///< Not computed.
  BlockSlots,   ///< threads.max_blocks_per_sm
  Warps,        ///< threads.max_warps_per_sm
  Registers,    ///< registers.per_sm
  SharedMemory, ///< shared memory per SM
  LaunchFails,  ///< The block cannot be launched at all.
};

llvm::StringRef limiterName(OccupancyLimiter L);

/// Active blocks and warps per SM, every limit, and the allocation sizes.
struct OccupancyResult {
  unsigned ActiveBlocks = 0;
  unsigned ActiveWarps = 0;
  unsigned MaxWarps = 0;
  double Occupancy = 0; ///< ActiveWarps / MaxWarps.
  OccupancyLimiter Limiter = OccupancyLimiter::None;
  std::string LaunchFailure; ///< Why a block cannot launch ("" otherwise).
  unsigned WarpsPerBlock = 0;
  unsigned LimitBlocks = 0; ///< Per-SM block slots.
  unsigned LimitWarps = 0;  ///< Blocks allowed by warp slots.
  unsigned LimitRegisters =
      0; ///< Blocks allowed by registers (~0u: none used).
  unsigned LimitSharedMem = 0; ///< Blocks allowed by shared memory (~0u: none).
  unsigned RegistersPerBlock = 0;  ///< Allocated, after rounding.
  uint64_t SharedMemPerBlock = 0;  ///< Allocated, after rounding.
  uint64_t SharedMemPerSMUsed = 0; ///< The carveout the calculation used.
};

/// Computes occupancy for one launch on one architecture.
OccupancyResult computeOccupancy(const HardwareModel &M,
                                 const OccupancyInput &In);

/// An occupancy (0..1) as the messages print it: "25%", "15.6%".
std::string formatOccupancy(double Occupancy);

} // namespace hw
} // namespace warplint

#endif
