//===- AnalysisContext.cpp - Owner of one translation unit's analysis -----===//
#include "Analysis/AnalysisContext.h"

#include "Analysis/launch/LaunchLimits.h"
#include "Analysis/launch/LaunchSites.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/Path.h"
#include <mutex>

using namespace clang;

namespace warplint {

AnalysisContext::AnalysisContext(ASTContext &Ctx,
                                 const hw::HardwareModel &Target)
    : Ctx(Ctx), Target(Target), Parents(Ctx) {}

static bool PrintStatistics = false;

void AnalysisContext::setPrintStatistics(bool On) { PrintStatistics = On; }

AnalysisContext::~AnalysisContext() {
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Main = mainFileKey(SM);
  if (!Main.empty()) {
    FileCoverage C = Coverage.summary();
    // The launches are found only when the file has a kernel of its own (a
    // check has usually found them already).
    if (mainFileHasKernel(Ctx)) {
      std::set<const FunctionDecl *> Launched;
      for (const CallExpr *Call : launchCalls())
        if (std::optional<LaunchSite> S = launchSite(*Call, Ctx); S && S->Kernel) {
          const FunctionDecl *K = S->Kernel->getTemplateInstantiationPattern();
          Launched.insert((K ? K : S->Kernel)->getCanonicalDecl());
        }
      C.MainCodeUnlaunched = mainCodeUnlaunched(Ctx, Launched);
    } else {
      C.MainCodeUnlaunched = mainCodeUnlaunched(Ctx, {});
    }
    publishCoverage(Main, C);
  }
  // A context that only admitted functions (Coverage) ran no analysis.
  if (!PrintStatistics || Stats.Requests == 0)
    return;
  llvm::errs() << "warplint: analysis of " << Main << " (" << Target.Name
               << "): launch index built " << Stats.LaunchIndexBuilds
               << ", launches folded " << Stats.LaunchFolds
               << ", kernel accesses collected " << Stats.AccessCollections
               << ", padded collections " << Stats.PaddedCollections
               << ", accesses evaluated " << Stats.Evaluations
               << ", divergence walks " << Stats.DivergenceWalks
               << ", local-array scans " << Stats.LocalArrayScans
               << ", resource estimates " << Stats.ResourceEstimates
               << ", FP64 scans " << Stats.FP64Scans << ", value flows "
               << Stats.ValueFlows << ", host transfer scans "
               << Stats.HostTransferScans << ", accumulator scans "
               << Stats.AccumulatorScans << ", requests " << Stats.Requests
               << ", lane evaluations " << Memo.evaluations() << " (reused "
               << Memo.reuses() << ")\n";
}

bool AnalysisContext::admit(const FunctionDecl &F) {
  return Coverage.admit(F, Ctx.getSourceManager());
}

const LaunchBlock &
AnalysisContext::launchBlock(const CallExpr &Call) {
  ++Stats.Requests;
  auto It = Folded.find(&Call);
  if (It != Folded.end())
    return It->second;
  ++Stats.LaunchFolds;
  return Folded.try_emplace(&Call, evaluateLaunchBlock(Call, Ctx, &Mutations))
      .first->second;
}

std::optional<int64_t> AnalysisContext::foldInteger(const Expr &E) {
  return warplint::foldInteger(E, Ctx, &Mutations);
}

ArrayRef<const CallExpr *> AnalysisContext::launchCalls() {
  if (!LaunchCalls)
    LaunchCalls = findLaunchCalls(Ctx);
  return *LaunchCalls;
}

const LaunchIndex &AnalysisContext::launchIndex() {
  if (!Launches) {
    ++Stats.LaunchIndexBuilds;
    Launches = std::make_unique<LaunchIndex>();
    Launches->build(
        launchCalls(), Ctx, Mutations,
        [this](const CallExpr &C) -> const LaunchBlock & {
          return launchBlock(C);
        },
        Target.WarpSize);
  }
  return *Launches;
}

ArrayRef<KernelShape>
AnalysisContext::shapes(const FunctionDecl &Kernel,
                        const std::array<unsigned, 3> &Default1D,
                        const std::array<unsigned, 3> &Default2D) {
  ++Stats.Requests;
  auto Key = std::make_tuple(Kernel.getCanonicalDecl(), Default1D, Default2D);
  auto It = ShapeCache.find(Key);
  if (It == ShapeCache.end()) {
    std::vector<KernelShape> All =
        launchIndex().shapesFor(Kernel, Default1D, Default2D,
                                blockLimit(Target));
    // A block the target cannot launch is never evaluated thread by thread
    // (k<<<1, -32>>> is 4,294,967,264 threads): the block-size check reports
    // the launch; the kernel's accesses are judged by its other launches.
    for (KernelShape &S : All)
      applyAssumptions(Kernel, Assumed, S);
    llvm::erase_if(All, [&](const KernelShape &S) {
      const auto &D = S.Shape.BlockDim;
      return impossibleBlock({D[0], D[1], D[2]}, Target).has_value();
    });
    It = ShapeCache.emplace(Key, std::move(All)).first;
  }
  return It->second;
}

const ValueFlow &AnalysisContext::valueFlow(const FunctionDecl &F) {
  ++Stats.Requests;
  auto &Slot = FlowCache[&F];
  if (!Slot) {
    ++Stats.ValueFlows;
    Slot = std::make_unique<ValueFlow>(F, Ctx);
  }
  return *Slot;
}

ArrayRef<MemoryAccess> AnalysisContext::accesses(const FunctionDecl &Kernel) {
  ++Stats.Requests;
  auto &Slot = AccessCache[&Kernel];
  if (!Slot) {
    ++Stats.AccessCollections;
    Slot = std::make_unique<std::vector<MemoryAccess>>(
        collectAccesses(Kernel, Ctx, SC, Mutations, &valueFlow(Kernel),
                        nullptr, &Assumed.names()));
  }
  return *Slot;
}

ArrayRef<MemoryAccess>
AnalysisContext::paddedAccesses(const FunctionDecl &Kernel,
                                const PaddingOverride &Pad) {
  ++Stats.Requests;
  auto &Slot = PaddedCache[std::make_tuple(&Kernel, Pad.Array, Pad.Extra)];
  if (!Slot) {
    ++Stats.PaddedCollections;
    Slot = std::make_unique<std::vector<MemoryAccess>>(
        collectAccesses(Kernel, Ctx, SC, Mutations, &valueFlow(Kernel), &Pad,
                        &Assumed.names()));
  }
  return *Slot;
}

const hw::AccessReport &AnalysisContext::evaluate(const MemoryAccess &A,
                                                   const KernelShape &S,
                                                   int64_t AssumedRuntimeValue) {
  ++Stats.Requests;
  auto Key = std::make_tuple(&A, keyOf(S), AssumedRuntimeValue);
  auto It = EvalCache.find(Key);
  if (It == EvalCache.end()) {
    ++Stats.Evaluations;
    It =
        EvalCache
            .emplace(std::move(Key), evaluateAccess(SC, Target, A, S,
                                                    AssumedRuntimeValue, &Memo))
            .first;
  }
  return It->second;
}

const KernelDivergence &
AnalysisContext::divergence(const FunctionDecl &Kernel, const KernelShape &S) {
  ++Stats.Requests;
  auto Key = std::make_pair(&Kernel, keyOf(S));
  auto It = DivergenceCache.find(Key);
  if (It == DivergenceCache.end()) {
    ++Stats.DivergenceWalks;
    DivergenceOptions Opts;
    Opts.WarpSize = Target.WarpSize;
    Opts.Flow = [this](const FunctionDecl &F) -> const ValueFlow * {
      const ValueFlow &VF = valueFlow(F);
      return VF.analysed() ? &VF : nullptr;
    };
    It = DivergenceCache
             .emplace(std::move(Key),
                      analyzeDivergence(Kernel, Ctx, DivergenceSC, Mutations,
                                        S, Opts))
             .first;
  }
  return It->second;
}

const std::vector<divergence::SplitFinding> &
AnalysisContext::splits(const FunctionDecl &Kernel, const KernelShape &S,
                        const divergence::SplitCostOptions &Opts) {
  ++Stats.Requests;
  auto Key = std::make_pair(&Kernel, keyOf(S));
  auto It = SplitCache.find(Key);
  if (It == SplitCache.end()) {
    const ValueFlow &VF = valueFlow(Kernel);
    It = SplitCache
             .emplace(std::move(Key),
                      divergence::analyzeSplits(Kernel, Ctx, SplitSC,
                                                Mutations, VF, S, Opts))
             .first;
  }
  return It->second;
}

ArrayRef<LocalArray> AnalysisContext::localArrays(const FunctionDecl &F) {
  ++Stats.Requests;
  auto It = LocalArrayCache.find(&F);
  if (It == LocalArrayCache.end()) {
    ++Stats.LocalArrayScans;
    It = LocalArrayCache
             .try_emplace(&F, analyzeLocalArrays(F, Ctx, Mutations,
                                                 Target.MaxRegistersPerThread))
             .first;
  }
  return It->second;
}

const ExactCompile &
AnalysisContext::exactCompile(llvm::StringRef Key,
                              llvm::function_ref<ExactCompile()> Compute) {
  auto It = ExactCompiles.find(Key);
  if (It == ExactCompiles.end())
    It = ExactCompiles.try_emplace(Key.str(), Compute()).first;
  return It->second;
}

const KernelResources &AnalysisContext::resources(const FunctionDecl &Kernel) {
  ++Stats.Requests;
  auto It = ResourceCache.find(&Kernel);
  if (It == ResourceCache.end()) {
    ++Stats.ResourceEstimates;
    ArrayRef<LocalArray> Arrays = localArrays(Kernel);
    It = ResourceCache
             .try_emplace(&Kernel,
                          estimateResources(Kernel, Ctx, Arrays,
                                            Target.MaxRegistersPerThread))
             .first;
  }
  return It->second;
}

ArrayRef<FP64Site> AnalysisContext::fp64Sites(const FunctionDecl &F) {
  ++Stats.Requests;
  auto It = FP64Cache.find(&F);
  if (It == FP64Cache.end()) {
    ++Stats.FP64Scans;
    It = FP64Cache.try_emplace(&F, findFP64Sites(F, Ctx, Mutations)).first;
  }
  return It->second;
}

const DeviceStatements &
AnalysisContext::deviceStatements(const FunctionDecl &F) {
  auto It = StatementCache.find(&F);
  if (It == StatementCache.end())
    It = StatementCache.try_emplace(&F, collectDeviceStatements(F)).first;
  return It->second;
}

ArrayRef<DivisionSite>
AnalysisContext::powerOfTwoDivisions(const FunctionDecl &F) {
  auto It = DivisionCache.find(&F);
  if (It == DivisionCache.end())
    It = DivisionCache
             .try_emplace(&F, findPowerOfTwoDivisions(F, deviceStatements(F),
                                                      Ctx, Mutations))
             .first;
  return It->second;
}

ArrayRef<UnsignedCounterSite>
AnalysisContext::unsignedCounters(const FunctionDecl &F) {
  auto It = CounterCache.find(&F);
  if (It == CounterCache.end())
    It = CounterCache
             .try_emplace(&F, findUnsignedCounters(deviceStatements(F), Ctx))
             .first;
  return It->second;
}

ArrayRef<SlowMathSite> AnalysisContext::slowMath(const FunctionDecl &F) {
  auto It = SlowMathCache.find(&F);
  if (It == SlowMathCache.end())
    It = SlowMathCache.try_emplace(&F, findSlowMath(deviceStatements(F), Ctx))
             .first;
  return It->second;
}

const HostTransfers &AnalysisContext::hostTransfers() {
  ++Stats.Requests;
  if (!Transfers) {
    ++Stats.HostTransferScans;
    Transfers =
        std::make_unique<HostTransfers>(findHostTransfers(Ctx, Mutations));
  }
  return *Transfers;
}

ArrayRef<GlobalAccumulator>
AnalysisContext::globalAccumulators(const FunctionDecl &Kernel) {
  ++Stats.Requests;
  auto It = AccumulatorCache.find(&Kernel);
  if (It == AccumulatorCache.end()) {
    ++Stats.AccumulatorScans;
    It = AccumulatorCache
             .try_emplace(&Kernel,
                          findGlobalAccumulators(Kernel, Ctx, Mutations))
             .first;
  }
  return It->second;
}

const std::optional<RedundantLoad> &
AnalysisContext::redundantLoad(const MemoryAccess &A, const KernelShape &S) {
  ++Stats.Requests;
  auto Key = std::make_tuple(&A, keyOf(S), S.Origin);
  auto It = RedundantCache.find(Key);
  if (It == RedundantCache.end())
    It = RedundantCache.emplace(Key, findRedundantLoad(SC, Target, A, S)).first;
  return It->second;
}

ArrayRef<LaunchOccupancy> AnalysisContext::launchOccupancy(double Threshold) {
  ++Stats.Requests;
  auto It = OccupancyCache.find(Threshold);
  if (It == OccupancyCache.end())
    It = OccupancyCache
             .try_emplace(Threshold, computeLaunchOccupancy(*this, Threshold))
             .first;
  return It->second;
}

void AnalysisContext::printLaunches(llvm::raw_ostream &OS) {
  (void)launchIndex();
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<std::pair<const CallExpr *, const LaunchBlock *>> Sorted;
  for (const auto &[Call, Block] : Folded)
    Sorted.push_back({Call, &Block});
  llvm::sort(Sorted, [&](const auto &A, const auto &B) {
    return SM.isBeforeInTranslationUnit(A.first->getBeginLoc(),
                                        B.first->getBeginLoc());
  });
  for (const auto &[Call, BlockPtr] : Sorted) {
    const LaunchBlock &Block = *BlockPtr;
    PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(Call->getBeginLoc()));
    std::optional<LaunchSite> Site = launchSite(*Call, Ctx);
    const FunctionDecl *Callee = Site ? Site->Kernel : nullptr;
    OS << (P.isValid() ? llvm::sys::path::filename(P.getFilename()) : "?")
       << ":" << (P.isValid() ? P.getLine() : 0) << ":"
       << (P.isValid() ? P.getColumn() : 0) << ": launch of "
       << (Callee ? Callee->getNameAsString() : std::string("<indirect>"))
       << (Site && Site->Form != LaunchForm::Chevron
               ? std::string(" through ") + Site->formName()
               : std::string())
       << ": block "
       << (Block.Shape ? Block.Shape->str()
                       : "unknown (" + Block.UnknownReason + ")");
    if (!Block.Shape && Block.Partial)
      OS << ", known " << Block.Partial->str() << " with "
         << runtimeDimNames(Block.RuntimeDims) << " 1"
         << (partialBlockDecidesWarps(Block, Target.WarpSize)
                 ? " (decides the warps)"
                 : "");
    OS << "\n";
  }
}

