//===- RedundantLoads.h - Global loads the threads of a block repeat -*- C++ -*-//
//
// Part of warplint. For a global load in a kernel loop whose address walks
// with the loop, how many threads of a block read each element it loads: the
// address evaluated for every thread of the block (lib/Symbolic's
// ThreadEvaluator) and grouped by value. The Best Practices Guide's
// simpleMultiply reads each element of B by every row of the 32x32 block
// (threadIdx.y missing from `b[i*N+col]`): 32 warps load the same elements,
// where the shared-memory tile of sharedABMultiply loads them once (§9.2.2).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_REDUNDANTLOADS_H
#define WARPLINT_ANALYSIS_REDUNDANTLOADS_H

#include "Analysis/memory/KernelAccesses.h"
#include "Hardware/HardwareModel.h"
#include "Symbolic/Expr.h"
#include "llvm/Support/raw_ostream.h"
#include <array>
#include <optional>
#include <string>

namespace warplint {

/// One global load that several warps of a block repeat, for one block shape.
struct RedundantLoad {
  /// Threads of the block that read the same element (the largest such
  /// group), the warps they belong to, and the lanes of one warp among them.
  unsigned Threads = 0, Warps = 0, LanesPerWarp = 0;
  unsigned BlockThreads = 0, BlockWarps = 0;
  /// The threadIdx components the address does not depend on (x, y, z), among
  /// those that vary within the block.
  std::array<bool, 3> Missing = {false, false, false};
  /// The loop whose variable walks the address ("i").
  std::string LoopVar;
  /// Bytes the address of one thread moves from one iteration to the next
  /// (0 when unknown).
  int64_t StepBytes = 0;
};

/// \p A (a global load of a kernel) for block shape \p S on model \p M: the
/// threads of a block reading each element when the load is in a loop whose
/// variable the address uses; nullopt when it is not such a load, the shape
/// is assumed, or the address cannot be evaluated for every thread (a runtime
/// lane stride, data-dependent indices).
std::optional<RedundantLoad> findRedundantLoad(sym::ExprContext &SC,
                                               const hw::HardwareModel &M,
                                               const MemoryAccess &A,
                                               const KernelShape &S);

/// "threadIdx.y", "threadIdx.x and threadIdx.y".
std::string missingComponents(const RedundantLoad &R);

} // namespace warplint

#endif
