//===- WarpEval.h - Evaluating expressions across a warp --------*- C++ -*-===//
//
// Part of warplint. A warp is 32 consecutive linear thread ids (x fastest,
// then y, then z), so its shape depends on blockDim. For a given blockDim,
// each lane's value of an expression is computed as a constant plus a sum of
// warp-uniform atoms (blockIdx, kernel parameters, uniform unknowns); the
// atoms cancel in the differences between lanes. This layer stops at the lane
// addresses of an access (evaluateLanes); what a request of those lanes costs
// (sectors, lines, wavefronts against the ideal) is lib/Hardware's
// (Hardware/AccessCost.h), so that Symbolic needs LLVM Support only.
//
// Assumptions the engine makes everywhere, as ScalarEvolution does with nsw:
// index arithmetic does not overflow its type, and the runtime values an
// index divides (blockIdx, sizes, parameters) are non-negative, so C's
// truncating division equals floor division. Assumptions specific to one
// access (alignment of a runtime base, a runtime stride's value, a runtime
// extent of a flattened index taken as a multiple of the warp size) are
// returned by lib/Hardware's AccessReport::Assumptions, never made silently.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_SYMBOLIC_WARPEVAL_H
#define WARPLINT_SYMBOLIC_WARPEVAL_H

#include "Symbolic/Expr.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include <array>
#include <cstdint>
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

  /// Flattened indices (`c = i % C`, `t = (i / C) % T`, `b * T * C3`): where
  /// the plain rules fail on a lane-varying node, a division, remainder or
  /// product whose operands are warp-uniform atoms plus a per-lane constant
  /// is split exactly instead (see splitDivision, product). Off by default:
  /// the divergence analyses read a failure as "varies by lane";
  /// evaluateLanes turns it on for memory accesses.
  void setSplitUniform(bool On) { SplitUniform = On; }
  /// Also take every runtime divisor as a multiple of \p Multiple (the warp
  /// size), so that a warp's consecutive flat indices never wrap it; 0 turns
  /// the assumption off. The divisors it was needed for are recorded.
  void assumeDivisorsMultipleOf(unsigned Multiple) {
    DivisorMultiple = Multiple;
  }
  /// The runtime divisors the assumption was used for, over every eval since
  /// the evaluator was made (uniqued, in order).
  const std::vector<const Expr *> &assumedDivisors() const {
    return AssumedDivisors;
  }
  /// Some split of a runtime division needed the assumption while it was off
  /// (a retry with assumeDivisorsMultipleOf may succeed).
  bool neededDivisorAssumption() const { return NeededAssumption; }
  /// Some node was split (the result may differ from the plain rules').
  bool splitUsed() const { return SplitUsed; }

private:
  std::optional<SymValue> rec(const Expr *E, unsigned Depth);
  std::optional<SymValue> splitDivision(const Expr *E, const SymValue &X,
                                        const SymValue &Y);
  SymValue product(const SymValue &X, const SymValue &Y, IntType T);
  const Expr *exprOf(const SymValue &V, IntType T);
  void addAtom(SymValue &V, const Expr *Node, int64_t Coef);
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
  bool SplitUniform = false;
  unsigned DivisorMultiple = 0;
  bool NeededAssumption = false;
  bool SplitUsed = false;
  std::vector<const Expr *> AssumedDivisors;
};

/// Where an access goes. Constant: a `__constant__` variable, read through
/// the constant cache (priced by distinct addresses, not sectors or banks).
enum class MemorySpace { Global, Shared, Constant };

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

/// One warp's lanes for one access: which lanes execute it and the byte address
/// each one asks for, relative to a base aligned to the query's BaseAlignment.
struct WarpLanes {
  unsigned Warp = 0;
  unsigned ActiveLanes = 0;
  /// Per lane of the warp (lanes past the end of the block are inactive).
  std::vector<bool> Active;
  /// Per lane of the warp; meaningful where Active. Non-negative: a warp whose
  /// offsets go below the base is shifted up by a multiple of 4096 bytes, which
  /// keeps every residue that sectors, lines and banks depend on.
  std::vector<uint64_t> Addresses;
  std::vector<int64_t> LaneOffsets; ///< Bytes from lane 0's (active lanes).
};

/// Every warp of one block, evaluated for one access (symbolic or concrete
/// blockIdx).
struct BlockLanes {
  bool Ok = false;
  std::string Failure;           ///< Why the lanes could not be evaluated.
  const Expr *Runtime = nullptr; ///< The runtime value that made it fail.
  std::vector<WarpLanes> Warps;
  /// Alignment (bytes) of the address's runtime part, 0 when there is none.
  int64_t RuntimeAlign = 0;
  std::string RuntimeText; ///< The runtime part, as the first warp names it.
  /// A guard that depends on blockIdx or a runtime value was taken as true.
  bool RuntimeGuard = false;
  /// Runtime divisors of a flattened index taken as multiples of the warp
  /// size ("C", "T * C"; those implied by another are left out), and that
  /// multiple; empty when no such assumption was needed.
  std::vector<std::string> AssumedExtents;
  unsigned ExtentMultiple = 0;
};

/// Evaluates \p Q's guard and address for every lane of every warp of a block
/// of \p Shape. blockIdx is symbolic unless \p Block is given; \p ResidueBytes
/// is added to every address (a misaligned runtime base).
BlockLanes evaluateLanes(ExprContext &Ctx, const AccessQuery &Q,
                         const LaunchShape &Shape, const Bindings &B = {},
                         const std::array<unsigned, 3> *Block = nullptr,
                         int64_t ResidueBytes = 0);

} // namespace sym
} // namespace warplint

#endif
