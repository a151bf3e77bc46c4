//===- AccessCost.cpp - What one access costs a block's warps -------------===//
#include "Hardware/AccessCost.h"

#include "Symbolic/Budgets.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include <algorithm>
#include <cstdio>
#include <numeric>
#include <optional>

namespace warplint {
namespace hw {

using sym::AccessQuery;
using sym::Bindings;
using sym::BlockLanes;
using sym::ExprContext;
using sym::ExprKind;
using sym::LaunchShape;
using sym::MemorySpace;

namespace {
int64_t gcd64(int64_t A, int64_t B) {
  return int64_t(std::gcd(uint64_t(A < 0 ? -A : A), uint64_t(B < 0 ? -B : B)));
}

/// The lanes of every warp of one block, and what each warp's request costs.
/// The lanes' vectors (active, addresses, offsets) are moved to Costs: Warps
/// keeps the warp numbers and counts only.
struct BlockResult : BlockLanes {
  std::vector<WarpCost> Costs;
};

/// Evaluates the lanes (lib/Symbolic) and prices each warp's request.
BlockResult evalBlock(ExprContext &Ctx, const HardwareModel &M,
                      const AccessQuery &Q, const LaunchShape &Shape,
                      const Bindings &B, const std::array<unsigned, 3> *Block,
                      int64_t Residue) {
  BlockResult R;
  static_cast<BlockLanes &>(R) =
      sym::evaluateLanes(Ctx, Q, Shape, B, Block, Residue);
  if (!R.Ok)
    return R;
  R.Costs.reserve(R.Warps.size());
  for (sym::WarpLanes &WL : R.Warps) {
    WarpCost WC;
    WC.Warp = WL.Warp;
    WC.ActiveLanes = WL.ActiveLanes;
    WC.LaneOffsets = std::move(WL.LaneOffsets);
    WC.Active = std::move(WL.Active);
    WC.Addresses = std::move(WL.Addresses);
    llvm::SmallVector<LaneAddress, 32> Lanes(WC.Active.size());
    for (size_t L = 0; L < Lanes.size(); ++L)
      if (WC.Active[L])
        Lanes[L] = {true, WC.Addresses[L]};
    if (Q.Space == MemorySpace::Global)
      WC.Global = globalAccessCost(M, Lanes, Q.ElementBytes);
    else if (Q.Space == MemorySpace::Constant)
      WC.Constant = constantAccessCost(M, Lanes, Q.ElementBytes);
    else
      WC.Shared = sharedAccessCost(M, Lanes, Q.ElementBytes, Q.IsStore);
    R.Costs.push_back(std::move(WC));
  }
  return R;
}

void accumulate(AccessReport &Rep, const BlockResult &BR) {
  for (const WarpCost &WC : BR.Costs) {
    if (!WC.ActiveLanes)
      continue;
    ++Rep.Requests;
    Rep.Sectors += WC.Global.Sectors;
    Rep.IdealSectors += WC.Global.IdealSectors;
    Rep.Lines += WC.Global.Lines;
    Rep.IdealLines += WC.Global.IdealLines;
    Rep.Transactions += WC.Global.Transactions;
    Rep.IdealTransactions += WC.Global.IdealTransactions;
    Rep.Wavefronts += WC.Shared.Wavefronts;
    Rep.IdealWavefronts += WC.Shared.IdealWavefronts;
    Rep.MaxConflictDegree =
        std::max(Rep.MaxConflictDegree, WC.Shared.MaxConflictDegree);
    Rep.ConstantReads += WC.Constant.Reads;
    Rep.IdealConstantReads += WC.Constant.IdealReads;
    Rep.MaxConstantAddresses =
        std::max(Rep.MaxConstantAddresses, WC.Constant.MaxAddresses);
  }
}

/// The value to assume for the runtime stride \p Name: \p Assumed, unless the
/// rows it separates would then overlap. With the value 0 every row falls on
/// the first: the block's lanes span that row's bytes; with 1, the smallest
/// step any lane makes is the stride's byte scale. A real pitch is at least a
/// row wide (cudaMallocPitch rounds it up further), so the assumption is the
/// smallest power of two whose step covers the row, when that is larger.
///
/// \p BoundBytes, when given, receives the bytes the stride must span so that
/// the rows do not overlap (the least real stride times its byte scale), or 0.
int64_t rowAwareValue(ExprContext &Ctx, const HardwareModel &M,
                      const AccessQuery &Q, const LaunchShape &Shape,
                      const Bindings &B, llvm::StringRef Name,
                      int64_t Assumed, int64_t *BoundBytes = nullptr) {
  Bindings At0 = B, At1 = B;
  At0[Name] = 0;
  At1[Name] = 1;
  BlockResult R0 = evalBlock(Ctx, M, Q, Shape, At0, nullptr, 0);
  BlockResult R1 = evalBlock(Ctx, M, Q, Shape, At1, nullptr, 0);
  if (!R0.Ok || !R1.Ok || R0.Costs.size() != R1.Costs.size())
    return Assumed;
  int64_t Lo = INT64_MAX, Hi = INT64_MIN, Step = 0;
  for (size_t W = 0; W < R0.Costs.size(); ++W) {
    const WarpCost &A = R0.Costs[W], &C = R1.Costs[W];
    for (size_t L = 0; L < A.Active.size() && L < C.Active.size(); ++L) {
      if (!A.Active[L] || !C.Active[L])
        continue;
      int64_t X = int64_t(A.Addresses[L]);
      Lo = std::min(Lo, X);
      Hi = std::max(Hi, X + int64_t(Q.ElementBytes));
      int64_t D = int64_t(C.Addresses[L]) - X;
      if (D > 0 && (!Step || D < Step))
        Step = D;
    }
  }
  if (!Step || Lo > Hi || Hi - Lo > (int64_t(1) << 30))
    return Assumed;
  int64_t Need = (Hi - Lo + Step - 1) / Step;
  if (BoundBytes)
    *BoundBytes = Need * Step;
  if (Need <= Assumed)
    return Assumed;
  int64_t V = 1;
  while (V < Need)
    V *= 2;
  return V;
}

/// States the extents \p BR's evaluation took as multiples of the warp size,
/// once.
void noteExtents(AccessReport &Rep, const BlockLanes &BR) {
  if (BR.AssumedExtents.empty() || !Rep.AssumedExtents.empty())
    return;
  Rep.AssumedExtents = BR.AssumedExtents;
  Rep.ExtentMultiple = BR.ExtentMultiple;
  std::string Names;
  for (const std::string &E : BR.AssumedExtents)
    Names += (Names.empty() ? "'" : ", '") + E + "'";
  Rep.Assumptions.push_back(
      "runtime extent" + std::string(BR.AssumedExtents.size() > 1 ? "s " : " ") +
      Names + " of the flattened index taken as " +
      (BR.AssumedExtents.size() > 1 ? "multiples" : "a multiple") + " of " +
      std::to_string(BR.ExtentMultiple) +
      ", so that a warp's consecutive indices wrap only between warps");
}

/// Total blocks of the grid, or 0 when unknown or too many to enumerate.
uint64_t enumerableBlocks(const LaunchShape &S) {
  if (!S.GridDim)
    return 0;
  uint64_t N = uint64_t((*S.GridDim)[0]) * (*S.GridDim)[1] * (*S.GridDim)[2];
  return N * S.warpsPerBlock() <= budget::EnumeratedWarps ? N : 0;
}
} // namespace

AccessReport analyzeAccess(ExprContext &Ctx, const HardwareModel &M,
                           const AccessQuery &Q, const LaunchShape &Shape,
                           const Bindings &B, int64_t AssumedRuntimeValue) {
  AccessReport Rep;
  Bindings Local = B;
  BlockResult BR = evalBlock(Ctx, M, Q, Shape, Local, nullptr, 0);
  if (!BR.Ok && BR.Runtime &&
      (BR.Runtime->kind() == ExprKind::Param ||
       BR.Runtime->kind() == ExprKind::LoopIV)) {
    // A runtime stride: say so, and evaluate under an explicit assumption.
    Rep.RuntimeCoefficient = BR.Runtime->name().str();
    int64_t BoundBytes = 0;
    int64_t Value = rowAwareValue(Ctx, M, Q, Shape, Local, BR.Runtime->name(),
                                  AssumedRuntimeValue, &BoundBytes);
    Local[BR.Runtime->name()] = Value;
    Rep.RuntimeValue = Value;
    // Proven when the value is the rows' own lower bound, or when that bound
    // already puts consecutive strides a sector apart: then every real value
    // gives each lane a sector of its own, as the assumed one does.
    Rep.RuntimeValueIsBound =
        Value != AssumedRuntimeValue ||
        (M.SectorBytes && BoundBytes >= int64_t(M.SectorBytes));
    Rep.Assumptions.push_back(
        "runtime value '" + Rep.RuntimeCoefficient +
        "' sets the lane stride; assumed " + std::to_string(Value) +
        (Value != AssumedRuntimeValue
             ? " (at least as wide as the row the block's lanes span, so "
               "that rows do not overlap)"
             : ""));
    BR = evalBlock(Ctx, M, Q, Shape, Local, nullptr, 0);
  }
  if (!BR.Ok && Q.Guard && llvm::StringRef(BR.Failure).starts_with("guard")) {
    // A lane guard through the global index (`if (blockIdx.y * blockDim.y +
    // threadIdx.y == 0)`): blockIdx is uniform in a block, so for one block
    // the guard is a lane filter. When no block passes every lane (so the
    // guard is not just the last block's tail), the block of 0-1 in each
    // dimension where the most lanes pass represents the blocks that run it.
    std::optional<BlockResult> Best;
    std::array<unsigned, 3> BestBlock = {0, 0, 0};
    unsigned BestActive = 0;
    bool SomeBlockFull = false;
    for (unsigned I = 0; I < 8; ++I) {
      std::array<unsigned, 3> Blk = {I & 1, (I >> 1) & 1, (I >> 2) & 1};
      bool Outside = false;
      for (unsigned D = 0; D < 3; ++D)
        Outside |= Shape.GridDim ? Blk[D] >= (*Shape.GridDim)[D] : false;
      if (Outside)
        continue;
      BlockResult One = evalBlock(Ctx, M, Q, Shape, Local, &Blk, 0);
      if (!One.Ok)
        continue;
      unsigned Active = 0;
      for (const WarpCost &WC : One.Costs)
        Active += WC.ActiveLanes;
      SomeBlockFull |= Active == Shape.threadsPerBlock();
      if (Active > BestActive) {
        BestActive = Active;
        BestBlock = Blk;
        Best = std::move(One);
      }
    }
    if (Best && !SomeBlockFull) {
      noteExtents(Rep, *Best);
      accumulate(Rep, *Best);
      Rep.Warps = std::move(Best->Costs);
      Rep.WorstSectorsPerRequest = Rep.perRequest(Rep.Sectors);
      Rep.Assumptions.push_back(
          "the lane guard depends on blockIdx; evaluated for block (" +
          std::to_string(BestBlock[0]) + ", " + std::to_string(BestBlock[1]) +
          ", " + std::to_string(BestBlock[2]) + "), where " +
          std::to_string(BestActive) + " of its " +
          std::to_string(Shape.threadsPerBlock()) + " threads pass");
      Rep.Ok = true;
      return Rep;
    }
  }
  if (!BR.Ok) {
    Rep.Failure = BR.Failure;
    if (BR.Runtime && Rep.RuntimeCoefficient.empty())
      Rep.RuntimeCoefficient = sym::toString(BR.Runtime);
    return Rep;
  }
  noteExtents(Rep, BR);
  // Constant memory: the count of distinct addresses does not depend on the
  // base's alignment.
  if (Q.Space == MemorySpace::Constant) {
    accumulate(Rep, BR);
    Rep.Warps = std::move(BR.Costs);
    Rep.Ok = true;
    return Rep;
  }
  // The address modulo this period decides sectors, lines and banks.
  int64_t Period = std::max<int64_t>(M.LineBytes, int64_t(M.SharedBanks) *
                                                      M.SharedBankWidthBytes);
  int64_t Align = gcd64(Q.BaseAlignment, BR.RuntimeAlign);
  if ((BR.RuntimeAlign == 0 || Align % Period == 0) &&
      (!BR.RuntimeGuard || !enumerableBlocks(Shape))) {
    accumulate(Rep, BR);
    Rep.Warps = std::move(BR.Costs);
    Rep.WorstSectorsPerRequest = Rep.perRequest(Rep.Sectors);
    Rep.Ok = true;
    return Rep;
  }
  // The runtime part (e.g. blockIdx.x * 33 * 4) can shift the alignment.
  if (uint64_t N = enumerableBlocks(Shape)) {
    auto &G = *Shape.GridDim;
    bool Ok = true;
    for (uint64_t I = 0; I < N && Ok; ++I) {
      std::array<unsigned, 3> Blk = {unsigned(I % G[0]),
                                     unsigned((I / G[0]) % G[1]),
                                     unsigned(I / (uint64_t(G[0]) * G[1]))};
      BlockResult One = evalBlock(Ctx, M, Q, Shape, Local, &Blk, 0);
      if (!One.Ok || One.RuntimeAlign || One.RuntimeGuard) {
        Ok = false; // A runtime value other than blockIdx remains.
        break;
      }
      accumulate(Rep, One);
      if (I == 0)
        Rep.Warps = std::move(One.Costs);
    }
    if (Ok) {
      Rep.BlocksCovered = unsigned(N);
      Rep.WorstSectorsPerRequest = Rep.perRequest(Rep.Sectors);
      Rep.Ok = true;
      return Rep;
    }
    Rep = AccessReport();
    Rep.Assumptions = {};
    noteExtents(Rep, BR);
  }
  Rep.Assumptions.push_back("runtime part of the address (" + BR.RuntimeText +
                            ") is only known to be a multiple of " +
                            std::to_string(Align) + " bytes; assumed " +
                            std::to_string(Period) + "-byte aligned");
  accumulate(Rep, BR);
  Rep.Warps = std::move(BR.Costs);
  // Worst case over the residues the runtime part can take.
  double Worst = Rep.perRequest(Rep.Sectors);
  for (int64_t Res = Align; Res < Period; Res += Align) {
    BlockResult Alt = evalBlock(Ctx, M, Q, Shape, Local, nullptr, Res);
    if (!Alt.Ok)
      continue;
    AccessReport Tmp;
    accumulate(Tmp, Alt);
    Worst = std::max(Worst, Tmp.perRequest(Tmp.Sectors));
  }
  Rep.WorstSectorsPerRequest = Worst;
  Rep.Ok = true;
  return Rep;
}

AccessReport AccessMemo::analyze(ExprContext &Ctx, const HardwareModel &M,
                                 const AccessQuery &Q, const LaunchShape &Shape,
                                 const Bindings &B,
                                 int64_t AssumedRuntimeValue) {
  // A field added to AccessQuery or LaunchShape must join the key.
  static_assert(sizeof(AccessQuery) == 48 && sizeof(LaunchShape) == 32,
                "AccessMemo's key lists every field of AccessQuery and "
                "LaunchShape");
  std::vector<std::pair<std::string, int64_t>> Bound;
  Bound.reserve(B.size());
  for (const auto &E : B)
    Bound.emplace_back(E.getKey().str(), E.getValue());
  llvm::sort(Bound);
  Key K{&M,
        Q.Index,
        Q.Guard,
        Q.ElementBytes,
        int(Q.Space),
        Q.IsStore,
        Q.BaseOffsetBytes,
        Q.BaseAlignment,
        Shape.BlockDim,
        Shape.GridDim,
        Shape.WarpSize,
        std::move(Bound),
        AssumedRuntimeValue};
  auto It = Kept.find(K);
  if (It != Kept.end()) {
    ++Reuses;
    return It->second;
  }
  ++Evaluations;
  AccessReport R = analyzeAccess(Ctx, M, Q, Shape, B, AssumedRuntimeValue);
  Kept.emplace(std::move(K), R);
  return R;
}

std::string dumpAccess(const AccessQuery &Q, const AccessReport &R,
                       const HardwareModel &M) {
  std::string S;
  S += std::string(Q.Space == MemorySpace::Global     ? "global"
                   : Q.Space == MemorySpace::Constant ? "constant"
                                                      : "shared") +
       (Q.IsStore ? " store" : " load") + " of " +
       std::to_string(Q.ElementBytes) + " bytes at index " +
       sym::toString(Q.Index) + "\n";
  if (Q.Guard)
    S += "  guard: " + sym::toString(Q.Guard) + "\n";
  if (!R.Ok) {
    S += "  no prediction: " + R.Failure + "\n";
    return S;
  }
  // Consecutive warps with the same lanes and cost print once ("warps 0-7").
  auto Line = [&](const WarpCost &WC) {
    std::string L = std::to_string(WC.ActiveLanes) + " active lanes, offsets [";
    for (size_t I = 0; I < WC.LaneOffsets.size(); ++I)
      L += (I ? " " : "") + std::to_string(WC.LaneOffsets[I]);
    L += "]";
    if (Q.Space == MemorySpace::Constant)
      L += ", " + std::to_string(WC.Constant.Reads) + " reads (ideal " +
           std::to_string(WC.Constant.IdealReads) + ")";
    else if (Q.Space == MemorySpace::Global)
      L += ", " + std::to_string(WC.Global.Sectors) + " sectors (ideal " +
           std::to_string(WC.Global.IdealSectors) + "), " +
           std::to_string(WC.Global.Lines) + " lines";
    else
      L += ", " + std::to_string(WC.Shared.Wavefronts) + " wavefronts (ideal " +
           std::to_string(WC.Shared.IdealWavefronts) + ")";
    return L;
  };
  for (size_t I = 0; I < R.Warps.size();) {
    std::string L = Line(R.Warps[I]);
    size_t J = I + 1;
    while (J < R.Warps.size() && Line(R.Warps[J]) == L)
      ++J;
    S += J - I > 1 ? "  warps " + std::to_string(I) + "-" +
                         std::to_string(J - 1) + ": "
                   : "  warp " + std::to_string(I) + ": ";
    S += L + "\n";
    I = J;
  }
  char Buf[160];
  if (Q.Space == MemorySpace::Constant)
    std::snprintf(Buf, sizeof(Buf),
                  "  per request on %s: %.3f serialised reads (ideal %.3f), "
                  "%u addresses in the worst warp\n",
                  M.Name.c_str(), R.perRequest(R.ConstantReads),
                  R.perRequest(R.IdealConstantReads), R.MaxConstantAddresses);
  else if (Q.Space == MemorySpace::Global)
    std::snprintf(
        Buf, sizeof(Buf),
        "  per request on %s: %.3f sectors (ideal %.3f), %.3f lines\n",
        M.Name.c_str(), R.perRequest(R.Sectors), R.perRequest(R.IdealSectors),
        R.perRequest(R.Lines));
  else
    std::snprintf(Buf, sizeof(Buf),
                  "  per request on %s: %.3f wavefronts (ideal %.3f), "
                  "%u-way worst conflict\n",
                  M.Name.c_str(), R.perRequest(R.Wavefronts),
                  R.perRequest(R.IdealWavefronts), R.MaxConflictDegree);
  S += Buf;
  for (const std::string &A : R.Assumptions)
    S += "  assumption: " + A + "\n";
  return S;
}

} // namespace hw
} // namespace warplint
