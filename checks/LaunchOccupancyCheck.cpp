//===- LaunchOccupancyCheck.cpp -------------------------------------------===//
//
// The guide's rule (modern §10.2, 2.3 §4.3, Medium): "To hide latency arising
// from register dependencies, maintain sufficient numbers of active threads
// per multiprocessor (i.e., sufficient occupancy)"; §10.1: "Occupancy is the
// ratio of the number of active warps per multiprocessor to the maximum number
// of possible active warps", and "low occupancy always interferes with the
// ability to hide memory latency". Shared memory "also can act as a
// constraint on occupancy" (§10.1.1).
//
// Reported: a launch whose kernel, block size and dynamic shared memory are
// known, whose occupancy on the target (lib/Hardware/Occupancy, the logic of
// CUDA's cuda_occupancy.h, from the block size, the kernel's static shared
// memory, the dynamic shared memory and the register estimate) is below
// OccupancyThreshold (default 50%: the 2.3 guide, §4.4, "once an occupancy of
// 50 percent has been reached, additional increases in occupancy do not
// translate into improved performance"; the 18.75% it gives in §4.3 is the
// floor for register latency alone), and whose limiter is the per-SM block
// limit, shared memory or warp slots. Occupancy counts the threads that run:
// resident blocks x block size over the SM's thread slots, the CUDA
// Programming Guide's own occupancy example (activeWarps = numBlocks *
// blockSize / warpSize); for blocks that are a multiple of the warp size this
// is the guide's warp ratio.
//
// Not reported: the register limiter (warplint-register-pressure reports it,
// exact with ptxas); launches that cannot run (the block-size and register
// checks report them); runtime block sizes or dynamic shared memory; a known
// grid that every SM holds at once (grid <= SMs x resident blocks: the limit
// never binds, and warplint-grid-too-small speaks for small grids); a grid
// set from a host loop's counter (a wavefront: small grids that grow and
// shrink launch by launch).
//
//===----------------------------------------------------------------------===//
#include "checks/LaunchOccupancyCheck.h"

#include "Analysis/AnalysisContext.h"
#include "Analysis/launch/LaunchOccupancy.h"
#include "Analysis/launch/LaunchSites.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include <cmath>

using namespace clang;
using namespace clang::ast_matchers;

namespace warplint {

LaunchOccupancyCheck::LaunchOccupancyCheck(llvm::StringRef Name,
                                           tidy::ClangTidyContext *Context)
    : WarplintCheck(Name, Context),
      OccupancyThreshold(Options.get("OccupancyThreshold", 50U)),
      Multiprocessors(Options.get("Multiprocessors", 0U)),
      IgnoreSingleThreadBlocks(Options.get("IgnoreSingleThreadBlocks", false)) {
}

void LaunchOccupancyCheck::storeOptions(
    tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "OccupancyThreshold", OccupancyThreshold);
  Options.store(Opts, "Multiprocessors", Multiprocessors);
  Options.store(Opts, "IgnoreSingleThreadBlocks", IgnoreSingleThreadBlocks);
}

void LaunchOccupancyCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(launchCallExpr(), this);
}

