//===- EmittersTest.cpp ---------------------------------------------------===//
#include "Findings/Emitters.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace warplint;

namespace {

TEST(Emitters, GitHubEscaping) {
  // actions/toolkit: escapeData and escapeProperty.
  EXPECT_EQ(escapeGitHubData("50% idle\r\nnext"), "50%25 idle%0D%0Anext");
  EXPECT_EQ(escapeGitHubProperty("a:b,c%\n"), "a%3Ab%2Cc%25%0A");
}

TEST(Emitters, Priorities) {
  EXPECT_EQ(parsePriority("HIGH"), Priority::High);
  EXPECT_EQ(parsePriority(" medium "), Priority::Medium);
  EXPECT_FALSE(parsePriority("urgent").has_value());
  EXPECT_LT(Priority::Low, Priority::High);
}

TEST(Emitters, RelativePaths) {
  EXPECT_EQ(relativePath("/repo/src/k.cu", "/repo"), "src/k.cu");
  EXPECT_EQ(relativePath("/repo/src/k.cu", "/repo/"), "src/k.cu");
  EXPECT_EQ(relativePath("/repository/k.cu", "/repo"), "/repository/k.cu");
  EXPECT_EQ(relativePath("/repo/a/../k.cu", "/repo"), "k.cu");
}

class EmitterFile : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<128> Dir;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("warplint-emit", Dir));
    Root = std::string(Dir);
    File = Root + "/k.cu";
    std::error_code EC;
    llvm::raw_fd_ostream OS(File, EC);
    OS << "void f() {\n  k<<<1, 100>>>(a); // caf\xc3\xa9\n}\n";
  }
  Finding finding(unsigned Line) {
    Finding F;
    F.CheckId = "warplint-x";
    F.Prio = Priority::High;
    F.Pos = {File, Line, 10, 0};
    F.EndPos = F.Pos;
    F.Message = "m, with: 10% \"quotes\"";
    return F;
  }
  std::string Root, File;
};

TEST_F(EmitterFile, FingerprintSurvivesLineShifts) {
  Finding A = finding(2);
  // The same file after an unrelated edit above the finding, in another
  // checkout.
  llvm::SmallString<128> Dir2;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("warplint-emit2", Dir2));
  std::string Root2(Dir2), File2 = Root2 + "/k.cu";
  {
    std::error_code EC;
    llvm::raw_fd_ostream OS(File2, EC);
    OS << "#include <x>\nvoid f() {\n  k<<<1, 100>>>(a); // caf\xc3\xa9\n}\n";
  }
  Finding B = finding(3);
  B.Pos.File = File2;
  auto FP = [](const Finding &F, llvm::StringRef R) {
    return fingerprints({F}, R).front();
  };
  EXPECT_EQ(FP(A, Root).size(), 32u);
  EXPECT_EQ(FP(A, Root), FP(B, Root2));
  Finding C = B;
  C.CheckId = "warplint-y"; // another check on the same line differs
  EXPECT_NE(FP(B, Root2), FP(C, Root2));
  Finding D = finding(1); // another line of the same file differs
  EXPECT_NE(FP(A, Root), FP(D, Root));
}

TEST_F(EmitterFile, RepeatedFindingsGetDistinctFingerprints) {
  Finding A = finding(2), B = finding(2);
  B.Pos.Column = 20; // the same check twice on one line
  std::vector<std::string> P = fingerprints({B, A}, Root);
  ASSERT_EQ(P.size(), 2u);
  EXPECT_NE(P[0], P[1]);
  // The first in source order keeps the fingerprint it has alone.
  EXPECT_EQ(P[1], fingerprints({A}, Root).front());
}

TEST_F(EmitterFile, GitHubSummaryEscapesCellsAndSortsByPriority) {
  RunInfo Info;
  Info.SourceRoot = Root;
  Info.Artifacts = {File};
  std::vector<Finding> Fs;
  for (unsigned I = 0; I < 11; ++I) {
    Finding F = finding(2);
    F.Prio = I == 10 ? Priority::High : Priority::Low;
    F.Message = I == 10 ? "a | b\nc" : "low";
    Fs.push_back(F);
  }
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  emitGitHubSummary(OS, Fs, Info);
  EXPECT_NE(Out.find("11 findings in 1 file: 1 High, 0 Medium, 10 Low. GitHub "
                     "shows at most 10 annotations per step"),
            std::string::npos)
      << Out;
  // The High finding is the first row, its pipe and newline escaped.
  size_t Row = Out.find("|---|---|---|---|---|\n");
  ASSERT_NE(Row, std::string::npos);
  EXPECT_EQ(Out.substr(Row + 22, 40),
            std::string("| High | `warplint-x` | `k.cu:2:10` | a \\| b<br>c |")
                .substr(0, 40));
}

TEST_F(EmitterFile, SarifIsValidJsonWithRules) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  RunInfo Info;
  Info.ToolVersion = "1.2.3";
  Info.LlvmVersion = "22.1.8";
  Info.SourceRoot = Root;
  Info.Rules.push_back(CheckInfo{"warplint-x", Priority::High, "High", "9.2.1",
                                 "3.2.1", "summary", "rule",
                                 Confidence::Certain});
  Finding F = finding(2);
  emitSarif(OS, {F}, Info);
  llvm::Expected<llvm::json::Value> V = llvm::json::parse(Out);
  ASSERT_TRUE(bool(V)) << llvm::toString(V.takeError());
  const llvm::json::Object *Run =
      (*V->getAsObject()->getArray("runs"))[0].getAsObject();
  const llvm::json::Object *Result =
      (*Run->getArray("results"))[0].getAsObject();
  EXPECT_EQ(*Result->getString("level"), "error");
  EXPECT_EQ(*Result->getInteger("ruleIndex"), 0);
  const llvm::json::Object *Loc =
      (*Result->getArray("locations"))[0].getAsObject()->getObject(
          "physicalLocation");
  EXPECT_EQ(*Loc->getObject("artifactLocation")->getString("uri"), "k.cu");
  EXPECT_EQ(*Loc->getObject("artifactLocation")->getString("uriBaseId"),
            "SRCROOT");
}

TEST_F(EmitterFile, GitHubOrderIsHighestPriorityFirst) {
  Finding Low = finding(2);
  Low.Prio = Priority::Low;
  Finding High = finding(2);
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  RunInfo Info;
  Info.SourceRoot = Root;
  emitGitHub(OS, {Low, High}, Info);
  EXPECT_EQ(Out.find("::error"), 0u);
  EXPECT_NE(Out.find("\n::notice"), std::string::npos);
  EXPECT_NE(Out.find("file=k.cu,line=2,col=10"), std::string::npos);
  EXPECT_NE(Out.find("::m, with: 10%25 \"quotes\""), std::string::npos);
}

} // namespace
