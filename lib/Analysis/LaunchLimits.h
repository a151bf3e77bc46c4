//===- LaunchLimits.h - Blocks that cannot launch ----------------*- C++ -*-===//
//
// Part of warplint. A launch whose block has no threads or more threads than
// the target allows per block fails at run time with
// cudaErrorInvalidConfiguration (CUDA Programming Guide, "Thread Hierarchy"
// and the technical specifications table; the per-block limit is the
// hardware model's MaxThreadsPerBlock). Such a launch is a finding of its own
// (warplint-block-size-not-warp-multiple) and is never evaluated thread by
// thread: `k<<<1, -32>>>` is a block of 4,294,967,264 threads.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_LAUNCHLIMITS_H
#define WARPLINT_ANALYSIS_LAUNCHLIMITS_H

#include "Hardware/HardwareModel.h"
#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace warplint {

/// Why a block of \p Dim threads cannot launch on \p M, or nothing when it
/// can.
inline std::optional<std::string>
impossibleBlock(const std::array<uint64_t, 3> &Dim,
                const hw::HardwareModel &M) {
  if (Dim[0] == 0 || Dim[1] == 0 || Dim[2] == 0)
    return std::string("a block with no threads");
  uint64_t Max = M.MaxThreadsPerBlock ? M.MaxThreadsPerBlock : 1024;
  // Each dimension first: the product of three 32-bit values can overflow.
  bool TooMany = Dim[0] > Max || Dim[1] > Max || Dim[2] > Max ||
                 Dim[0] * Dim[1] * Dim[2] > Max;
  if (!TooMany)
    return std::nullopt;
  std::string Why = "more threads than the " + std::to_string(Max) +
                    " per block that " + M.Name + " allows";
  for (uint64_t D : Dim)
    if (D >= (uint64_t(1) << 31) && D <= 0xffffffffu) {
      Why += " (a negative size converted to unsigned)";
      break;
    }
  return Why;
}

} // namespace warplint

#endif
