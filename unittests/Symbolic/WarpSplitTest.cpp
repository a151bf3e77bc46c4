//===- WarpSplitTest.cpp - The lane-set domain of divergence --------------===//
#include "Symbolic/WarpSplit.h"
#include "TestSupport/ExprParser.h"

#include "gtest/gtest.h"

using namespace warplint;
using namespace warplint::sym;

namespace {

ExprContext &ctx() {
  static ExprContext C; // Shared: uniquing across tests is harmless.
  return C;
}

const Expr *parse(const char *Text) { return *parseExpr(ctx(), Text); }

WarpSplit cond(const char *Text, std::array<unsigned, 3> Block) {
  LaunchShape S;
  S.BlockDim = Block;
  return splitOfCondition(ctx(), parse(Text), S);
}

WarpSplit trips(const char *Start, const char *Bound, const char *Step,
                std::array<unsigned, 3> Block) {
  LaunchShape S;
  S.BlockDim = Block;
  return splitOfTrips(ctx(), parse(Start), parse(Bound), parse(Step), false, S);
}

TEST(WarpSplit, EvenAndOddLanesSplitEveryWarpExactly) {
  WarpSplit S = cond("threadIdx.x % 2 == 0", {64, 1, 1});
  ASSERT_EQ(S.K, WarpSplit::Kind::Masks);
  EXPECT_EQ(S.divergentWarps(), 2u);
  EXPECT_DOUBLE_EQ(S.wastedBranchSlots(20, 0), 2 * 16 * 20);
}

TEST(WarpSplit, WarpIndexConditionIsUniform) {
  EXPECT_EQ(cond("threadIdx.x / 32 == 2", {256, 1, 1}).K,
            WarpSplit::Kind::Uniform);
}

TEST(WarpSplit, FewLanesOfOneWarpAreAMask) {
  WarpSplit S = cond("threadIdx.x < 16", {256, 1, 1});
  ASSERT_EQ(S.K, WarpSplit::Kind::Masks);
  EXPECT_EQ(S.divergentWarps(), 1u);
}

TEST(WarpSplit, TailGuardIsOneCrossingPerBlock) {
  WarpSplit S = cond("blockIdx.x * blockDim.x + threadIdx.x < n", {256, 1, 1});
  ASSERT_EQ(S.K, WarpSplit::Kind::Pieces);
  EXPECT_EQ(S.Pieces, 1u);
  EXPECT_EQ(S.divergentWarps(), 1u);
  EXPECT_EQ(S.EdgeBlockDims, 1u); // and only in the block that holds n
}

TEST(WarpSplit, TwoDimensionalGuardSplitsTheEdgeRowAndColumnOfBlocks) {
  WarpSplit S = cond("bx * 32 + threadIdx.x < w && by * 8 + threadIdx.y < h",
                     {32, 8, 1});
  ASSERT_EQ(S.K, WarpSplit::Kind::Pieces);
  EXPECT_EQ(S.EdgeBlockDims, 3u); // a column of blocks for w, a row for h
}

TEST(WarpSplit, BlockLocalBoundSplitsInEveryBlock) {
  WarpSplit S = cond("threadIdx.x < n", {256, 1, 1});
  ASSERT_EQ(S.K, WarpSplit::Kind::Pieces);
  EXPECT_EQ(S.EdgeBlockDims, 0u);
}

TEST(WarpSplit, EdgeWindowIsTwoCrossingsPerPeriod) {
  WarpSplit S = cond("bx * 16 + threadIdx.x >= 1 && bx * 16 + threadIdx.x < w",
                     {16, 16, 1});
  ASSERT_EQ(S.K, WarpSplit::Kind::Pieces);
  EXPECT_EQ(S.Pieces, 32u); // two comparisons, one piece per row of 16
  EXPECT_EQ(S.Period, 16u); // each piece a row: two crossings per period
}

TEST(WarpSplit, ClampedBoundComparesEachArm) {
  WarpSplit S = cond("threadIdx.x < min(s, n - blockIdx.x * 256)", {256, 1, 1});
  ASSERT_EQ(S.K, WarpSplit::Kind::Pieces);
  EXPECT_EQ(S.divergentWarps(), 2u); // one crossing per arm
}

TEST(WarpSplit, RuntimeMultipleOfTheLaneIsUnknown) {
  WarpSplit S = cond("threadIdx.x * n < m", {256, 1, 1});
  EXPECT_EQ(S.K, WarpSplit::Kind::Unknown);
  EXPECT_EQ(S.divergentWarps(), 8u);
}

TEST(WarpSplit, BlockStrideLoopHasAGapOfOneInOneWarp) {
  WarpSplit S = trips("threadIdx.x", "n", "blockDim.x", {256, 1, 1});
  ASSERT_EQ(S.K, WarpSplit::Kind::TripGap);
  EXPECT_EQ(S.Gap, 1);
  EXPECT_EQ(S.GapWarps, 1u);
}

TEST(WarpSplit, GridStrideLoopHasAGapOfOneInOneWarp) {
  WarpSplit S = trips("blockIdx.x * blockDim.x + threadIdx.x", "n",
                      "blockDim.x * gridDim.x", {256, 1, 1});
  ASSERT_EQ(S.K, WarpSplit::Kind::TripGap);
  EXPECT_EQ(S.Gap, 1);
  EXPECT_EQ(S.GapWarps, 1u);
}

TEST(WarpSplit, GridStrideOverTheWholeGridHasAGapOfOneInOneWarp) {
  // cooperative groups' grid.size(): every grid dimension is at least 1, so
  // the step is at least the block's span.
  WarpSplit S = trips("blockIdx.x * blockDim.x + threadIdx.x", "n",
                      "blockDim.x * gridDim.x * gridDim.y * gridDim.z",
                      {256, 1, 1});
  ASSERT_EQ(S.K, WarpSplit::Kind::TripGap) << S.describe();
  EXPECT_EQ(S.Gap, 1);
  EXPECT_EQ(S.GapWarps, 1u);
}

TEST(WarpSplit, WarpStridedLoopHasAGapOfOneInEveryWarp) {
  WarpSplit S = trips("threadIdx.x", "n", "32", {256, 1, 1});
  ASSERT_EQ(S.K, WarpSplit::Kind::TripGap);
  EXPECT_EQ(S.Gap, 1);
  EXPECT_EQ(S.GapWarps, 8u);
}

TEST(WarpSplit, LaneBoundLoopIdlesExactTrips) {
  WarpSplit S = trips("0", "threadIdx.x", "1", {32, 1, 1});
  ASSERT_EQ(S.K, WarpSplit::Kind::TripGap);
  EXPECT_EQ(S.Gap, 31);
  EXPECT_EQ(*S.IdleLaneTrips, 31u * 32 / 2); // sum of 31 - l over the lanes
}

TEST(WarpSplit, SameTripsFromDifferentStartsIsUniform) {
  EXPECT_EQ(trips("threadIdx.x", "threadIdx.x + rows", "1", {256, 1, 1}).K,
            WarpSplit::Kind::Uniform);
}

TEST(WarpSplit, LaneVaryingStepIsUnknown) {
  EXPECT_EQ(trips("0", "n", "threadIdx.x + 1", {64, 1, 1}).K,
            WarpSplit::Kind::Unknown);
}

} // namespace
