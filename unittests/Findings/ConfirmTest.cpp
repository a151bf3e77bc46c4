//===- ConfirmTest.cpp - ncu page parsing and the --confirm verdicts ------===//
#include "Findings/Confirmation.h"
#include "Findings/NcuReport.h"

#include "gtest/gtest.h"

using namespace warplint;

namespace {

// The shape of `ncu --import R --csv --page source --print-source cuda,sass`
// (ncu 2025.3), cut to the columns warplint reads plus one it ignores.
const char *Header =
    "\"Line No\",\"Source\",\"Address\",\"Source\",\"# Samples\","
    "\"Instructions Executed\",\"Thread Instructions Executed\","
    "\"Predicated-On Thread Instructions Executed\",\"Avg. Threads Executed\","
    "\"Avg. Predicated-On Threads Executed\","
    "\"Avg. Predicated-On Threads Unexecuted\",\"Divergent Branches\","
    "\"Address Space\",\"Access Operation\",\"Access Size\","
    "\"L1 Tag Requests Global\",\"L1 Conflicts Shared N-Way\","
    "\"L2 Theoretical Sectors Global Excessive\","
    "\"L2 Theoretical Sectors Global\",\"L2 Theoretical Sectors Global "
    "Ideal\"\n";

std::string row(const char *Addr, const char *Text, const char *Inst,
                const char *Threads, const char *PredOn, const char *Div,
                const char *Space, const char *Op, const char *Req,
                const char *NWay, const char *Sectors, const char *Ideal) {
  return std::string("\"\",\"\",\"") + Addr + "\",\"" + Text + "\",\"0\",\"" +
         Inst + "\",\"" + Threads + "\",\"" + PredOn + "\",\"32\",\"32\",\"0\",\"" +
         Div + "\",\"" + Space + "\",\"" + Op + "\",\"32\",\"" + Req + "\",\"" +
         NWay + "\",\"0\",\"" + Sectors + "\",\"" + Ideal + "\"\n";
}

std::string probePage() {
  std::string S = "\"File Path\",\"/src/app/k.cu\"\n"
                  "\"Function Name\",\"strided(const float *, float *, int)\"\n";
  S += Header;
  S += "\"16\",\"out[i] = in[i * 16];\",\"-\",\"-\",\"0\",\"1\",\"1\",\"1\","
       "\"1\",\"1\",\"0\",\"0\",\"-\",\"-\",\"-\",\"0\",\"0\",\"0\",\"0\",\"0\"\n";
  S += row("0x100", "      LDG.E R3, desc[UR4][R2.64]", "1000", "32000",
           "32000", "0", "Global", "Load", "16000", "0", "32000", "4000");
  S += row("0x110", "      STG.E desc[UR4][R4.64], R3", "1000", "32000",
           "32000", "0", "Global", "Store", "1000", "0", "4000", "4000");
  // ncu repeats a line's instructions after a "..." row.
  S += "\"\",\"\",\"...\",\"...\",\"-\",\"-\",\"-\",\"-\",\"-\",\"-\",\"-\","
       "\"-\",\"-\",\"-\",\"-\",\"-\",\"-\",\"-\",\"-\",\"-\"\n";
  S += row("0x100", "      LDG.E R3, desc[UR4][R2.64]", "1000", "32000",
           "32000", "0", "Global", "Load", "16000", "0", "32000", "4000");
  S += "\"20\",\"if (threadIdx.x % 2) {\",\"-\",\"-\",\"0\",\"1\",\"1\",\"1\","
       "\"1\",\"1\",\"0\",\"0\",\"-\",\"-\",\"-\",\"0\",\"0\",\"0\",\"0\",\"0\"\n";
  S += row("0x200", "@P0   BRA 0x300", "1000", "32000", "16000", "1000", "-",
           "-", "0", "0", "0", "0");
  S += "\"24\",\"v = t[x][y];\",\"-\",\"-\",\"0\",\"1\",\"1\",\"1\","
       "\"1\",\"1\",\"0\",\"0\",\"-\",\"-\",\"-\",\"0\",\"0\",\"0\",\"0\",\"0\"\n";
  S += row("0x400", "      LDS R5, [R6]", "500", "16000", "16000", "0",
           "Shared", "Load", "0", "32", "0", "0");
  S += "\"30\",\"y = x * 2.5;\",\"-\",\"-\",\"0\",\"1\",\"1\",\"1\","
       "\"1\",\"1\",\"0\",\"0\",\"-\",\"-\",\"-\",\"0\",\"0\",\"0\",\"0\",\"0\"\n";
  S += row("0x500", "      DFMA R8, R6, R10, R12", "100", "3200", "3200", "0",
           "-", "-", "0", "0", "0", "0");
  S += row("0x510", "      F2F.F64.F32 R6, R5", "100", "3200", "3200", "0",
           "-", "-", "0", "0", "0", "0");
  return S;
}

TEST(NcuReport, CsvRecords) {
  std::string T = "\"a\",\"b, c\",\"say \"\"hi\"\"\",,d\n\"x\"\n";
  size_t Pos = 0;
  std::vector<std::string> R = parseCsvRecord(T, Pos);
  ASSERT_EQ(R.size(), 5u);
  EXPECT_EQ(R[1], "b, c");
  EXPECT_EQ(R[2], "say \"hi\"");
  EXPECT_EQ(R[3], "");
  EXPECT_EQ(parseCsvRecord(T, Pos), std::vector<std::string>{"x"});
}

TEST(NcuReport, KernelBaseNames) {
  EXPECT_EQ(kernelBaseName("strided(const float *, float *, int)"), "strided");
  EXPECT_EQ(kernelBaseName("void templated<8>(float *, int)"), "templated");
  EXPECT_EQ(kernelBaseName("void ns::k<(int)8, float>(T1 *)"), "k");
  EXPECT_EQ(kernelBaseName("reduce6<int, 256u, true>"), "reduce6");
}

TEST(NcuReport, SourcePage) {
  auto R = parseNcuSourceCsv(probePage());
  ASSERT_TRUE(static_cast<bool>(R)) << llvm::toString(R.takeError());
  ASSERT_EQ(R->Kernels.size(), 1u);
  const MeasuredKernel &K = R->Kernels.front();
  EXPECT_EQ(K.Name, "strided");
  const auto &Lines = K.Files.at("/src/app/k.cu");
  // The repeated LDG is read once.
  ASSERT_EQ(Lines.at(16).Insts.size(), 2u);
  EXPECT_EQ(Lines.at(16).Insts[0].Sectors, 32000);
  EXPECT_EQ(Lines.at(20).Insts[0].opcode(), "BRA");
  EXPECT_TRUE(Lines.at(20).Insts[0].isBranch());
  EXPECT_EQ(Lines.at(20).Insts[0].DivergentTargets, 1000);
  EXPECT_TRUE(Lines.at(30).Insts[0].isFP64());
  EXPECT_TRUE(Lines.at(30).Insts[1].isFP64());
  EXPECT_FALSE(Lines.at(16).Insts[0].isFP64());
}

TEST(NcuReport, NotAReport) {
  auto R = parseNcuSourceCsv("hello,world\n");
  EXPECT_FALSE(static_cast<bool>(R));
  llvm::consumeError(R.takeError());
  auto N = parseNcuSourceCsv("==WARNING== No lineinfo available to show "
                             "CUDA-C source related to 'k(int)'.\n");
  ASSERT_TRUE(static_cast<bool>(N));
  EXPECT_EQ(N->WithoutLineInfo, std::vector<std::string>{"k(int)"});
}

TEST(NcuReport, RawPageInstances) {
  std::string T =
      "\"ID\",\"Kernel Name\",\"launch__registers_per_thread\","
      "\"smsp__branch_targets_threads_divergent\","
      "\"device__attribute_display_name\"\n"
      "\"\",\"\",\"register/thread\",\"\",\"\"\n"
      "\"0\",\"k(int)\",\"40\",\"32,768 (0x7f00: 32,768; 0x7f10: 0)\","
      "\"NVIDIA H100\"\n";
  auto R = parseNcuRawCsv(T);
  ASSERT_TRUE(static_cast<bool>(R)) << llvm::toString(R.takeError());
  ASSERT_EQ(R->size(), 1u);
  const MeasuredLaunch &L = R->front();
  EXPECT_EQ(L.metric("launch__registers_per_thread"), 40);
  EXPECT_EQ(L.metric("smsp__branch_targets_threads_divergent"), 32768);
  EXPECT_EQ(L.Instances.at("smsp__branch_targets_threads_divergent").at(0x7f00),
            32768);
  EXPECT_EQ(L.Texts.at("device__attribute_display_name"), "NVIDIA H100");
}

Finding finding(const char *Check, const char *File, unsigned Line,
                const char *Message) {
  Finding F;
  F.CheckId = Check;
  F.Pos.File = File;
  F.Pos.Line = Line;
  F.EndPos = F.Pos;
  F.Message = Message;
  return F;
}

TEST(Confirmation, Verdicts) {
  auto R = parseNcuSourceCsv(probePage());
  ASSERT_TRUE(static_cast<bool>(R));
  // The program was built in another directory: trailing components match.
  const char *File = "/home/me/app/k.cu";
  std::vector<Finding> Fs = {
      finding("warplint-uncoalesced-global-access", File, 16,
              "uncoalesced global load from 'in'"),
      finding("warplint-uncoalesced-global-access", File, 16,
              "uncoalesced global store to 'out'"),
      finding("warplint-divergent-branch", File, 20, "branch condition"),
      finding("warplint-shared-bank-conflict", File, 24,
              "32-way shared memory bank conflict: load from 't'"),
      finding("warplint-double-precision", File, 30, "executes in FP64"),
      finding("warplint-double-precision", File, 99, "executes in FP64"),
      finding("warplint-host-device-transfer-in-loop", File, 16, "copy"),
      finding("warplint-uncoalesced-global-access", "/other/x.cu", 16,
              "uncoalesced global load")};
  ConfirmSummary S;
  confirmFindings(Fs, *R, {}, {}, S);
  EXPECT_EQ(Fs[0].Measured->V, Verdict::Confirmed);
  EXPECT_NE(Fs[0].Measured->Summary.find("32 sectors per warp request (ideal 4"),
            std::string::npos);
  EXPECT_EQ(Fs[1].Measured->V, Verdict::Refuted); // the store is coalesced
  EXPECT_EQ(Fs[2].Measured->V, Verdict::Confirmed);
  EXPECT_EQ(Fs[3].Measured->V, Verdict::Confirmed);
  EXPECT_EQ(Fs[4].Measured->V, Verdict::Confirmed);
  EXPECT_EQ(Fs[5].Measured->V, Verdict::NotExercised);
  EXPECT_EQ(Fs[6].Measured->V, Verdict::NotMeasured);
  EXPECT_EQ(Fs[7].Measured->V, Verdict::NotExercised);
  EXPECT_EQ(S.Confirmed, 4u);
  EXPECT_EQ(S.Refuted, 1u);
  EXPECT_EQ(S.NotExercised, 2u);
  EXPECT_TRUE(S.Unflagged.empty());
}

TEST(Confirmation, UnflaggedHotLines) {
  auto R = parseNcuSourceCsv(probePage());
  ASSERT_TRUE(static_cast<bool>(R));
  std::vector<Finding> None;
  ConfirmSummary S;
  // Only lines of analysed files are listed.
  confirmFindings(None, *R, {}, {}, S);
  EXPECT_TRUE(S.Unflagged.empty());
  FileAnalysis A;
  A.File = "/src/app/k.cu";
  confirmFindings(None, *R, {}, {A}, S);
  std::vector<std::string> Kinds;
  for (const UnflaggedLine &U : S.Unflagged)
    Kinds.push_back(U.Kind + "@" + std::to_string(U.Line));
  EXPECT_EQ(Kinds.size(), 4u);
  EXPECT_NE(std::find(Kinds.begin(), Kinds.end(), "uncoalesced@16"), Kinds.end());
  EXPECT_NE(std::find(Kinds.begin(), Kinds.end(), "bank-conflict@24"),
            Kinds.end());
  EXPECT_NE(std::find(Kinds.begin(), Kinds.end(), "divergent-branch@20"),
            Kinds.end());
  EXPECT_NE(std::find(Kinds.begin(), Kinds.end(), "fp64@30"), Kinds.end());
}

TEST(Confirmation, PredicatedBranchIsRefuted) {
  std::string S = "\"File Path\",\"/a/k.cu\"\n\"Function Name\",\"k()\"\n";
  S += Header;
  S += "\"5\",\"if (t < 16) v *= 2;\",\"-\",\"-\",\"0\",\"1\",\"1\",\"1\","
       "\"1\",\"1\",\"0\",\"0\",\"-\",\"-\",\"-\",\"0\",\"0\",\"0\",\"0\",\"0\"\n";
  S += row("0x10", "@!P0 FMUL R1, R1, 2", "100", "3200", "1600", "0", "-", "-",
           "0", "0", "0", "0");
  auto R = parseNcuSourceCsv(S);
  ASSERT_TRUE(static_cast<bool>(R));
  std::vector<Finding> Fs = {
      finding("warplint-divergent-branch", "/a/k.cu", 5, "branch")};
  ConfirmSummary Sum;
  confirmFindings(Fs, *R, {}, {}, Sum);
  EXPECT_EQ(Fs[0].Measured->V, Verdict::Refuted);
  EXPECT_NE(Fs[0].Measured->Summary.find("predicated"), std::string::npos);
}

TEST(Confirmation, EachLaunchApartTheWorstDecides) {
  // Two launches of one kernel: stride 1 (coalesced), then stride 32.
  std::string S;
  for (const char *Sectors : {"4000", "32000"}) {
    S += "\"File Path\",\"/a/k.cu\"\n\"Function Name\",\"copy(float *, int)\"\n";
    S += Header;
    S += "\"7\",\"o[i * s] = 1;\",\"-\",\"-\",\"0\",\"1\",\"1\",\"1\","
         "\"1\",\"1\",\"0\",\"0\",\"-\",\"-\",\"-\",\"0\",\"0\",\"0\",\"0\",\"0\"\n";
    S += row("0x10", "      STG.E desc[UR4][R4.64], R3", "1000", "32000",
             "32000", "0", "Global", "Store", "1000", "0", Sectors, "4000");
  }
  auto R = parseNcuSourceCsv(S);
  ASSERT_TRUE(static_cast<bool>(R));
  ASSERT_EQ(R->Kernels.size(), 2u);
  std::vector<Finding> Fs = {finding("warplint-uncoalesced-global-access",
                                     "/a/k.cu", 7, "global store to 'o'")};
  ConfirmSummary Sum;
  confirmFindings(Fs, *R, {}, {}, Sum);
  EXPECT_EQ(Fs[0].Measured->V, Verdict::Confirmed);
  EXPECT_EQ(Fs[0].Measured->Kernels, std::vector<std::string>{"copy"});
}

TEST(Confirmation, SameFile) {
  EXPECT_EQ(sameFileScore("/a/b/k.cu", "/a/b/k.cu"), 1000u);
  EXPECT_EQ(sameFileScore("/build/src/k.cu", "/home/src/k.cu"), 2u);
  EXPECT_EQ(sameFileScore("/a/k.cu", "/a/j.cu"), 0u);
}

} // namespace

