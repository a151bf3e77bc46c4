//===- SerialWalks.h - Loops each thread walks alone over a runtime size -*- C++ -*-===//
//
// Part of warplint. A kernel whose every thread walks a whole row or column by
// itself: a loop whose variable starts and steps the same in every thread
// (no threadIdx in its first value, a constant step) and runs to a runtime
// size (a kernel parameter in its condition, no threadIdx), with a global
// access the variable moves. The threads of a block do not share the walk
// (a block-strided loop starts at threadIdx and is not one), so the launch's
// time is the walk's length times the rows each SM gets: with fewer blocks
// than SMs, the rest of the GPU waits (warplint-grid-too-small).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_SERIALWALKS_H
#define WARPLINT_ANALYSIS_SERIALWALKS_H

#include "Analysis/memory/KernelAccesses.h"
#include "llvm/ADT/ArrayRef.h"
#include <optional>
#include <string>

namespace warplint {

/// The first serial walk of a kernel, in access order.
struct SerialWalk {
  const MemoryAccess *Access = nullptr; ///< A global access the walk moves.
  std::string LoopVar;                  ///< "j"
  std::string Bound;                    ///< The runtime size: "dim"
};

/// The serial walk among \p Accesses (a kernel's), if any.
std::optional<SerialWalk> findSerialWalk(llvm::ArrayRef<MemoryAccess> Accesses);

} // namespace warplint

#endif
