//===- WarpSplit.cpp - How the lanes of a warp part on a condition --------===//
#include "Symbolic/WarpSplit.h"

#include "llvm/ADT/bit.h"
#include <algorithm>
#include <climits>

namespace warplint {
namespace sym {

namespace {

/// Every thread's value of \p E in linear thread order, or why not.
std::optional<std::vector<SymValue>> evalBlock(ExprContext &C, const Expr *E,
                                               const LaunchShape &Shape,
                                               const Bindings &B,
                                               std::string &Why) {
  ThreadEvaluator TE(C, Shape, B);
  std::vector<SymValue> Out;
  unsigned T = Shape.threadsPerBlock();
  Out.reserve(T);
  for (unsigned L = 0; L < T; ++L) {
    auto V = TE.eval(E, Shape.threadOf(L));
    if (!V) {
      Why = TE.failure();
      return std::nullopt;
    }
    Out.push_back(std::move(*V));
  }
  return Out;
}

bool same(const SymValue &A, const SymValue &B) {
  return A.Const == B.Const && A.sameTerms(B);
}

/// Monotone pieces of \p V: its non-decreasing runs, or its non-increasing
/// ones where they are fewer (a sawtooth `threadIdx.x % 16` has 16: a row's
/// rise, then a reset). A value crosses each piece at most once; the resets
/// between pieces are the other places a comparison can flip.
unsigned monotonePieces(const std::vector<int64_t> &V) {
  if (V.empty())
    return 0;
  unsigned Up = 1, Down = 1;
  for (size_t I = 1; I < V.size(); ++I) {
    Up += V[I] < V[I - 1];
    Down += V[I] > V[I - 1];
  }
  return std::min(Up, Down);
}

/// The comparisons under the logical operators of \p E; false when something
/// else decides it (a select, arithmetic on the truth value).
bool comparisons(const Expr *E, std::vector<const Expr *> &Out,
                 ExprContext &C, unsigned Depth = 0) {
  if (Depth > MaxExprDepth)
    return false;
  switch (E->kind()) {
  case ExprKind::LogicalAnd:
  case ExprKind::LogicalOr:
  case ExprKind::LogicalNot:
    for (const Expr *O : E->ops())
      if (!comparisons(O, Out, C, Depth + 1))
        return false;
    return true;
  case ExprKind::Lt:
  case ExprKind::Le:
    // A bound that is a minimum or maximum compares with each of its arms:
    // `x < min(a, b)` is `x < a && x < b` (a last tile's clamp).
    for (unsigned Side = 0; Side < 2; ++Side) {
      const Expr *M = E->op(Side);
      if (M->kind() != ExprKind::Min && M->kind() != ExprKind::Max)
        continue;
      for (const Expr *Arm : M->ops()) {
        const Expr *Other = E->op(1 - Side);
        if (!comparisons(Side ? C.lt(Other, Arm) : C.lt(Arm, Other), Out, C,
                         Depth + 1))
          return false;
      }
      return true;
    }
    Out.push_back(E);
    return true;
  case ExprKind::Eq:
  case ExprKind::Ne:
    Out.push_back(E);
    return true;
  default:
    // A truth value of something else (`if (flag)`): it must be uniform.
    return !E->mayVaryByLane();
  }
}

/// \p A - \p B in 64-bit signed arithmetic: `n - threadIdx.x` must not wrap
/// in the unsigned type of threadIdx.
const Expr *signedDifference(ExprContext &C, const Expr *A, const Expr *B) {
  return C.sub(C.cast(A, IntType::i64()), C.cast(B, IntType::i64()));
}

/// The block dimensions along which the blocks tile \p D's range: moving to
/// the next block shifts every thread's value by more than the values of one
/// block span. 0 when \p D reads no block index or some block overlaps the
/// next.
unsigned tiledDims(ExprContext &C, const Expr *D, const LaunchShape &Shape,
                   const Bindings &B) {
  unsigned Dims = 0, T = Shape.threadsPerBlock();
  ThreadEvaluator TE(C, Shape, B);
  std::array<unsigned, 3> Origin = {0, 0, 0};
  std::vector<int64_t> Base;
  std::optional<SymValue> First;
  for (unsigned L = 0; L < T; ++L) {
    auto V = TE.eval(D, Shape.threadOf(L), &Origin);
    if (!V || (First && !V->sameTerms(*First)))
      return 0;
    if (!First)
      First = V;
    Base.push_back(V->Const);
  }
  auto [Lo, Hi] = std::minmax_element(Base.begin(), Base.end());
  int64_t Span = *Hi - *Lo;
  bool Any = false;
  for (unsigned Dm = 0; Dm < 3; ++Dm) {
    std::array<unsigned, 3> Next = {0, 0, 0};
    Next[Dm] = 1;
    std::optional<int64_t> Shift;
    bool Tiles = true;
    for (unsigned L = 0; L < T && Tiles; ++L) {
      auto V = TE.eval(D, Shape.threadOf(L), &Next);
      if (!V) {
        Tiles = false;
        break;
      }
      int64_t Sh = V->Const - Base[L];
      Tiles = V->sameTerms(*First) && (!Shift || *Shift == Sh);
      Shift = Sh;
    }
    if (!Tiles || !Shift || *Shift == 0)
      continue;
    Any = true;
    if (*Shift > Span || -*Shift > Span)
      Dims |= 1u << Dm;
    else
      return 0;
  }
  return Any ? Dims : 0;
}

/// The least value \p Atom takes in a launch of \p Shape: a block dimension
/// is the shape's, a grid dimension at least 1, a product of them the product
/// (cooperative groups' `grid.size()` counts every dimension); nullopt for
/// anything else.
std::optional<int64_t> leastValue(const Expr *Atom, const LaunchShape &Shape,
                                  unsigned Depth = 0) {
  if (Depth > MaxExprDepth)
    return std::nullopt;
  switch (Atom->kind()) {
  case ExprKind::GridDim:
    return 1;
  case ExprKind::BlockDim:
    return int64_t(Shape.BlockDim[unsigned(Atom->dim())]);
  case ExprKind::Mul: {
    int64_t P = 1;
    for (const Expr *O : Atom->ops()) {
      auto V = leastValue(O, Shape, Depth + 1);
      if (!V || *V < 1 || P > (int64_t(1) << 31))
        return std::nullopt;
      P *= *V;
    }
    return P;
  }
  case ExprKind::Cast: // a widening keeps the value (the evaluator's products)
    if (Atom->type().Bits < Atom->op(0)->type().Bits)
      return std::nullopt;
    return leastValue(Atom->op(0), Shape, Depth + 1);
  default:
    return std::nullopt;
  }
}

WarpSplit unknown(const LaunchShape &Shape, std::string Why) {
  WarpSplit S;
  S.WarpSize = Shape.WarpSize;
  S.Warps = Shape.warpsPerBlock();
  S.K = WarpSplit::Kind::Unknown;
  S.Why = std::move(Why);
  return S;
}

} // namespace

unsigned WarpSplit::divergentWarps() const {
  switch (K) {
  case Kind::Uniform:
    return 0;
  case Kind::Masks: {
    unsigned N = 0;
    for (const auto &[Lanes, Mask] : Masks)
      N += Mask != 0 && Mask != (Lanes >= 64 ? ~0ull : (1ull << Lanes) - 1);
    return N;
  }
  case Kind::Pieces:
    return SplitWarps;
  case Kind::TripGap:
    return GapWarps;
  case Kind::Unknown:
    return Warps;
  }
  return Warps;
}

double WarpSplit::wastedBranchSlots(double Then, double Else) const {
  switch (K) {
  case Kind::Uniform:
  case Kind::TripGap:
    return 0;
  case Kind::Masks: {
    double Sum = 0;
    for (const auto &[Lanes, Mask] : Masks) {
      unsigned On = llvm::popcount(Mask);
      if (On == 0 || On == Lanes)
        continue;
      Sum += double(Lanes - On) * Then + double(On) * Else;
    }
    return Sum;
  }
  case Kind::Pieces:
  case Kind::Unknown:
    // Where the crossing falls in a warp is not known: half its lanes idle
    // through each side on average.
    return double(divergentWarps()) * WarpSize / 2 * (Then + Else);
  }
  return 0;
}

double WarpSplit::wastedLoopSlots(double Body, unsigned AssumedGap) const {
  switch (K) {
  case Kind::Uniform:
    return 0;
  case Kind::TripGap:
    if (IdleLaneTrips)
      return double(*IdleLaneTrips) * Body;
    return double(GapWarps) * WarpSize / 2 * double(Gap) * Body;
  case Kind::Masks:
  case Kind::Pieces:
  case Kind::Unknown:
    return double(divergentWarps()) * WarpSize / 2 * double(AssumedGap) * Body;
  }
  return 0;
}

std::string WarpSplit::describe() const {
  std::string W = " of " + std::to_string(Warps) + " warps";
  switch (K) {
  case Kind::Uniform:
    return "uniform";
  case Kind::Masks:
    return "masks: " + std::to_string(divergentWarps()) + W + " split";
  case Kind::Pieces:
    return "pieces: " + std::to_string(Pieces) + " monotone piece" +
           (Pieces == 1 ? "" : "s") + " per " + std::to_string(Period) +
           " threads, at most " + std::to_string(SplitWarps) + W + " split";
  case Kind::TripGap:
    return "trip-gap: up to " + std::to_string(Gap) + " trip" +
           (Gap == 1 ? "" : "s") + " in " + std::to_string(GapWarps) + W +
           (IdleLaneTrips ? " (exact)" : "");
  case Kind::Unknown:
    return "unknown: " + Why;
  }
  return "";
}

WarpSplit splitOfCondition(ExprContext &C, const Expr *Cond,
                           const LaunchShape &Shape, const Bindings &B) {
  WarpSplit S;
  S.WarpSize = Shape.WarpSize;
  S.Warps = Shape.warpsPerBlock();
  unsigned W = Shape.WarpSize, T = Shape.threadsPerBlock();
  std::string Why;
  if (auto Vals = evalBlock(C, Cond, Shape, B, Why)) {
    bool AllConst = true, Uniform = true;
    for (unsigned L = 0; L < T; ++L) {
      AllConst &= (*Vals)[L].isConstant();
      Uniform &= same((*Vals)[L], (*Vals)[L - L % W]);
    }
    if (Uniform) {
      S.K = WarpSplit::Kind::Uniform;
      return S;
    }
    if (AllConst && W <= 64) {
      S.K = WarpSplit::Kind::Masks;
      for (unsigned Wp = 0; Wp < S.Warps; ++Wp) {
        unsigned Lanes = std::min(W, T - Wp * W);
        uint64_t Mask = 0;
        for (unsigned L = 0; L < Lanes; ++L)
          if ((*Vals)[Wp * W + L].Const)
            Mask |= uint64_t(1) << L;
        S.Masks.push_back({Lanes, Mask});
      }
      return S;
    }
  }
  // Each comparison's difference, with the runtime part shared by the block.
  std::vector<const Expr *> Cmps;
  if (!comparisons(Cond, Cmps, C))
    return unknown(Shape, Why.empty() ? "not a comparison of lane values" : Why);
  std::vector<bool> Varies(S.Warps, false);
  unsigned Bound = 0, MostPieces = 0;
  bool AllTiled = true;
  for (const Expr *Cmp : Cmps) {
    if (!Cmp->mayVaryByLane())
      continue;
    const Expr *D = signedDifference(C, Cmp->op(0), Cmp->op(1));
    std::string CmpWhy;
    auto Vals = evalBlock(C, D, Shape, B, CmpWhy);
    if (!Vals)
      return unknown(Shape, CmpWhy);
    std::vector<int64_t> Consts;
    for (const SymValue &V : *Vals) {
      if (!V.sameTerms(Vals->front()))
        return unknown(Shape, "the lanes' runtime parts differ");
      Consts.push_back(V.Const);
    }
    // Each comparison splits only the blocks that hold its own bound: a
    // column of blocks for one, a row for another.
    unsigned Tiled = tiledDims(C, D, Shape, B);
    AllTiled &= Tiled != 0;
    S.EdgeBlockDims |= Tiled;
    unsigned P = monotonePieces(Consts), VaryingWarps = 0;
    for (unsigned Wp = 0; Wp < S.Warps; ++Wp) {
      unsigned End = std::min(T, (Wp + 1) * W);
      bool V = false;
      for (unsigned L = Wp * W + 1; L < End; ++L)
        V |= Consts[L] != Consts[Wp * W];
      VaryingWarps += V;
      Varies[Wp] = Varies[Wp] || V;
    }
    if (!VaryingWarps)
      continue;
    S.Pieces += P;
    MostPieces = std::max(MostPieces, P);
    // A runtime value crosses a monotone piece once (an equality holds on
    // one interval of it: twice), and the comparison can flip back at each
    // reset between pieces.
    bool Equality = Cmp->kind() == ExprKind::Eq || Cmp->kind() == ExprKind::Ne;
    Bound += std::min(VaryingWarps, (Equality ? 2 * P : P) + P - 1);
  }
  unsigned Any = std::count(Varies.begin(), Varies.end(), true);
  if (!Any) {
    S.K = WarpSplit::Kind::Uniform;
    return S;
  }
  if (!AllTiled)
    S.EdgeBlockDims = 0;
  S.K = WarpSplit::Kind::Pieces;
  S.SplitWarps = std::min(Bound, Any);
  S.Period = MostPieces ? T / MostPieces : T;
  return S;
}

WarpSplit splitOfTrips(ExprContext &C, const Expr *Start, const Expr *Bound,
                       const Expr *Step, bool Inclusive,
                       const LaunchShape &Shape, const Bindings &B) {
  WarpSplit S;
  S.WarpSize = Shape.WarpSize;
  S.Warps = Shape.warpsPerBlock();
  S.K = WarpSplit::Kind::TripGap;
  unsigned W = Shape.WarpSize, T = Shape.threadsPerBlock();
  std::string Why;
  auto Steps = evalBlock(C, Step, Shape, B, Why);
  if (!Steps)
    return unknown(Shape, "the step: " + Why);
  // The step's lower bound: its constant, plus each grid dimension it
  // counts (at least 1) or product of launch dimensions; any other runtime
  // part leaves it unknown.
  const SymValue &St = Steps->front();
  int64_t StepLow = St.Const;
  for (const SymValue &V : *Steps)
    if (!same(V, St))
      return unknown(Shape, "the step differs between lanes");
  for (const auto &[Atom, Coeff] : St.Terms) {
    auto Least = leastValue(Atom, Shape);
    if (!Least || Coeff < 0)
      return unknown(Shape, "the step is a runtime value");
    StepLow += Coeff * *Least;
  }
  if (StepLow <= 0)
    return unknown(Shape, "the step is not positive");
  const Expr *D = signedDifference(C, Bound, Start);
  if (Inclusive)
    D = C.add(D, C.constant(1, D->type()));
  auto Vals = evalBlock(C, D, Shape, B, Why);
  if (!Vals)
    return unknown(Shape, Why);
  bool Exact = St.isConstant();
  for (const SymValue &V : *Vals) {
    if (!V.sameTerms(Vals->front()))
      return unknown(Shape, "the lanes' runtime parts differ");
    Exact &= V.isConstant();
  }
  std::vector<int64_t> Consts;
  for (const SymValue &V : *Vals)
    Consts.push_back(V.Const);
  uint64_t Idle = 0;
  for (unsigned Wp = 0; Wp < S.Warps; ++Wp) {
    unsigned Begin = Wp * W, End = std::min(T, Begin + W);
    int64_t Gap;
    if (Exact) {
      auto Trips = [&](int64_t Dv) {
        return Dv > 0 ? (Dv + StepLow - 1) / StepLow : 0;
      };
      int64_t Max = 0, Min = INT64_MAX;
      for (unsigned L = Begin; L < End; ++L) {
        Max = std::max(Max, Trips(Consts[L]));
        Min = std::min(Min, Trips(Consts[L]));
      }
      for (unsigned L = Begin; L < End; ++L)
        Idle += uint64_t(Max - Trips(Consts[L]));
      Gap = Max - Min;
    } else {
      auto [Lo, Hi] = std::minmax_element(Consts.begin() + Begin,
                                          Consts.begin() + End);
      Gap = (*Hi - *Lo + StepLow - 1) / StepLow;
    }
    S.Gap = std::max(S.Gap, Gap);
    S.GapWarps += Gap > 0;
  }
  if (S.Gap == 0) {
    S.K = WarpSplit::Kind::Uniform;
    return S;
  }
  if (Exact) {
    S.IdleLaneTrips = Idle;
    return S;
  }
  S.EdgeBlockDims = tiledDims(C, D, Shape, B);
  // When the whole block's differences span less than a step, the lanes run
  // one of two trip counts and a runtime bound crosses each monotone piece
  // once: only that many warps have the extra trip (a block-stride loop).
  auto [Lo, Hi] = std::minmax_element(Consts.begin(), Consts.end());
  if (*Hi - *Lo < StepLow)
    S.GapWarps = std::min(S.GapWarps, monotonePieces(Consts));
  return S;
}

} // namespace sym
} // namespace warplint
