//===- WarpEvalTest.cpp - Lane addresses of an access across a block ------===//
#include "Symbolic/WarpEval.h"
#include "Symbolic/WarpAffine.h"
#include "TestSupport/ExprParser.h"

#include "gtest/gtest.h"

using namespace warplint;
using namespace warplint::sym;

namespace {

BlockLanes lanes(const char *Index, std::array<unsigned, 3> Block,
                 const char *Guard = nullptr, unsigned Bytes = 4,
                 int64_t Residue = 0) {
  static ExprContext C; // Shared: uniquing across tests is harmless.
  AccessQuery Q;
  Q.Index = *parseExpr(C, Index);
  Q.ElementBytes = Bytes;
  if (Guard)
    Q.Guard = *parseExpr(C, Guard);
  LaunchShape S;
  S.BlockDim = Block;
  return evaluateLanes(C, Q, S, {}, nullptr, Residue);
}

TEST(WarpEval, RowOfFloatsIsFourBytesApart) {
  BlockLanes R = lanes("blockIdx.x * blockDim.x + threadIdx.x", {64, 1, 1});
  ASSERT_TRUE(R.Ok) << R.Failure;
  ASSERT_EQ(R.Warps.size(), 2u);
  for (const WarpLanes &W : R.Warps) {
    EXPECT_EQ(W.ActiveLanes, 32u);
    ASSERT_EQ(W.LaneOffsets.size(), 32u);
    for (unsigned L = 0; L < 32; ++L)
      EXPECT_EQ(W.LaneOffsets[L], int64_t(4 * L));
  }
  // Warp 1 starts 32 floats after warp 0: addresses are not per-warp offsets.
  EXPECT_EQ(R.Warps[1].Addresses[0] - R.Warps[0].Addresses[0], 128u);
  // blockIdx.x * 64 floats: the runtime part is a multiple of 256 bytes.
  EXPECT_EQ(R.RuntimeAlign, 256);
  EXPECT_EQ(R.RuntimeText, "blockIdx.x");
  EXPECT_FALSE(R.RuntimeGuard);
}

TEST(WarpEval, GuardAndBlockEndDeactivateLanes) {
  BlockLanes R = lanes("tx", {48, 1, 1}, "tx < 40");
  ASSERT_TRUE(R.Ok) << R.Failure;
  ASSERT_EQ(R.Warps.size(), 2u);
  EXPECT_EQ(R.Warps[0].ActiveLanes, 32u);
  // Lanes 32-39 pass the guard, 40-47 do not, 48-63 are past the block.
  EXPECT_EQ(R.Warps[1].ActiveLanes, 8u);
  ASSERT_EQ(R.Warps[1].Active.size(), 32u);
  EXPECT_TRUE(R.Warps[1].Active[7]);
  EXPECT_FALSE(R.Warps[1].Active[8]);
  EXPECT_FALSE(R.Warps[1].Active[31]);
  EXPECT_EQ(R.Warps[1].LaneOffsets.size(), 8u);
}

TEST(WarpEval, AddressesBelowTheBaseAreShiftedKeepingResidues) {
  BlockLanes R = lanes("tx - 40", {32, 1, 1});
  ASSERT_TRUE(R.Ok) << R.Failure;
  const WarpLanes &W = R.Warps[0];
  EXPECT_EQ(W.Addresses[0], 4096u - 160u);
  EXPECT_EQ(W.LaneOffsets[31], 124);
}

TEST(WarpEval, ResidueShiftsEveryAddress) {
  BlockLanes R = lanes("tx * 2", {32, 1, 1}, nullptr, 8, 16);
  ASSERT_TRUE(R.Ok) << R.Failure;
  EXPECT_EQ(R.Warps[0].Addresses[0], 16u);
  EXPECT_EQ(R.Warps[0].Addresses[1], 32u);
}

TEST(WarpEval, RuntimeLaneStrideNamesItsValue) {
  BlockLanes R = lanes("threadIdx.x * stride", {32, 1, 1});
  EXPECT_FALSE(R.Ok);
  ASSERT_NE(R.Runtime, nullptr);
  EXPECT_EQ(R.Runtime->name(), "stride");
  EXPECT_NE(R.Failure.find("stride"), std::string::npos) << R.Failure;
}

TEST(WarpEval, UnevaluableGuardFailsAsAGuard) {
  BlockLanes R = lanes("tx", {32, 1, 1}, "tx < n * tx");
  EXPECT_FALSE(R.Ok);
  EXPECT_EQ(R.Failure.rfind("guard: ", 0), 0u) << R.Failure;
}

} // namespace

//===----------------------------------------------------------------------===//
// The affine shortcut (evaluateLanes derives each lane's value from one
// evaluation per warp where that is exact) must give exactly what evaluating
// every lane gives: same lanes, addresses, failures and runtime facts.
//===----------------------------------------------------------------------===//

