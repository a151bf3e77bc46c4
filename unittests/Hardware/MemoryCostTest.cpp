//===- MemoryCostTest.cpp - Sectors, lines and bank conflicts -------------===//
#include "Hardware/MemoryCost.h"

#include "gtest/gtest.h"
#include <vector>

using namespace warplint::hw;

namespace {

/// Lane i accesses Base + i * Stride (bytes); lanes >= Active are off.
std::vector<LaneAddress> strided(uint64_t Base, uint64_t Stride,
                                 unsigned Active = 32) {
  std::vector<LaneAddress> L(32);
  for (unsigned I = 0; I < 32; ++I)
    L[I] = {I < Active, Base + I * Stride};
  return L;
}

const HardwareModel &sm(const char *A) { return *findBuiltinModel(A); }

// Current Best Practices Guide 9.2.1: CC >= 6.0.
TEST(GlobalCost, UnitStrideFloatsTakeFourSectors) {
  EXPECT_EQ(globalAccessCost(sm("sm_90"), strided(0, 4), 4).Sectors, 4u);
}

TEST(GlobalCost, MisalignedFloatsTakeFiveSectors) {
  GlobalAccessCost C = globalAccessCost(sm("sm_90"), strided(4, 4), 4);
  EXPECT_EQ(C.Sectors, 5u);
  EXPECT_EQ(C.IdealSectors, 4u);
}

TEST(GlobalCost, StrideTwoHalvesEfficiency) {
  EXPECT_EQ(globalAccessCost(sm("sm_90"), strided(0, 8), 4).Sectors, 8u);
}

TEST(GlobalCost, StrideEightOrMoreTakesASectorPerLane) {
  EXPECT_EQ(globalAccessCost(sm("sm_90"), strided(0, 32), 4).Sectors, 32u);
  EXPECT_EQ(globalAccessCost(sm("sm_90"), strided(0, 4096), 4).Lines, 32u);
}

TEST(GlobalCost, UniformLoadIsOneSectorForFourUsefulBytes) {
  GlobalAccessCost C = globalAccessCost(sm("sm_90"), strided(64, 0), 4);
  EXPECT_EQ(C.Sectors, 1u);
  EXPECT_EQ(C.UsefulBytes, 4u);
}

TEST(GlobalCost, Float4RowsTakeSixteenSectorsAndFourLines) {
  GlobalAccessCost C = globalAccessCost(sm("sm_90"), strided(0, 16), 16);
  EXPECT_EQ(C.Sectors, 16u);
  EXPECT_EQ(C.Lines, 4u);
}

TEST(GlobalCost, FermiCountsCachedLines) {
  GlobalAccessCost C = globalAccessCost(sm("sm_20"), strided(4, 4), 4);
  EXPECT_EQ(C.Transactions, 2u);
  EXPECT_EQ(C.TransactionBytes, 256u);
}

// Best Practices Guide 2.3, 3.2.1: CC 1.2/1.3 half-warp protocol.
TEST(GlobalCost, CC13AlignedHalfWarpIsOne64ByteTransaction) {
  GlobalAccessCost C = globalAccessCost(sm("sm_13"), strided(0, 4), 4);
  EXPECT_EQ(C.Transactions, 2u); // one per half warp
  EXPECT_EQ(C.TransactionBytes, 128u);
}

TEST(GlobalCost, CC13OffsetOneWordUses128PlusSplitTransactions) {
  // offsetCopy, offset 1 word: even half-warp 1 x 128 B, odd 64 B + 32 B.
  GlobalAccessCost C = globalAccessCost(sm("sm_13"), strided(4, 4), 4);
  EXPECT_EQ(C.Transactions, 3u);
  EXPECT_EQ(C.TransactionBytes, 128u + 64 + 32);
}

TEST(GlobalCost, CC13OffsetEightWordsIsTheBlip) {
  // "the blip at the offset of 8": odd half-warp 2 x 32 B.
  GlobalAccessCost C = globalAccessCost(sm("sm_13"), strided(32, 4), 4);
  EXPECT_EQ(C.Transactions, 3u);
  EXPECT_EQ(C.TransactionBytes, 128u + 32 + 32);
}

TEST(GlobalCost, CC13LargeStrideIsSixteenTransactionsPerHalfWarp) {
  EXPECT_EQ(globalAccessCost(sm("sm_13"), strided(0, 128), 4).Transactions,
            32u);
}

TEST(GlobalCost, CC10AnyMisalignmentSerialises) {
  EXPECT_EQ(globalAccessCost(sm("sm_10"), strided(0, 4), 4).Transactions, 2u);
  EXPECT_EQ(globalAccessCost(sm("sm_10"), strided(4, 4), 4).Transactions, 32u);
}

// Shared memory: Best Practices Guide 9.2.2 / 2.3 3.2.2.1.
TEST(SharedCost, UnitStrideHasNoConflict) {
  EXPECT_EQ(sharedAccessCost(sm("sm_90"), strided(0, 4), 4, false).Wavefronts,
            1u);
}

TEST(SharedCost, StrideTwoWordsIsTwoWay) {
  EXPECT_EQ(
      sharedAccessCost(sm("sm_90"), strided(0, 8), 4, false).MaxConflictDegree,
      2u);
}

TEST(SharedCost, StrideThirtyTwoWordsIsThirtyTwoWay) {
  EXPECT_EQ(sharedAccessCost(sm("sm_90"), strided(0, 128), 4, false).Wavefronts,
            32u);
}

TEST(SharedCost, PaddedStrideThirtyThreeIsConflictFree) {
  EXPECT_EQ(sharedAccessCost(sm("sm_90"), strided(0, 132), 4, false).Wavefronts,
            1u);
}

TEST(SharedCost, SameWordIsABroadcast) {
  EXPECT_EQ(sharedAccessCost(sm("sm_90"), strided(8, 0), 4, false).Wavefronts,
            1u);
}

TEST(SharedCost, CC1xStrideSixteenIsSixteenWayPerHalfWarp) {
  SharedAccessCost C = sharedAccessCost(sm("sm_13"), strided(0, 64), 4, false);
  EXPECT_EQ(C.MaxConflictDegree, 16u);
  EXPECT_EQ(C.Phases, 2u);
}

TEST(SharedCost, DoublesTakeTwoPhases) {
  SharedAccessCost C = sharedAccessCost(sm("sm_90"), strided(0, 8), 8, false);
  EXPECT_EQ(C.Wavefronts, 2u);
  EXPECT_EQ(C.IdealWavefronts, 2u);
}

TEST(SharedCost, AdjacentLanesSharingADoubleMergeOnLoadsOnly) {
  std::vector<LaneAddress> L(32);
  for (unsigned I = 0; I < 32; ++I)
    L[I] = {true, (I / 2) * 8};
  EXPECT_EQ(sharedAccessCost(sm("sm_90"), L, 8, false).Wavefronts, 1u);
  EXPECT_EQ(sharedAccessCost(sm("sm_90"), L, 8, true).Wavefronts, 2u);
}

TEST(SharedCost, KeplerEightByteBanksServeDoublesInOnePass) {
  SharedAccessCost C =
      sharedAccessCost(sm("sm_35"), strided(0, 8), 8, false, true);
  EXPECT_EQ(C.Wavefronts, 1u);
}

} // namespace

