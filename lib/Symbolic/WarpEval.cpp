//===- WarpEval.cpp - Evaluating expressions across a warp ----------------===//
#include "Symbolic/WarpEval.h"
#include "Symbolic/ConstantFold.h"
#include "Symbolic/WarpAffine.h"

#include "llvm/ADT/STLExtras.h"
#include <algorithm>
#include <numeric>

namespace warplint {
namespace sym {

std::string SymValue::str() const {
  std::string S;
  for (const auto &[A, C] : Terms) {
    if (!S.empty())
      S += " + ";
    S += (C == 1 ? "" : std::to_string(C) + "*") + "(" + toString(A) + ")";
  }
  if (S.empty() || Const)
    S += (S.empty() ? "" : " + ") + std::to_string(Const);
  return S;
}

namespace {
using symops::scaled;
using symops::sum;
using symops::wrapAdd;
using symops::wrapMul;

/// Trailing zero bits common to every coefficient (63 when there are none).
unsigned commonTrailingZeros(const SymValue &V) {
  unsigned TZ = 63;
  for (const auto &[A, C] : V.Terms)
    TZ = std::min<unsigned>(TZ, C ? __builtin_ctzll(uint64_t(C)) : 63);
  return TZ;
}

bool coefficientsDivisibleBy(const SymValue &V, int64_t D) {
  return llvm::all_of(V.Terms, [&](auto &T) { return T.second % D == 0; });
}

int64_t gcd64(int64_t A, int64_t B) {
  return int64_t(std::gcd(uint64_t(A < 0 ? -A : A), uint64_t(B < 0 ? -B : B)));
}
} // namespace

std::optional<SymValue> ThreadEvaluator::fail(const std::string &Why,
                                              const Expr *Runtime) {
  if (Failure.empty()) {
    Failure = Why;
    RuntimeAtom = Runtime;
  }
  return std::nullopt;
}

std::optional<SymValue> ThreadEvaluator::atom(const Expr *E) {
  SymValue V;
  V.Terms.push_back({E, 1});
  return V;
}

const Expr *ThreadEvaluator::exprOf(const SymValue &V, IntType T) {
  const Expr *R = Ctx.constant(V.Const, T);
  for (const auto &[A, C] : V.Terms)
    R = Ctx.add(R, Ctx.mul(Ctx.cast(A, T), Ctx.constant(C, T)));
  return R;
}

void ThreadEvaluator::addAtom(SymValue &V, const Expr *Node, int64_t Coef) {
  if (!Coef)
    return;
  if (Node->isConstant()) {
    V.Const = wrapAdd(V.Const, wrapMul(Node->constant(), Coef));
    return;
  }
  SymValue One;
  One.Terms.push_back({Node, Coef});
  V = sum(V, One);
}

// (sum a_k A_k + c) * (sum b_j B_j + d), multiplied out: the products of two
// atoms are atoms themselves (warp-uniform, built as nodes so that equal
// products cancel between lanes), and a lane's constant scales the other
// side's atoms, so `(r + lane) * T` keeps its lane stride in T.
SymValue ThreadEvaluator::product(const SymValue &X, const SymValue &Y,
                                  IntType T) {
  SymValue R = sum(scaled(X, Y.Const), scaled(Y, X.Const));
  R.Const = wrapMul(X.Const, Y.Const);
  for (const auto &[A, CA] : X.Terms)
    for (const auto &[B, CB] : Y.Terms)
      addAtom(R, Ctx.mul(Ctx.cast(A, T), Ctx.cast(B, T)), wrapMul(CA, CB));
  return R;
}

// X / D and X % D for X = U + r, where every atom of U has a coefficient that
// is a multiple of M, U's constant is too, and 0 <= r < M: when D is a
// multiple of M, U % D is a multiple of M no larger than D - M, so adding r
// never crosses a multiple of D. Then X / D = U / D and X % D = U % D + r,
// exactly (indices are non-negative, see the header). M is the largest such
// number: the gcd of the atoms' coefficients and what D is known to be a
// multiple of. For `i = blockIdx.x * 256 + 32 * warp + lane` and a constant
// D = 768, M = 256 and a warp's lanes share U; for a runtime D (`i % C`)
// nothing is known of D until assumeDivisorsMultipleOf says it is a multiple
// of 32: then M = 32 and the lanes again share U, under an assumption that is
// recorded. Lanes that do not share U get distinct atoms: evaluateLanes then
// fails as before ("lanes differ by ...").
std::optional<SymValue> ThreadEvaluator::splitDivision(const Expr *E,
                                                       const SymValue &X,
                                                       const SymValue &Y) {
  ExprKind K = E->kind();
  IntType T = E->type();
  bool Runtime = !Y.isConstant();
  int64_t D = 0, Known = 0; // D's value (constant) or a number it divides by
  if (!Runtime) {
    D = Y.Const;
    if (K == ExprKind::Shr) {
      if (D < 0 || D >= 62)
        return std::nullopt;
      D = int64_t(1) << D;
    }
    if (D <= 0)
      return std::nullopt;
    Known = D;
  } else {
    if (K == ExprKind::Shr)
      return std::nullopt;
    Known = gcd64(Y.Const, 0);
    for (const auto &[A, C] : Y.Terms)
      Known = gcd64(Known, C);
    if (Known <= 0)
      return std::nullopt;
  }
  int64_t Align = Known;
  if (Runtime && DivisorMultiple)
    Align = std::lcm(Known, int64_t(DivisorMultiple));
  int64_t M = Align;
  for (const auto &[A, C] : X.Terms)
    M = gcd64(M, C);
  if (M <= 0)
    return std::nullopt;
  bool Assumed = Known % M != 0;
  if (!Runtime && X.Terms.empty())
    return std::nullopt; // two constants: folded by the caller
  // A loop variable in the divisor (`tid % (8 << j)`) is no extent: the
  // analysis evaluates the loop's iterations with their values instead.
  bool LoopDivisor = false;
  if (Runtime)
    forEachNode(E->op(1), [&](const Expr *N) {
      LoopDivisor |= N->kind() == ExprKind::LoopIV;
    });
  if (Runtime && LoopDivisor && (Assumed || !DivisorMultiple))
    return std::nullopt;
  if (Runtime && !DivisorMultiple)
    NeededAssumption = true;
  SplitUsed = true;
  int64_t R = ((X.Const % M) + M) % M;
  SymValue U = X;
  U.Const = X.Const - R;
  const Expr *UE = exprOf(U, T);
  const Expr *DE = Runtime ? exprOf(Y, T) : Ctx.constant(D, T);
  SymValue Out;
  if (K == ExprKind::Rem) {
    const Expr *Node = Ctx.rem(UE, DE);
    if (M > 1)
      Node = Ctx.div(Node, Ctx.constant(M, T)); // exact: U % D is M-aligned
    addAtom(Out, Node, M);
    Out.Const = wrapAdd(Out.Const, R);
  } else {
    addAtom(Out, Ctx.div(UE, DE), 1);
  }
  if (Assumed && !llvm::is_contained(AssumedDivisors, DE))
    AssumedDivisors.push_back(DE);
  Out.Const = T.wrap(Out.Const);
  return Out;
}

std::optional<SymValue>
ThreadEvaluator::eval(const Expr *E, std::array<unsigned, 3> T,
                      const std::array<unsigned, 3> *Blk) {
  Tid = T;
  Block = Blk;
  Failure.clear();
  RuntimeAtom = nullptr;
  return rec(E, 0);
}

std::optional<SymValue> ThreadEvaluator::rec(const Expr *E, unsigned Depth) {
  if (Depth > MaxExprDepth)
    return fail("expression deeper than the analysis budget");
  IntType T = E->type();
  auto Constant = [&](int64_t V) {
    SymValue R;
    R.Const = T.wrap(V);
    return std::optional<SymValue>(R);
  };
  // A node that cannot vary within a warp and has no linear structure worth
  // keeping becomes an atom: it cancels between lanes.
  auto UniformOr = [&](const std::string &Why,
                       const Expr *Runtime =
                           nullptr) -> std::optional<SymValue> {
    if (!E->mayVaryByLane())
      return atom(E);
    return fail(Why, Runtime);
  };
  switch (E->kind()) {
  case ExprKind::Constant:
    return Constant(E->constant());
  case ExprKind::ThreadIdx:
    return Constant(Tid[unsigned(E->dim())]);
  case ExprKind::BlockIdx:
    if (Block)
      return Constant((*Block)[unsigned(E->dim())]);
    return atom(E);
  case ExprKind::BlockDim:
    return Constant(Shape.BlockDim[unsigned(E->dim())]);
  case ExprKind::GridDim:
    if (Shape.GridDim)
      return Constant((*Shape.GridDim)[unsigned(E->dim())]);
    return atom(E);
  case ExprKind::Param:
  case ExprKind::LoopIV: {
    auto It = B.find(E->name());
    if (It != B.end())
      return Constant(It->second);
    if (E->kind() == ExprKind::LoopIV &&
        E->leafUniformity() == Uniformity::LaneVarying)
      return fail("loop variable '" + E->name().str() + "' varies by lane");
    return atom(E);
  }
  case ExprKind::Unknown:
    if (E->leafUniformity() != Uniformity::LaneVarying)
      return atom(E);
    return fail("lane-varying value: " + E->name().str());
  case ExprKind::Add: {
    SymValue Acc;
    for (const Expr *O : E->ops()) {
      auto V = rec(O, Depth + 1);
      if (!V)
        return V;
      Acc = sum(Acc, *V);
    }
    Acc.Const = T.wrap(Acc.Const);
    return Acc;
  }
  case ExprKind::Mul: {
    SymValue Acc;
    Acc.Const = 1;
    for (const Expr *O : E->ops()) {
      auto V = rec(O, Depth + 1);
      if (!V)
        return V;
      if (V->isConstant())
        Acc = scaled(Acc, V->Const);
      else if (Acc.isConstant())
        Acc = scaled(*V, Acc.Const);
      else if (SplitUniform && E->mayVaryByLane()) {
        SplitUsed = true;
        Acc = product(Acc, *V, T);
      } else {
        // A product of two runtime parts. Name a value that a binding can fix
        // (a kernel parameter or loop variable: `i * n`, `n * i`), not
        // blockIdx, which hw::analyzeAccess cannot bind.
        const Expr *Runtime = V->Terms.front().first;
        for (const SymValue *F : {&*V, &Acc})
          for (const auto &T : F->Terms)
            if (T.first->kind() == ExprKind::Param ||
                T.first->kind() == ExprKind::LoopIV) {
              Runtime = T.first;
              break;
            }
        return UniformOr("lanes differ by a multiple of runtime value '" +
                             toString(Runtime) + "'",
                         Runtime);
      }
    }
    Acc.Const = T.wrap(Acc.Const);
    return Acc;
  }
  case ExprKind::Cast: {
    // Widening and narrowing keep the value (no overflow, see the header).
    auto V = rec(E->op(0), Depth + 1);
    if (V && V->isConstant())
      V->Const = T.wrap(V->Const);
    return V;
  }
  case ExprKind::Select: {
    auto C = rec(E->op(0), Depth + 1);
    if (!C)
      return C;
    if (C->isConstant())
      return rec(E->op(C->Const ? 1 : 2), Depth + 1);
    auto X = rec(E->op(1), Depth + 1), Y = rec(E->op(2), Depth + 1);
    if (X && Y && X->Const == Y->Const && X->sameTerms(*Y))
      return X;
    Failure.clear();
    return UniformOr("select on a runtime condition differs between lanes");
  }
  case ExprKind::LogicalNot: {
    auto V = rec(E->op(0), Depth + 1);
    if (!V)
      return V;
    if (V->isConstant())
      return Constant(V->Const == 0);
    return UniformOr("lane-varying condition on a runtime value");
  }
  default:
    break;
  }

  // Binary operators.
  auto X = rec(E->op(0), Depth + 1);
  if (!X)
    return X;
  auto Y = rec(E->op(1), Depth + 1);
  if (!Y)
    return Y;
  IntType OpT = E->op(0)->type();
  if (X->isConstant() && Y->isConstant()) {
    // Folded with the exact C semantics of the node's operator, as the
    // factories would, but without building a node per lane.
    if (std::optional<int64_t> F =
            foldBinaryConstants(E->kind(), OpT, X->Const, Y->Const))
      return Constant(*F);
    return fail("undefined behaviour (division by zero or shift too far)");
  }

  switch (E->kind()) {
  case ExprKind::Div:
  case ExprKind::Rem:
  case ExprKind::Shr: {
    // Where the rules below give up on a lane-varying node: the split.
    auto Split = [&](const std::string &Why) -> std::optional<SymValue> {
      if (SplitUniform && E->mayVaryByLane())
        if (std::optional<SymValue> V = splitDivision(E, *X, *Y))
          return V;
      return UniformOr(Why);
    };
    if (!Y->isConstant())
      return Split("division by a runtime value differs between lanes");
    int64_t D = Y->Const;
    if (E->kind() == ExprKind::Shr) {
      if (D < 0 || D >= 62)
        return fail("shift out of range");
      D = int64_t(1) << D;
    }
    // (D*q + c) / D == q + c / D when every term is a multiple of D and
    // 0 <= c (indices are non-negative, so truncation equals flooring).
    if (D > 0 && coefficientsDivisibleBy(*X, D) && X->Const >= 0) {
      SymValue R;
      if (E->kind() == ExprKind::Rem) {
        R.Const = X->Const % D;
        return R;
      }
      for (const auto &[A, C] : X->Terms)
        R.Terms.push_back({A, C / D});
      R.Const = X->Const / D;
      return R;
    }
    return Split("division of a runtime value whose remainder differs "
                 "between lanes");
  }
  case ExprKind::Shl:
    if (Y->isConstant() && Y->Const >= 0 && Y->Const < 62)
      return scaled(*X, int64_t(1) << Y->Const);
    return UniformOr("shift by a runtime amount");
  case ExprKind::And:
  case ExprKind::Or:
  case ExprKind::Xor: {
    // (P*q + r) op c with c < P only touches the low bits: exact.
    const SymValue *V = X->isConstant() ? &*Y : &*X;
    const SymValue *C = X->isConstant() ? &*X : &*Y;
    if (C->isConstant() && C->Const >= 0) {
      unsigned TZ = commonTrailingZeros(*V);
      int64_t P = TZ >= 62 ? 0 : int64_t(1) << TZ;
      if (P && C->Const < P) {
        int64_t Low = V->Const & (P - 1), High = V->Const - Low;
        SymValue R;
        if (E->kind() == ExprKind::And) {
          R.Const = Low & C->Const;
          return R;
        }
        R = *V;
        R.Const = High + (E->kind() == ExprKind::Or ? (Low | C->Const)
                                                    : (Low ^ C->Const));
        return R;
      }
    }
    return UniformOr("bitwise operation on a runtime value differs between "
                     "lanes");
  }
  case ExprKind::Min:
  case ExprKind::Max:
  case ExprKind::Eq:
  case ExprKind::Ne:
  case ExprKind::Lt:
  case ExprKind::Le: {
    if (X->sameTerms(*Y)) {
      // Same runtime part: the constants decide (no overflow assumed).
      int64_t A = X->Const, Bv = Y->Const;
      switch (E->kind()) {
      case ExprKind::Min:
        return A <= Bv ? X : Y;
      case ExprKind::Max:
        return A >= Bv ? X : Y;
      case ExprKind::Eq:
        return Constant(A == Bv);
      case ExprKind::Ne:
        return Constant(A != Bv);
      case ExprKind::Lt:
        return Constant(A < Bv);
      default:
        return Constant(A <= Bv);
      }
    }
    return UniformOr("comparison with a runtime value differs between lanes");
  }
  case ExprKind::LogicalAnd:
  case ExprKind::LogicalOr: {
    bool IsAnd = E->kind() == ExprKind::LogicalAnd;
    for (const SymValue *V : {&*X, &*Y})
      if (V->isConstant() && (V->Const != 0) != IsAnd)
        return Constant(IsAnd ? 0 : 1);
    if (X->isConstant())
      return Y;
    if (Y->isConstant())
      return X;
    return UniformOr("lane-varying condition on a runtime value");
  }
  default:
    return fail("unsupported operator");
  }
}

static bool LaneShortcut = true;
static thread_local unsigned ShortcutWarps = 0;
static thread_local unsigned ShortcutBlocks = 0;

void setLaneShortcut(bool On) { LaneShortcut = On; }
unsigned laneShortcutWarps() { return ShortcutWarps; }
unsigned laneShortcutBlocks() { return ShortcutBlocks; }

/// evaluateLanes with \p TE, whose options say which rules apply.
static BlockLanes evaluateLanesWith(ThreadEvaluator &TE, const AccessQuery &Q,
                                    const LaunchShape &Shape,
                                    const std::array<unsigned, 3> *Block,
                                    int64_t ResidueBytes) {
  BlockLanes R;
  AffineEvaluator AE(TE);
  unsigned Threads = Shape.threadsPerBlock();
  int64_t W = Q.ElementBytes;
  // The affine shortcut over the whole block first: where it is exact for
  // the box of every thread id of the block, it is exact for each warp's
  // lanes (a warp's box lies inside it, and every check the evaluator makes
  // over a box holds on any box inside it), so the guard or the index is
  // evaluated once for the block instead of once per warp (32 times for a
  // block of 1024: most of reduction_kernel.cu's evaluation, docs/
  // evaluation.md "Speed, session 10").
  std::optional<AffineValue> BlockG, BlockI;
  if (LaneShortcut && Threads) {
    ThreadBox Box;
    for (unsigned D = 0; D < 3; ++D)
      Box.Hi[D] = Shape.BlockDim[D] ? Shape.BlockDim[D] - 1 : 0;
    if (Q.Guard)
      BlockG = AE.eval(Q.Guard, Box, Block);
    BlockI = AE.eval(Q.Index, Box, Block);
    ShortcutBlocks += BlockI.has_value();
  }
  R.Warps.reserve(Shape.warpsPerBlock());
  std::array<std::array<unsigned, 3>, 64> Tids;
  unsigned Lanes = std::min<unsigned>(Shape.WarpSize, Tids.size());
  for (unsigned Warp = 0; Warp < Shape.warpsPerBlock(); ++Warp) {
    WarpLanes WL;
    WL.Warp = Warp;
    WL.Addresses.assign(Shape.WarpSize, 0);
    WL.Active.reserve(Shape.WarpSize);
    WL.LaneOffsets.reserve(Shape.WarpSize);
    // The thread ids of the warp's lanes (those inside the block).
    unsigned InBlock = 0;
    if (Lanes == Shape.WarpSize)
      for (; InBlock < Lanes; ++InBlock) {
        unsigned Linear = Warp * Shape.WarpSize + InBlock;
        if (Linear >= Threads)
          break;
        Tids[InBlock] = Shape.threadOf(Linear);
      }
    auto TidOf = [&](unsigned L) {
      return L < InBlock ? Tids[L] : Shape.threadOf(Warp * Shape.WarpSize + L);
    };
    // The affine shortcut: the guard and the index each once for the warp's
    // lanes (the box of their thread ids), where exact; else every lane below.
    // Either can take it without the other: neither fails on any lane when
    // it does, so the first failure is still the first lane's that fails.
    std::optional<AffineValue> G = BlockG, I = BlockI;
    if (LaneShortcut && ((Q.Guard && !G) || !I)) {
      ThreadBox Box;
      Box.Lo = {~0u, ~0u, ~0u};
      for (unsigned L = 0; L < Shape.WarpSize; ++L) {
        unsigned Linear = Warp * Shape.WarpSize + L;
        if (Linear >= Threads)
          break;
        auto Tid = TidOf(L);
        for (unsigned D = 0; D < 3; ++D) {
          Box.Lo[D] = std::min(Box.Lo[D], Tid[D]);
          Box.Hi[D] = std::max(Box.Hi[D], Tid[D]);
        }
      }
      if (Q.Guard && !G)
        G = AE.eval(Q.Guard, Box, Block);
      if (!I)
        I = AE.eval(Q.Index, Box, Block);
    }
    ShortcutWarps += I.has_value();
    std::optional<SymValue> First;
    for (unsigned L = 0; L < Shape.WarpSize; ++L) {
      unsigned Linear = Warp * Shape.WarpSize + L;
      if (Linear >= Threads) {
        WL.Active.push_back(false);
        continue;
      }
      auto Tid = TidOf(L);
      bool On = true;
      if (G) {
        // A guard that is uniform across the warp either skips the whole
        // request or lets it run unchanged: per request it does not matter.
        On = !G->Base.Terms.empty() || G->at(Tid) != 0;
        R.RuntimeGuard |= !G->Base.Terms.empty();
      } else if (Q.Guard) {
        auto G = TE.eval(Q.Guard, Tid, Block);
        if (!G) {
          R.Failure = "guard: " + TE.failure();
          R.Runtime = TE.runtimeCoefficient();
          return R;
        }
        On = !G->isConstant() || G->Const != 0;
        R.RuntimeGuard |= !G->isConstant();
      }
      WL.Active.push_back(On);
      if (!On)
        continue;
      std::optional<SymValue> PerLane;
      int64_t Const;
      const SymValue *V;
      if (I) {
        Const = I->at(Tid);
        V = &I->Base;
      } else {
        PerLane = TE.eval(Q.Index, Tid, Block);
        if (!PerLane) {
          R.Failure = TE.failure();
          R.Runtime = TE.runtimeCoefficient();
          return R;
        }
        Const = PerLane->Const;
        V = &*PerLane;
      }
      if (!First) {
        First = *V;
        First->Const = Const;
        // Alignment of the runtime part of this warp's addresses.
        int64_t G = 0;
        for (const auto &[A, C] : V->Terms)
          G = gcd64(G, wrapMul(C, W));
        // The first warp with runtime atoms names them for all warps.
        if (R.RuntimeText.empty())
          for (const auto &[A, C] : V->Terms) {
            if (!R.RuntimeText.empty())
              R.RuntimeText += " + ";
            R.RuntimeText += toString(A);
          }
        if (G)
          R.RuntimeAlign = R.RuntimeAlign ? gcd64(R.RuntimeAlign, G) : G;
      } else if (!V->sameTerms(*First)) {
        // Lanes differ by a runtime amount: find the atom responsible, a
        // kernel parameter or loop variable first (a binding can fix it;
        // products of atoms, `r * T`, come with the lane's own multiple).
        const Expr *Culprit = nullptr;
        const SymValue *Here = V, *Lane0 = &*First;
        for (const SymValue *P : {Here, Lane0})
          for (const auto &T : P->Terms) {
            const SymValue *O = P == Here ? Lane0 : Here;
            if (llvm::is_contained(O->Terms, T))
              continue;
            bool Bindable = T.first->kind() == ExprKind::Param ||
                            T.first->kind() == ExprKind::LoopIV;
            if (!Culprit || (Bindable && Culprit->kind() != ExprKind::Param &&
                             Culprit->kind() != ExprKind::LoopIV))
              Culprit = T.first;
          }
        if (Culprit) {
          R.Failure = "lanes differ by a multiple of runtime value '" +
                      toString(Culprit) + "'";
          R.Runtime = Culprit;
          return R;
        }
        R.Failure = "lanes differ by a runtime amount";
        return R;
      }
      ++WL.ActiveLanes;
      WL.Addresses[L] =
          uint64_t(wrapMul(Const, W) + Q.BaseOffsetBytes + ResidueBytes);
    }
    // Addresses are relative to an aligned base; shift them non-negative
    // without changing their residue modulo the largest period used.
    int64_t Min = 0;
    for (unsigned L = 0; L < WL.Active.size(); ++L)
      if (WL.Active[L])
        Min = std::min(Min, int64_t(WL.Addresses[L]));
    int64_t Shift = Min < 0 ? ((-Min + 4095) / 4096) * 4096 : 0;
    int64_t Lane0 = 0;
    bool HaveLane0 = false;
    for (unsigned L = 0; L < WL.Active.size(); ++L)
      if (WL.Active[L]) {
        WL.Addresses[L] += Shift;
        if (!HaveLane0) {
          Lane0 = int64_t(WL.Addresses[L]);
          HaveLane0 = true;
        }
        WL.LaneOffsets.push_back(int64_t(WL.Addresses[L]) - Lane0);
      }
    R.Warps.push_back(std::move(WL));
  }
  R.Ok = true;
  return R;
}

/// The divisors in \p Divisors that no other one divides by a factor of its
/// own (`T * C` goes when `C` is there: a multiple of C is one of 32 too).
static std::vector<std::string>
independentDivisors(llvm::ArrayRef<const Expr *> Divisors) {
  auto Factors = [](const Expr *E) {
    std::vector<const Expr *> F;
    if (E->kind() == ExprKind::Mul)
      F.assign(E->ops().begin(), E->ops().end());
    else
      F.push_back(E);
    return F;
  };
  std::vector<std::string> Out;
  for (const Expr *D : Divisors) {
    std::vector<const Expr *> FD = Factors(D);
    bool Implied = llvm::any_of(Divisors, [&](const Expr *O) {
      if (O == D)
        return false;
      std::vector<const Expr *> FO = Factors(O);
      return FO.size() < FD.size() && llvm::all_of(FO, [&](const Expr *F) {
               return llvm::is_contained(FD, F);
             });
    });
    if (!Implied)
      Out.push_back(toString(D));
  }
  return Out;
}

BlockLanes evaluateLanes(ExprContext &Ctx, const AccessQuery &Q,
                         const LaunchShape &Shape, const Bindings &B,
                         const std::array<unsigned, 3> *Block,
                         int64_t ResidueBytes) {
  // Exact first: flattened indices split where that needs no assumption.
  ThreadEvaluator TE(Ctx, Shape, B);
  TE.setSplitUniform(true);
  BlockLanes R = evaluateLanesWith(TE, Q, Shape, Block, ResidueBytes);
  if (R.Ok || !TE.splitUsed())
    return R;
  // A failure reads as the plain rules' (the analyses built on them, such as
  // the loop iterations a lane-varying division asks for, stay as they were).
  auto Plain = [&] {
    ThreadEvaluator P(Ctx, Shape, B);
    return evaluateLanesWith(P, Q, Shape, Block, ResidueBytes);
  };
  if (!TE.neededDivisorAssumption() || !Shape.WarpSize)
    return Plain();
  // A runtime extent divides the index (`c = i % C`): again with every
  // runtime divisor a multiple of the warp size, said so.
  ThreadEvaluator Assuming(Ctx, Shape, B);
  Assuming.setSplitUniform(true);
  Assuming.assumeDivisorsMultipleOf(Shape.WarpSize);
  BlockLanes A = evaluateLanesWith(Assuming, Q, Shape, Block, ResidueBytes);
  if (A.Ok) {
    A.AssumedExtents = independentDivisors(Assuming.assumedDivisors());
    if (!A.AssumedExtents.empty())
      A.ExtentMultiple = Shape.WarpSize;
    return A;
  }
  // Neither: the failure that names a value a binding can fix (a runtime
  // stride, `c * T`), which the assumption may have uncovered.
  auto Bindable = [](const BlockLanes &L) {
    return L.Runtime && (L.Runtime->kind() == ExprKind::Param ||
                         L.Runtime->kind() == ExprKind::LoopIV);
  };
  BlockLanes P = Plain();
  return Bindable(A) && !Bindable(P) ? A : P;
}

} // namespace sym
} // namespace warplint
