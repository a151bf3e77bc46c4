//===- ResultCodecTest.cpp - The result cache's byte format ---------------===//
#include "Findings/ResultCodec.h"

#include "gtest/gtest.h"
#include <random>

using namespace warplint;

namespace {

SourcePos pos(const char *File, unsigned Line) {
  return SourcePos{File, Line, Line + 2, Line * 40 + 3};
}

/// Every field set to something other than its default.
CachedResults everything() {
  CachedResults R;
  Finding F;
  F.CheckId = "warplint-uncoalesced-global-access";
  F.Prio = Priority::High;
  F.ModernSection = "9.2.1";
  F.G23Section = "3.2.1";
  F.Pos = pos("/p/k.cu", 12);
  F.EndPos = pos("/p/k.cu", 13);
  F.RangeBegin = pos("/p/k.cu", 11);
  F.Message = "lanes are 4096 bytes apart \xff (not UTF-8)";
  F.Notes.push_back(FindingNote{pos("/p/k.cuh", 3), "evidence", {}});
  F.Notes.back().Fixes.push_back(FixIt{"/p/k.cuh", 7, 2, "33", 1, 8, 1, 10});
  F.Fixes.push_back(FixIt{"/p/k.cu", 100, 3, "2.0f", 4, 5, 4, 8});
  F.Conf = Confidence::Certain;
  F.AsError = true;
  F.IsCompilerError = true;
  auto Facts = std::make_shared<FindingFacts>();
  Facts->Function = "k";
  Facts->Block = BlockShapeFact{{256, 2, 1}, "launch", "k.cu:30:3", {{"n", -5}}};
  Facts->Assumptions = {"n is a multiple of 32"};
  AccessFacts A;
  A.Space = "global";
  A.Access = "load";
  A.Array = "in";
  A.Index = "threadIdx.x * 1024";
  A.WidthBytes = 4;
  A.StrideBytes = -4096;
  A.Arch = "sm_90";
  A.SectorBytes = 32;
  A.LineBytes = 128;
  A.Banks = 32;
  A.BankWidthBytes = 4;
  A.Coalescing = "sectors";
  A.PerRequest = 32.0 / 3;
  A.IdealPerRequest = 4;
  A.Requests = 8;
  A.Degree = 2;
  WarpView V;
  V.Role = "worst";
  V.Label = "warp 0";
  V.Warp = 3;
  LaneFact L;
  L.Lane = 5;
  L.Active = true;
  L.Offset = -20;
  L.Address = ~uint64_t(0) - 7;
  L.FirstSector = L.LastSector = 9;
  L.FirstLine = L.LastLine = 2;
  L.Phase = 1;
  L.FirstBank = 31;
  L.Words = 2;
  L.FirstWord = 77;
  L.Conflict = L.Merged = true;
  V.Lanes = {L, LaneFact()};
  V.Sectors = 32;
  V.IdealSectors = 4;
  V.Lines = 32;
  V.IdealLines = 1;
  V.Transactions = 32;
  V.IdealTransactions = 1;
  V.UsefulBytes = 128;
  V.FetchedBytes = 1024;
  V.Phases = 2;
  V.Wavefronts = 4;
  V.IdealWavefronts = 2;
  V.Degree = 2;
  V.BankWords = {{1, 2}, {}, {3}};
  A.Views = {V};
  A.Ideal = V;
  A.Iterations = {{"s = 16", 2.5, 1, 4}};
  A.AllIterations = true;
  A.Padded = AccessFacts::Padding{"tile", 33, "32", "33", V, 1, 1, 1};
  Facts->Access = A;
  DivergenceFacts D;
  D.Condition = "tid < s";
  D.Kind = "loop";
  D.Warps = 8;
  D.DivergentWarps = 1;
  D.PerWarp = {{0, 32, 0xffff0000ffffull}};
  D.Iteration = "s = 16";
  D.TripCounts = true;
  Facts->Divergence = D;
  ResourceFacts Res;
  Res.Arch = "sm_90";
  Res.ThreadsPerBlock = 1024;
  Res.RegistersPerThread = 255;
  Res.RegistersExact = true;
  Res.Bars = {{"registers", "registers", 1, 65536, 65536, ~0u, true}};
  Res.Limiter = "registers";
  Res.ActiveBlocks = 1;
  Res.ActiveWarps = 32;
  Res.MaxWarps = 64;
  Res.Occupancy = 0.5;
  Res.NextRegisters = 64;
  Res.NextOccupancy = 1;
  Facts->Resources = Res;
  Facts->UnsafeFixes = {{"/p/k.cu", 1, 2, "256", "use 256 threads"}};
  F.Facts = Facts;
  R.Findings = {F, Finding()};
  R.Errors = {ToolError{"/p/k.cu", 3, 4, "one line", true}};
  R.CompilerErrors = {ToolError{"/p/k.cu", 5, 6, "error", false}};
  FileAnalysis FA;
  FA.File = "/p/k.cu";
  FA.Status = "partial";
  FA.CompilerErrors = 2;
  FA.Kernels = 3;
  FA.KernelsAnalysed = 2;
  FA.DeviceFunctions = 4;
  FA.DeviceFunctionsAnalysed = 1;
  FA.NotAnalysed = {"k2"};
  FA.MissingIncludes = {"helper.h: add -I"};
  FA.TooComplex = {"k.cu:12 (memory accesses)"};
  FA.Functions = {FunctionSpan{"k", true, "/p/k.cu", 10, 20}};
  FA.Through = "/p/main.cu";
  R.Analyses = {FA};
  return R;
}

TEST(ResultCodec, RoundTripsEveryField) {
  CachedResults R = everything();
  std::string Bytes = encodeResults(R);
  std::optional<CachedResults> Back = decodeResults(Bytes);
  ASSERT_TRUE(Back);
  // Encoding what was decoded gives the same bytes: nothing was lost.
  EXPECT_EQ(encodeResults(*Back), Bytes);
  const Finding &F = Back->Findings[0];
  EXPECT_EQ(F.Message, R.Findings[0].Message);
  EXPECT_EQ(F.Prio, Priority::High);
  EXPECT_EQ(F.Conf, Confidence::Certain);
  EXPECT_TRUE(F.AsError);
  EXPECT_EQ(F.Notes[0].Fixes[0].Replacement, "33");
  EXPECT_EQ(F.Fixes[0].EndColumn, 8u);
  ASSERT_TRUE(F.Facts);
  EXPECT_EQ(F.Facts->Access->StrideBytes, -4096);
  EXPECT_EQ(F.Facts->Access->PerRequest, 32.0 / 3);
  EXPECT_EQ(F.Facts->Access->Views[0].Lanes[0].Address, ~uint64_t(0) - 7);
  EXPECT_EQ(F.Facts->Access->Views[0].BankWords[2][0], 3u);
  EXPECT_EQ(F.Facts->Block->Params[0].second, -5);
  EXPECT_EQ(F.Facts->Divergence->PerWarp[0].Taken, 0xffff0000ffffull);
  EXPECT_EQ(F.Facts->Resources->Bars[0].BlocksAllowed, ~0u);
  EXPECT_EQ(*F.Facts->Resources->NextRegisters, 64u);
  EXPECT_EQ(F.Facts->UnsafeFixes[0].Description, "use 256 threads");
  // The second finding had no facts and stays without.
  EXPECT_FALSE(Back->Findings[1].Facts);
  EXPECT_TRUE(Back->Errors[0].Partial);
  EXPECT_EQ(Back->CompilerErrors[0].Message, "error");
  EXPECT_EQ(Back->Analyses[0].Functions[0].EndLine, 20u);
  EXPECT_EQ(Back->Analyses[0].Through, "/p/main.cu");
}

TEST(ResultCodec, EmptyResults) {
  std::optional<CachedResults> Back = decodeResults(encodeResults({}));
  ASSERT_TRUE(Back);
  EXPECT_TRUE(Back->Findings.empty());
  EXPECT_TRUE(Back->Analyses.empty());
}

TEST(ResultCodec, EveryTruncationIsRejected) {
  std::string Bytes = encodeResults(everything());
  for (size_t N = 0; N < Bytes.size(); ++N)
    EXPECT_FALSE(decodeResults(llvm::StringRef(Bytes).take_front(N)))
        << "prefix of " << N << " bytes";
  // And trailing bytes.
  EXPECT_FALSE(decodeResults(Bytes + "x"));
}

TEST(ResultCodec, AnotherVersionIsRejected) {
  std::string Bytes = encodeResults(everything());
  Bytes[0] = char(Bytes[0] + 1);
  EXPECT_FALSE(decodeResults(Bytes));
}

TEST(ResultCodec, CorruptBytesNeverCrash) {
  std::string Bytes = encodeResults(everything());
  std::mt19937 Rng(14);
  for (unsigned Trial = 0; Trial < 2000; ++Trial) {
    std::string B = Bytes;
    for (unsigned K = 0; K < 1 + Trial % 4; ++K)
      B[Rng() % B.size()] = char(Rng());
    // Decoded or not, but no crash, no huge allocation (ASan build).
    (void)decodeResults(B);
  }
}

} // namespace
