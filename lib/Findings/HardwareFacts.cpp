//===- HardwareFacts.cpp - Facts from what lib/Hardware priced ------------===//
#include "Findings/HardwareFacts.h"

#include "Hardware/MemoryCost.h"
#include <algorithm>
#include <map>

namespace warplint {

/// The lanes of \p W with their offsets and priced addresses filled in.
static std::vector<LaneFact> baseLanes(const hw::WarpCost &W) {
  std::vector<LaneFact> Lanes(W.Active.size());
  unsigned NextOffset = 0;
  for (unsigned L = 0; L < Lanes.size(); ++L) {
    Lanes[L].Lane = L;
    Lanes[L].Active = W.Active[L];
    if (!W.Active[L])
      continue;
    if (NextOffset < W.LaneOffsets.size())
      Lanes[L].Offset = W.LaneOffsets[NextOffset++];
    if (L < W.Addresses.size())
      Lanes[L].Address = W.Addresses[L];
  }
  return Lanes;
}

/// Sectors and lines of each active lane, numbered from the line of the
/// lowest active address so that the picture starts at 0.
static void placeGlobal(const hw::HardwareModel &M, unsigned Width,
                        std::vector<LaneFact> &Lanes) {
  uint64_t Low = UINT64_MAX;
  for (const LaneFact &L : Lanes)
    if (L.Active)
      Low = std::min(Low, L.Address);
  if (Low == UINT64_MAX || !M.SectorBytes || !M.LineBytes)
    return;
  uint64_t BaseLine = Low / M.LineBytes;
  uint64_t BaseSector = BaseLine * M.LineBytes / M.SectorBytes;
  for (LaneFact &L : Lanes) {
    if (!L.Active)
      continue;
    uint64_t End = L.Address + std::max(1u, Width) - 1;
    L.FirstSector = L.Address / M.SectorBytes - BaseSector;
    L.LastSector = End / M.SectorBytes - BaseSector;
    L.FirstLine = L.Address / M.LineBytes - BaseLine;
    L.LastLine = End / M.LineBytes - BaseLine;
  }
}

static void globalCosts(const hw::GlobalAccessCost &C, WarpView &V) {
  V.Sectors = C.Sectors;
  V.IdealSectors = C.IdealSectors;
  V.Lines = C.Lines;
  V.IdealLines = C.IdealLines;
  V.Transactions = C.Transactions;
  V.IdealTransactions = C.IdealTransactions;
  V.UsefulBytes = C.UsefulBytes;
  V.FetchedBytes = C.TransactionBytes;
}

WarpView globalWarpView(const hw::HardwareModel &M, const hw::WarpCost &W,
                        unsigned Width, std::string Role, std::string Label) {
  WarpView V;
  V.Role = std::move(Role);
  V.Label = std::move(Label);
  V.Warp = W.Warp;
  V.Lanes = baseLanes(W);
  placeGlobal(M, Width, V.Lanes);
  globalCosts(W.Global, V);
  return V;
}

WarpView idealGlobalWarpView(const hw::HardwareModel &M,
                             const hw::WarpCost &Actual, unsigned Width) {
  // Distinct addresses in order; lanes that share one keep sharing it.
  std::map<uint64_t, uint64_t> Packed;
  for (unsigned L = 0; L < Actual.Active.size(); ++L)
    if (Actual.Active[L] && L < Actual.Addresses.size())
      Packed[Actual.Addresses[L]] = 0;
  uint64_t Next = 0;
  for (auto &KV : Packed) {
    KV.second = Next;
    Next += Width;
  }
  hw::WarpCost Ideal;
  Ideal.Warp = Actual.Warp;
  Ideal.Active = Actual.Active;
  Ideal.Addresses.assign(Actual.Active.size(), 0);
  std::vector<hw::LaneAddress> Priced(Actual.Active.size());
  uint64_t First = 0;
  bool HaveFirst = false;
  for (unsigned L = 0; L < Actual.Active.size(); ++L) {
    if (!Actual.Active[L] || L >= Actual.Addresses.size())
      continue;
    uint64_t A = Packed[Actual.Addresses[L]];
    Ideal.Addresses[L] = A;
    Priced[L] = {true, A};
    if (!HaveFirst) {
      First = A;
      HaveFirst = true;
    }
    Ideal.LaneOffsets.push_back(int64_t(A) - int64_t(First));
    ++Ideal.ActiveLanes;
  }
  Ideal.Global = hw::globalAccessCost(M, Priced, Width);
  return globalWarpView(M, Ideal, Width, "ideal",
                        "ideal: the same bytes packed from an aligned base");
}

WarpView sharedWarpView(const hw::HardwareModel &M, const hw::WarpCost &W,
                        unsigned Width, bool IsStore, std::string Role,
                        std::string Label) {
  WarpView V;
  V.Role = std::move(Role);
  V.Label = std::move(Label);
  V.Warp = W.Warp;
  V.Lanes = baseLanes(W);
  std::vector<hw::LaneAddress> Priced(V.Lanes.size());
  for (const LaneFact &L : V.Lanes)
    Priced[L.Lane] = {L.Active, L.Address};
  std::vector<hw::SharedLaneSlot> Slots =
      hw::sharedLaneLayout(M, Priced, Width, IsStore);
  for (size_t I = 0; I < Slots.size() && I < V.Lanes.size(); ++I) {
    LaneFact &L = V.Lanes[I];
    L.Phase = Slots[I].Phase;
    L.FirstBank = Slots[I].FirstBank;
    L.FirstWord = Slots[I].FirstWord;
    L.Words = Slots[I].Words;
    L.Conflict = Slots[I].Conflict;
    L.Merged = Slots[I].Merged;
  }
  // Distinct words per (phase, bank), grouped as sharedAccessCost groups
  // them (merged lanes share their partner's slot).
  std::map<unsigned, std::vector<std::vector<uint64_t>>> Words;
  for (const hw::SharedLaneSlot &S : Slots) {
    if (!S.Active || S.Merged)
      continue;
    auto &Banks = Words[S.Phase];
    Banks.resize(M.SharedBanks);
    for (uint64_t Word = S.FirstWord; Word < S.FirstWord + S.Words; ++Word) {
      auto &List = Banks[Word % M.SharedBanks];
      if (std::find(List.begin(), List.end(), Word) == List.end())
        List.push_back(Word);
    }
  }
  // Indexed by phase number; a phase with no active lane has no counts.
  if (!Words.empty())
    V.BankWords.resize(Words.rbegin()->first + 1);
  for (auto &[Phase, Banks] : Words)
    for (auto &List : Banks)
      V.BankWords[Phase].push_back(unsigned(List.size()));
  V.Phases = W.Shared.Phases;
  V.Wavefronts = W.Shared.Wavefronts;
  V.IdealWavefronts = W.Shared.IdealWavefronts;
  V.Degree = W.Shared.MaxConflictDegree;
  return V;
}

void describeModel(const hw::HardwareModel &M, AccessFacts &A) {
  A.Arch = M.Name;
  A.SectorBytes = M.SectorBytes;
  A.LineBytes = M.LineBytes;
  A.Banks = M.SharedBanks;
  A.BankWidthBytes = M.SharedBankWidthBytes;
  switch (M.Coalescing) {
  case hw::CoalescingRule::Sectors:
    A.Coalescing = "sectors";
    break;
  case hw::CoalescingRule::Lines:
    A.Coalescing = "lines";
    break;
  case hw::CoalescingRule::HalfWarpSegments:
    A.Coalescing = "half-warp segments";
    break;
  case hw::CoalescingRule::HalfWarpStrict:
    A.Coalescing = "half-warp strict";
    break;
  }
}

ResourceFacts resourceFacts(const hw::HardwareModel &M,
                            const hw::OccupancyInput &In,
                            const hw::OccupancyResult &R) {
  ResourceFacts F;
  F.Arch = M.Name;
  F.ThreadsPerBlock = In.ThreadsPerBlock;
  F.RegistersPerThread = In.RegistersPerThread;
  F.Limiter = hw::limiterName(R.Limiter).str();
  F.ActiveBlocks = R.ActiveBlocks;
  F.ActiveWarps = R.ActiveWarps;
  F.MaxWarps = R.MaxWarps;
  F.Occupancy = R.Occupancy;
  auto Add = [&](const char *Name, const char *Unit, uint64_t PerBlock,
                 uint64_t PerSM, unsigned Allowed, hw::OccupancyLimiter L) {
    ResourceFacts::Bar B;
    B.Resource = Name;
    B.Unit = Unit;
    B.PerBlock = PerBlock;
    B.PerSM = PerSM;
    B.BlocksAllowed = Allowed;
    B.Used = PerBlock * R.ActiveBlocks;
    B.Limiter = R.Limiter == L;
    F.Bars.push_back(std::move(B));
  };
  Add("registers", "registers", R.RegistersPerBlock, M.RegistersPerSM,
      R.LimitRegisters, hw::OccupancyLimiter::Registers);
  Add("shared memory", "bytes", R.SharedMemPerBlock, R.SharedMemPerSMUsed,
      R.LimitSharedMem, hw::OccupancyLimiter::SharedMemory);
  Add("warps", "warps", R.WarpsPerBlock, M.MaxWarpsPerSM, R.LimitWarps,
      hw::OccupancyLimiter::Warps);
  Add("blocks", "blocks", 1, M.MaxBlocksPerSM, R.LimitBlocks,
      hw::OccupancyLimiter::BlockSlots);
  return F;
}

} // namespace warplint
