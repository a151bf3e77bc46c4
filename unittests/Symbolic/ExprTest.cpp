//===- ExprTest.cpp - Canonical forms, and simplification by evaluation ---===//
#include "Symbolic/Expr.h"
#include "Symbolic/ConstantFold.h"
#include "TestSupport/ExprParser.h"

#include "gtest/gtest.h"
#include <random>

using namespace warplint::sym;

namespace {

class ExprTest : public ::testing::Test {
protected:
  ExprContext C;
  const Expr *tx() { return C.threadIdx(Dim::X); }
  const Expr *bx() { return C.blockIdx(Dim::X); }
  const Expr *k(int64_t V) { return C.constant(V, IntType::u32()); }
  const Expr *p(llvm::StringRef S) {
    auto E = parseExpr(C, S);
    EXPECT_TRUE(bool(E)) << S.str();
    return E ? *E : C.constant(0);
  }
};

TEST_F(ExprTest, AdditionIsCommutativeByConstruction) {
  EXPECT_EQ(C.add(tx(), bx()), C.add(bx(), tx()));
}

TEST_F(ExprTest, LikeTermsCombine) {
  EXPECT_EQ(C.add(tx(), tx()), C.mul(k(2), tx()));
}

TEST_F(ExprTest, SubtractingItselfIsZero) {
  EXPECT_TRUE(C.sub(C.mul(bx(), k(32)), C.mul(k(32), bx()))->isConstant(0));
}

TEST_F(ExprTest, ConstantsDistributeOverSums) {
  EXPECT_EQ(p("4 * (tx + 1)"), p("4 * tx + 4"));
}

TEST_F(ExprTest, ShiftByConstantIsMultiplication) {
  EXPECT_EQ(p("tx << 3"), p("tx * 8"));
}

TEST_F(ExprTest, IdentitiesFold) {
  EXPECT_EQ(p("tx / 1"), p("tx"));
  EXPECT_TRUE(p("tx % 1")->isConstant(0));
  EXPECT_EQ(p("tx ^ 0"), p("tx"));
  EXPECT_TRUE(p("tx ^ tx")->isConstant(0));
  EXPECT_EQ(p("min(tx, tx)"), p("tx"));
  EXPECT_EQ(p("1 ? tx : bx"), p("tx"));
}

TEST_F(ExprTest, ConstantFoldingFollowsC) {
  EXPECT_TRUE(p("-7 / 2")->isConstant(-3));
  EXPECT_TRUE(p("-7 % 2")->isConstant(-1));
  EXPECT_TRUE(p("(1 << 31) >> 31")->isConstant(-1)); // int: arithmetic shift
  EXPECT_TRUE(p("4294967295u + 1u")->isConstant(0)); // unsigned wraps
}

TEST_F(ExprTest, UnknownsNeverCancel) {
  const Expr *A = C.unknown("load"), *B = C.unknown("load");
  EXPECT_NE(A, B);
  EXPECT_FALSE(C.sub(A, B)->isConstant());
  EXPECT_TRUE(C.sub(A, A)->isConstant(0));
}

TEST_F(ExprTest, DepthBudgetStopsRunawayNesting) {
  const Expr *E = tx();
  for (int I = 0; I < 400; ++I)
    E = C.bitXor(C.mul(E, C.param("n")), C.param("m"));
  EXPECT_LE(E->depth(), MaxExprDepth);
  EXPECT_TRUE(E->hasUnknown());
}

TEST_F(ExprTest, PrintsReadableC) {
  EXPECT_EQ(toString(p("threadIdx.x + blockIdx.x * 32 - 1")),
            "threadIdx.x + 32 * blockIdx.x - 1");
}

/// Random expressions over a few leaves: evaluating the canonical node must
/// give the same value as evaluating the operations one by one.
TEST_F(ExprTest, SimplificationNeverChangesAValue) {
  std::mt19937_64 Rng(1234);
  const char *Ops[] = {"+", "-", "*",   "/",   "%", "<<", ">>", "&",
                       "|", "^", "min", "max", "<", "==", "?"};
  unsigned Checked = 0;
  for (int Trial = 0; Trial < 3000; ++Trial) {
    // Build the same random tree twice: once as text evaluated step by step
    // in 64-bit C semantics (reference), once through the factories.
    std::function<std::pair<std::string, std::function<std::optional<int64_t>(
                                             const int64_t *)>>(int)>
        Gen = [&](int Depth) {
          using Fn = std::function<std::optional<int64_t>(const int64_t *)>;
          if (Depth == 0 || Rng() % 4 == 0) {
            int Leaf = Rng() % 5;
            if (Leaf < 3) {
              static const char *Names[] = {"tx", "ty", "bx"};
              return std::make_pair(std::string(Names[Leaf]),
                                    Fn([Leaf](const int64_t *V) {
                                      return std::optional<int64_t>(V[Leaf]);
                                    }));
            }
            int64_t K = int64_t(Rng() % 67) - 33;
            return std::make_pair(
                "(" + std::to_string(K) + ")",
                Fn([K](const int64_t *) { return std::optional<int64_t>(K); }));
          }
          auto L = Gen(Depth - 1), R = Gen(Depth - 1);
          std::string LS = L.first, RS = R.first;
          Fn LF = L.second, RF = R.second;
          std::string Op = Ops[Rng() % 15];
          auto I32 = [](int64_t V) { return int64_t(int32_t(uint32_t(V))); };
          Fn F = [=](const int64_t *V) -> std::optional<int64_t> {
            auto A = LF(V), B = RF(V);
            if (!A || !B)
              return std::nullopt;
            int64_t X = *A, Y = *B;
            if (Op == "+")
              return I32(X + Y);
            if (Op == "-")
              return I32(X - Y);
            if (Op == "*")
              return I32(int64_t(uint64_t(X) * uint64_t(Y)));
            if (Op == "/")
              return Y == 0 || (X == INT32_MIN && Y == -1)
                         ? std::nullopt
                         : std::optional<int64_t>(X / Y);
            if (Op == "%")
              return Y == 0 || (X == INT32_MIN && Y == -1)
                         ? std::nullopt
                         : std::optional<int64_t>(X % Y);
            if (Op == "<<")
              return Y < 0 || Y >= 32 ? std::nullopt
                                      : std::optional<int64_t>(
                                            I32(int64_t(uint64_t(X) << Y)));
            if (Op == ">>")
              return Y < 0 || Y >= 32 ? std::nullopt
                                      : std::optional<int64_t>(X >> Y);
            if (Op == "&")
              return X & Y;
            if (Op == "|")
              return X | Y;
            if (Op == "^")
              return X ^ Y;
            if (Op == "min")
              return std::min(X, Y);
            if (Op == "max")
              return std::max(X, Y);
            if (Op == "<")
              return int64_t(X < Y);
            if (Op == "==")
              return int64_t(X == Y);
            return X != 0 ? Y : X; // "?": X ? Y : X
          };
          std::string S;
          if (Op == "min" || Op == "max")
            S = Op + "(" + LS + ", " + RS + ")";
          else if (Op == "?")
            S = "(" + LS + " ? " + RS + " : " + LS + ")";
          else
            S = "(" + LS + " " + Op + " " + RS + ")";
          return std::make_pair(S, F);
        };
    auto [Text, Ref] = Gen(4);
    const Expr *E = p(Text);
    for (int Sample = 0; Sample < 8; ++Sample) {
      int64_t V[3] = {int64_t(Rng() % 1024), int64_t(Rng() % 64),
                      int64_t(Rng() % 100000)};
      auto Want = Ref(V);
      if (!Want)
        continue; // Undefined behaviour in C: nothing to compare.
      Env En;
      En.ThreadIdx[0] = V[0];
      En.ThreadIdx[1] = V[1];
      En.BlockIdx[0] = V[2];
      auto Got = evaluate(E, En);
      ASSERT_TRUE(Got.has_value()) << Text << " -> " << toString(E);
      ASSERT_EQ(*Got, *Want) << Text << " -> " << toString(E);
      ++Checked;
    }
  }
  EXPECT_GT(Checked, 10000u);
}

} // namespace

