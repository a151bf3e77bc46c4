//===- Facts.cpp - The structured facts behind a finding ------------------===//
#include "Findings/Facts.h"

namespace warplint {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

static Value viewToJson(const WarpView &V, bool Shared) {
  Array Lanes;
  for (const LaneFact &L : V.Lanes) {
    Object O{{"lane", L.Lane}, {"active", L.Active}};
    if (L.Active) {
      O["offset"] = L.Offset;
      O["address"] = int64_t(L.Address);
      if (Shared) {
        O["phase"] = L.Phase;
        O["bank"] = L.FirstBank;
        O["word"] = int64_t(L.FirstWord);
        O["words"] = L.Words;
        O["conflict"] = L.Conflict;
        if (L.Merged)
          O["merged"] = true;
      } else {
        O["sectors"] = Array{int64_t(L.FirstSector), int64_t(L.LastSector)};
        O["lines"] = Array{int64_t(L.FirstLine), int64_t(L.LastLine)};
      }
    }
    Lanes.push_back(std::move(O));
  }
  Object O{{"role", V.Role},
           {"label", V.Label},
           {"warp", V.Warp},
           {"lanes", std::move(Lanes)}};
  if (Shared) {
    O["phases"] = V.Phases;
    O["wavefronts"] = V.Wavefronts;
    O["idealWavefronts"] = V.IdealWavefronts;
    O["degree"] = V.Degree;
    Array Phases;
    for (const std::vector<unsigned> &Banks : V.BankWords)
      Phases.push_back(Array(Banks));
    O["bankWords"] = std::move(Phases);
  } else {
    O["sectors"] = V.Sectors;
    O["idealSectors"] = V.IdealSectors;
    O["lines"] = V.Lines;
    O["idealLines"] = V.IdealLines;
    O["transactions"] = V.Transactions;
    O["idealTransactions"] = V.IdealTransactions;
    O["usefulBytes"] = int64_t(V.UsefulBytes);
    O["fetchedBytes"] = int64_t(V.FetchedBytes);
  }
  return O;
}

static Value accessToJson(const AccessFacts &A) {
  bool Shared = A.Space == "shared";
  Array Views;
  for (const WarpView &V : A.Views)
    Views.push_back(viewToJson(V, Shared));
  Object O{{"space", A.Space},
           {"access", A.Access},
           {"array", A.Array},
           {"index", A.Index},
           {"widthBytes", A.WidthBytes},
           {"arch", A.Arch},
           {"requests", A.Requests},
           {"perRequest", A.PerRequest},
           {"idealPerRequest", A.IdealPerRequest},
           {"views", std::move(Views)}};
  O["strideBytes"] = A.StrideBytes ? Value(*A.StrideBytes) : Value(nullptr);
  if (Shared) {
    O["banks"] = A.Banks;
    O["bankWidthBytes"] = A.BankWidthBytes;
    O["degree"] = A.Degree;
  } else {
    O["sectorBytes"] = A.SectorBytes;
    O["lineBytes"] = A.LineBytes;
    O["coalescing"] = A.Coalescing;
  }
  if (A.Ideal)
    O["ideal"] = viewToJson(*A.Ideal, Shared);
  if (!A.Iterations.empty()) {
    Array Its;
    for (const AccessFacts::Iteration &I : A.Iterations) {
      Object IO{{"label", I.Label},
                {"perRequest", I.PerRequest},
                {"idealPerRequest", I.IdealPerRequest}};
      if (Shared)
        IO["degree"] = I.Degree;
      Its.push_back(std::move(IO));
    }
    O["iterations"] = std::move(Its);
    O["allIterations"] = A.AllIterations;
  }
  if (A.Padded) {
    const AccessFacts::Padding &P = *A.Padded;
    Object PO{
        {"array", P.Array},           {"elements", P.Elements},
        {"before", P.Before},         {"after", P.After},
        {"perRequest", P.PerRequest}, {"idealPerRequest", P.IdealPerRequest},
        {"degree", P.Degree}};
    if (P.View)
      PO["view"] = viewToJson(*P.View, true);
    O["padded"] = std::move(PO);
  }
  return O;
}

static std::string hexMask(uint64_t M) {
  static const char *Digits = "0123456789abcdef";
  std::string S;
  do {
    S.insert(S.begin(), Digits[M & 15]);
    M >>= 4;
  } while (M);
  return "0x" + S;
}

static Value divergenceToJson(const DivergenceFacts &D) {
  Array Warps;
  for (const DivergenceFacts::Warp &W : D.PerWarp) {
    // Masks as hex strings: JSON numbers lose bits above 2^53 in readers.
    Array Taken;
    for (unsigned L = 0; L < W.Lanes; ++L)
      if (W.Taken >> L & 1)
        Taken.push_back(L);
    Warps.push_back(Object{{"warp", W.Index},
                           {"lanes", W.Lanes},
                           {"takenMask", hexMask(W.Taken)},
                           {"takenLanes", std::move(Taken)}});
  }
  Object O{{"condition", D.Condition},
           {"kind", D.Kind},
           {"warps", D.Warps},
           {"divergentWarps", D.DivergentWarps},
           {"perWarp", std::move(Warps)},
           {"tripCounts", D.TripCounts}};
  if (!D.Iteration.empty())
    O["iteration"] = D.Iteration;
  return O;
}

static Value resourcesToJson(const ResourceFacts &R) {
  Array Bars;
  for (const ResourceFacts::Bar &B : R.Bars)
    Bars.push_back(Object{{"resource", B.Resource},
                          {"unit", B.Unit},
                          {"perBlock", int64_t(B.PerBlock)},
                          {"perSM", int64_t(B.PerSM)},
                          {"used", int64_t(B.Used)},
                          {"blocksAllowed", B.BlocksAllowed == ~0u
                                                ? Value(nullptr)
                                                : Value(B.BlocksAllowed)},
                          {"limiter", B.Limiter}});
  Object O{{"arch", R.Arch},
           {"threadsPerBlock", R.ThreadsPerBlock},
           {"registersPerThread", R.RegistersPerThread},
           {"registersExact", R.RegistersExact},
           {"bars", std::move(Bars)},
           {"limiter", R.Limiter},
           {"activeBlocks", R.ActiveBlocks},
           {"activeWarps", R.ActiveWarps},
           {"maxWarps", R.MaxWarps},
           {"occupancy", R.Occupancy}};
  if (R.NextRegisters) {
    O["nextRegisters"] = *R.NextRegisters;
    O["nextOccupancy"] = R.NextOccupancy;
  }
  return O;
}

Object factsToJson(const FindingFacts &F) {
  Object O;
  if (!F.Function.empty())
    O["function"] = F.Function;
  if (F.Block) {
    Array Params;
    for (const auto &[Name, V] : F.Block->Params)
      Params.push_back(Object{{"name", Name}, {"value", V}});
    Object B{{"x", F.Block->Dim[0]},
             {"y", F.Block->Dim[1]},
             {"z", F.Block->Dim[2]},
             {"origin", F.Block->Origin},
             {"params", std::move(Params)}};
    if (!F.Block->Where.empty())
      B["where"] = F.Block->Where;
    O["blockShape"] = std::move(B);
  }
  if (!F.Assumptions.empty())
    O["assumptions"] = Array(F.Assumptions);
  if (F.Access)
    O["access"] = accessToJson(*F.Access);
  if (F.Divergence)
    O["divergence"] = divergenceToJson(*F.Divergence);
  if (F.Resources)
    O["resources"] = resourcesToJson(*F.Resources);
  return O;
}

} // namespace warplint
