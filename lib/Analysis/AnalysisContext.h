//===- AnalysisContext.h - Owner of one translation unit's analysis -*- C++ -*-//
//
// Part of warplint. Everything warplint derives from one translation unit is
// computed here, once, whatever the number of checks that read it: the
// expression context, the mutation cache, the launch index and each launch's
// folded block, and per kernel the memory accesses, their evaluation per block
// shape, the divergence facts per block shape and the per-thread arrays.
// Checks get it from their common base (checks/WarplintCheck), which releases
// it at the end of the translation unit; no check builds an analysis itself.
//
// The model is the Static Analyzer's AnalysisDeclContext::getAnalysis<T>()
// and clazy's ClazyContext: results are computed lazily on first request and
// keyed by everything they depend on.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_ANALYSISCONTEXT_H
#define WARPLINT_ANALYSIS_ANALYSISCONTEXT_H

#include "Analysis/Assumptions.h"
#include "Analysis/Coverage.h"
#include "Analysis/divergence/Divergence.h"
#include "Analysis/instructions/DeviceStatements.h"
#include "Analysis/divergence/SplitCost.h"
#include "Analysis/instructions/DoublePrecision.h"
#include "Analysis/instructions/IntegerDivision.h"
#include "Analysis/instructions/SlowMath.h"
#include "Analysis/instructions/UnsignedCounters.h"
#include "Analysis/memory/GlobalAccumulators.h"
#include "Analysis/host/HostTransfers.h"
#include "Analysis/memory/KernelAccesses.h"
#include "Analysis/launch/LaunchConfig.h"
#include "Analysis/launch/LaunchOccupancy.h"
#include "Analysis/resources/LocalArrays.h"
#include "Analysis/ProjectParents.h"
#include "Analysis/memory/RedundantLoads.h"
#include "Analysis/resources/ResourceEstimate.h"
#include "Frontend/MutationCache.h"
#include "Frontend/ValueFlow.h"
#include "Hardware/HardwareModel.h"
#include "Symbolic/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"
#include <array>
#include <map>
#include <memory>
#include <optional>
#include <tuple>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class FunctionDecl;
} // namespace clang

namespace warplint {

/// How many times each analysis ran for one translation unit; the proof that
/// each result is computed once (test/tool/analysis-once.test).
struct AnalysisStats {
  unsigned LaunchIndexBuilds = 0;
  unsigned LaunchFolds = 0;
  unsigned AccessCollections = 0;
  unsigned PaddedCollections = 0;
  unsigned Evaluations = 0;
  unsigned DivergenceWalks = 0;
  unsigned LocalArrayScans = 0;
  unsigned ResourceEstimates = 0;
  unsigned FP64Scans = 0;
  unsigned ValueFlows = 0;
  unsigned HostTransferScans = 0;
  unsigned AccumulatorScans = 0;
  unsigned Requests = 0; ///< Every request, answered from cache or not.
};

/// Owns the analysis of one translation unit: the expression context, the
/// mutation cache, the target's hardware model, the launch index and lazily
/// computed per-kernel results, each computed at most once.
class AnalysisContext {
public:
  AnalysisContext(clang::ASTContext &Ctx, const hw::HardwareModel &Target);
  ~AnalysisContext();
  AnalysisContext(const AnalysisContext &) = delete;
  AnalysisContext &operator=(const AnalysisContext &) = delete;

  clang::ASTContext &ast() const { return Ctx; }
  /// The hardware model every verdict of this translation unit is judged with.
  const hw::HardwareModel &target() const { return Target; }
  /// The runtime values the user assumes (warplint.Assume): every check
  /// sets the same ones, before the first request, since they are a global
  /// option.
  void setAssumptions(const Assumptions &A) { Assumed = A; }
  const Assumptions &assumptions() const { return Assumed; }
  sym::ExprContext &exprs() { return SC; }
  MutationCache &mutations() { return Mutations; }

  /// The block of the launch \p Call (`<<<>>>` or a runtime API launch,
  /// Analysis/LaunchSites), folded once.
  const LaunchBlock &launchBlock(const clang::CallExpr &Call);
  /// Every launch of the translation unit (findLaunchCalls), found once.
  llvm::ArrayRef<const clang::CallExpr *> launchCalls();
  /// An integer expression folded as launch arguments are (literals,
  /// constants, unmodified locals).
  std::optional<int64_t> foldInteger(const clang::Expr &E);

  /// The block shapes \p Kernel runs with: its launches in this translation
  /// unit, else its __launch_bounds__, else the documented default for its
  /// dimensionality. Stable storage: the shapes outlive the request.
  llvm::ArrayRef<KernelShape> shapes(const clang::FunctionDecl &Kernel,
                                     const std::array<unsigned, 3> &Default1D,
                                     const std::array<unsigned, 3> &Default2D);

  /// The reaching definitions and loops of \p F (a kernel or __device__
  /// function) over its CFG, computed once.
  const ValueFlow &valueFlow(const clang::FunctionDecl &F);

