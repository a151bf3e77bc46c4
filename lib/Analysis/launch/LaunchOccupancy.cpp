//===- LaunchOccupancy.cpp - Occupancy of each launch of a file -----------===//
#include "Analysis/launch/LaunchOccupancy.h"

#include "Analysis/AnalysisContext.h"
#include "Analysis/launch/LaunchSites.h"
#include "Analysis/ProjectParents.h"
#include "Symbolic/Budgets.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"
#include <cmath>
#include <functional>

using namespace clang;

namespace warplint {

double threadOccupancy(const hw::HardwareModel &M, const hw::OccupancyResult &O,
                       unsigned ThreadsPerBlock) {
  unsigned Max = M.MaxWarpsPerSM * M.WarpSize;
  if (!Max)
    return 0;
  return double(uint64_t(O.ActiveBlocks) * ThreadsPerBlock) / Max;
}

static std::string describe(const hw::HardwareModel &M,
                            const hw::OccupancyResult &O, unsigned Threads) {
  uint64_t Active = uint64_t(O.ActiveBlocks) * Threads;
  return std::to_string(O.ActiveBlocks) + " blocks, " + std::to_string(Active) +
         " threads per SM (" + hw::formatOccupancy(threadOccupancy(M, O, Threads)) + ")";
}

std::string betterConfiguration(const hw::HardwareModel &M,
                                const hw::OccupancyInput &In,
                                hw::OccupancyLimiter Limiter,
                                double Threshold) {
  auto Reaches = [&](const hw::OccupancyInput &Try, hw::OccupancyResult &O) {
    O = hw::computeOccupancy(M, Try);
    return O.Limiter != hw::OccupancyLimiter::LaunchFails &&
           threadOccupancy(M, O, Try.ThreadsPerBlock) >= Threshold;
  };
  hw::OccupancyResult O;
  std::string Out;
  if (Limiter == hw::OccupancyLimiter::BlockSlots ||
      Limiter == hw::OccupancyLimiter::SharedMemory) {
    // Larger blocks, the same per-block resources: each resident block brings
    // more threads. The smallest warp multiple that reaches the threshold.
    for (unsigned T = M.WarpSize; T <= M.MaxThreadsPerBlock; T += M.WarpSize) {
      if (T <= In.ThreadsPerBlock)
        continue;
      hw::OccupancyInput Try = In;
      Try.ThreadsPerBlock = T;
      if (Reaches(Try, O)) {
        Out = "blocks of " + std::to_string(T) + " threads with the same " +
              (Limiter == hw::OccupancyLimiter::SharedMemory
                   ? "shared memory per block"
                   : "resources per thread") +
              ": " + describe(M, O, T);
        break;
      }
    }
  }
  if (Limiter == hw::OccupancyLimiter::SharedMemory) {
    // Less shared memory per block at this block size: the largest amount,
    // in allocation units, that reaches the threshold.
    uint64_t Used = In.StaticSharedMem + In.DynamicSharedMem;
    uint64_t Unit = M.SharedMemAllocUnit ? M.SharedMemAllocUnit : 256;
    for (uint64_t Bytes = Used / Unit * Unit; Bytes >= Unit; Bytes -= Unit) {
      if (Bytes >= Used)
        continue;
      hw::OccupancyInput Try = In;
      // Take it from the dynamic part first, then the static.
      uint64_t Cut = Used - Bytes;
      uint64_t FromDyn = std::min(Cut, Try.DynamicSharedMem);
      Try.DynamicSharedMem -= FromDyn;
      Try.StaticSharedMem -= std::min(Cut - FromDyn, Try.StaticSharedMem);
      if (Reaches(Try, O)) {
        Out += (Out.empty() ? "" : "; or ") + std::string("at most ") +
               std::to_string(Bytes) + " bytes of shared memory per block: " +
               describe(M, O, In.ThreadsPerBlock);
        break;
      }
    }
  }
  if (Limiter == hw::OccupancyLimiter::Warps) {
    for (unsigned T = In.ThreadsPerBlock / M.WarpSize * M.WarpSize;
         T >= M.WarpSize; T -= M.WarpSize) {
      if (T >= In.ThreadsPerBlock)
        continue;
      hw::OccupancyInput Try = In;
      Try.ThreadsPerBlock = T;
      if (Reaches(Try, O)) {
        Out = "blocks of " + std::to_string(T) + " threads: " +
              describe(M, O, T);
        break;
      }
    }
  }
  return Out;
}

namespace {
/// Whether \p S refers to \p V.
bool mentions(const Stmt *S, const VarDecl *V, unsigned Depth = 0) {
  if (!S || Depth > budget::SubtreeSearchDepth)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    return DRE->getDecl() == V;
  for (const Stmt *C : S->children())
    if (mentions(C, V, Depth + 1))
      return true;
  return false;
}

/// The variable an expression names, through casts and copies (`grid`,
/// `dim3(grid)`).
const VarDecl *namedVar(const Expr *E) {
  for (unsigned Steps = 0; E && Steps < 8; ++Steps) {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return dyn_cast<VarDecl>(DRE->getDecl());
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
      if (CE->getNumArgs() != 1)
        return nullptr;
      E = CE->getArg(0);
      continue;
    }
    if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E)) {
      E = MTE->getSubExpr();
      continue;
    }
    return nullptr;
  }
  return nullptr;
}