namespace {

/// Small deterministic generator (no dependence on the standard library's
/// distributions, which differ between implementations).
struct Rng {
  uint64_t S;
  unsigned next(unsigned N) {
    S = S * 6364136223846793005ULL + 1442695040888963407ULL;
    return unsigned((S >> 33) % N);
  }
};

const Expr *randomExpr(ExprContext &C, Rng &R, unsigned Depth) {
  static const int64_t Consts[] = {0, 1, 2, 3, 4, 5, 7, 8, 16, 31, 32, 33,
                                   64, 100, 255, 256, 1024, -1, -3, -32};
  if (Depth == 0 || R.next(4) == 0) {
    switch (R.next(9)) {
    case 0:
    case 1:
    case 2:
      return C.threadIdx(Dim(R.next(3)));
    case 3:
      return C.blockIdx(Dim(R.next(2)));
    case 4:
      return C.blockDim(Dim(R.next(2)));
    case 5:
      return C.param(R.next(2) ? "n" : "m");
    case 6:
      return C.loopIV("s", 1, 512, 2);
    default:
      return C.constant(Consts[R.next(std::size(Consts))]);
    }
  }
  const Expr *A = randomExpr(C, R, Depth - 1);
  const Expr *B = randomExpr(C, R, Depth - 1);
  switch (R.next(24)) {
  case 0:
  case 1:
  case 2:
    return C.add(A, B);
  case 3:
    return C.sub(A, B);
  case 4:
  case 5:
    return C.mul(A, B);
  case 6:
    return C.div(A, B);
  case 7:
    return C.rem(A, B);
  case 8:
    return C.shl(A, C.constant(R.next(6)));
  case 9:
    return C.shr(A, C.constant(R.next(6)));
  case 10:
    return C.bitAnd(A, B);
  case 11:
    return C.bitOr(A, B);
  case 12:
    return C.bitXor(A, B);
  case 13:
    return C.min(A, B);
  case 14:
    return C.max(A, B);
  case 15:
    return C.lt(A, B);
  case 16:
    return C.le(A, B);
  case 17:
    return C.eq(A, B);
  case 18:
    return C.select(C.lt(A, B), A, randomExpr(C, R, Depth - 1));
  case 19:
    return C.logicalAnd(A, B);
  case 20:
    return C.logicalNot(A);
  case 21: {
    static const IntType Types[] = {IntType::u32(), IntType::i64(),
                                    {8, false}, {16, true}, IntType::u64()};
    return C.cast(A, Types[R.next(std::size(Types))]);
  }
  case 22:
    return C.div(A, C.constant(Consts[R.next(16)]));
  default:
    return C.rem(A, C.constant(Consts[R.next(16)]));
  }
}

void expectSame(const BlockLanes &A, const BlockLanes &B,
                const std::string &What) {
  ASSERT_EQ(A.Ok, B.Ok) << What;
  EXPECT_EQ(A.Failure, B.Failure) << What;
  EXPECT_EQ(A.Runtime, B.Runtime) << What;
  EXPECT_EQ(A.RuntimeAlign, B.RuntimeAlign) << What;
  EXPECT_EQ(A.RuntimeText, B.RuntimeText) << What;
  EXPECT_EQ(A.RuntimeGuard, B.RuntimeGuard) << What;
  ASSERT_EQ(A.Warps.size(), B.Warps.size()) << What;
  for (size_t W = 0; W < A.Warps.size(); ++W) {
    EXPECT_EQ(A.Warps[W].Warp, B.Warps[W].Warp) << What;
    EXPECT_EQ(A.Warps[W].ActiveLanes, B.Warps[W].ActiveLanes) << What;
    EXPECT_EQ(A.Warps[W].Active, B.Warps[W].Active) << What << " warp " << W;
    EXPECT_EQ(A.Warps[W].Addresses, B.Warps[W].Addresses)
        << What << " warp " << W;
    EXPECT_EQ(A.Warps[W].LaneOffsets, B.Warps[W].LaneOffsets) << What;
  }
}

} // namespace

TEST(WarpEvalShortcut, UsedForAnIndexLinearInThreadIdx) {
  ExprContext C;
  AccessQuery Q;
  Q.Index = *parseExpr(C, "blockIdx.x * blockDim.x * 2 + threadIdx.y * 64 + "
                          "threadIdx.x");
  Q.Guard = *parseExpr(C, "threadIdx.x < 16");
  LaunchShape S;
  S.BlockDim = {32, 8, 1};
  unsigned Before = laneShortcutWarps();
  BlockLanes Fast = evaluateLanes(C, Q, S);
  ASSERT_TRUE(Fast.Ok) << Fast.Failure;
  // Every warp is one row: the guard is per lane, but the index is affine.
  EXPECT_EQ(laneShortcutWarps() - Before, 8u);
  setLaneShortcut(false);
  BlockLanes Slow = evaluateLanes(C, Q, S);
  setLaneShortcut(true);
  EXPECT_EQ(laneShortcutWarps() - Before, 8u);
  expectSame(Fast, Slow, "row");
}