  /// Every memory access of \p Kernel, collected once.
  llvm::ArrayRef<MemoryAccess> accesses(const clang::FunctionDecl &Kernel);
  /// The accesses as if \p Pad's shared array were padded (the bank-conflict
  /// fix-it's what-if), collected once per kernel and padding.
  llvm::ArrayRef<MemoryAccess> paddedAccesses(const clang::FunctionDecl &Kernel,
                                              const PaddingOverride &Pad);
  /// \p A evaluated for shape \p S with the target's model; \p A and \p S must
  /// be elements of what accesses()/paddedAccesses() and shapes() returned.
  const hw::AccessReport &evaluate(const MemoryAccess &A, const KernelShape &S,
                                    int64_t AssumedRuntimeValue);

  /// How many threads of a block read each element \p A loads in its loop
  /// (Analysis/RedundantLoads), for shape \p S; computed once per access and
  /// shape.
  const std::optional<RedundantLoad> &redundantLoad(const MemoryAccess &A,
                                                    const KernelShape &S);

  /// The divergence facts of \p Kernel for shape \p S.
  const KernelDivergence &divergence(const clang::FunctionDecl &Kernel,
                                     const KernelShape &S);

  /// The uniformity model's divergent splits of \p Kernel for shape \p S,
  /// each with its cost (issue 35: Analysis/divergence/SplitCost.h);
  /// warplint-divergent-branch reads them when its Model option says so.
  const std::vector<divergence::SplitFinding> &
  splits(const clang::FunctionDecl &Kernel, const KernelShape &S,
         const divergence::SplitCostOptions &Opts);

  /// The per-thread arrays of \p F (a kernel or __device__ function) and where
  /// each will live, for the target's register limit.
  llvm::ArrayRef<LocalArray> localArrays(const clang::FunctionDecl &F);

  /// The registers and static shared memory of \p Kernel estimated from the
  /// source (exact figures come from ptxas: compiledResources()).
  const KernelResources &resources(const clang::FunctionDecl &Kernel);
  /// Exact mode's compile of this translation unit (nvcc and ptxas, or a
  /// replayed recording), made by \p Compute for the first check that asks
  /// with the options \p Key and shared with every later one.
  const ExactCompile &exactCompile(llvm::StringRef Key,
                                   llvm::function_ref<ExactCompile()> Compute);
  /// What executes in FP64 in the device function \p F, and why.
  llvm::ArrayRef<FP64Site> fp64Sites(const clang::FunctionDecl &F);
  /// The calls, products, divisions, masks and for loops of the device
  /// function \p F, collected in one walk for the instruction analyses below.
  /// (These requests are not counted in stats(): they came from the checks'
  /// own walks, which were not counted either.)
  const DeviceStatements &deviceStatements(const clang::FunctionDecl &F);
  /// The integer divisions of \p F by a power of two the compiler does not
  /// see (Analysis/instructions/IntegerDivision).
  llvm::ArrayRef<DivisionSite> powerOfTwoDivisions(const clang::FunctionDecl &F);
  /// The for loops of \p F whose unsigned counter feeds index arithmetic.
  llvm::ArrayRef<UnsignedCounterSite>
  unsignedCounters(const clang::FunctionDecl &F);
  /// The math of \p F a specialised function does faster.
  llvm::ArrayRef<SlowMathSite> slowMath(const clang::FunctionDecl &F);

  /// Whether the checks may analyse \p F: false when its own code has a
  /// compiler error (it is then reported as not analysed). Decided once.
  bool admit(const clang::FunctionDecl &F);
  /// The host-device transfers of the translation unit's host code, with
  /// their loops, host buffers and round trips (Analysis/HostTransfers).
  const HostTransfers &hostTransfers();
  /// The global elements \p Kernel accumulates in memory across a loop.
  llvm::ArrayRef<GlobalAccumulator>
  globalAccumulators(const clang::FunctionDecl &Kernel);

  /// The occupancy of every launch whose kernel, block and dynamic shared
  /// memory are known, with better configurations sought for \p Threshold (a
  /// fraction), computed once per threshold.
  llvm::ArrayRef<LaunchOccupancy> launchOccupancy(double Threshold);

  const AnalysisStats &stats() const { return Stats; }
  /// The launch index: every kernel's launches and shapes, one line each.
  void printLaunches(llvm::raw_ostream &OS);

  /// The context of \p Ctx, created on first request with \p Target; \p User
  /// (a check) holds it until release(). Thread-safe: the standalone binary
  /// analyses several translation units at once, one per thread.
  static AnalysisContext &acquire(clang::ASTContext &Ctx,
                                  const hw::HardwareModel &Target,
                                  const void *User);
  /// \p User is done with \p Ctx's context; the last user destroys it. Called
  /// at the end of every translation unit, so nothing outlives its AST.
  static void release(const clang::ASTContext &Ctx, const void *User);
  /// When set, each context prints its statistics to stderr as it is
  /// destroyed (warplint --analysis-stats).
  static void setPrintStatistics(bool On);

private:
  const LaunchIndex &launchIndex();

