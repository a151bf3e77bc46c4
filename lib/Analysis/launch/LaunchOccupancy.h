//===- LaunchOccupancy.h - Occupancy of each launch of a file ----*- C++ -*-===//
//
// Part of warplint. For every launch whose kernel, block and dynamic shared
// memory are known (Analysis/LaunchSites, Analysis/LaunchConfig), the
// occupancy the target reaches (lib/Hardware/Occupancy, CUDA's
// cuda_occupancy.h logic) from the block size, the kernel's static shared
// memory and register estimate (Analysis/ResourceEstimate), the resource that
// limits it, and a configuration that does better.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_LAUNCHOCCUPANCY_H
#define WARPLINT_ANALYSIS_LAUNCHOCCUPANCY_H

#include "Analysis/launch/LaunchConfig.h"
#include "Analysis/resources/ResourceEstimate.h"
#include "Hardware/HardwareModel.h"
#include "Hardware/Occupancy.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class FunctionDecl;
} // namespace clang

namespace warplint {

class AnalysisContext;

/// What one launch reaches on the target, and why.
struct LaunchOccupancy {
  const clang::CallExpr *Call = nullptr;
  const clang::FunctionDecl *Kernel = nullptr;
  BlockShape Block;
  uint64_t DynamicShared = 0;
  unsigned Registers = 0;    ///< Per thread (estimate unless RegistersExact).
  bool RegistersExact = false;
  uint64_t StaticShared = 0; ///< Bytes per block.
  std::optional<uint64_t> GridBlocks; ///< When the grid folds.
  /// The counter of a host loop around the launch that sets the grid
  /// (`for (i = 1; i <= n; i++) { grid.x = i; k<<<grid, 16>>>(...); }`: a
  /// wavefront whose grid grows and shrinks launch by launch); null otherwise.
  const clang::VarDecl *GridLoopCounter = nullptr;
  hw::OccupancyResult Occ;
  /// Resident threads per SM over the threads an SM can hold. This is the
  /// guide's ratio of active warps (§10.1) when the block is a multiple of the
  /// warp size; for smaller or ragged blocks it counts the lanes that run
  /// (the CUDA Programming Guide's occupancy example: activeWarps = numBlocks
  /// * blockSize / warpSize).
  double ThreadOccupancy = 0;
  unsigned ActiveThreads = 0, MaxThreads = 0;
  /// A configuration that reaches at least the threshold it was computed for,
  /// in words ("blocks of 64 threads: 32 blocks, 2048 threads per SM (100%)");
  /// empty when none was found.
  std::string Better;
};

/// Occupancy as resident threads over the SM's thread slots.
double threadOccupancy(const hw::HardwareModel &M, const hw::OccupancyResult &O,
                       unsigned ThreadsPerBlock);

/// A configuration of the same kernel that reaches \p Threshold (a fraction)
/// where \p In does not: larger blocks when block slots or shared memory
/// limit, less shared memory per block when shared memory limits, smaller
/// blocks when warp slots do. Empty when none does.
std::string betterConfiguration(const hw::HardwareModel &M,
                                const hw::OccupancyInput &In,
                                hw::OccupancyLimiter Limiter, double Threshold);

/// The counter of a host loop enclosing \p Call that the grid \p Grid is
/// computed from: the grid expression names it, or the grid variable is
/// assigned (whole or a field) from an expression naming it inside the loop.
/// Null when there is none.
const clang::VarDecl *gridLoopCounter(const clang::CallExpr &Call,
                                      const clang::Expr &Grid,
                                      clang::ASTContext &Ctx);

/// Every launch of the translation unit with a known kernel, block and dynamic
/// shared memory, in source order, evaluated on \p AC's target; better
/// configurations are sought for \p Threshold.
std::vector<LaunchOccupancy> computeLaunchOccupancy(AnalysisContext &AC,
                                                    double Threshold);

/// One line per launch (warplint-dump --occupancy).
void printLaunchOccupancy(llvm::raw_ostream &OS,
                          llvm::ArrayRef<LaunchOccupancy> Launches,
                          const hw::HardwareModel &M, clang::ASTContext &Ctx);

} // namespace warplint

#endif