// A source page with one line of \p Function: an LDS.128 executed 500 times
// whose N-way column reads 4 (the wavefronts a conflict-free 128-bit access
// of a full warp needs).
std::string wideSharedLoadPage(const char *Function) {
  std::string S = "\"File Path\",\"/src/app/k.cu\"\n\"Function Name\",\"";
  S += Function;
  S += "\"\n";
  S += Header;
  S += "\"24\",\"v = t[x][y];\",\"-\",\"-\",\"0\",\"1\",\"1\",\"1\","
       "\"1\",\"1\",\"0\",\"0\",\"-\",\"-\",\"-\",\"0\",\"0\",\"0\",\"0\",\"0\"\n";
  S += row("0x400", "      LDS.128 R4, [R6]", "500", "16000", "16000", "0",
           "Shared", "Load", "0", "4", "0", "0");
  return S;
}

// The source page names a template instance with casts on its value arguments
// ("<float, (int)128, (bool)0>"), the raw page without them ("<float, 128,
// 0>"): both name one launch, whose per-instruction wavefronts must reach the
// source page's instructions.
TEST(NcuReport, WavefrontsReachTemplateInstances) {
  std::string S = wideSharedLoadPage("void gemm<float, (int)128, (bool)0>(T1 *)");
  auto R = parseNcuSourceCsv(S);
  ASSERT_TRUE(static_cast<bool>(R));
  std::string T = "\"ID\",\"Kernel Name\",\"memory_l1_wavefronts_shared\","
                  "\"memory_l1_wavefronts_shared_ideal\"\n"
                  "\"\",\"\",\"\",\"\"\n"
                  "\"0\",\"void gemm<float, 128, 0>(T1 *)\",\"2,000 (0x400: 2,000)\","
                  "\"2,000 (0x400: 2,000)\"\n";
  auto L = parseNcuRawCsv(T);
  ASSERT_TRUE(static_cast<bool>(L));
  mergeInstancedMetrics(*R, *L);
  const SassInstruction &I =
      R->Kernels.at(0).Files.at("/src/app/k.cu").at(24).Insts.at(0);
  EXPECT_EQ(I.SharedWavefronts, 2000);
  EXPECT_EQ(I.SharedWavefrontsIdeal, 2000);
  EXPECT_EQ(I.conflictDegree(), 1);
}