// The per-lane layout the HTML report draws is the one the cost counts.
TEST(SharedLayout, ColumnOfATileIsOneBankEveryLaneConflicting) {
  std::vector<SharedLaneSlot> S =
      sharedLaneLayout(sm("sm_90"), strided(0, 128), 4, /*IsStore=*/false);
  ASSERT_EQ(S.size(), 32u);
  for (unsigned I = 0; I < 32; ++I) {
    EXPECT_EQ(S[I].FirstBank, 0u);
    EXPECT_EQ(S[I].FirstWord, I * 32u);
    EXPECT_TRUE(S[I].Conflict);
  }
}

TEST(SharedLayout, PaddedRowsSpreadOverEveryBank) {
  std::vector<SharedLaneSlot> S =
      sharedLaneLayout(sm("sm_90"), strided(0, 132), 4, false);
  for (unsigned I = 0; I < 32; ++I) {
    EXPECT_EQ(S[I].FirstBank, I);
    EXPECT_FALSE(S[I].Conflict);
  }
}

TEST(SharedLayout, BroadcastIsNoConflict) {
  for (const SharedLaneSlot &L :
       sharedLaneLayout(sm("sm_90"), strided(64, 0), 4, false))
    EXPECT_FALSE(L.Conflict);
}

TEST(SharedLayout, DoublesSplitIntoTwoPhasesOfTwoWords) {
  std::vector<SharedLaneSlot> S =
      sharedLaneLayout(sm("sm_90"), strided(0, 8), 8, /*IsStore=*/true);
  EXPECT_EQ(S[0].Phase, 0u);
  EXPECT_EQ(S[15].Phase, 0u);
  EXPECT_EQ(S[16].Phase, 1u);
  EXPECT_EQ(S[1].Words, 2u);
  EXPECT_EQ(S[1].FirstBank, 2u);
  EXPECT_FALSE(S[1].Conflict);
}
