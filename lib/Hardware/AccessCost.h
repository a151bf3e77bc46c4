//===- AccessCost.h - What one access costs a block's warps -----*- C++ -*-===//
//
// Part of warplint. Prices a memory access on a GPU model: lib/Symbolic
// evaluates the lanes of every warp (WarpEval.h, evaluateLanes), MemoryCost.h
// counts what each warp's request costs (sectors, lines, transactions or
// wavefronts), and this file adds them up for the block or the grid, against
// the ideal. It also decides what the lanes alone cannot: a runtime lane stride
// is evaluated under a stated assumption, and a runtime base whose alignment
// matters is either enumerated over the grid or assumed aligned (with the
// worst misalignment reported).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_HARDWARE_ACCESSCOST_H
#define WARPLINT_HARDWARE_ACCESSCOST_H

#include "Hardware/HardwareModel.h"
#include "Hardware/MemoryCost.h"
#include "Symbolic/WarpEval.h"
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace warplint {
namespace hw {

/// The cost of the access for one warp of the block.
struct WarpCost {
  unsigned Warp = 0;
  unsigned ActiveLanes = 0;
  std::vector<int64_t> LaneOffsets; ///< Bytes from lane 0's (active lanes).
  std::vector<bool> Active;
  /// Per lane, the address as priced (meaningful where Active): its residue
  /// modulo the line and the bank period decides sectors, lines and banks.
  std::vector<uint64_t> Addresses;
  GlobalAccessCost Global;
  SharedAccessCost Shared;
  ConstantAccessCost Constant;
};

/// What warplint predicts for one access, with the evidence behind it.
struct AccessReport {
  bool Ok = false;
  std::string Failure;                  ///< Why no prediction (when !Ok).
  std::vector<std::string> Assumptions; ///< Explicit; empty means exact.
  std::string RuntimeCoefficient;       ///< Runtime value the stride needs.
  int64_t RuntimeValue = 0; ///< The value assumed for it (when Ok).
  /// The cost at RuntimeValue holds for every real value: it is the least the
  /// access allows (the width of the row the block's lanes span, so that rows
  /// do not overlap), or that least value already puts each lane's stride a
  /// sector or more apart (the naive transpose's `out[x * height + y]` with
  /// 8 rows of y a block). Otherwise it is an arbitrary assumption (32), and a
  /// smaller real value (a stride of 1) can make the access coalesced.
  bool RuntimeValueIsBound = false;
  /// Runtime extents that divide a flattened index (`c = i % C`), taken as
  /// multiples of ExtentMultiple (the warp size) so that a warp's consecutive
  /// indices share every coordinate but the innermost; empty when none was.
  std::vector<std::string> AssumedExtents;
  unsigned ExtentMultiple = 0;
  bool exact() const { return Ok && Assumptions.empty(); }

  unsigned Requests = 0; ///< Warp-level requests (warps with active lanes).
  /// Blocks the totals cover: 1 (a representative block with symbolic
  /// blockIdx) or the whole grid when alignment needed every block.
  unsigned BlocksCovered = 1;
  uint64_t Sectors = 0, IdealSectors = 0, Lines = 0, IdealLines = 0;
  uint64_t Transactions = 0, IdealTransactions = 0;
  uint64_t Wavefronts = 0, IdealWavefronts = 0;
  unsigned MaxConflictDegree = 0;
  /// Constant memory: serialised reads (distinct addresses per lane group)
  /// summed over the warps, the ideal (one per group), and the most distinct
  /// addresses one group reads.
  uint64_t ConstantReads = 0, IdealConstantReads = 0;
  unsigned MaxConstantAddresses = 0;
  /// Sectors per request if the runtime part of the base were misaligned in
  /// the worst way (equal to the prediction when alignment is known).
  double WorstSectorsPerRequest = 0;
  std::vector<WarpCost> Warps; ///< Per warp of one block.

  /// When the cost depends on the iteration of an enclosing loop: the cost of
  /// each iteration evaluated, in order (the report's own counts are the worst
  /// iteration's; empty when every iteration costs the same or none varies).
  struct Iteration {
    std::string Label; ///< "s = 4", "i = 0"
    unsigned Requests = 0;
    uint64_t Cost = 0, Ideal = 0; ///< Transactions or wavefronts, and ideal.
    unsigned Degree = 0; ///< Worst bank conflict (shared); most distinct
                         ///< addresses one warp reads (constant).
    /// The first warp with active lanes in this iteration (the picture of a
    /// typical iteration in the HTML report); unset when not kept.
    std::optional<WarpCost> Warp;
  };
  std::vector<Iteration> Iterations;
  /// Iterations covers every iteration of the loops (the trip count is known).
  bool AllIterations = false;
  std::string WorstIteration; ///< Label of the iteration the counts are of.
  /// Over every iteration evaluated: cost and requests summed (what a profiler
  /// counts per request for the line when AllIterations).
  uint64_t TotalCost = 0, TotalIdeal = 0, TotalRequests = 0;

  /// Loads of sibling fields of one array element read by the same code
  /// (`p[i].x + p[i].y + p[i].z`): the distinct sectors their bytes fall in,
  /// summed over the warps (what L2 and DRAM move: the later loads hit in L1
  /// the sectors the first brought, measured on an H100), the sectors those
  /// bytes need, and how many fields; TrafficFields is 0 when not computed.
  uint64_t TrafficSectors = 0, TrafficIdealSectors = 0;
  unsigned TrafficFields = 0, TrafficWarps = 0;

  double perRequest(uint64_t Total) const {
    return Requests ? double(Total) / Requests : 0;
  }
};

/// Evaluates \p Q for every warp of a block of \p Shape on model \p M. When
/// blockIdx or a runtime value changes the address's alignment and the grid is
/// known, every block is evaluated; otherwise the alignment is assumed and
/// said so. A runtime lane stride is evaluated under \p AssumedRuntimeValue
/// (and reported) unless \p B binds it; when that would make the rows the
/// block's lanes write overlap (a pitch in bytes, `base + y * pitch + 4 * x`),
/// under the smallest power of two at least as wide as that row instead.
AccessReport analyzeAccess(sym::ExprContext &Ctx, const HardwareModel &M,
                           const sym::AccessQuery &Q,
                           const sym::LaunchShape &Shape,
                           const sym::Bindings &B = {},
                           int64_t AssumedRuntimeValue = 1024);

/// analyzeAccess's reports kept by their inputs, for one translation unit: the
/// same access of two instantiations of a template kernel (reduce<int> and
/// reduce<float> read `g_idata[i]` with the same index, width, guard, launch
/// shape and bindings), or of one kernel under several checks' shapes, is
/// evaluated once. analyzeAccess is a function of its arguments alone (the
/// expressions are uniqued, so equal pointers are equal expressions, and
/// evaluation builds no node), so a kept report is the one a new evaluation
/// would give, byte for byte. On cuda-samples' reduction_kernel.cu 861 of
/// 3,222 evaluations were distinct (docs/evaluation.md, "Speed, session 10").
class AccessMemo {
public:
  /// analyzeAccess(Ctx, M, Q, Shape, B, AssumedRuntimeValue), evaluated on
  /// the first call with these inputs and copied from then on. \p Ctx must be
  /// the same context on every call (the one that owns Q's expressions).
  AccessReport analyze(sym::ExprContext &Ctx, const HardwareModel &M,
                       const sym::AccessQuery &Q, const sym::LaunchShape &Shape,
                       const sym::Bindings &B = {},
                       int64_t AssumedRuntimeValue = 1024);
  /// Calls that evaluated, and calls answered from a kept report.
  unsigned evaluations() const { return Evaluations; }
  unsigned reuses() const { return Reuses; }

private:
  /// Every input of analyzeAccess: the model, the query's fields, the
  /// shape, the bindings (sorted by name) and the assumed runtime value.
  using Key = std::tuple<const HardwareModel *, const sym::Expr *,
                         const sym::Expr *, unsigned, int, bool, int64_t,
                         unsigned, std::array<unsigned, 3>,
                         std::optional<std::array<unsigned, 3>>, unsigned,
                         std::vector<std::pair<std::string, int64_t>>, int64_t>;
  std::map<Key, AccessReport> Kept;
  unsigned Evaluations = 0, Reuses = 0;
};

/// Multi-line text of what the engine derived: the expression, per-warp lane
/// offsets, sectors or wavefronts, and the assumptions. For the dump tool and
/// FileCheck tests.
std::string dumpAccess(const sym::AccessQuery &Q, const AccessReport &R,
                       const HardwareModel &M);

} // namespace hw
} // namespace warplint

#endif