  clang::ASTContext &Ctx;
  const hw::HardwareModel &Target;
  Assumptions Assumed;
  /// The parents of the project's own code, which every walk up the AST
  /// (parentsOf) asks instead of clang's map of the whole translation unit.
  ProjectParents Parents;
  sym::ExprContext SC;
  /// The divergence walk's expressions. Kept apart from the memory analysis'
  /// because operands are ordered by creation: a walk that ran first would
  /// otherwise reorder the addresses the memory checks print, and evidence
  /// would depend on which other checks are enabled.
  sym::ExprContext DivergenceSC;
  /// The uniformity model's expressions, apart for the same reason.
  sym::ExprContext SplitSC;
  MutationCache Mutations;
  std::optional<std::vector<const clang::CallExpr *>> LaunchCalls;
  std::unique_ptr<LaunchIndex> Launches;
  AnalysisStats Stats;
  CoverageRecorder Coverage;

  // Every cache is node-stable (std::map, or a DenseMap of owning pointers):
  // results are handed out by reference or ArrayRef for the rest of the file,
  // and a DenseMap moves its values when it grows.
  std::map<const clang::CallExpr *, LaunchBlock> Folded;
  std::map<std::tuple<const clang::FunctionDecl *, std::array<unsigned, 3>,
                      std::array<unsigned, 3>>,
           std::vector<KernelShape>>
      ShapeCache;
  llvm::DenseMap<const clang::FunctionDecl *,
                 std::unique_ptr<std::vector<MemoryAccess>>>
      AccessCache;
  llvm::DenseMap<const clang::FunctionDecl *, std::unique_ptr<ValueFlow>>
      FlowCache;
  std::map<std::tuple<const clang::FunctionDecl *, const clang::VarDecl *,
                      unsigned>,
           std::unique_ptr<std::vector<MemoryAccess>>>
      PaddedCache;
  /// A block shape by content: two checks with the same launch see the same
  /// shape even when they hold different KernelShape objects.
  ///
  /// Everything an evaluation reads of the shape is in the key: the block,
  /// the grid and the launch's constant arguments (the warp size is the
  /// target's, one per context; Loc and Origin only say where the shape came
  /// from). The grid is read by sym::WarpEval (a gridDim leaf is a constant
  /// when it is known) and hw::analyzeAccess (the blocks of a small grid
  /// enumerated for alignment and guards), but no KernelShape carries one
  /// today: LaunchIndex records launches by block and arguments only
  /// (addLaunch), so two launches of one kernel with different grids are one
  /// shape and every evaluation takes gridDim as unknown. The grid is in the
  /// key all the same, so that the day a launch's grid is recorded, the cache
  /// cannot hand one grid's result to another (docs/evaluation.md, "Issue 14,
  /// session 11", item 5).
  using ShapeKey = std::tuple<std::array<unsigned, 3>,
                              std::optional<std::array<unsigned, 3>>,
                              std::vector<std::pair<std::string, int64_t>>>;
  static ShapeKey keyOf(const KernelShape &S) {
    // A field added to sym::LaunchShape must be added to the key, or be said
    // here to be none of the evaluation's business.
    static_assert(sizeof(sym::LaunchShape) == 32,
                  "sym::LaunchShape changed: update AnalysisContext::keyOf");
    return {S.Shape.BlockDim, S.Shape.GridDim, S.Params};
  }
  std::map<std::tuple<const MemoryAccess *, ShapeKey, int64_t>,
           hw::AccessReport>
      EvalCache;
  /// Evaluations by their inputs, shared by every access of the file (the
  /// same access of two instantiations is priced once).
  hw::AccessMemo Memo;
  std::map<std::pair<const clang::FunctionDecl *, ShapeKey>, KernelDivergence>
      DivergenceCache;
  std::map<std::pair<const clang::FunctionDecl *, ShapeKey>,
           std::vector<divergence::SplitFinding>>
      SplitCache;
  std::map<std::tuple<const MemoryAccess *, ShapeKey, std::string>,
           std::optional<RedundantLoad>>
      RedundantCache;
  std::map<const clang::FunctionDecl *, std::vector<LocalArray>>
      LocalArrayCache;
  std::map<const clang::FunctionDecl *, KernelResources> ResourceCache;
  std::map<std::string, ExactCompile, std::less<>> ExactCompiles;
  std::map<const clang::FunctionDecl *, std::vector<FP64Site>> FP64Cache;
  std::map<const clang::FunctionDecl *, DeviceStatements> StatementCache;
  std::map<const clang::FunctionDecl *, std::vector<DivisionSite>>
      DivisionCache;
  std::map<const clang::FunctionDecl *, std::vector<UnsignedCounterSite>>
      CounterCache;
  std::map<const clang::FunctionDecl *, std::vector<SlowMathSite>>
      SlowMathCache;
  std::unique_ptr<HostTransfers> Transfers;
  std::map<const clang::FunctionDecl *, std::vector<GlobalAccumulator>>
      AccumulatorCache;
  std::map<double, std::vector<LaunchOccupancy>> OccupancyCache;
};

} // namespace warplint

#endif
