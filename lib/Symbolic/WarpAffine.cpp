//===- WarpAffine.cpp - One evaluation per warp where it is exact ---------===//
#include "Symbolic/WarpAffine.h"
#include "Symbolic/ConstantFold.h"

namespace warplint {
namespace sym {

namespace symops {
SymValue scaled(const SymValue &V, int64_t C) {
  SymValue R;
  R.Const = wrapMul(V.Const, C);
  if (C != 0)
    for (const auto &[A, K] : V.Terms)
      R.Terms.push_back({A, wrapMul(K, C)});
  return R;
}

SymValue sum(const SymValue &X, const SymValue &Y) {
  SymValue R;
  R.Const = wrapAdd(X.Const, Y.Const);
  auto I = X.Terms.begin(), J = Y.Terms.begin();
  while (I != X.Terms.end() || J != Y.Terms.end()) {
    if (J == Y.Terms.end() ||
        (I != X.Terms.end() && I->first->id() < J->first->id())) {
      R.Terms.push_back(*I++);
    } else if (I == X.Terms.end() || J->first->id() < I->first->id()) {
      R.Terms.push_back(*J++);
    } else {
      int64_t C = wrapAdd(I->second, J->second);
      if (C)
        R.Terms.push_back({I->first, C});
      ++I;
      ++J;
    }
  }
  return R;
}
} // namespace symops

namespace {
using symops::wrapMul;
using Wide = __int128;

/// The extremes of an affine value's constant part over a box.
struct Range {
  Wide Lo = 0, Hi = 0;
};

Range rangeOf(const AffineValue &V, const ThreadBox &B) {
  Range R{V.Base.Const, V.Base.Const};
  for (unsigned D = 0; D < 3; ++D) {
    Wide A = Wide(V.Coef[D]) * B.Lo[D], Z = Wide(V.Coef[D]) * B.Hi[D];
    R.Lo += A < Z ? A : Z;
    R.Hi += A < Z ? Z : A;
  }
  return R;
}

bool fits(IntType T, const Range &R) {
  if (R.Lo < INT64_MIN || R.Hi > INT64_MAX)
    return false;
  return T.wrap(int64_t(R.Lo)) == int64_t(R.Lo) &&
         T.wrap(int64_t(R.Hi)) == int64_t(R.Hi);
}

bool fits64(const Range &R) { return R.Lo >= INT64_MIN && R.Hi <= INT64_MAX; }

/// Base and coefficients times \p C, without overflow; Terms as scaled().
std::optional<AffineValue> scale(const AffineValue &V, int64_t C) {
  AffineValue R;
  R.Base = symops::scaled(V.Base, C);
  if (__builtin_mul_overflow(V.Base.Const, C, &R.Base.Const))
    return std::nullopt;
  for (unsigned D = 0; D < 3; ++D)
    if (__builtin_mul_overflow(V.Coef[D], C, &R.Coef[D]))
      return std::nullopt;
  return R;
}

/// X - Y's constant part (Terms ignored), without overflow.
std::optional<AffineValue> difference(const AffineValue &X,
                                      const AffineValue &Y) {
  AffineValue R;
  if (__builtin_sub_overflow(X.Base.Const, Y.Base.Const, &R.Base.Const))
    return std::nullopt;
  for (unsigned D = 0; D < 3; ++D)
    if (__builtin_sub_overflow(X.Coef[D], Y.Coef[D], &R.Coef[D]))
      return std::nullopt;
  return R;
}

AffineValue constantValue(int64_t C) {
  AffineValue R;
  R.Base.Const = C;
  return R;
}

/// 1 or 0 when the constant part is non-zero, or zero, at every thread.
std::optional<bool> truth(const AffineValue &V, const ThreadBox &B) {
  Range R = rangeOf(V, B);
  if (R.Lo > 0 || R.Hi < 0)
    return true;
  if (R.Lo == 0 && R.Hi == 0)
    return false;
  return std::nullopt;
}

bool identical(const AffineValue &X, const AffineValue &Y) {
  return X.Base.Const == Y.Base.Const && X.Coef == Y.Coef &&
         X.Base.sameTerms(Y.Base);
}
} // namespace

std::optional<AffineValue>
AffineEvaluator::eval(const Expr *E, const ThreadBox &B,
                      const std::array<unsigned, 3> *Blk) {
  if (E->depth() > MaxExprDepth)
    return std::nullopt;
  Box = B;
  Block = Blk;
  return rec(E, 0);
}

std::optional<AffineValue> AffineEvaluator::uniform(const Expr *E,
                                                    unsigned Depth) {
  // ThreadEvaluator reads threadIdx only at ThreadIdx leaves: evaluated at
  // the box's first thread, the value is every thread's. No depth failure
  // is possible here (eval checked the whole expression's depth).
  (void)Depth;
  std::optional<SymValue> V = TE.eval(E, Box.Lo, Block);
  if (!V)
    return std::nullopt;
  AffineValue R;
  R.Base = std::move(*V);
  return R;
}

std::optional<AffineValue> AffineEvaluator::rec(const Expr *E,
                                                unsigned Depth) {
  if (Depth > MaxExprDepth)
    return std::nullopt;
  if (!E->hasThreadIdx())
    return uniform(E, Depth);
  IntType T = E->type();
  // ThreadEvaluator wraps a per-lane constant into its node's type: the
  // shortcut is exact only where that wrap changes nothing.
  auto Wrapped = [&](AffineValue V) -> std::optional<AffineValue> {
    Range R = rangeOf(V, Box);
    if (V.Base.Terms.empty() ? !fits(T, R) : !fits64(R))
      return std::nullopt;
    return V;
  };
  switch (E->kind()) {
  case ExprKind::ThreadIdx: {
    AffineValue V;
    V.Coef[unsigned(E->dim())] = 1;
    return Wrapped(V);
  }
  case ExprKind::Add: {
    AffineValue Acc;
    for (const Expr *O : E->ops()) {
      std::optional<AffineValue> V = rec(O, Depth + 1);
      if (!V)
        return V;
      AffineValue S;
      S.Base = symops::sum(Acc.Base, V->Base);
      if (__builtin_add_overflow(Acc.Base.Const, V->Base.Const, &S.Base.Const))
        return std::nullopt;
      for (unsigned D = 0; D < 3; ++D)
        if (__builtin_add_overflow(Acc.Coef[D], V->Coef[D], &S.Coef[D]))
          return std::nullopt;
      if (!fits64(rangeOf(S, Box)))
        return std::nullopt;
      Acc = std::move(S);
    }
    Range R = rangeOf(Acc, Box);
    return fits(T, R) ? std::optional<AffineValue>(Acc) : std::nullopt;
  }
  case ExprKind::Mul: {
    AffineValue Acc = constantValue(1);
    for (const Expr *O : E->ops()) {
      std::optional<AffineValue> V = rec(O, Depth + 1);
      if (!V)
        return V;
      // ThreadEvaluator scales by whichever factor has no atoms; the product
      // stays affine when the scale does not vary by lane.
      std::optional<AffineValue> P;
      if (V->Base.Terms.empty() && V->laneIndependent())
        P = scale(Acc, V->Base.Const);
      else if (Acc.Base.Terms.empty() && Acc.laneIndependent())
        P = scale(*V, Acc.Base.Const);
      if (!P || !fits64(rangeOf(*P, Box)))
        return std::nullopt;
      Acc = std::move(*P);
    }
    Range R = rangeOf(Acc, Box);
    return fits(T, R) ? std::optional<AffineValue>(Acc) : std::nullopt;
  }
  case ExprKind::Cast: {
    std::optional<AffineValue> V = rec(E->op(0), Depth + 1);
    if (!V || !V->Base.Terms.empty())
      return V; // ThreadEvaluator keeps a value with atoms as it is.
    return Wrapped(*V);
  }
  case ExprKind::Select: {
    std::optional<AffineValue> C = rec(E->op(0), Depth + 1);
    if (!C)
      return C;
    if (C->Base.Terms.empty()) {
      std::optional<bool> B = truth(*C, Box);
      if (!B)
        return std::nullopt;
      return rec(E->op(*B ? 1 : 2), Depth + 1);
    }
    std::optional<AffineValue> X = rec(E->op(1), Depth + 1);
    std::optional<AffineValue> Y = rec(E->op(2), Depth + 1);
    if (X && Y && identical(*X, *Y))
      return X;
    return std::nullopt;
  }
  case ExprKind::LogicalNot: {
    std::optional<AffineValue> V = rec(E->op(0), Depth + 1);
    if (!V || !V->Base.Terms.empty())
      return std::nullopt;
    if (V->laneIndependent())
      return uniform(E, Depth);
    std::optional<bool> B = truth(*V, Box);
    if (!B)
      return std::nullopt;
    return constantValue(T.wrap(!*B));
  }
  case ExprKind::Div:
  case ExprKind::Rem:
  case ExprKind::Shl:
  case ExprKind::Shr:
  case ExprKind::And:
  case ExprKind::Or:
  case ExprKind::Xor:
  case ExprKind::Min:
  case ExprKind::Max:
  case ExprKind::Eq:
  case ExprKind::Ne:
  case ExprKind::Lt:
  case ExprKind::Le:
  case ExprKind::LogicalAnd:
  case ExprKind::LogicalOr: {
    std::optional<AffineValue> X = rec(E->op(0), Depth + 1);
    if (!X)
      return X;
    std::optional<AffineValue> Y = rec(E->op(1), Depth + 1);
    if (!Y)
      return Y;
    if (X->laneIndependent() && Y->laneIndependent())
      return uniform(E, Depth);
    return binary(E, std::move(*X), std::move(*Y), Depth);
  }
  default:
    return std::nullopt;
  }
}

std::optional<AffineValue> AffineEvaluator::binary(const Expr *E,
                                                   AffineValue X,
                                                   AffineValue Y,
                                                   unsigned Depth) {
  (void)Depth;
  IntType T = E->type();
  IntType OpT = E->op(0)->type();
  IntType P = OpT.Bits < 32 ? IntType::i32() : OpT; // C's promotion
  ExprKind K = E->kind();
  bool BothConstant = X.Base.Terms.empty() && Y.Base.Terms.empty();
  Range XR = rangeOf(X, Box), YR = rangeOf(Y, Box);
  if (!fits64(XR) || !fits64(YR))
    return std::nullopt;
  // A constant divisor, shift or mask that does not vary by lane.
  auto Divisor = [&]() -> std::optional<int64_t> {
    if (!Y.Base.Terms.empty() || !Y.laneIndependent())
      return std::nullopt;
    int64_t D = Y.Base.Const;
    if (K == ExprKind::Shr) {
      if (D < 0 || D >= 62 || (BothConstant && D >= P.Bits))
        return std::nullopt;
      D = int64_t(1) << D;
    }
    if (D <= 0)
      return std::nullopt;
    return D;
  };
  // x / D and x % D where every thread's x lies in one block of D (and x is
  // non-negative, so C's truncation is flooring).
  auto Bucket = [&](int64_t D) -> std::optional<int64_t> {
    if (XR.Lo < 0 || XR.Lo / D != XR.Hi / D)
      return std::nullopt;
    return int64_t(XR.Lo / D);
  };
  auto Checked = [&](AffineValue V) -> std::optional<AffineValue> {
    Range R = rangeOf(V, Box);
    if (V.Base.Terms.empty() ? !fits(T, R) : !fits64(R))
      return std::nullopt;
    return V;
  };

  if (BothConstant) {
    // ThreadEvaluator folds each lane's two constants with C's semantics in
    // the promoted type; for values that fit it (checked) and are
    // non-negative where the type is unsigned, these are the plain integer
    // answers below.
    if (!fits(OpT, XR) || !fits(OpT, YR))
      return std::nullopt;
    if (!P.Signed && (XR.Lo < 0 || YR.Lo < 0))
      return std::nullopt;
    switch (K) {
    case ExprKind::Div:
    case ExprKind::Rem:
    case ExprKind::Shr: {
      std::optional<int64_t> D = Divisor();
      if (!D)
        return std::nullopt;
      std::optional<int64_t> Q = Bucket(*D);
      if (!Q)
        return std::nullopt;
      if (K != ExprKind::Rem)
        return Checked(constantValue(*Q));
      X.Base.Const -= *Q * *D;
      return Checked(X);
    }
    case ExprKind::And: {
      // x & (2^k - 1) == x % 2^k for non-negative x.
      if (!Y.laneIndependent() || Y.Base.Const < 0 ||
          (Y.Base.Const & (Y.Base.Const + 1)) != 0 || Y.Base.Const >= INT64_MAX)
        return std::nullopt;
      std::optional<int64_t> Q = Bucket(Y.Base.Const + 1);
      if (!Q)
        return std::nullopt;
      X.Base.Const -= *Q * (Y.Base.Const + 1);
      return Checked(X);
    }
    case ExprKind::Shl: {
      if (!Y.laneIndependent() || Y.Base.Const < 0 ||
          Y.Base.Const >= std::min<int64_t>(P.Bits, 62) || XR.Lo < 0)
        return std::nullopt;
      std::optional<AffineValue> S = scale(X, int64_t(1) << Y.Base.Const);
      if (!S || !fits(P, rangeOf(*S, Box)))
        return std::nullopt;
      return Checked(*S);
    }
    case ExprKind::Min:
    case ExprKind::Max:
    case ExprKind::Eq:
    case ExprKind::Ne:
    case ExprKind::Lt:
    case ExprKind::Le: {
      std::optional<AffineValue> Dv = difference(X, Y);
      if (!Dv)
        return std::nullopt;
      Range DR = rangeOf(*Dv, Box);
      std::optional<bool> Below; // x - y < 0 everywhere, or >= 0 everywhere.
      std::optional<bool> Zero;  // x == y everywhere, or nowhere.
      if (DR.Hi < 0)
        Below = true, Zero = false;
      else if (DR.Lo > 0)
        Below = false, Zero = false;
      else if (DR.Lo == 0 && DR.Hi == 0)
        Below = false, Zero = true;
      else if (DR.Lo >= 0)
        Below = false;
      switch (K) {
      case ExprKind::Min:
      case ExprKind::Max: {
        // min(x, y) is x where x <= y: decided when the sign of x - y is.
        std::optional<bool> XSmall;
        if (DR.Hi <= 0)
          XSmall = true;
        else if (DR.Lo >= 0)
          XSmall = false;
        if (!XSmall)
          return std::nullopt;
        bool PickX = (K == ExprKind::Min) == *XSmall || (DR.Lo == 0 && DR.Hi == 0);
        return Checked(PickX ? X : Y);
      }
      case ExprKind::Lt:
        if (!Below)
          return std::nullopt;
        return constantValue(T.wrap(*Below));
      case ExprKind::Le: {
        if (DR.Hi <= 0)
          return constantValue(T.wrap(1));
        if (DR.Lo > 0)
          return constantValue(T.wrap(0));
        return std::nullopt;
      }
      case ExprKind::Eq:
      case ExprKind::Ne:
        if (!Zero)
          return std::nullopt;
        return constantValue(T.wrap(*Zero == (K == ExprKind::Eq)));
      default:
        return std::nullopt;
      }
    }
    case ExprKind::LogicalAnd:
    case ExprKind::LogicalOr: {
      std::optional<bool> A = truth(X, Box), B = truth(Y, Box);
      if (!A || !B)
        return std::nullopt;
      bool V = K == ExprKind::LogicalAnd ? (*A && *B) : (*A || *B);
      return constantValue(T.wrap(V));
    }
    default:
      return std::nullopt;
    }
  }

  // At least one operand has warp-uniform atoms: ThreadEvaluator's symbolic
  // rules, applied to the box.
  switch (K) {
  case ExprKind::Div:
  case ExprKind::Rem:
  case ExprKind::Shr: {
    std::optional<int64_t> D = Divisor();
    if (!D)
      return std::nullopt;
    for (const auto &[A, C] : X.Base.Terms)
      if (C % *D != 0)
        return std::nullopt;
    std::optional<int64_t> Q = Bucket(*D);
    if (!Q)
      return std::nullopt;
    if (K == ExprKind::Rem) {
      AffineValue R = X;
      R.Base.Terms.clear();
      R.Base.Const -= *Q * *D;
      return R;
    }
    AffineValue R;
    for (const auto &[A, C] : X.Base.Terms)
      R.Base.Terms.push_back({A, C / *D});
    R.Base.Const = *Q;
    return R;
  }
  case ExprKind::Shl: {
    if (!Y.Base.Terms.empty() || !Y.laneIndependent() || Y.Base.Const < 0 ||
        Y.Base.Const >= 62)
      return std::nullopt;
    std::optional<AffineValue> S = scale(X, int64_t(1) << Y.Base.Const);
    if (!S || !fits64(rangeOf(*S, Box)))
      return std::nullopt;
    return S;
  }
  case ExprKind::Min:
  case ExprKind::Max:
  case ExprKind::Eq:
  case ExprKind::Ne:
  case ExprKind::Lt:
  case ExprKind::Le: {
    if (!X.Base.sameTerms(Y.Base))
      return std::nullopt;
    std::optional<AffineValue> Dv = difference(X, Y);
    if (!Dv)
      return std::nullopt;
    Range DR = rangeOf(*Dv, Box);
    auto Decide = [&](auto Pred) -> std::optional<bool> {
      bool AtLo = Pred(DR.Lo), AtHi = Pred(DR.Hi);
      // Every predicate below is monotone in x - y or an equality.
      if (AtLo != AtHi)
        return std::nullopt;
      return AtLo;
    };
    switch (K) {
    case ExprKind::Min:
    case ExprKind::Max: {
      std::optional<bool> XSmall = Decide([](Wide D) { return D <= 0; });
      if (!XSmall)
        return std::nullopt;
      return (K == ExprKind::Min) == *XSmall ? X : Y;
    }
    case ExprKind::Lt: {
      std::optional<bool> B = Decide([](Wide D) { return D < 0; });
      return B ? std::optional<AffineValue>(constantValue(T.wrap(*B)))
               : std::nullopt;
    }
    case ExprKind::Le: {
      std::optional<bool> B = Decide([](Wide D) { return D <= 0; });
      return B ? std::optional<AffineValue>(constantValue(T.wrap(*B)))
               : std::nullopt;
    }
    default: {
      std::optional<bool> Equal;
      if (DR.Lo == 0 && DR.Hi == 0)
        Equal = true;
      else if (DR.Lo > 0 || DR.Hi < 0)
        Equal = false;
      if (!Equal)
        return std::nullopt;
      return constantValue(T.wrap(*Equal == (K == ExprKind::Eq)));
    }
    }
  }
  case ExprKind::LogicalAnd:
  case ExprKind::LogicalOr: {
    bool IsAnd = K == ExprKind::LogicalAnd;
    for (const AffineValue *V : {&X, &Y}) {
      if (!V->Base.Terms.empty())
        continue;
      std::optional<bool> B = truth(*V, Box);
      if (!B)
        return std::nullopt;
      if (*B != IsAnd)
        return constantValue(T.wrap(IsAnd ? 0 : 1));
    }
    if (X.Base.Terms.empty())
      return Y;
    if (Y.Base.Terms.empty())
      return X;
    return std::nullopt;
  }
  default:
    return std::nullopt;
  }
}

} // namespace sym
} // namespace warplint