/// Whether \p Body assigns \p Grid (whole, or one of its fields) from an
/// expression that names \p Counter.
bool assignedFrom(const Stmt *Body, const VarDecl *Grid, const VarDecl *Counter,
                  unsigned Depth = 0) {
  if (!Body || Depth > budget::SubtreeSearchDepth)
    return false;
  const Expr *LHS = nullptr, *RHS = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(Body);
      BO && BO->isAssignmentOp()) {
    LHS = BO->getLHS();
    RHS = BO->getRHS();
  } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(Body);
             OC && OC->isAssignmentOp() && OC->getNumArgs() == 2) {
    LHS = OC->getArg(0);
    RHS = OC->getArg(1);
  }
  if (LHS && RHS) {
    const Expr *Target = LHS->IgnoreParenImpCasts();
    if (const auto *ME = dyn_cast<MemberExpr>(Target))
      Target = ME->getBase()->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Target);
        DRE && DRE->getDecl() == Grid && mentions(RHS, Counter))
      return true;
  }
  for (const Stmt *C : Body->children())
    if (assignedFrom(C, Grid, Counter, Depth + 1))
      return true;
  return false;
}

/// The variables a loop steps: those its increment (for) modifies.
llvm::SmallVector<const VarDecl *, 2> loopCounters(const Stmt *Loop) {
  llvm::SmallVector<const VarDecl *, 2> Out;
  const auto *FS = dyn_cast<ForStmt>(Loop);
  if (!FS || !FS->getInc())
    return Out;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    const Expr *Target = nullptr;
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && UO->isIncrementDecrementOp())
      Target = UO->getSubExpr();
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp())
      Target = BO->getLHS();
    if (Target)
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts()))
        if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
          Out.push_back(V);
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(FS->getInc());
  return Out;
}
} // namespace

const VarDecl *gridLoopCounter(const CallExpr &Call, const Expr &Grid,
                               ASTContext &Ctx) {
  const VarDecl *GridVar = namedVar(&Grid);
  DynTypedNodeList Parents = parentsOf(Ctx, Call);
  for (unsigned Steps = 0; Steps < 64 && Parents.size() == 1; ++Steps) {
    const Stmt *P = Parents[0].get<Stmt>();
    if (!P)
      break;
    if (isa<ForStmt>(P))
      for (const VarDecl *V : loopCounters(P))
        if (mentions(&Grid, V) ||
            (GridVar && assignedFrom(cast<ForStmt>(P)->getBody(), GridVar, V)))
          return V;
    Parents = parentsOf(Ctx, *P);
  }
  return nullptr;
}