void LaunchOccupancyCheck::check(const MatchFinder::MatchResult &R) {
  const auto *Call = R.Nodes.getNodeAs<CallExpr>("launch");
  ASTContext &Ctx = *R.Context;
  if (!Call || Call->isValueDependent() || Call->containsErrors() ||
      OccupancyThreshold == 0)
    return;
  const double Threshold = std::min(OccupancyThreshold, 100U) / 100.0;
  AnalysisContext &AC = analysis(Ctx);
  const LaunchOccupancy *L = nullptr;
  for (const LaunchOccupancy &O : AC.launchOccupancy(Threshold))
    if (O.Call == Call)
      L = &O;
  if (!L)
    return;
  const hw::OccupancyResult &O = L->Occ;
  using hw::OccupancyLimiter;
  if (O.Limiter != OccupancyLimiter::BlockSlots &&
      O.Limiter != OccupancyLimiter::SharedMemory &&
      O.Limiter != OccupancyLimiter::Warps)
    return;
  if (L->ThreadOccupancy >= Threshold)
    return;
  const uint64_t Threads = L->Block.threads();
  if (IgnoreSingleThreadBlocks && Threads == 1)
    return;
  const hw::HardwareModel &M = target(Ctx);
  unsigned SMs = Multiprocessors ? Multiprocessors : M.Multiprocessors;
  if (L->GridBlocks &&
      *L->GridBlocks <= uint64_t(std::max(SMs, 1U)) * O.ActiveBlocks)
    return; // every block is resident at once: the limit never binds
  // A wavefront (Rodinia nw: `for (i = 1; i <= n; i++) { grid.x = i;
  // k<<<grid, 16>>>(...); }`): the grid grows and shrinks with a host loop's
  // counter, so most launches have few blocks, all resident at once, and the
  // per-SM block limit binds only for launches with more than SMs x resident
  // blocks, which the source does not say. Not reported.
  if (L->GridLoopCounter)
    return;
  std::optional<LaunchSite> Site = launchSite(*Call, Ctx);
  if (!Site || !Site->Block)
    return;

  Report Rep;
  Rep.Loc = Site->Block->getBeginLoc();
  Rep.Range = Site->Block->getSourceRange();
  Rep.Conf = L->RegistersExact || O.Limiter == OccupancyLimiter::BlockSlots
                 ? Confidence::Likely
                 : Confidence::Possible;
  std::string Shape = L->Block.str();
  std::string Blocks = "blocks of " +
                       (Shape == std::to_string(Threads)
                            ? Shape
                            : Shape + " = " + std::to_string(Threads)) +
                       " thread" + (Threads == 1 ? "" : "s");
  std::string Why;
  switch (O.Limiter) {
  case OccupancyLimiter::BlockSlots:
    Why = "the limit of " + std::to_string(O.LimitBlocks) +
          " resident blocks per SM";
    break;
  case OccupancyLimiter::SharedMemory:
    Why = "shared memory (" + std::to_string(O.SharedMemPerBlock) +
          " bytes per block of the " + std::to_string(O.SharedMemPerSMUsed) +
          " an SM has) lets " + std::to_string(O.ActiveBlocks) + " block" +
          (O.ActiveBlocks == 1 ? "" : "s") + " reside and";
    break;
  default:
    Why = "warp slots (" + std::to_string(O.WarpsPerBlock) +
          " warps per block of " + std::to_string(O.MaxWarps) + " per SM)";
    break;
  }
  Rep.Message = Blocks + " reach " + hw::formatOccupancy(L->ThreadOccupancy) +
                " occupancy on " + M.Name + ": " + Why +
                (O.Limiter == OccupancyLimiter::SharedMemory ? " hold"
                                                             : " holds") +
                " " + std::to_string(L->ActiveThreads) + " of the " +
                std::to_string(L->MaxThreads) +
                " threads an SM can run, too few to hide memory latency";
  Rep.Notes.push_back(
      {Rep.Loc,
       "occupancy calculator (CUDA's cuda_occupancy.h logic) for " + M.Name +
           ": " + std::to_string(O.ActiveBlocks) + " blocks x " +
           std::to_string(O.WarpsPerBlock) + " warps = " +
           std::to_string(O.ActiveWarps) + " of " +
           std::to_string(O.MaxWarps) + " warps resident; " +
           std::to_string(L->StaticShared) + " bytes static + " +
           std::to_string(L->DynamicShared) + " bytes dynamic shared memory, " +
           std::to_string(L->Registers) + " registers per thread" +
           (L->RegistersExact ? " (ptxas)" : " (estimate)")});
  if (!L->Better.empty())
    Rep.Notes.push_back({Rep.Loc, "does better: " + L->Better});
  emit(Rep, *R.SourceManager);
}

} // namespace warplint
