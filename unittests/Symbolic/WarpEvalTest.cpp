//===- WarpEvalTest.cpp - Lane addresses of an access across a block ------===//
#include "Symbolic/WarpEval.h"
#include "Symbolic/ExprParser.h"

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
