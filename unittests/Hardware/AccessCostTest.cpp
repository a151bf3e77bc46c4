//===- AccessCostTest.cpp - Sectors and wavefronts from index expressions -===//
#include "Hardware/AccessCost.h"
#include "Hardware/HardwareModel.h"
#include "TestSupport/ExprParser.h"

#include "gtest/gtest.h"

using namespace warplint;
using namespace warplint::hw;
using namespace warplint::sym;

namespace {

struct Access {
  const char *Index;
  unsigned Bytes = 4;
  std::array<unsigned, 3> Block = {32, 1, 1};
  MemorySpace Space = MemorySpace::Global;
  const char *Guard = nullptr;
  std::optional<std::array<unsigned, 3>> Grid = std::nullopt;
};

AccessReport run(const Access &A, const char *Arch = "sm_90", Bindings B = {}) {
  static ExprContext C; // Shared: uniquing across tests is harmless.
  AccessQuery Q;
  Q.Index = *parseExpr(C, A.Index);
  Q.ElementBytes = A.Bytes;
  Q.Space = A.Space;
  if (A.Guard)
    Q.Guard = *parseExpr(C, A.Guard);
  LaunchShape S;
  S.BlockDim = A.Block;
  S.GridDim = A.Grid;
  return analyzeAccess(C, *hw::findBuiltinModel(Arch), Q, S, B);
}

double sectors(const AccessReport &R) { return R.perRequest(R.Sectors); }
double wavefronts(const AccessReport &R) { return R.perRequest(R.Wavefronts); }

TEST(AccessCost, CoalescedRowIsFourSectors) {
  AccessReport R = run({"blockIdx.x * blockDim.x + threadIdx.x"});
  EXPECT_TRUE(R.exact());
  EXPECT_EQ(sectors(R), 4);
}

TEST(AccessCost, ColumnAccessOf32x8TileIs32Sectors) {
  EXPECT_EQ(sectors(run({"tx * 1024 + ty", 4, {32, 8, 1}})), 32);
}

TEST(AccessCost, HalfWarpRowsOf16x16BlockTakeTwoRows) {
  EXPECT_EQ(sectors(run({"ty * 1024 + tx", 4, {16, 16, 1}})), 4);
}

TEST(AccessCost, BlockIdxCancelsBetweenLanes) {
  AccessReport R = run({"(blockIdx.x * 256 + threadIdx.x) * 2"});
  EXPECT_TRUE(R.exact());
  EXPECT_EQ(sectors(R), 8);
}

TEST(AccessCost, RuntimeStrideIsReportedWithItsAssumption) {
  AccessReport R = run({"threadIdx.x * stride"});
  EXPECT_FALSE(R.exact());
  EXPECT_EQ(R.RuntimeCoefficient, "stride");
  ASSERT_EQ(R.Assumptions.size(), 1u);
  EXPECT_NE(R.Assumptions[0].find("assumed 1024"), std::string::npos);
  EXPECT_EQ(sectors(R), 32);
}

TEST(AccessCost, BoundRuntimeStrideIsExact) {
  AccessReport R = run({"threadIdx.x * stride"}, "sm_90", {{"stride", 2}});
  EXPECT_TRUE(R.exact());
  EXPECT_EQ(sectors(R), 8);
}

TEST(AccessCost, UnknownAlignmentIsAssumedAndTheWorstCaseGiven) {
  AccessReport R = run({"blockIdx.x * 33 + threadIdx.x"});
  EXPECT_FALSE(R.exact());
  EXPECT_EQ(sectors(R), 4);
  EXPECT_EQ(R.WorstSectorsPerRequest, 5);
}

TEST(AccessCost, KnownGridResolvesAlignmentExactly) {
  AccessReport R = run({"bx * 33 + tx",
                        4,
                        {32, 1, 1},
                        MemorySpace::Global,
                        nullptr,
                        std::array<unsigned, 3>{4, 1, 1}});
  EXPECT_TRUE(R.exact());
  EXPECT_EQ(sectors(R), 4.75);
}

TEST(AccessCost, GuardsMaskLanes) {
  AccessReport R = run({"tx", 4, {32, 1, 1}, MemorySpace::Global, "tx < 8"});
  EXPECT_EQ(R.Warps[0].ActiveLanes, 8u);
  EXPECT_EQ(sectors(R), 1);
}

TEST(AccessCost, PartialLastWarpHasFewerLanes) {
  AccessReport R = run({"tx", 4, {48, 1, 1}});
  EXPECT_EQ(R.Warps[1].ActiveLanes, 16u);
  EXPECT_EQ(sectors(R), 3);
}

TEST(AccessCost, LaneVaryingLoadGivesNoPrediction) {
  ExprContext C;
  AccessQuery Q;
  Q.Index = C.add(C.threadIdx(Dim::X), C.unknown("idx[threadIdx.x]"));
  LaunchShape S;
  AccessReport R = analyzeAccess(C, *hw::findBuiltinModel("sm_90"), Q, S);
  EXPECT_FALSE(R.Ok);
  EXPECT_NE(R.Failure.find("idx[threadIdx.x]"), std::string::npos);
}

TEST(AccessCost, SharedTransposeWithoutPaddingIs32Way) {
  AccessReport R = run({"tx * 32 + ty", 4, {32, 8, 1}, MemorySpace::Shared});
  EXPECT_EQ(wavefronts(R), 32);
  EXPECT_EQ(R.MaxConflictDegree, 32u);
}

TEST(AccessCost, SharedTransposeWithPaddingIsConflictFree) {
  EXPECT_EQ(
      wavefronts(run({"tx * 33 + ty", 4, {32, 8, 1}, MemorySpace::Shared})), 1);
}

TEST(AccessCost, SharedFloat4RowTakesFourWavefronts) {
  EXPECT_EQ(wavefronts(run({"tx", 16, {32, 1, 1}, MemorySpace::Shared})), 4);
}

TEST(AccessCost, DumpShowsOffsetsAndVerdict) {
  static ExprContext C;
  AccessQuery Q;
  Q.Index = *parseExpr(C, "tx * 2");
  LaunchShape S;
  const hw::HardwareModel &M = *hw::findBuiltinModel("sm_90");
  std::string D = dumpAccess(Q, analyzeAccess(C, M, Q, S), M);
  EXPECT_NE(D.find("offsets [0 8 16"), std::string::npos) << D;
  EXPECT_NE(D.find("8 sectors (ideal 4)"), std::string::npos) << D;
}

/// Everything analyzeAccess reports, as text: the dump plus the fields the
/// dump leaves out.
std::string everything(const AccessQuery &Q, const AccessReport &R,
                       const hw::HardwareModel &M) {
  std::string S = dumpAccess(Q, R, M);
  S += R.Failure + "|" + R.RuntimeCoefficient + "|" +
       std::to_string(R.RuntimeValue) + "|" + std::to_string(R.Requests) + "|" +
       std::to_string(R.BlocksCovered) + "|" + std::to_string(R.Sectors) + "|" +
       std::to_string(R.Lines) + "|" + std::to_string(R.Transactions) + "|" +
       std::to_string(R.Wavefronts) + "|" +
       std::to_string(R.WorstSectorsPerRequest);
  for (const WarpCost &W : R.Warps) {
    S += "\nwarp " + std::to_string(W.Warp) + ":";
    for (size_t L = 0; L < W.Addresses.size(); ++L)
      S += " " + std::to_string(W.Active[L]) + "@" +
           std::to_string(W.Addresses[L]);
  }
  return S;
}

// The same access of two instantiations of a kernel (reduce<int> and
// reduce<float>: the same index, width, guard, shape and bindings) is priced
// once per file; every other input is part of the key.
TEST(AccessMemo, SameInputsAreEvaluatedOnceAndGiveTheSameReport) {
  static ExprContext C;
  const hw::HardwareModel &M = *hw::findBuiltinModel("sm_90");
  AccessQuery Q;
  Q.Index = *parseExpr(C, "blockIdx.x * 33 + threadIdx.x * stride");
  Q.Guard = *parseExpr(C, "threadIdx.x < n");
  LaunchShape S;
  S.BlockDim = {128, 1, 1};
  Bindings B = {{"n", 100}};
  AccessMemo Memo;
  std::string Fresh = everything(Q, analyzeAccess(C, M, Q, S, B), M);
  EXPECT_EQ(everything(Q, Memo.analyze(C, M, Q, S, B), M), Fresh);
  EXPECT_EQ(everything(Q, Memo.analyze(C, M, Q, S, B), M), Fresh);
  EXPECT_EQ(Memo.evaluations(), 1u);
  EXPECT_EQ(Memo.reuses(), 1u);

  // Each input changes the key.
  Bindings B2 = {{"n", 100}, {"stride", 2}};
  Memo.analyze(C, M, Q, S, B2);
  AccessQuery Q2 = Q;
  Q2.ElementBytes = 8;
  Memo.analyze(C, M, Q2, S, B);
  Q2 = Q;
  Q2.Space = MemorySpace::Shared;
  Memo.analyze(C, M, Q2, S, B);
  Q2 = Q;
  Q2.IsStore = true;
  Memo.analyze(C, M, Q2, S, B);
  Q2 = Q;
  Q2.BaseOffsetBytes = 4;
  Memo.analyze(C, M, Q2, S, B);
  Q2 = Q;
  Q2.BaseAlignment = 16;
  Memo.analyze(C, M, Q2, S, B);
  Q2 = Q;
  Q2.Guard = nullptr;
  Memo.analyze(C, M, Q2, S, B);
  LaunchShape S2 = S;
  S2.GridDim = std::array<unsigned, 3>{2, 1, 1};
  Memo.analyze(C, M, Q, S2, B);
  S2 = S;
  S2.BlockDim = {64, 2, 1};
  Memo.analyze(C, M, Q, S2, B);
  Memo.analyze(C, M, Q, S, B, 512);
  Memo.analyze(C, *hw::findBuiltinModel("sm_80"), Q, S, B);
  EXPECT_EQ(Memo.evaluations(), 12u);
  EXPECT_EQ(Memo.reuses(), 1u);
  EXPECT_EQ(everything(Q2, Memo.analyze(C, M, Q2, S, B), M),
            everything(Q2, analyzeAccess(C, M, Q2, S, B), M));
  EXPECT_EQ(Memo.reuses(), 2u);
}

} // namespace
