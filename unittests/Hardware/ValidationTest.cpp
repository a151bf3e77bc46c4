//===- ValidationTest.cpp - Predictions against measured ncu counters -----===//
//
// Replays validation/results/h200-sm90/patterns.csv: for each kernel of the
// validation suite (validation/suite/{global,shared}.txt), parses the same
// index and guard text the kernel was generated from, predicts sectors per
// request (global loads and stores) or wavefronts per request (shared loads
// and stores) for sm_90, and requires equality with what Nsight Compute
// measured on an H200. Set WARPLINT_VALIDATION_TABLE=<file> to also write the
// comparison as a Markdown table (docs/validation.md embeds it).
//
//===----------------------------------------------------------------------===//
#include "Hardware/AccessCost.h"
#include "Hardware/HardwareModel.h"
#include "TestSupport/ExprParser.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"
#include <cmath>
#include <cstdlib>

using namespace warplint;
using namespace warplint::hw;
using namespace warplint::sym;

namespace {

struct Pattern {
  std::string Name, Index, Guard;
  unsigned Bytes = 4, W = 0;
  int64_t Offset = 0;
  std::array<unsigned, 3> Block = {1, 1, 1}, Grid = {1, 1, 1};
  bool Global = true;
};

std::array<unsigned, 3> dims(llvm::StringRef S) {
  std::array<unsigned, 3> D = {1, 1, 1};
  llvm::SmallVector<llvm::StringRef> P;
  S.trim().split(P, 'x');
  for (size_t I = 0; I < P.size() && I < 3; ++I)
    P[I].trim().getAsInteger(10, D[I]);
  return D;
}

std::vector<Pattern> readPatterns(const std::string &Path, bool Global) {
  std::vector<Pattern> Out;
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  EXPECT_TRUE(bool(Buf)) << Path;
  if (!Buf)
    return Out;
  llvm::SmallVector<llvm::StringRef> Lines;
  (*Buf)->getBuffer().split(Lines, '\n', -1, false);
  for (llvm::StringRef L : Lines) {
    if (L.trim().starts_with("#") || L.trim().empty())
      continue;
    llvm::SmallVector<llvm::StringRef> F;
    L.split(F, '|');
    EXPECT_GE(F.size(), 8u) << L.str();
    if (F.size() < 8)
      continue;
    Pattern P;
    P.Global = Global;
    P.Name = (Global ? "g_" : "s_") + F[0].trim().str();
    F[1].trim().getAsInteger(10, P.Bytes);
    P.Block = dims(F[2]);
    P.Grid = dims(F[3]);
    F[4].trim().getAsInteger(10, P.W);
    F[5].trim().getAsInteger(10, P.Offset);
    // The index may itself hold '|': the guard is the last field.
    size_t First = L.find('|');
    for (int I = 0; I < 5; ++I)
      First = L.find('|', First + 1);
    P.Index = L.slice(First + 1, L.rfind('|')).trim().str();
    P.Guard = F.back().trim().str();
    Out.push_back(P);
  }
  return Out;
}

struct Measured {
  double GldSectors, GldRequests, GstSectors, GstRequests;
  double SldWavefronts, SldInst, SstWavefronts, SstInst;
};

llvm::StringMap<Measured> readMeasured(const std::string &Path) {
  llvm::StringMap<Measured> Out;
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  EXPECT_TRUE(bool(Buf)) << Path;
  if (!Buf)
    return Out;
  llvm::SmallVector<llvm::StringRef> Lines;
  (*Buf)->getBuffer().split(Lines, '\n', -1, false);
  for (llvm::StringRef L : llvm::ArrayRef(Lines).drop_front()) {
    llvm::SmallVector<llvm::StringRef> F;
    L.split(F, ',');
    if (F.size() < 11)
      continue;
    auto D = [&](unsigned I) {
      double V = 0;
      F[I].getAsDouble(V);
      return V;
    };
    Out[F[0]] = {D(3), D(4), D(5), D(6), D(7), D(8), D(9), D(10)};
  }
  return Out;
}

struct Row {
  std::string Name, Kind, Note;
  double Predicted = 0, Measured = 0, PredictedStore = 0, MeasuredStore = 0;
  bool Agree = false;
};

/// Predicts one access of \p P (load or store) on sm_90.
AccessReport predict(ExprContext &Ctx, const Pattern &P, bool Store) {
  auto Index = parseExpr(Ctx, P.Index);
  EXPECT_TRUE(bool(Index)) << P.Name;
  if (!Index) {
    llvm::consumeError(Index.takeError());
    return {};
  }
  AccessQuery Q;
  Q.Index = *Index;
  Q.ElementBytes = P.Bytes;
  Q.Space = P.Global ? MemorySpace::Global : MemorySpace::Shared;
  Q.IsStore = Store;
  Q.BaseOffsetBytes = P.Offset;
  if (!P.Guard.empty()) {
    auto G = parseExpr(Ctx, P.Guard);
    EXPECT_TRUE(bool(G)) << P.Name;
    if (G)
      Q.Guard = *G;
    else
      llvm::consumeError(G.takeError());
  }
  LaunchShape S;
  S.BlockDim = P.Block;
  S.GridDim = P.Grid;
  Bindings B;
  B["W"] = P.W; // The launch passes W; the kernels of the suite all take it.
  return analyzeAccess(Ctx, *hw::findBuiltinModel("sm_90"), Q, S, B);
}

double blocks(const Pattern &P) {
  return double(P.Grid[0]) * P.Grid[1] * P.Grid[2];
}

struct Prediction {
  double Load = 0, Store = 0, Requests = 0;
  std::string Assumptions;
};

std::vector<Pattern> allPatterns() {
  std::string Root = WARPLINT_VALIDATION_DIR;
  std::vector<Pattern> All = readPatterns(Root + "/suite/global.txt", true);
  std::vector<Pattern> Shared = readPatterns(Root + "/suite/shared.txt", false);
  All.insert(All.end(), Shared.begin(), Shared.end());
  return All;
}

Prediction predictPattern(const Pattern &P) {
  ExprContext Ctx;
  AccessReport Ld = predict(Ctx, P, false), St = predict(Ctx, P, true);
  EXPECT_TRUE(Ld.Ok && St.Ok) << P.Name << ": " << Ld.Failure;
  Prediction R;
  for (const std::string &A : Ld.Assumptions)
    R.Assumptions += A;
  // The report covers one block or, when it had to evaluate every block for
  // alignment, the whole grid.
  R.Requests = double(Ld.Requests) / Ld.BlocksCovered * blocks(P);
  R.Load = P.Global ? Ld.perRequest(Ld.Sectors) : Ld.perRequest(Ld.Wavefronts);
  R.Store = P.Global ? St.perRequest(St.Sectors) : St.perRequest(St.Wavefronts);
  return R;
}

/// Compares every pattern that run \p Run measured; returns how many agreed.
unsigned compareRun(const std::vector<Pattern> &All, const std::string &Run,
                    llvm::StringMap<bool> &Seen, std::vector<Row> &Rows) {
  auto Measurements = readMeasured(std::string(WARPLINT_VALIDATION_DIR) +
                                   "/results/" + Run + "/patterns.csv");
  EXPECT_FALSE(Measurements.empty()) << Run;
  unsigned Agree = 0;
  for (const Pattern &P : All) {
    auto It = Measurements.find(P.Name);
    if (It == Measurements.end())
      continue;
    Seen[P.Name] = true;
    const Measured &M = It->second;
    Prediction Pr = predictPattern(P);
    Row R;
    R.Name = P.Name + " (" + Run + ")";
    R.Kind = P.Global ? "global" : "shared";
    R.Note = Pr.Assumptions;
    R.Predicted = Pr.Load;
    R.PredictedStore = Pr.Store;
    if (P.Global) {
      R.Measured = M.GldSectors / M.GldRequests;
      R.MeasuredStore = M.GstSectors / M.GstRequests;
      EXPECT_EQ(Pr.Requests, M.GldRequests) << P.Name << " requests, " << Run;
    } else {
      R.Measured = M.SldWavefronts / M.SldInst;
      R.MeasuredStore = M.SstWavefronts / M.SstInst;
    }
    R.Agree = std::fabs(R.Predicted - R.Measured) < 1e-9 &&
              std::fabs(R.PredictedStore - R.MeasuredStore) < 1e-9;
    EXPECT_TRUE(R.Agree) << P.Name << " (" << Run << "): predicted load "
                         << R.Predicted << " store " << R.PredictedStore
                         << ", measured load " << R.Measured << " store "
                         << R.MeasuredStore;
    Agree += R.Agree;
    Rows.push_back(R);
  }
  return Agree;
}

TEST(Validation, PredictionsEqualH200Counters) {
  std::vector<Pattern> All = allPatterns();
  unsigned NumGlobal = llvm::count_if(All, [](auto &P) { return P.Global; });
  EXPECT_GE(NumGlobal, 60u);
  EXPECT_GE(All.size() - NumGlobal, 30u);

  std::vector<Row> Rows;
  llvm::StringMap<bool> Seen;
  unsigned Compared = 0, Agree = 0;
  for (const char *Run : WARPLINT_VALIDATION_RUNS) {
    size_t Before = Rows.size();
    Agree += compareRun(All, Run, Seen, Rows);
    Compared += Rows.size() - Before;
  }
  EXPECT_EQ(Agree, Compared);
  for (const Pattern &P : All)
    EXPECT_TRUE(Seen.count(P.Name)) << P.Name << " was never measured";

  if (const char *Out = std::getenv("WARPLINT_VALIDATION_TABLE")) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Out, EC);
    OS << "| kernel (run) | space | predicted ld | measured ld | predicted st "
          "| measured st | agree |\n|---|---|---|---|---|---|---|\n";
    for (const Row &R : Rows)
      OS << "| " << R.Name << " | " << R.Kind << " | "
         << llvm::format("%.3f", R.Predicted) << " | "
         << llvm::format("%.3f", R.Measured) << " | "
         << llvm::format("%.3f", R.PredictedStore) << " | "
         << llvm::format("%.3f", R.MeasuredStore) << " | "
         << (R.Agree ? "yes" : "**no**") << " |\n";
  }
}

/// Writes the predictions for every pattern (before measuring a new suite):
/// WARPLINT_PREDICTIONS=<file>.
TEST(Validation, WritePredictionsWhenAsked) {
  const char *Out = std::getenv("WARPLINT_PREDICTIONS");
  if (!Out)
    GTEST_SKIP() << "set WARPLINT_PREDICTIONS=<file> to write predictions";
  std::error_code EC;
  llvm::raw_fd_ostream OS(Out, EC);
  ASSERT_FALSE(EC);
  OS << "kernel,load_per_request,store_per_request,requests,assumptions\n";
  for (const Pattern &P : allPatterns()) {
    Prediction Pr = predictPattern(P);
    OS << P.Name << "," << llvm::format("%.4f", Pr.Load) << ","
       << llvm::format("%.4f", Pr.Store) << "," << Pr.Requests << ",\""
       << Pr.Assumptions << "\"\n";
  }
}

} // namespace