namespace {
/// The live contexts, one per translation unit being analysed, with the
/// checks that hold each.
struct Registry {
  std::mutex Mu;
  std::map<const ASTContext *,
           std::pair<std::unique_ptr<AnalysisContext>,
                     llvm::SmallPtrSet<const void *, 16>>>
      Live;
};
Registry &registry() {
  static Registry R;
  return R;
}
} // namespace

AnalysisContext &AnalysisContext::acquire(ASTContext &Ctx,
                                          const hw::HardwareModel &Target,
                                          const void *User) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Lock(R.Mu);
  auto &Entry = R.Live[&Ctx];
  if (!Entry.first)
    Entry.first = std::make_unique<AnalysisContext>(Ctx, Target);
  Entry.second.insert(User);
  return *Entry.first;
}

void AnalysisContext::release(const ASTContext &Ctx, const void *User) {
  std::unique_ptr<AnalysisContext> Dead;
  {
    Registry &R = registry();
    std::lock_guard<std::mutex> Lock(R.Mu);
    auto It = R.Live.find(&Ctx);
    if (It == R.Live.end())
      return;
    It->second.second.erase(User);
    if (!It->second.second.empty())
      return;
    Dead = std::move(It->second.first);
    R.Live.erase(It);
  }
  // Destroyed outside the lock: the destructor may print statistics.
}

} // namespace warplint