// An index affine over the whole block is evaluated once for the block, not
// once per warp; a guard that splits a warp is not, and falls back as before.
TEST(WarpEvalShortcut, OneEvaluationForTheBlockWhereItIsExact) {
  ExprContext C;
  AccessQuery Q;
  Q.Index = *parseExpr(C, "blockIdx.x * 256 + threadIdx.y * 32 + threadIdx.x");
  Q.Guard = *parseExpr(C, "threadIdx.x < 16");
  LaunchShape S;
  S.BlockDim = {32, 8, 1};
  unsigned Blocks = laneShortcutBlocks(), Warps = laneShortcutWarps();
  BlockLanes Fast = evaluateLanes(C, Q, S);
  ASSERT_TRUE(Fast.Ok) << Fast.Failure;
  EXPECT_EQ(laneShortcutBlocks() - Blocks, 1u);
  EXPECT_EQ(laneShortcutWarps() - Warps, 8u);
  setLaneShortcut(false);
  expectSame(Fast, evaluateLanes(C, Q, S), "block");
  setLaneShortcut(true);

  // threadIdx.x / 32 is one value per warp of a 64-wide block, not per block.
  Q.Index = *parseExpr(C, "(threadIdx.x / 32) * 1024 + threadIdx.x % 32");
  Q.Guard = nullptr;
  S.BlockDim = {64, 4, 1};
  Blocks = laneShortcutBlocks();
  Warps = laneShortcutWarps();
  Fast = evaluateLanes(C, Q, S);
  ASSERT_TRUE(Fast.Ok) << Fast.Failure;
  EXPECT_EQ(laneShortcutBlocks() - Blocks, 0u);
  EXPECT_EQ(laneShortcutWarps() - Warps, 8u);
  setLaneShortcut(false);
  expectSame(Fast, evaluateLanes(C, Q, S), "per warp");
  setLaneShortcut(true);
}

TEST(WarpEvalShortcut, AgreesWithEveryLaneOnRandomExpressions) {
  static const std::array<unsigned, 3> Shapes[] = {
      {32, 1, 1}, {64, 4, 1}, {16, 16, 1}, {8, 8, 4},  {48, 1, 1},
      {33, 3, 1}, {256, 1, 1}, {7, 5, 3},  {128, 2, 2}, {1, 64, 1}};
  ExprContext C;
  Rng R{14};
  unsigned Used = 0, Compared = 0, BlockWide = laneShortcutBlocks();
  for (unsigned I = 0; I < 3000; ++I) {
    AccessQuery Q;
    Q.Index = randomExpr(C, R, 1 + R.next(5));
    if (R.next(3) == 0)
      Q.Guard = randomExpr(C, R, 1 + R.next(4));
    Q.ElementBytes = 1u << R.next(5);
    LaunchShape S;
    S.BlockDim = Shapes[R.next(std::size(Shapes))];
    if (R.next(2))
      S.GridDim = std::array<unsigned, 3>{4, 2, 1};
    Bindings B;
    if (R.next(2))
      B["n"] = int64_t(R.next(70)) - 3;
    if (R.next(2))
      B["s"] = int64_t(1) << R.next(9);
    std::array<unsigned, 3> Blk = {R.next(4), R.next(2), 0};
    const std::array<unsigned, 3> *Block = R.next(2) ? &Blk : nullptr;
    int64_t Residue = R.next(4) == 0 ? 4 * R.next(32) : 0;
    unsigned Before = laneShortcutWarps();
    BlockLanes Fast = evaluateLanes(C, Q, S, B, Block, Residue);
    Used += laneShortcutWarps() - Before;
    setLaneShortcut(false);
    BlockLanes Slow = evaluateLanes(C, Q, S, B, Block, Residue);
    setLaneShortcut(true);
    std::string What = toString(Q.Index) +
                       (Q.Guard ? " if " + toString(Q.Guard) : "");
    expectSame(Fast, Slow, What);
    if (::testing::Test::HasFailure())
      return;
    Compared += Fast.Warps.size();
  }
  // The generator must exercise the shortcut, not only its fallback.
  EXPECT_GT(Used, Compared / 10);
  // ... and the one evaluation for a whole block.
  EXPECT_GT(laneShortcutBlocks() - BlockWide, 300u);
}