// Without wavefronts, ncu's N-way average counts the wavefronts a 64- or
// 128-bit access needs anyway (2 and 4 for a full warp): a conflict-free
// LDS.128 reads 4 and is not a conflict; 8 is a 2-way conflict.
TEST(NcuReport, WideSharedAccessWithoutWavefronts) {
  SassInstruction I;
  I.AddressSpace = "Shared";
  I.AccessSize = 128;
  I.SharedNWay = 4;
  EXPECT_EQ(I.conflictDegree(), 1);
  I.SharedNWay = 8;
  EXPECT_EQ(I.conflictDegree(), 2);
  I.AccessSize = 64;
  I.SharedNWay = 2;
  EXPECT_EQ(I.conflictDegree(), 1);
  I.AccessSize = 32;
  I.SharedNWay = 2;
  EXPECT_EQ(I.conflictDegree(), 2);
}

// The hot-line list judges shared lines as the verdicts do: a line whose only
// shared access is a conflict-free 128-bit load is not a bank-conflict line.
TEST(Confirmation, WideConflictFreeSharedLineIsNotHot) {
  std::string S = wideSharedLoadPage("void gemm<(int)4>(float *)");
  auto R = parseNcuSourceCsv(S);
  ASSERT_TRUE(static_cast<bool>(R));
  // The row's access size column says 32: set the width the LDS.128 has.
  for (auto &[F, Lines] : R->Kernels.at(0).Files)
    for (auto &[N, L] : Lines)
      for (SassInstruction &I : L.Insts)
        I.AccessSize = 128;
  std::vector<Finding> None;
  ConfirmSummary Sum;
  FileAnalysis A;
  A.File = "/src/app/k.cu";
  confirmFindings(None, *R, {}, {A}, Sum);
  for (const UnflaggedLine &U : Sum.Unflagged)
    EXPECT_NE(U.Kind, "bank-conflict") << U.Summary;
}
