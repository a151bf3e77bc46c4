//===- MemoryCost.h - Memory transactions of one warp request ---*- C++ -*-===//
//
// Part of warplint. Given the byte address of each lane of a warp and the
// access width, counts what the memory system does for one request: 32-byte
// sectors and 128-byte lines (global memory, per the model's coalescing rule)
// or wavefronts (shared memory, per its banks and phases). No symbols here:
// lib/Symbolic evaluates index expressions into lane addresses first.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_HARDWARE_MEMORYCOST_H
#define WARPLINT_HARDWARE_MEMORYCOST_H

#include "Hardware/HardwareModel.h"
#include "llvm/ADT/ArrayRef.h"
#include <cstdint>
#include <vector>

namespace warplint {
namespace hw {

/// One lane's access: whether it executes the access, and its byte address.
struct LaneAddress {
  bool Active = false;
  uint64_t Address = 0;
};

/// The cost of one warp-wide global-memory access.
struct GlobalAccessCost {
  unsigned ActiveLanes = 0;
  unsigned Sectors = 0; ///< Distinct sector_bytes sectors touched.
  unsigned Lines = 0;   ///< Distinct line_bytes lines touched.
  unsigned IdealSectors =
      0;                   ///< ceil(distinct bytes / sector): perfect packing.
  unsigned IdealLines = 0; ///< ceil(distinct bytes / line).
  /// Transactions under the model's coalescing rule (sectors on CC >= 3.0,
  /// lines on 2.x, half-warp segments on 1.x) and their total size.
  unsigned Transactions = 0;
  uint64_t TransactionBytes = 0;
  unsigned IdealTransactions = 0;
  uint64_t UsefulBytes = 0; ///< Distinct bytes the lanes asked for.
};

/// The cost of one warp-wide shared-memory access.
struct SharedAccessCost {
  unsigned ActiveLanes = 0;
  unsigned Phases = 0;            ///< Groups of lanes served separately.
  unsigned Wavefronts = 0;        ///< Sum over phases of the conflict degree.
  unsigned IdealWavefronts = 0;   ///< One per phase: no bank conflicts.
  unsigned MaxConflictDegree = 0; ///< n of the worst "n-way bank conflict".
};

/// The cost of one warp-wide read of constant memory. The constant cache
/// serves one address per read: "accesses to different addresses by threads
/// within a warp are serialized, thus the cost scales linearly with the number
/// of unique addresses read by all threads within a warp" (Best Practices
/// Guide §9.2.5; per half warp on CC 1.x, 2.3 guide §3.2.5).
struct ConstantAccessCost {
  unsigned ActiveLanes = 0;
  unsigned Groups = 0;       ///< Lane groups served apart (warp, half warps).
  unsigned Reads = 0;        ///< Sum over groups of the distinct addresses.
  unsigned IdealReads = 0;   ///< One per group: every lane reads one address.
  unsigned MaxAddresses = 0; ///< Most distinct addresses in one group.
};

/// Where one lane of a shared-memory request is served: the phase it is in
/// and the banks of its words (the layout sharedAccessCost prices).
struct SharedLaneSlot {
  bool Active = false;
  /// Served in the same slot as the previous lane (a load of an identical
  /// address merged on models with SharedLoadPairsMerge).
  bool Merged = false;
  unsigned Phase = 0;
  uint64_t FirstWord = 0; ///< Address / bank width.
  unsigned Words = 0;     ///< Bank-wide words the access covers.
  unsigned FirstBank = 0; ///< FirstWord % banks; the others follow.
  /// Some word of this lane shares its bank with a different word in the
  /// same phase: the request is replayed for it.
  bool Conflict = false;
};

/// The per-lane layout of one shared request: phases and banks. The cost
/// (wavefronts, degree) of sharedAccessCost is computed from this layout, so
/// a picture drawn from it shows what was priced.
std::vector<SharedLaneSlot> sharedLaneLayout(const HardwareModel &M,
                                             llvm::ArrayRef<LaneAddress> Lanes,
                                             unsigned WidthBytes, bool IsStore,
                                             bool EightByteBanks = false);

/// Counts sectors, lines and transactions for one warp request of
/// \p WidthBytes (1, 2, 4, 8 or 16) per lane.
GlobalAccessCost globalAccessCost(const HardwareModel &M,
                                  llvm::ArrayRef<LaneAddress> Lanes,
                                  unsigned WidthBytes);

/// Counts wavefronts for one warp request to shared memory. \p IsStore matters
/// on models whose loads merge identical adjacent lanes (see HardwareModel::
/// SharedLoadPairsMerge); \p EightByteBanks selects Kepler's 64-bit bank mode.
SharedAccessCost sharedAccessCost(const HardwareModel &M,
                                  llvm::ArrayRef<LaneAddress> Lanes,
                                  unsigned WidthBytes, bool IsStore,
                                  bool EightByteBanks = false);

/// Counts the serialised constant-cache reads of one warp request of
/// \p WidthBytes per lane: the distinct addresses in each lane group of the
/// model's ConstantScope.
ConstantAccessCost constantAccessCost(const HardwareModel &M,
                                      llvm::ArrayRef<LaneAddress> Lanes,
                                      unsigned WidthBytes);

} // namespace hw
} // namespace warplint

#endif
