//===- OccupancyTest.cpp - The guides' worked occupancy examples ----------===//
#include "Hardware/Occupancy.h"

#include "gtest/gtest.h"

using namespace warplint::hw;

namespace {

OccupancyResult occ(const char *Arch, unsigned Threads, unsigned Regs,
                    uint64_t Static = 0, uint64_t Dynamic = 0) {
  OccupancyInput In;
  In.ThreadsPerBlock = Threads;
  In.RegistersPerThread = Regs;
  In.StaticSharedMem = Static;
  In.DynamicSharedMem = Dynamic;
  return computeOccupancy(*findBuiltinModel(Arch), In);
}

// Best Practices Guide 2.3, 4.2: CC 1.0, 12 registers per thread.
TEST(Occupancy, G23_128ThreadBlocksGive83Percent) {
  OccupancyResult R = occ("sm_10", 128, 12);
  EXPECT_EQ(R.ActiveBlocks, 5u);
  EXPECT_EQ(R.ActiveWarps, 20u);
  EXPECT_EQ(R.Limiter, OccupancyLimiter::Registers);
}

TEST(Occupancy, G23_256ThreadBlocksGive66Percent) {
  OccupancyResult R = occ("sm_10", 256, 12);
  EXPECT_EQ(R.ActiveBlocks, 2u);
  EXPECT_NEAR(R.Occupancy, 16.0 / 24, 1e-9);
}

// Best Practices Guide 2.3, 4.4: CC 1.1, block size alone.
TEST(Occupancy, G23_512ThreadBlocksGive66PercentOn768Threads) {
  OccupancyResult R = occ("sm_11", 512, 1);
  EXPECT_EQ(R.ActiveBlocks, 1u);
  EXPECT_EQ(R.Limiter, OccupancyLimiter::Warps);
}

TEST(Occupancy, G23_256ThreadBlocksGive100PercentOn768Threads) {
  EXPECT_DOUBLE_EQ(occ("sm_11", 256, 1).Occupancy, 1.0);
}

// Current Best Practices Guide, 10.1.1: CC 7.0, 37 registers per thread.
TEST(Occupancy, GM_128ThreadBlocksGive75Percent) {
  OccupancyResult R = occ("sm_70", 128, 37);
  EXPECT_EQ(R.ActiveBlocks, 12u);
  EXPECT_DOUBLE_EQ(R.Occupancy, 0.75);
}

TEST(Occupancy, GM_320ThreadBlocksGive63Percent) {
  OccupancyResult R = occ("sm_70", 320, 37);
  EXPECT_EQ(R.ActiveBlocks, 4u);
  EXPECT_DOUBLE_EQ(R.Occupancy, 40.0 / 64);
  EXPECT_EQ(R.Limiter, OccupancyLimiter::Registers);
}

TEST(Occupancy, HopperSharedMemoryIncludesTheReservedKilobyte) {
  // (8192 + 1024) rounded to 128 = 9216 bytes; 233472 / 9216 = 25 blocks.
  OccupancyResult R = occ("sm_90", 32, 24, 0, 8192);
  EXPECT_EQ(R.SharedMemPerBlock, 9216u);
  EXPECT_EQ(R.ActiveBlocks, 25u);
  EXPECT_EQ(R.Limiter, OccupancyLimiter::SharedMemory);
}

TEST(Occupancy, SmallBlocksHitTheBlockSlotLimit) {
  OccupancyResult R = occ("sm_90", 32, 16);
  EXPECT_EQ(R.ActiveBlocks, 32u);
  EXPECT_EQ(R.Limiter, OccupancyLimiter::BlockSlots);
}

TEST(Occupancy, TooManyRegistersFailTheLaunch) {
  OccupancyResult R = occ("sm_90", 1024, 128);
  EXPECT_EQ(R.ActiveBlocks, 0u);
  EXPECT_EQ(R.Limiter, OccupancyLimiter::LaunchFails);
}

TEST(Occupancy, DynamicSharedMemoryAbove48KNeedsTheOptIn) {
  OccupancyResult R = occ("sm_90", 128, 32, 0, 65536);
  EXPECT_EQ(R.Limiter, OccupancyLimiter::LaunchFails);
  EXPECT_NE(R.LaunchFailure.find("cudaFuncSetAttribute"), std::string::npos);
  OccupancyInput In;
  In.ThreadsPerBlock = 128;
  In.RegistersPerThread = 32;
  In.DynamicSharedMem = 65536;
  In.MaxDynamicSharedMem = 232448;
  EXPECT_EQ(computeOccupancy(*findBuiltinModel("sm_90"), In).ActiveBlocks, 3u);
}

TEST(Occupancy, FermiRoundsSomeRegisterCountsTo128) {
  // 21 registers x 32 lanes = 672 -> 768 (unit 128), not 704 (unit 64).
  EXPECT_EQ(occ("sm_20", 32, 21).RegistersPerBlock, 768u);
  EXPECT_EQ(occ("sm_20", 32, 20).RegistersPerBlock, 640u);
}

} // namespace