namespace {
// The per-thread evaluator folds constants with foldBinaryConstants instead of
// building nodes: it must agree with the factories on every operator, type and
// edge value (wrapping, promotion of narrow types, division by zero, shifts out
// of range, && and || on non-boolean operands).
TEST(FoldBinaryConstants, AgreesWithTheFactories) {
  ExprContext C;
  const ExprKind Kinds[] = {
      ExprKind::Div, ExprKind::Rem, ExprKind::Shl,        ExprKind::Shr,
      ExprKind::And, ExprKind::Or,  ExprKind::Xor,        ExprKind::Min,
      ExprKind::Max, ExprKind::Eq,  ExprKind::Ne,         ExprKind::Lt,
      ExprKind::Le,  ExprKind::LogicalAnd, ExprKind::LogicalOr};
  const IntType Types[] = {IntType::i32(), IntType::u32(), IntType::i64(),
                           IntType::u64(), IntType::boolean(),
                           IntType{8, true}, IntType{16, false}};
  const int64_t Values[] = {0,  1,  -1, 2,         3,          7,
                            31, 32, 63, 64,        255,        -128,
                            65535,  INT32_MAX,     INT32_MIN,  INT64_MAX,
                            INT64_MIN, int64_t(1) << 40};
  unsigned Checked = 0;
  for (ExprKind K : Kinds)
    for (IntType T : Types)
      for (int64_t A : Values)
        for (int64_t B : Values) {
          const Expr *X = C.constant(A, T), *Y = C.constant(B, T);
          const Expr *F = nullptr;
          switch (K) {
          case ExprKind::Div: F = C.div(X, Y); break;
          case ExprKind::Rem: F = C.rem(X, Y); break;
          case ExprKind::Shl: F = C.shl(X, Y); break;
          case ExprKind::Shr: F = C.shr(X, Y); break;
          case ExprKind::And: F = C.bitAnd(X, Y); break;
          case ExprKind::Or: F = C.bitOr(X, Y); break;
          case ExprKind::Xor: F = C.bitXor(X, Y); break;
          case ExprKind::Min: F = C.min(X, Y); break;
          case ExprKind::Max: F = C.max(X, Y); break;
          case ExprKind::Eq: F = C.eq(X, Y); break;
          case ExprKind::Ne: F = C.ne(X, Y); break;
          case ExprKind::Lt: F = C.lt(X, Y); break;
          case ExprKind::Le: F = C.le(X, Y); break;
          case ExprKind::LogicalAnd: F = C.logicalAnd(X, Y); break;
          default: F = C.logicalOr(X, Y); break;
          }
          std::optional<int64_t> V = foldBinaryConstants(K, T, A, B);
          ASSERT_EQ(F->isConstant(), V.has_value())
              << int(K) << " " << int(T.Bits) << " " << A << " " << B;
          if (V)
            ASSERT_EQ(F->constant(), *V)
                << int(K) << " " << int(T.Bits) << " " << A << " " << B;
          ++Checked;
        }
  EXPECT_EQ(Checked, 15u * 7u * 18u * 18u);
}
} // namespace

