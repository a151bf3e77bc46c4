//===- MemoryCost.cpp - Memory transactions of one warp request -----------===//
#include "Hardware/MemoryCost.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include <algorithm>

namespace warplint {
namespace hw {

namespace {
uint64_t divideRoundUp(uint64_t X, uint64_t Y) { return (X + Y - 1) / Y; }

/// Distinct bytes the active lanes touch.
uint64_t usefulBytes(llvm::ArrayRef<LaneAddress> Lanes, unsigned W) {
  llvm::SmallVector<std::pair<uint64_t, uint64_t>, 32> R;
  for (const LaneAddress &L : Lanes)
    if (L.Active)
      R.push_back({L.Address, L.Address + W});
  llvm::sort(R);
  uint64_t Bytes = 0, End = 0;
  bool First = true;
  for (auto [B, E] : R) {
    if (First || B >= End) {
      Bytes += E - B;
      End = E;
      First = false;
    } else if (E > End) {
      Bytes += E - End;
      End = E;
    }
  }
  return Bytes;
}

unsigned distinctBlocks(llvm::ArrayRef<LaneAddress> Lanes, unsigned W,
                        unsigned Block) {
  llvm::DenseSet<uint64_t> Set;
  for (const LaneAddress &L : Lanes)
    if (L.Active)
      for (uint64_t B = L.Address / Block; B <= (L.Address + W - 1) / Block;
           ++B)
        Set.insert(B);
  return Set.size();
}

/// CC 1.2/1.3 (Best Practices Guide 2.3, 3.2.1): per half warp, find the
/// segment of the lowest active lane, serve every lane in it, shrink 128 -> 64
/// -> 32 bytes when only one half is used, repeat.
void halfWarpSegments(llvm::ArrayRef<LaneAddress> Half, unsigned W,
                      GlobalAccessCost &C) {
  uint64_t Seg = W == 1 ? 32 : W == 2 ? 64 : 128;
  llvm::SmallVector<bool, 16> Done(Half.size(), false);
  for (size_t I = 0; I < Half.size(); ++I) {
    if (!Half[I].Active || Done[I])
      continue;
    uint64_t Base = Half[I].Address / Seg * Seg;
    uint64_t Lo = ~uint64_t(0), Hi = 0;
    for (size_t J = I; J < Half.size(); ++J) {
      if (!Half[J].Active || Done[J])
        continue;
      uint64_t A = Half[J].Address;
      if (A >= Base && A < Base + Seg) {
        Done[J] = true;
        Lo = std::min(Lo, A);
        Hi = std::max(Hi, std::min(A + W, Base + Seg) - 1);
      }
    }
    uint64_t Size = Seg, Start = Base;
    while (Size > 32) {
      uint64_t HalfSize = Size / 2;
      if (Lo >= Start + HalfSize)
        Start += HalfSize;
      else if (Hi >= Start + HalfSize)
        break;
      Size = HalfSize;
    }
    ++C.Transactions;
    C.TransactionBytes += Size;
  }
}

/// CC 1.0/1.1 (Best Practices Guide 2.3, 3.2.1): the k-th thread of a half
/// warp must access the k-th 32/64/128-bit word of an aligned segment;
/// otherwise every active thread is its own 32-byte transaction.
void halfWarpStrict(llvm::ArrayRef<LaneAddress> Half, unsigned W,
                    GlobalAccessCost &C) {
  unsigned Active = 0;
  bool Coalesced = W == 4 || W == 8 || W == 16;
  uint64_t Base = 0;
  bool HaveBase = false;
  for (size_t K = 0; K < Half.size(); ++K) {
    if (!Half[K].Active)
      continue;
    ++Active;
    uint64_t Want = Half[K].Address - K * W;
    if (!HaveBase) {
      Base = Want;
      HaveBase = true;
    }
    if (Want != Base || Base % (16 * W))
      Coalesced = false;
  }
  if (!Active)
    return;
  if (Coalesced) {
    // "one transaction (or two transactions in the case of 128-bit words)"
    unsigned N = W == 16 ? 2 : 1;
    C.Transactions += N;
    C.TransactionBytes += W == 4 ? 64 : 128 * N;
  } else {
    C.Transactions += Active;
    C.TransactionBytes += 32ull * Active;
  }
}
} // namespace

GlobalAccessCost globalAccessCost(const HardwareModel &M,
                                  llvm::ArrayRef<LaneAddress> Lanes,
                                  unsigned W) {
  GlobalAccessCost C;
  for (const LaneAddress &L : Lanes)
    C.ActiveLanes += L.Active;
  if (!C.ActiveLanes || !W)
    return C;
  C.Sectors = distinctBlocks(Lanes, W, M.SectorBytes);
  C.Lines = distinctBlocks(Lanes, W, M.LineBytes);
  C.UsefulBytes = usefulBytes(Lanes, W);
  C.IdealSectors = divideRoundUp(C.UsefulBytes, M.SectorBytes);
  C.IdealLines = divideRoundUp(C.UsefulBytes, M.LineBytes);
  switch (M.Coalescing) {
  case CoalescingRule::Sectors:
    C.Transactions = C.Sectors;
    C.TransactionBytes = uint64_t(C.Sectors) * M.SectorBytes;
    C.IdealTransactions = C.IdealSectors;
    break;
  case CoalescingRule::Lines:
    C.Transactions = C.Lines;
    C.TransactionBytes = uint64_t(C.Lines) * M.LineBytes;
    C.IdealTransactions = C.IdealLines;
    break;
  case CoalescingRule::HalfWarpSegments:
  case CoalescingRule::HalfWarpStrict: {
    unsigned HalfSize = M.WarpSize / 2;
    for (size_t I = 0; I < Lanes.size(); I += HalfSize) {
      auto Half = Lanes.slice(I, std::min<size_t>(HalfSize, Lanes.size() - I));
      if (M.Coalescing == CoalescingRule::HalfWarpSegments)
        halfWarpSegments(Half, W, C);
      else
        halfWarpStrict(Half, W, C);
      // Ideal: each half warp's useful bytes in the fewest aligned segments.
      uint64_t U = usefulBytes(Half, W);
      if (U)
        C.IdealTransactions +=
            W == 16 && M.Coalescing == CoalescingRule::HalfWarpStrict
                ? 2
                : divideRoundUp(U, 128);
    }
    break;
  }
  }
  return C;
}

/// The bank width in use: Kepler's 8-byte mode where asked and modelled.
static unsigned bankWidth(const HardwareModel &M, bool EightByteBanks) {
  return EightByteBanks && M.SharedBank8ByteMode ? 8 : M.SharedBankWidthBytes;
}

std::vector<SharedLaneSlot> sharedLaneLayout(const HardwareModel &M,
                                             llvm::ArrayRef<LaneAddress> Lanes,
                                             unsigned W, bool IsStore,
                                             bool EightByteBanks) {
  std::vector<SharedLaneSlot> Slots(Lanes.size());
  if (!W)
    return Slots;
  unsigned BankWidth = bankWidth(M, EightByteBanks);
  // Lanes per phase: a phase moves at most banks x width bytes, and on CC 1.x
  // a half warp is the unit whatever the width.
  unsigned PhaseLanes =
      std::max(1u, std::min(M.WarpSize, M.SharedBanks * BankWidth / W));
  if (M.SharedConflictScope == ConflictScope::HalfWarp)
    PhaseLanes = std::min(PhaseLanes, M.WarpSize / 2);

  // Requests in lane order, each tagged with its phase. Measured on sm_90
  // (docs/validation.md): loads wider than a bank merge lanes 2k and 2k+1
  // that read the same address into one slot and pack the active slots into
  // phases; stores (and loads on models without the merge) use fixed groups
  // of lanes (half warps for 8 bytes, quarter warps for 16).
  bool Merge = M.SharedLoadPairsMerge && !IsStore && W > BankWidth;
  unsigned Requests = 0;
  for (size_t I = 0; I < Lanes.size(); ++I) {
    if (!Lanes[I].Active)
      continue;
    SharedLaneSlot &S = Slots[I];
    S.Active = true;
    S.FirstWord = Lanes[I].Address / BankWidth;
    S.Words =
        unsigned((Lanes[I].Address + W - 1) / BankWidth - S.FirstWord + 1);
    S.FirstBank = unsigned(S.FirstWord % M.SharedBanks);
    if (Merge && I % 2 == 1 && Lanes[I - 1].Active &&
        Lanes[I - 1].Address == Lanes[I].Address) {
      S.Merged = true;
      S.Phase = Slots[I - 1].Phase;
      continue;
    }
    S.Phase = Merge ? Requests / PhaseLanes : unsigned(I / PhaseLanes);
    ++Requests;
  }
  // A lane conflicts when one of its banks holds another word in its phase.
  llvm::DenseMap<std::pair<unsigned, unsigned>, llvm::SmallVector<uint64_t, 4>>
      WordsPerBank; // (phase, bank) -> distinct words
  for (const SharedLaneSlot &S : Slots)
    if (S.Active && !S.Merged)
      for (uint64_t Word = S.FirstWord; Word < S.FirstWord + S.Words; ++Word) {
        auto &Words = WordsPerBank[{S.Phase, unsigned(Word % M.SharedBanks)}];
        if (!llvm::is_contained(Words, Word))
          Words.push_back(Word);
      }
  for (SharedLaneSlot &S : Slots)
    if (S.Active)
      for (uint64_t Word = S.FirstWord; Word < S.FirstWord + S.Words; ++Word)
        S.Conflict |=
            WordsPerBank[{S.Phase, unsigned(Word % M.SharedBanks)}].size() > 1;
  return Slots;
}

SharedAccessCost sharedAccessCost(const HardwareModel &M,
                                  llvm::ArrayRef<LaneAddress> Lanes, unsigned W,
                                  bool IsStore, bool EightByteBanks) {
  SharedAccessCost C;
  if (!W)
    return C;
  // The cost of each phase is its worst bank's number of distinct words.
  std::vector<SharedLaneSlot> Slots =
      sharedLaneLayout(M, Lanes, W, IsStore, EightByteBanks);
  llvm::DenseMap<std::pair<unsigned, unsigned>, llvm::SmallVector<uint64_t, 4>>
      WordsPerBank;
  llvm::SmallVector<unsigned, 8> Phases; // in order of first appearance
  for (const SharedLaneSlot &S : Slots) {
    if (!S.Active)
      continue;
    ++C.ActiveLanes;
    if (S.Merged)
      continue;
    if (!llvm::is_contained(Phases, S.Phase))
      Phases.push_back(S.Phase);
    for (uint64_t Word = S.FirstWord; Word < S.FirstWord + S.Words; ++Word) {
      auto &Words = WordsPerBank[{S.Phase, unsigned(Word % M.SharedBanks)}];
      if (!llvm::is_contained(Words, Word))
        Words.push_back(Word);
    }
  }
  for (unsigned Phase : Phases) {
    unsigned Degree = 1;
    for (auto &KV : WordsPerBank)
      if (KV.first.first == Phase)
        Degree = std::max<unsigned>(Degree, KV.second.size());
    ++C.Phases;
    C.Wavefronts += Degree;
    C.MaxConflictDegree = std::max(C.MaxConflictDegree, Degree);
  }
  C.IdealWavefronts = C.Phases;
  return C;
}

ConstantAccessCost constantAccessCost(const HardwareModel &M,
                                      llvm::ArrayRef<LaneAddress> Lanes,
                                      unsigned WidthBytes) {
  ConstantAccessCost C;
  (void)WidthBytes; // one address per lane, whatever its width
  unsigned GroupLanes = M.ConstantScope == ConflictScope::HalfWarp
                            ? std::max(1u, M.WarpSize / 2)
                            : std::max(1u, M.WarpSize);
  for (size_t First = 0; First < Lanes.size(); First += GroupLanes) {
    llvm::SmallVector<uint64_t, 32> Seen;
    for (size_t I = First; I < Lanes.size() && I < First + GroupLanes; ++I) {
      if (!Lanes[I].Active)
        continue;
      ++C.ActiveLanes;
      if (!llvm::is_contained(Seen, Lanes[I].Address))
        Seen.push_back(Lanes[I].Address);
    }
    if (Seen.empty())
      continue;
    ++C.Groups;
    C.Reads += unsigned(Seen.size());
    C.IdealReads += 1;
    C.MaxAddresses = std::max(C.MaxAddresses, unsigned(Seen.size()));
  }
  return C;
}

} // namespace hw
} // namespace warplint
