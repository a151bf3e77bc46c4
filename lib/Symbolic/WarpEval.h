//===- WarpEval.h - Evaluating expressions across a warp --------*- C++ -*-===//
//
// Part of warplint. A warp is 32 consecutive linear thread ids (x fastest,
// then y, then z), so its shape depends on blockDim. For a given blockDim,
// each lane's value of an expression is computed as a constant plus a sum of
// warp-uniform atoms (blockIdx, kernel parameters, uniform unknowns); the
// atoms cancel in the differences between lanes. From the lane addresses and
// the access width, lib/Hardware counts sectors, lines and wavefronts.
//
// Assumptions the engine makes everywhere, as ScalarEvolution does with nsw:
// index arithmetic does not overflow its type, and the runtime values an
// index divides (blockIdx, sizes, parameters) are non-negative, so C's
// truncating division equals floor division. Assumptions specific to one
// access (alignment of a runtime base, a runtime stride's value) are returned
// in AccessReport::Assumptions, never made silently.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_SYMBOLIC_WARPEVAL_H
#define WARPLINT_SYMBOLIC_WARPEVAL_H

#include "Hardware/MemoryCost.h"
#include "Symbolic/Expr.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include <array>
#include <optional>
#include <string>
#include <vector>

namespace warplint {
namespace sym {

/// The launch configuration the evaluation assumes.
struct LaunchShape {
  std::array<unsigned, 3> BlockDim = {32, 1, 1};
  std::optional<std::array<unsigned, 3>> GridDim;
  unsigned WarpSize = 32;
  unsigned threadsPerBlock() const {
    return BlockDim[0] * BlockDim[1] * BlockDim[2];
  }
  unsigned warpsPerBlock() const {
    return (threadsPerBlock() + WarpSize - 1) / WarpSize;
  }
  /// threadIdx of linear thread id \p Linear.
  std::array<unsigned, 3> threadOf(unsigned Linear) const {
    return {Linear % BlockDim[0], (Linear / BlockDim[0]) % BlockDim[1],
            Linear / (BlockDim[0] * BlockDim[1])};
  }
};

/// Values of kernel parameters and loop variables known for this query.
using Bindings = llvm::StringMap<int64_t>;

/// A value for one thread: a constant plus warp-uniform atoms with integer
/// coefficients (atoms sorted by id).
struct SymValue {
  int64_t Const = 0;
  llvm::SmallVector<std::pair<const Expr *, int64_t>, 2> Terms;
  bool isConstant() const { return Terms.empty(); }
  bool sameTerms(const SymValue &O) const { return Terms == O.Terms; }
  std::string str() const;
};

/// Evaluates expressions for single threads of a block. Failures carry a
/// reason ("lanes differ by a multiple of runtime value W").
class ThreadEvaluator {
public:
  ThreadEvaluator(ExprContext &Ctx, const LaunchShape &Shape, const Bindings &B)
      : Ctx(Ctx), Shape(Shape), B(B) {}

  /// Evaluates \p E for thread \p Tid; blockIdx is symbolic unless \p Block
  /// is given.
  std::optional<SymValue> eval(const Expr *E, std::array<unsigned, 3> Tid,
                               const std::array<unsigned, 3> *Block = nullptr);

  /// Why the last eval failed.
  const std::string &failure() const { return Failure; }
  /// The runtime value whose coefficient made the last eval fail, if any.
  const Expr *runtimeCoefficient() const { return RuntimeAtom; }

private:
  std::optional<SymValue> rec(const Expr *E, unsigned Depth);
  std::optional<SymValue> fail(const std::string &Why,
                               const Expr *Runtime = nullptr);
  std::optional<SymValue> atom(const Expr *E);

  ExprContext &Ctx;
  const LaunchShape &Shape;
  const Bindings &B;
  std::array<unsigned, 3> Tid = {0, 0, 0};
  const std::array<unsigned, 3> *Block = nullptr;
  std::string Failure;
  const Expr *RuntimeAtom = nullptr;
};

enum class MemorySpace { Global, Shared };

/// One memory access in device code.
struct AccessQuery {
  const Expr *Index = nullptr; ///< Element index.
  unsigned ElementBytes = 4;   ///< Access width: 1, 2, 4, 8 or 16.
  const Expr *Guard = nullptr; ///< Lanes where this is false do not access.
  MemorySpace Space = MemorySpace::Global;
  bool IsStore = false;
  int64_t BaseOffsetBytes = 0; ///< Constant byte offset added to the base.
  /// Alignment of the base pointer: cudaMalloc guarantees 256 bytes (Best
  /// Practices Guide 9.2.1.2); shared arrays are taken to start at a bank-0,
  /// 128-byte boundary.
  unsigned BaseAlignment = 256;
};

/// The cost of the access for one warp of the block.
struct WarpCost {
  unsigned Warp = 0;
  unsigned ActiveLanes = 0;
  std::vector<int64_t> LaneOffsets; ///< Bytes from lane 0's (active lanes).
  std::vector<bool> Active;
  hw::GlobalAccessCost Global;
  hw::SharedAccessCost Shared;
};

/// What warplint predicts for one access, with the evidence behind it.
struct AccessReport {
  bool Ok = false;
  std::string Failure;                  ///< Why no prediction (when !Ok).
  std::vector<std::string> Assumptions; ///< Explicit; empty means exact.
  std::string RuntimeCoefficient;       ///< Runtime value the stride needs.
  bool exact() const { return Ok && Assumptions.empty(); }

  unsigned Requests = 0; ///< Warp-level requests (warps with active lanes).
  /// Blocks the totals cover: 1 (a representative block with symbolic
  /// blockIdx) or the whole grid when alignment needed every block.
  unsigned BlocksCovered = 1;
  uint64_t Sectors = 0, IdealSectors = 0, Lines = 0, IdealLines = 0;
  uint64_t Transactions = 0, IdealTransactions = 0;
  uint64_t Wavefronts = 0, IdealWavefronts = 0;
  unsigned MaxConflictDegree = 0;
  /// Sectors per request if the runtime part of the base were misaligned in
  /// the worst way (equal to the prediction when alignment is known).
  double WorstSectorsPerRequest = 0;
  std::vector<WarpCost> Warps; ///< Per warp of one block.

  double perRequest(uint64_t Total) const {
    return Requests ? double(Total) / Requests : 0;
  }
};

/// Evaluates \p Q for every warp of a block of \p Shape on model \p M. When
/// blockIdx or a runtime value changes the address's alignment and the grid is
/// known, every block is evaluated; otherwise the alignment is assumed and
/// said so. A runtime lane stride is evaluated under \p AssumedRuntimeValue
/// (and reported) unless \p B binds it.
AccessReport analyzeAccess(ExprContext &Ctx, const hw::HardwareModel &M,
                           const AccessQuery &Q, const LaunchShape &Shape,
                           const Bindings &B = {},
                           int64_t AssumedRuntimeValue = 1024);

/// Multi-line text of what the engine derived: the expression, per-warp lane
/// offsets, sectors or wavefronts, and the assumptions. For the dump tool and
/// FileCheck tests.
std::string dumpAccess(const AccessQuery &Q, const AccessReport &R,
                       const hw::HardwareModel &M);

} // namespace sym
} // namespace warplint

#endif
