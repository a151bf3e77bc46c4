//===- FactsTest.cpp - Facts from priced requests, and their drawings -----===//
#include "Findings/HardwareFacts.h"
#include "Findings/HtmlReport.h"

#include "gtest/gtest.h"

using namespace warplint;

namespace {

const hw::HardwareModel &sm90() { return *hw::findBuiltinModel("sm_90"); }

/// A warp whose lane i reads Base + i * Stride, priced as the analysis does.
hw::WarpCost warp(uint64_t Base, uint64_t Stride, unsigned Width, bool Shared) {
  hw::WarpCost W;
  std::vector<hw::LaneAddress> Lanes;
  for (unsigned I = 0; I < 32; ++I) {
    W.Active.push_back(true);
    W.Addresses.push_back(Base + I * Stride);
    W.LaneOffsets.push_back(int64_t(I * Stride));
    Lanes.push_back({true, Base + I * Stride});
  }
  W.ActiveLanes = 32;
  if (Shared)
    W.Shared = hw::sharedAccessCost(sm90(), Lanes, Width, false);
  else
    W.Global = hw::globalAccessCost(sm90(), Lanes, Width);
  return W;
}

TEST(Facts, GlobalLanesSectorsFromTheLineOfTheLowestAddress) {
  // 4096 bytes apart from an address 64 bytes into a line: sector 2, then
  // every 128th sector.
  WarpView V = globalWarpView(sm90(), warp(4096 * 10 + 64, 4096, 4, false), 4,
                              "worst", "warp 0");
  EXPECT_EQ(V.Sectors, 32u);
  EXPECT_EQ(V.FetchedBytes, 32u * 32);
  EXPECT_EQ(V.UsefulBytes, 128u);
  EXPECT_EQ(V.Lanes[0].FirstSector, 2u);
  EXPECT_EQ(V.Lanes[1].FirstSector, 130u);
  EXPECT_EQ(V.Lanes[1].FirstLine, 32u);
}

TEST(Facts, IdealPacksTheSameBytes) {
  WarpView I = idealGlobalWarpView(sm90(), warp(0, 4096, 4, false), 4);
  EXPECT_EQ(I.Sectors, 4u);
  EXPECT_EQ(I.Lines, 1u);
  EXPECT_EQ(I.Lanes[31].FirstSector, 3u);
}

TEST(Facts, SharedBanksAndWordsPerBank) {
  WarpView V = sharedWarpView(sm90(), warp(0, 128, 4, true), 4, false, "worst",
                              "warp 0");
  EXPECT_EQ(V.Degree, 32u);
  ASSERT_EQ(V.BankWords.size(), 1u);
  EXPECT_EQ(V.BankWords[0][0], 32u);
  EXPECT_EQ(V.BankWords[0][1], 0u);
  EXPECT_TRUE(V.Lanes[7].Conflict);
}

TEST(Facts, DrawingCarriesTheFacts) {
  FindingFacts F;
  F.Access.emplace();
  describeModel(sm90(), *F.Access);
  F.Access->Space = "shared";
  F.Access->Views.push_back(
      sharedWarpView(sm90(), warp(0, 8, 4, true), 4, false, "worst", "warp 0"));
  std::string S = drawFacts(F);
  EXPECT_NE(S.find("data-degree=\"2\""), std::string::npos);
  EXPECT_NE(S.find("data-lane-banks=\"0 2 4 6 8 10 12 14 16 18 20 22 24 26 28 "
                   "30 0 2"),
            std::string::npos);
  EXPECT_EQ(S.find("http"), std::string::npos);
}

TEST(Facts, HtmlEscape) {
  EXPECT_EQ(htmlEscape("a<b & \"c\"'"), "a&lt;b &amp; &quot;c&quot;&#39;");
}

} // namespace
