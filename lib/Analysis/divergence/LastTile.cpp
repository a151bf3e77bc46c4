//===- LastTile.cpp - Clamps whose split only the last tile shows ---------===//
#include "Analysis/divergence/LastTile.h"

#include "Frontend/LoopInduction.h"
#include "Analysis/divergence/DivergenceWalker.h"
#include "Frontend/ExprBuilder.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <functional>

using namespace clang;

namespace warplint {
namespace divergence {

namespace {

using sym::ExprKind;

/// Clamps of one condition looked at, at most.
constexpr unsigned MaxClamps = 4;
/// Depth of the monotonicity proof.
constexpr unsigned MaxDepth = 16;

/// A constant read in two's complement at its width (unsigned constants are
/// stored zero-extended: -256 as a 32-bit unsigned is 4294967040).
int64_t signedValue(const sym::Expr *C) {
  int64_t V = C->constant();
  unsigned Bits = C->type().Bits;
  if (!C->type().Signed && Bits < 64 && V >= (int64_t(1) << (Bits - 1)))
    V -= int64_t(1) << Bits;
  return V;
}

bool isMinusOne(const sym::Expr *E) {
  return E->isConstant() && signedValue(E) == -1;
}

/// \p E reads the thread's position: a threadIdx or blockIdx component, or a
/// leaf that differs between blocks or lanes in a way not known here.
bool readsPosition(const sym::Expr *E) {
  bool Found = false;
  sym::forEachNode(E, [&](const sym::Expr *N) {
    switch (N->kind()) {
    case ExprKind::ThreadIdx:
    case ExprKind::BlockIdx:
      Found = true;
      break;
    case ExprKind::Unknown:
    case ExprKind::LoopIV:
      Found |= N->leafUniformity() > sym::Uniformity::GridUniform;
      break;
    default:
      break;
    }
  });
  return Found;
}

/// \p E is never negative: an index or extent of the launch, a value of an
/// unsigned type, a non-negative constant, sums and products of those.
bool nonNegative(const sym::Expr *E, unsigned Depth = 0) {
  if (Depth > MaxDepth)
    return false;
  switch (E->kind()) {
  case ExprKind::Constant:
    return signedValue(E) >= 0;
  case ExprKind::ThreadIdx:
  case ExprKind::BlockIdx:
  case ExprKind::BlockDim:
  case ExprKind::GridDim:
    return true;
  case ExprKind::Add:
  case ExprKind::Mul:
    if (!E->type().Signed)
      return true;
    return llvm::all_of(E->ops(), [&](const sym::Expr *O) {
      return nonNegative(O, Depth + 1);
    });
  default:
    return !E->type().Signed;
  }
}

/// `m - 1` with m the same for the whole grid (taken for a power of two, the
/// idiom's m, as maskBelowBound does), or a constant 2^k - 1.
bool lowBitMask(const sym::Expr *K) {
  if (K->isConstant()) {
    int64_t V = signedValue(K);
    return V >= 0 && V < INT64_MAX && ((V + 1) & V) == 0;
  }
  return K->kind() == ExprKind::Add && K->ops().size() == 2 &&
         isMinusOne(K->op(1)) && !readsPosition(K->op(0));
}

/// `~(m - 1)` (Xor with all ones) or a constant whose low bits are clear and
/// high bits set: y & K rounds y down to a multiple of a power of two.
bool highBitMask(const sym::Expr *K) {
  if (K->isConstant()) {
    int64_t V = signedValue(K);
    return V < 0 && V > INT64_MIN && ((-V) & (-V - 1)) == 0;
  }
  if (K->kind() != ExprKind::Xor || K->ops().size() != 2)
    return false;
  for (unsigned I = 0; I < 2; ++I)
    if (isMinusOne(K->op(I)) && !K->op(1 - I)->isConstant() &&
        lowBitMask(K->op(1 - I)))
      return true;
  return false;
}

/// The constant coefficient of a term and the rest of it.
std::pair<int64_t, const sym::Expr *> coefficient(sym::ExprContext &SC,
                                                  const sym::Expr *T) {
  if (T->kind() != ExprKind::Mul || !T->op(0)->isConstant())
    return {1, T};
  const sym::Expr *Rest = nullptr;
  for (const sym::Expr *O : T->ops().drop_front())
    Rest = Rest ? SC.mul(Rest, O) : O;
  return {signedValue(T->op(0)), Rest};
}

bool nonDecreasing(sym::ExprContext &SC, const sym::Expr *X, unsigned Depth);

/// A product (no constant factor) that never falls as the position grows:
/// one factor does not fall, and every other factor, when there are several,
/// is never negative and either does not fall or does not read the position.
bool productNonDecreasing(sym::ExprContext &SC, const sym::Expr *P,
                          unsigned Depth) {
  if (P->kind() != ExprKind::Mul)
    return nonDecreasing(SC, P, Depth + 1);
  for (const sym::Expr *F : P->ops()) {
    if (!nonNegative(F))
      return false;
    if (readsPosition(F) && !nonDecreasing(SC, F, Depth + 1))
      return false;
  }
  return true;
}

/// A sum whose every term does not fall, reading `c * y - c * (y & (m -
/// 1))` (the group base, spread over terms when y is itself a sum) as one
/// term.
bool sumNonDecreasing(sym::ExprContext &SC, const sym::Expr *X,
                      unsigned Depth) {
  for (const sym::Expr *T : X->ops()) {
    auto [C, Rest] = coefficient(SC, T);
    if (C >= 0 || Rest->kind() != ExprKind::And || Rest->ops().size() != 2)
      continue;
    for (unsigned I = 0; I < 2; ++I) {
      const sym::Expr *Y = Rest->op(I), *Mask = Rest->op(1 - I);
      if (!lowBitMask(Mask) || !readsPosition(Y))
        continue;
      // X = Others - |C| * (y & mask) = (Others - |C| * y) + |C| * (y - (y
      // & mask)): the second part rounds y down to its group's base.
      const sym::Expr *Others = SC.sub(X, T);
      const sym::Expr *Residual =
          SC.sub(Others, SC.mul(SC.constant(-C, Y->type()), Y));
      return nonDecreasing(SC, Y, Depth + 1) &&
             nonDecreasing(SC, Residual, Depth + 1);
    }
  }
  for (const sym::Expr *T : X->ops()) {
    if (!readsPosition(T))
      continue;
    auto [C, Rest] = coefficient(SC, T);
    if (C < 0 || !productNonDecreasing(SC, Rest, Depth))
      return false;
  }
  return true;
}

/// \p X never falls as the thread's position grows (each threadIdx and
/// blockIdx component, the others fixed). Index arithmetic is taken not to
/// wrap, as the tail guards take it.
bool nonDecreasing(sym::ExprContext &SC, const sym::Expr *X, unsigned Depth) {
  if (Depth > MaxDepth)
    return false;
  if (!readsPosition(X))
    return true;
  switch (X->kind()) {
  case ExprKind::ThreadIdx:
  case ExprKind::BlockIdx:
    return true;
  case ExprKind::Cast:
    // Not narrowing: the order is kept for indices that do not wrap (an
    // unsigned index read as int stays below 2^31, as the tail guards take
    // it).
    return X->type().Bits >= X->op(0)->type().Bits &&
           nonDecreasing(SC, X->op(0), Depth + 1);
  case ExprKind::Div:
  case ExprKind::Shr:
    return X->op(1)->isConstant() && signedValue(X->op(1)) > 0 &&
           nonDecreasing(SC, X->op(0), Depth + 1);
  case ExprKind::Shl:
    return X->op(1)->isConstant() && signedValue(X->op(1)) >= 0 &&
           nonDecreasing(SC, X->op(0), Depth + 1);
  case ExprKind::And:
    // y & ~(m - 1): y rounded down to a multiple of m.
    for (unsigned I = 0; I < 2 && X->ops().size() == 2; ++I)
      if (highBitMask(X->op(1 - I)) && nonNegative(X->op(I)))
        return nonDecreasing(SC, X->op(I), Depth + 1);
    return false;
  case ExprKind::Add:
    return sumNonDecreasing(SC, X, Depth);
  case ExprKind::Mul: {
    auto [C, Rest] = coefficient(SC, X);
    return C >= 0 && productNonDecreasing(SC, Rest, Depth);
  }
  case ExprKind::Min:
  case ExprKind::Max:
    return llvm::all_of(X->ops(), [&](const sym::Expr *O) {
      return nonDecreasing(SC, O, Depth + 1);
    });
  default:
    return false;
  }
}

/// The casts around \p E that do not narrow it.
const sym::Expr *stripCasts(const sym::Expr *E) {
  while (E->kind() == ExprKind::Cast && E->type().Bits >= E->op(0)->type().Bits)
    E = E->op(0);
  return E;
}

} // namespace

bool fallsWithPosition(sym::ExprContext &SC, const sym::Expr *R) {
  R = stripCasts(R);
  if (!readsPosition(R))
    return false;
  llvm::SmallVector<const sym::Expr *, 8> Terms;
  if (R->kind() == ExprKind::Add)
    Terms.append(R->ops().begin(), R->ops().end());
  else
    Terms.push_back(R);
  // R = U - T: the terms that read the position, negated, are T.
  const sym::Expr *Moving = nullptr;
  for (const sym::Expr *T : Terms)
    if (readsPosition(T))
      Moving = Moving ? SC.add(Moving, T) : T;
  return Moving && nonDecreasing(SC, SC.neg(Moving), 0);
}

std::optional<LastTileClamp>
findLastTileClamp(sym::ExprContext &SC, const sym::Expr *E,
                  llvm::function_ref<bool(const sym::Expr *)> SplitsNoWarp) {
  // The clamps: minima, and selects that are one, reading the position.
  llvm::SmallVector<std::pair<const sym::Expr *, const sym::Expr *>, 4> Clamps;
  sym::forEachNode(E, [&](const sym::Expr *N) {
    if (Clamps.size() >= MaxClamps || !readsPosition(N))
      return;
    const sym::Expr *Min = nullptr;
    if (N->kind() == ExprKind::Min)
      Min = N;
    else if (N->kind() == ExprKind::Select)
      if (const sym::Expr *M =
              sym::minMaxOfSelect(SC, N->op(0), N->op(1), N->op(2));
          M && M->kind() == ExprKind::Min)
        Min = M;
    if (Min && Min->ops().size() == 2)
      Clamps.push_back({N, Min});
  });
  for (const auto &[Node, Min] : Clamps)
    for (unsigned I = 0; I < 2; ++I) {
      const sym::Expr *Full = Min->op(I), *Rest = Min->op(1 - I);
      // The full tile is the same for the whole grid (a full arm that grows
      // with the block would let R drop below it in every later block); a
      // clamp whose both arms follow the lane is no tile.
      if (Full->mayVaryByLane() || readsPosition(Full) ||
          !fallsWithPosition(SC, Rest))
        continue;
      llvm::DenseMap<const sym::Expr *, const sym::Expr *> Map;
      Map[Node] = Full;
      if (Node != Min)
        Map[Min] = Full;
      if (SplitsNoWarp(sym::substitute(SC, E, Map)))
        return LastTileClamp{Node, Full, Rest};
    }
  return std::nullopt;
}

std::pair<std::string, std::string> lastTileText(const clang::Expr *Cond,
                                                 const LastTileClamp &C,
                                                 ExprBuilder &Builder,
                                                 const ASTContext &Ctx) {
  // The values a local variable is given: its initialiser and the right-hand
  // sides of its assignments (a clamp written `len = TILE; if (...) len = n
  // - base;`, which the value flow joins).
  auto Assigned = [](const VarDecl *V,
                     llvm::SmallVectorImpl<const clang::Expr *> &Out) {
    if (V->getInit())
      Out.push_back(V->getInit());
    const auto *FD =
        dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
    if (!FD || !FD->getBody())
      return;
    std::function<void(const Stmt *)> Scan = [&](const Stmt *S) {
      if (!S || Out.size() > 8)
        return;
      if (const auto *BO = dyn_cast<BinaryOperator>(S);
          BO && BO->getOpcode() == BO_Assign)
        if (refersTo(BO->getLHS(), V))
          Out.push_back(BO->getRHS());
      for (const Stmt *Child : S->children())
        Scan(Child);
    };
    Scan(FD->getBody());
  };
  // Where the clamp itself is not in the source (a join), its arms may be.
  std::string FullText, RestText;
  auto Match = [&](const clang::Expr *E) {
    if (!E->getType()->isIntegerType())
      return;
    const sym::Expr *S = stripCasts(Builder.build(E));
    if (FullText.empty() && S == stripCasts(C.Full))
      FullText = sourceText(E, Ctx);
    else if (RestText.empty() && S == stripCasts(C.Remainder))
      RestText = sourceText(E, Ctx);
  };
  std::pair<std::string, std::string> Text;
  llvm::SmallPtrSet<const VarDecl *, 8> Seen;
  std::function<bool(const clang::Expr *, unsigned)> Find =
      [&](const clang::Expr *E, unsigned Depth) -> bool {
    if (!E || Depth > 8)
      return false;
    E = E->IgnoreParenImpCasts();
    const clang::Expr *A = nullptr, *B = nullptr;
    if (const auto *CE = dyn_cast<CallExpr>(E); CE && CE->getNumArgs() == 2) {
      A = CE->getArg(0);
      B = CE->getArg(1);
    } else if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      A = CO->getTrueExpr();
      B = CO->getFalseExpr();
    }
    if (A && E->getType()->isIntegerType()) {
      const sym::Expr *S = Builder.build(E);
      if (S == C.Clamp || stripCasts(S) == stripCasts(C.Clamp)) {
        const sym::Expr *SA = stripCasts(Builder.build(A));
        bool AFull = SA == stripCasts(C.Full);
        Text = {sourceText(AFull ? B : A, Ctx), sourceText(AFull ? A : B, Ctx)};
        return true;
      }
    }
    Match(E);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && V->hasLocalStorage() && Seen.insert(V).second) {
        llvm::SmallVector<const clang::Expr *, 4> Values;
        Assigned(V, Values);
        for (const clang::Expr *Value : Values)
          if (Find(Value, Depth + 1))
            return true;
        return false;
      }
    for (const Stmt *Child : E->children())
      if (const auto *CE = dyn_cast_or_null<clang::Expr>(Child);
          CE && Find(CE, Depth + 1))
        return true;
    return false;
  };
  if (Find(Cond, 0))
    return Text;
  return {RestText.empty() ? sym::toString(C.Remainder) : RestText,
          FullText.empty() ? sym::toString(C.Full) : FullText};
}

} // namespace divergence
} // namespace warplint
