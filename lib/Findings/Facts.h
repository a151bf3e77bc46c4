//===- Facts.h - The structured facts behind a finding ----------*- C++ -*-===//
//
// Part of warplint. What a check computed before it wrote its message: the
// lanes of a warp and the sectors, lines or banks they touch, which lanes of
// which warps take a branch, the resources that limit occupancy, the block
// shape and the assumptions. The JSON output carries them ("facts") and the
// HTML report draws them: neither recomputes anything (docs/html-report.md).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FINDINGS_FACTS_H
#define WARPLINT_FINDINGS_FACTS_H

#include "llvm/Support/JSON.h"
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// One lane of a warp's memory request, as the cost model priced it.
struct LaneFact {
  unsigned Lane = 0;
  bool Active = false;
  int64_t Offset = 0;   ///< Bytes from the first active lane's address.
  uint64_t Address = 0; ///< As priced: only its residues matter.
  /// Global: the first and last sector and line the lane's bytes fall in.
  uint64_t FirstSector = 0, LastSector = 0, FirstLine = 0, LastLine = 0;
  /// Shared: the phase that serves it, its first bank and bank-wide word,
  /// the number of words, and whether it is replayed for a bank conflict.
  unsigned Phase = 0, FirstBank = 0, Words = 0;
  uint64_t FirstWord = 0;
  bool Conflict = false;
  bool Merged = false; ///< Served with the previous lane (same address).
};

/// One warp's request drawn lane by lane, with what it costs.
struct WarpView {
  std::string Role;  ///< "worst", "typical", "padded", "ideal"
  std::string Label; ///< "warp 0", "warp 0, iteration s = 16"
  unsigned Warp = 0;
  std::vector<LaneFact> Lanes;
  // Global memory.
  unsigned Sectors = 0, IdealSectors = 0, Lines = 0, IdealLines = 0;
  unsigned Transactions = 0, IdealTransactions = 0;
  uint64_t UsefulBytes = 0, FetchedBytes = 0;
  // Shared memory.
  unsigned Phases = 0, Wavefronts = 0, IdealWavefronts = 0, Degree = 0;
  /// Per phase, per bank: the distinct words the phase asks of that bank
  /// (more than one is a conflict; the phase costs its largest count).
  std::vector<std::vector<unsigned>> BankWords;
};

/// The facts of a memory-access finding.
struct AccessFacts {
  std::string Space;  ///< "global" or "shared"
  std::string Access; ///< "load", "store", "read-modify-write"
  std::string Array;  ///< The base as the message names it.
  std::string Index;  ///< The derived index expression.
  unsigned WidthBytes = 0;
  std::optional<int64_t> StrideBytes; ///< Between consecutive active lanes.
  std::string Arch;
  unsigned SectorBytes = 0, LineBytes = 0, Banks = 0, BankWidthBytes = 0;
  std::string Coalescing; ///< "sectors", "lines", "half-warp segments", ...
  /// Per request over the block (or grid) for the verdict's iteration.
  double PerRequest = 0, IdealPerRequest = 0;
  unsigned Requests = 0;
  unsigned Degree = 0; ///< Worst bank conflict (shared).
  /// The worst iteration's first requesting warp, then a typical
  /// iteration's when the cost depends on the iteration.
  std::vector<WarpView> Views;
  /// Global: the same bytes packed from an aligned base.
  std::optional<WarpView> Ideal;
  /// Every iteration evaluated: label, per-request cost and ideal, degree.
  struct Iteration {
    std::string Label;
    double PerRequest = 0, IdealPerRequest = 0;
    unsigned Degree = 0;
  };
  std::vector<Iteration> Iterations;
  bool AllIterations = false;
  /// Shared: the layout the padding fix-it proposes, re-evaluated.
  struct Padding {
    std::string Array;
    unsigned Elements = 1;
    std::string Before, After; ///< "32", "33"
    std::optional<WarpView> View;
    double PerRequest = 0, IdealPerRequest = 0;
    unsigned Degree = 0;
  };
  std::optional<Padding> Padded;
};

/// Which lanes of which warps take a divergent branch.
struct DivergenceFacts {
  std::string Condition;
  std::string Kind; ///< "branch", "loop", "switch", "short-circuit"
  unsigned Warps = 0, DivergentWarps = 0;
  /// Per warp of the block: its lanes and the mask of those taking the
  /// branch (bit L: lane L; for a loop, runs it at all). Empty when some lane
  /// has a symbolic value.
  struct Warp {
    unsigned Index = 0, Lanes = 0;
    uint64_t Taken = 0;
  };
  std::vector<Warp> PerWarp;
  std::string Iteration; ///< "s = 16" when the masks are of one iteration.
  bool TripCounts = false;
};

/// The SM resources one launch uses, against the hardware model's limits.
struct ResourceFacts {
  std::string Arch;
  unsigned ThreadsPerBlock = 0, RegistersPerThread = 0;
  bool RegistersExact = false;
  /// One bar per resource: what a block uses, what the SM has, and how many
  /// blocks that allows.
  struct Bar {
    std::string Resource; ///< "registers", "shared memory", "warps", "blocks"
    std::string Unit;     ///< "registers", "bytes", "warps", "blocks"
    uint64_t PerBlock = 0, PerSM = 0;
    uint64_t Used = 0;          ///< PerBlock x the resident blocks.
    unsigned BlocksAllowed = 0; ///< ~0u: unlimited (none used).
    bool Limiter = false;
  };
  std::vector<Bar> Bars;
  std::string Limiter;
  unsigned ActiveBlocks = 0, ActiveWarps = 0, MaxWarps = 0;
  double Occupancy = 0;
  /// The next register count that fits one more block, and its occupancy.
  std::optional<unsigned> NextRegisters;
  double NextOccupancy = 0;
};

/// The block shape a finding was evaluated for, and where it came from.
struct BlockShapeFact {
  std::array<unsigned, 3> Dim = {0, 0, 0};
  std::string Origin; ///< "launch", "__launch_bounds__", "assumed"
  std::string Where;  ///< "k.cu:12:3" for a launch or bounds, else empty.
  /// Kernel arguments that are constants at that launch.
  std::vector<std::pair<std::string, int64_t>> Params;
};

/// Everything structured a finding carries besides its text.
/// A suggested edit that --fix never applies (it changes what a launch covers
/// or what a result is): the check names it in a note, and the JSON output
/// carries it as data ("unsafeFixes").
struct UnsafeFix {
  std::string File;
  unsigned Offset = 0, Length = 0;
  std::string Replacement;
  std::string Description; ///< The note's text: what to review.
};

struct FindingFacts {
  std::string Function; ///< The kernel or device function it is in.
  std::optional<BlockShapeFact> Block;
  /// Runtime values and other assumptions the verdict rests on.
  std::vector<std::string> Assumptions;
  std::optional<AccessFacts> Access;
  std::optional<DivergenceFacts> Divergence;
  std::optional<ResourceFacts> Resources;
  /// The unsafe edits of this finding (not part of the "facts" object).
  std::vector<UnsafeFix> UnsafeFixes;

  bool empty() const {
    return Function.empty() && !Block && Assumptions.empty() && !Access &&
           !Divergence && !Resources && UnsafeFixes.empty();
  }
};

/// The "facts" object of a finding in the JSON output.
llvm::json::Object factsToJson(const FindingFacts &F);

} // namespace warplint

#endif