// A join of `if (n < j + 1) x = j + 1 - n; else x = 1;` is max(j + 1 - n, 1);
// `if (n < e) x = n; else x = e;` is min(n, e); each checked by evaluation.
TEST(MinMaxOfSelect, ClampsWrittenAsTestsAreMinAndMax) {
  ExprContext C;
  const Expr *N = C.param("n"), *J = C.param("j");
  const Expr *One = C.constant(1);
  const Expr *Jp1 = C.add(J, One);
  struct Case {
    const Expr *Cond, *T, *F;
    ExprKind Want;
  } Cases[] = {
      {C.lt(N, Jp1), C.sub(Jp1, N), One, ExprKind::Max},
      {C.lt(N, J), N, J, ExprKind::Min},
      {C.lt(J, N), N, J, ExprKind::Max},
      {C.le(J, N), J, N, ExprKind::Min},
      {C.lt(C.sub(J, N), C.constant(0)), C.constant(0), C.sub(J, N),
       ExprKind::Max},
      {C.logicalNot(C.lt(N, J)), J, N, ExprKind::Min},
  };
  for (const Case &K : Cases) {
    const Expr *M = minMaxOfSelect(C, K.Cond, K.T, K.F);
    ASSERT_NE(M, nullptr) << toString(C.select(K.Cond, K.T, K.F));
    EXPECT_EQ(M->kind(), K.Want) << toString(M);
    const Expr *S = C.select(K.Cond, K.T, K.F);
    for (int64_t NV = -5; NV <= 5; ++NV)
      for (int64_t JV = -5; JV <= 5; ++JV) {
        Env V;
        V.Lookup = [&](llvm::StringRef Name) -> std::optional<int64_t> {
          return Name == "n" ? NV : JV;
        };
        EXPECT_EQ(evaluate(M, V), evaluate(S, V))
            << toString(S) << " n=" << NV << " j=" << JV;
      }
  }
}

