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
#include "llvm/ADT/APSInt.h"
#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace warplint {

/// The most threads a block may have on \p M (1024 where the model does not
/// say).
inline uint64_t blockLimit(const hw::HardwareModel &M) {
  return M.MaxThreadsPerBlock ? M.MaxThreadsPerBlock : 1024;
}

/// "more threads than the 1024 per block that sm_90 allows"
inline std::string moreThreadsThanBlockLimit(const hw::HardwareModel &M) {
  return "more threads than the " + std::to_string(blockLimit(M)) +
         " per block that " + M.Name + " allows";
}

/// Why a block of \p Dim threads cannot launch on \p M, or nothing when it
/// can.
inline std::optional<std::string>
impossibleBlock(const std::array<uint64_t, 3> &Dim,
                const hw::HardwareModel &M) {
  if (Dim[0] == 0 || Dim[1] == 0 || Dim[2] == 0)
    return std::string("a block with no threads");
  uint64_t Max = blockLimit(M);
  // Each dimension first: the product of three 32-bit values can overflow.
  bool TooMany = Dim[0] > Max || Dim[1] > Max || Dim[2] > Max ||
                 Dim[0] * Dim[1] * Dim[2] > Max;
  if (!TooMany)
    return std::nullopt;
  std::string Why = moreThreadsThanBlockLimit(M);
  for (uint64_t D : Dim)
    if (D >= (uint64_t(1) << 31) && D <= 0xffffffffu) {
      Why += " (a negative size converted to unsigned)";
      break;
    }
  return Why;
}

/// Whether `__launch_bounds__(V)` names a block \p Max threads or fewer can
/// launch: 1 to \p Max threads.
inline bool validLaunchBound(const llvm::APSInt &V, uint64_t Max) {
  return !V.isNegative() && V.getActiveBits() <= 32 && V.getZExtValue() >= 1 &&
         V.getZExtValue() <= Max;
}

/// Why `__launch_bounds__(V)` names no block that a target can launch, and
/// what the toolchain makes of it instead.
struct ImpossibleBound {
  /// "more threads than the 1024 per block that sm_90 allows"
  std::string Why;
  std::string Effect; ///< What nvcc/ptxas do with it.
};

/// Whether `__launch_bounds__(V)` names no block \p M can launch (negative,
/// zero, more threads than a block may have) and what becomes of it. Measured
/// with nvcc 13.0 for sm_90
/// (docs/checks/warplint-block-size-not-warp-multiple.md):
/// 0 and negative bounds are dropped by nvcc (its PTX has no .maxntid); a
/// bound above the threads per SM (2049, 4096, 2^28) reaches ptxas, which
/// warns "Value of threads per SM for entry ... is out of range.
/// .minnctapersm and .maxntid will be ignored"; a bound above the block limit
/// but within the threads per SM (1536, 2048) is kept by ptxas as a register
/// cap (2048: 32 registers per thread, 1536: 40, where 1024 gives 64), for
/// blocks no launch can have. In every case the bound says nothing about the
/// launches: warplint judges the kernel by its launches or the default block.
inline std::optional<ImpossibleBound>
impossibleLaunchBound(const llvm::APSInt &V, const hw::HardwareModel &M) {
  if (validLaunchBound(V, blockLimit(M)))
    return std::nullopt;
  const char *Dropped = "nvcc drops the bound (its PTX has no .maxntid), so "
                        "it limits neither the launch nor the registers";
  if (V.isNegative())
    return ImpossibleBound{"a negative number of threads", Dropped};
  if (V.isZero())
    return ImpossibleBound{"no threads", Dropped};
  std::string Why = moreThreadsThanBlockLimit(M);
  if (M.MaxThreadsPerSM && V.getActiveBits() <= 32 &&
      V.getZExtValue() <= M.MaxThreadsPerSM)
    return ImpossibleBound{
        Why, "no launch can have that many, yet ptxas caps the kernel's "
             "registers as if one could (a tighter cap than any block "
             "needs)"};
  return ImpossibleBound{
      Why, "ptxas ignores the bound (.maxntid and .minnctapersm: more threads "
           "than an SM holds), so it limits neither the launch nor the "
           "registers"};
}

} // namespace warplint

#endif
