//===- FindingGroupsTest.cpp - One finding per cause ----------------------===//
#include "Findings/FindingGroups.h"

#include "gtest/gtest.h"

using namespace warplint;

namespace {

GroupKey at(unsigned Offset, unsigned Line, const void *Fn = nullptr,
            std::string Cause = "", int Prio = 1) {
  GroupKey K;
  K.File = 1;
  K.Offset = Offset;
  K.Line = Line;
  K.Function = Fn;
  K.Cause = std::move(Cause);
  K.Priority = Prio;
  return K;
}

std::vector<std::vector<size_t>> members(const std::vector<GroupKey> &Keys) {
  std::vector<std::vector<size_t>> Out;
  for (const FindingGroup &G : groupFindings(Keys))
    Out.push_back(G.Members);
  return Out;
}

TEST(FindingGroups, DistinctCausesStayApart) {
  int F = 0, G = 0;
  // Different lines, different functions or causes: three findings.
  EXPECT_EQ(members({at(10, 1, &F, "a"), at(20, 2, &F, "b"), at(30, 3, &G, "a")}),
            (std::vector<std::vector<size_t>>{{0}, {1}, {2}}));
  // No cause: never grouped by function.
  EXPECT_EQ(members({at(10, 1, &F), at(20, 2, &F)}),
            (std::vector<std::vector<size_t>>{{0}, {1}}));
}

TEST(FindingGroups, SameLocationLineAndCauseMerge) {
  int F = 0;
  // Two instantiations at one location and the same cause further down the
  // function: one finding.
  GroupKey I1 = at(10, 1, &F, "x"), I2 = at(10, 1, &F, "y");
  I1.Variant = "k<1>";
  I2.Variant = "k<2>";
  EXPECT_EQ(members({I1, I2, at(40, 5, &F, "x")}),
            (std::vector<std::vector<size_t>>{{0, 1, 2}}));
}

TEST(FindingGroups, DistinctFindingsOfOneVariantAtOneLocationStayApart) {
  int F = 0;
  // A kernel's register finding and its spill finding, both at its name, for
  // two instantiations: two findings, each with its twin.
  GroupKey A = at(10, 1), B = at(10, 1), C = at(10, 1), D = at(10, 1);
  A.Variant = B.Variant = "k<1>";
  C.Variant = D.Variant = "k<2>";
  EXPECT_EQ(members({A, B, C, D}),
            (std::vector<std::vector<size_t>>{{0, 2}, {1, 3}}));
  // Without a cause, two locations on one line stay apart.
  EXPECT_EQ(members({at(10, 1, &F), at(20, 1, &F)}),
            (std::vector<std::vector<size_t>>{{0}, {1}}));
}

TEST(FindingGroups, OneStatementOfDistinctArraysIsOneFinding) {
  int F = 0;
  // o[i] = a[i] + b[i]: three arrays, once each, one line.
  EXPECT_EQ(members({at(10, 3, &F, "o"), at(17, 3, &F, "a"), at(24, 3, &F, "b")}),
            (std::vector<std::vector<size_t>>{{0, 1, 2}}));
  // Two arrays that recur on other lines keep a finding each, though one
  // line touches both.
  EXPECT_EQ(members({at(10, 1, &F, "t1"), at(20, 2, &F, "t2"),
                     at(30, 3, &F, "t1"), at(40, 3, &F, "t2")}),
            (std::vector<std::vector<size_t>>{{0, 2}, {1, 3}}));
}

TEST(FindingGroups, PrimaryIsTheMostUrgentThenTheFirst) {
  int F = 0;
  EXPECT_EQ(members({at(40, 5, &F, "c", 1), at(10, 1, &F, "c", 2),
                     at(20, 2, &F, "c", 2)}),
            (std::vector<std::vector<size_t>>{{1, 2, 0}}));
}

TEST(FindingGroups, AssumedShapeDroppedWhereALaunchJudged) {
  GroupKey Assumed = at(10, 1), Launch = at(10, 1), Elsewhere = at(50, 7);
  Assumed.AssumedShape = true;
  Launch.KnownShape = true;
  Elsewhere.AssumedShape = true;
  // The assumed evaluation at offset 10 goes; the one at 50 has nothing
  // better and stays.
  EXPECT_EQ(members({Assumed, Launch, Elsewhere}),
            (std::vector<std::vector<size_t>>{{1}, {2}}));
}

TEST(FindingGroups, Deterministic) {
  int F = 0;
  std::vector<GroupKey> Keys;
  for (unsigned I = 0; I < 1000; ++I)
    Keys.push_back(at(1000 - I, 1000 - I, &F, I % 2 ? "odd" : "even"));
  auto A = members(Keys), B = members(Keys);
  EXPECT_EQ(A, B);
  ASSERT_EQ(A.size(), 2u);
  EXPECT_EQ(A[0].size() + A[1].size(), 1000u);
}

} // namespace