TEST(MinMaxOfSelect, OtherSelectsAreNot) {
  ExprContext C;
  const Expr *N = C.param("n"), *J = C.param("j");
  // The test does not compare the two values.
  EXPECT_EQ(minMaxOfSelect(C, C.lt(N, J), C.constant(0), J), nullptr);
  EXPECT_EQ(minMaxOfSelect(C, C.eq(N, J), N, J), nullptr);
  // Unsigned: the difference may wrap, only the direct comparison counts.
  const Expr *U = C.param("u", IntType::u32()), *W = C.param("w", IntType::u32());
  const Expr *OneU = C.constant(1, IntType::u32());
  EXPECT_EQ(minMaxOfSelect(C, C.lt(U, C.add(W, OneU)), C.sub(C.add(W, OneU), U),
                           OneU),
            nullptr);
  EXPECT_NE(minMaxOfSelect(C, C.lt(U, W), U, W), nullptr);
}

// Products of sums multiplied out: a difference of two products that share
// terms cancels to what they do not share, and the value is unchanged.
TEST(ExpandProducts, SharedTermsCancel) {
  ExprContext C;
  // All unsigned, as threadIdx is: no conversion between the terms.
  const Expr *T = C.threadIdx(Dim::X), *N = C.param("n", IntType::u32()),
             *M = C.param("m", IntType::u32());
  const Expr *One = C.constant(1, IntType::u32());
  auto Expand = [&](const Expr *X, unsigned Budget = 32) {
    return expandProducts(C, X, Budget);
  };
  // (t + 1) * n - t * n = n
  const Expr *D = C.sub(Expand(C.mul(C.add(T, One), N)), Expand(C.mul(T, N)));
  EXPECT_EQ(D, N) << toString(D);
  // (t + 1) * (n + 1) - t * n - t - 1 = n
  const Expr *E = C.sub(Expand(C.mul(C.add(T, One), C.add(N, One))),
                        C.add(C.add(C.mul(T, N), T), One));
  EXPECT_EQ(Expand(E), N) << toString(Expand(E));
  // (t + 1) * m - t * n keeps the lane.
  EXPECT_TRUE(
      C.sub(Expand(C.mul(C.add(T, One), M)), Expand(C.mul(T, N)))->mayVaryByLane());
  // Evaluation agrees before and after.
  const Expr *P =
      C.mul(C.add(C.add(T, N), C.constant(3, IntType::u32())), C.sub(M, T));
  const Expr *X = Expand(P);
  for (int64_t TV = 0; TV < 4; ++TV)
    for (int64_t NV = -3; NV <= 3; ++NV)
      for (int64_t MV = -3; MV <= 3; ++MV) {
        Env V;
        V.Lookup = [&](llvm::StringRef Name) -> std::optional<int64_t> {
          return Name == "n" ? NV : MV;
        };
        V.ThreadIdx[0] = unsigned(TV);
        EXPECT_EQ(evaluate(X, V), evaluate(P, V)) << toString(X);
      }
  // Past the budget the product stays.
  EXPECT_EQ(Expand(P, 1), P);
}