std::vector<LaunchOccupancy> computeLaunchOccupancy(AnalysisContext &AC,
                                                    double Threshold) {
  ASTContext &Ctx = AC.ast();
  const hw::HardwareModel &M = AC.target();
  // The launches with a named kernel and a known block expression, outside
  // system headers.
  std::vector<LaunchSite> Sites;
  for (const CallExpr *C : AC.launchCalls()) {
    if (C->isValueDependent() || C->containsErrors() ||
        Ctx.getSourceManager().isInSystemHeader(C->getBeginLoc()))
      continue;
    if (std::optional<LaunchSite> S = launchSite(*C, Ctx))
      if (S->Kernel && S->Block)
        Sites.push_back(std::move(*S));
  }
  std::vector<LaunchOccupancy> Out;
  if (!M.MaxWarpsPerSM || !M.MaxBlocksPerSM)
    return Out;
  for (const LaunchSite &S : Sites) {
    const FunctionDecl *Def = S.Kernel->getDefinition();
    if (!Def || Def->isDependentContext() || !AC.admit(*Def))
      continue;
    const LaunchBlock &B = AC.launchBlock(*S.Call);
    if (!B.Shape || B.Shape->threads() == 0)
      continue;
    uint64_t Dyn = 0;
    if (!S.SharedMemKnown)
      continue; // the dynamic shared memory could be the limiter
    if (S.SharedMem) {
      std::optional<int64_t> V = AC.foldInteger(*S.SharedMem);
      if (!V || *V < 0)
        continue;
      Dyn = uint64_t(*V);
    }
    const KernelResources &R = AC.resources(*Def);
    LaunchOccupancy L;
    L.Call = S.Call;
    L.Kernel = Def;
    L.Block = *B.Shape;
    L.DynamicShared = Dyn;
    L.Registers = R.Registers;
    L.RegistersExact = R.Exact;
    L.StaticShared = R.StaticShared;
    if (S.Grid && !S.Grid->isValueDependent()) {
      LaunchBlock G = evaluateBlockExpr(*S.Grid, Ctx, &AC.mutations());
      if (G.Shape)
        L.GridBlocks = G.Shape->threads();
      L.GridLoopCounter = gridLoopCounter(*S.Call, *S.Grid, Ctx);
    }
    hw::OccupancyInput In;
    In.ThreadsPerBlock = unsigned(L.Block.threads());
    In.RegistersPerThread = L.Registers;
    In.StaticSharedMem = L.StaticShared;
    In.DynamicSharedMem = Dyn;
    L.Occ = hw::computeOccupancy(M, In);
    L.MaxThreads = M.MaxWarpsPerSM * M.WarpSize;
    L.ActiveThreads = L.Occ.ActiveBlocks * In.ThreadsPerBlock;
    L.ThreadOccupancy = threadOccupancy(M, L.Occ, In.ThreadsPerBlock);
    if (L.Occ.Limiter != hw::OccupancyLimiter::LaunchFails &&
        L.ThreadOccupancy < Threshold)
      L.Better = betterConfiguration(M, In, L.Occ.Limiter, Threshold);
    Out.push_back(std::move(L));
  }
  return Out;
}

void printLaunchOccupancy(raw_ostream &OS, ArrayRef<LaunchOccupancy> Launches,
                          const hw::HardwareModel &M, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const LaunchOccupancy &L : Launches) {
    PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(L.Call->getBeginLoc()));
    OS << (P.isValid() ? llvm::sys::path::filename(P.getFilename()) : "?")
       << ":" << (P.isValid() ? P.getLine() : 0) << ": "
       << L.Kernel->getNameAsString() << " on " << M.Name << ": block "
       << L.Block.str() << ", " << L.Registers << " registers"
       << (L.RegistersExact ? "" : " (estimate)") << ", " << L.StaticShared
       << " B static + " << L.DynamicShared << " B dynamic shared";
    if (L.GridBlocks)
      OS << ", grid " << *L.GridBlocks;
    if (L.GridLoopCounter)
      OS << ", grid from the loop counter '"
         << L.GridLoopCounter->getNameAsString() << "'";
    if (L.Occ.Limiter == hw::OccupancyLimiter::LaunchFails) {
      OS << ": cannot launch (" << L.Occ.LaunchFailure << ")\n";
      continue;
    }
    OS << ": " << L.Occ.ActiveBlocks << " blocks/SM, limited by "
       << hw::limiterName(L.Occ.Limiter) << " (blocks " << L.Occ.LimitBlocks
       << ", warps " << L.Occ.LimitWarps << ", registers "
       << (L.Occ.LimitRegisters == ~0u ? std::string("-")
                                       : std::to_string(L.Occ.LimitRegisters))
       << ", shared "
       << (L.Occ.LimitSharedMem == ~0u ? std::string("-")
                                       : std::to_string(L.Occ.LimitSharedMem))
       << "); " << L.ActiveThreads << "/" << L.MaxThreads << " threads ("
       << hw::formatOccupancy(L.ThreadOccupancy) << "), " << L.Occ.ActiveWarps << "/"
       << L.Occ.MaxWarps << " warps";
    if (!L.Better.empty())
      OS << "; better: " << L.Better;
    OS << "\n";
  }
}

} // namespace warplint
