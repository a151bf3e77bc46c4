//===- SplitCost.cpp - The lane slots a divergent split wastes ------------===//
#include "Analysis/divergence/SplitCost.h"

#include "Analysis/TripCount.h"
#include "Analysis/divergence/BranchCost.h"
#include "Frontend/ExprBuilder.h"
#include "Frontend/ValueFlow.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace warplint {
namespace divergence {

namespace {

/// The kernel's estimated instructions per thread, each loop counted its
/// trips (DefaultTrips where the source does not fix them), and the
/// executions of every branch statement on the way.
class WorkWalk {
public:
  WorkWalk(const CostInputs &In, const SplitCostOptions &Opts)
      : In(In), Opts(Opts) {}

  double work(const Stmt *S, double Mult) {
    if (!S)
      return 0;
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      double Sum = 0;
      for (const Stmt *C : CS->body())
        Sum += work(C, Mult);
      return Sum;
    }
    if (const auto *IS = dyn_cast<IfStmt>(S)) {
      Executions[S] = Mult;
      return cost(IS->getCond()) + work(IS->getThen(), Mult) +
             work(IS->getElse(), Mult);
    }
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S)) {
      Executions[S] = Mult;
      double Trips = trips(S);
      const Stmt *Body = nullptr, *Cond = nullptr, *Inc = nullptr;
      if (const auto *FS = dyn_cast<ForStmt>(S)) {
        Body = FS->getBody(), Cond = FS->getCond(), Inc = FS->getInc();
        if (FS->getInit())
          Mult += 0; // the init runs once, in the enclosing code
      } else if (const auto *WS = dyn_cast<WhileStmt>(S)) {
        Body = WS->getBody(), Cond = WS->getCond();
      } else if (const auto *DS = dyn_cast<DoStmt>(S)) {
        Body = DS->getBody(), Cond = DS->getCond();
      } else {
        Body = cast<CXXForRangeStmt>(S)->getBody();
      }
      double Init = 0;
      if (const auto *FS = dyn_cast<ForStmt>(S))
        Init = cost(FS->getInit());
      return Init + Trips * (work(Body, Mult * Trips) + cost(Cond) + cost(Inc));
    }
    if (const auto *SS = dyn_cast<SwitchStmt>(S)) {
      Executions[S] = Mult;
      return cost(SS->getCond()) + work(SS->getBody(), Mult);
    }
    if (const auto *SC = dyn_cast<SwitchCase>(S))
      return work(SC->getSubStmt(), Mult);
    if (const auto *LS = dyn_cast<LabelStmt>(S))
      return work(LS->getSubStmt(), Mult);
    return cost(S);
  }

  double trips(const Stmt *Loop) {
    if (isSingleTrip(Loop))
      return 1;
    if (auto T = constantTripCount(Loop, In.Ctx, In.Mutations))
      return double(std::max<int64_t>(*T, 0));
    return Opts.DefaultTrips;
  }

  double cost(const Stmt *S) {
    if (!S)
      return 0;
    bool Unp = false;
    return estimateCost(S, In, Unp);
  }

  llvm::DenseMap<const Stmt *, double> Executions;

private:
  const CostInputs &In;
  const SplitCostOptions &Opts;
};

/// `v < Bound` (`<=` when Inclusive) read from a loop condition on \p V.
bool boundOf(const Expr *Cond, const VarDecl *V, const Expr *&Bound,
             bool &Inclusive) {
  const auto *BO = dyn_cast_or_null<BinaryOperator>(Cond ? Cond->IgnoreParenImpCasts() : nullptr);
  if (!BO)
    return false;
  auto Is = [&](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == V;
  };
  switch (BO->getOpcode()) {
  case BO_LT:
  case BO_LE:
  case BO_NE:
    if (!Is(BO->getLHS()))
      return false;
    Bound = BO->getRHS();
    Inclusive = BO->getOpcode() == BO_LE;
    return true;
  case BO_GT:
  case BO_GE:
    if (!Is(BO->getRHS()))
      return false;
    Bound = BO->getLHS();
    Inclusive = BO->getOpcode() == BO_GE;
    return true;
  default:
    return false;
  }
}

/// The loop's variable when its condition bounds an additive induction.
const VarDecl *inductionOf(const ForStmt &FS, const FunctionFacts &Facts,
                           const Expr *&Bound, bool &Inclusive) {
  const auto *BO =
      dyn_cast_or_null<BinaryOperator>(FS.getCond() ? FS.getCond()->IgnoreParenImpCasts() : nullptr);
  if (!BO)
    return nullptr;
  for (const Expr *Side : {BO->getLHS(), BO->getRHS()}) {
    const auto *DRE = dyn_cast<DeclRefExpr>(Side->IgnoreParenImpCasts());
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    const LoopVarInfo *Info = V ? Facts.loopVar(V) : nullptr;
    if (!Info || Info->Loop != &FS || Info->Negate || Info->Geometric ||
        !Info->Init)
      continue;
    if (boundOf(FS.getCond(), V, Bound, Inclusive))
      return V;
  }
  return nullptr;
}

/// The loop's counter where the CFG's reaching definitions see an additive
/// induction (a `while` loop, a `for` whose counter was declared before it):
/// its one start, its step, and the bound its condition compares it with.
struct FlowInduction {
  const Expr *Start = nullptr, *Step = nullptr, *Bound = nullptr;
  bool Inclusive = false;
};
std::optional<FlowInduction> flowInduction(const Stmt *Loop, const Expr *Cond,
                                           const ValueFlow &Flow) {
  const auto *BO =
      dyn_cast_or_null<BinaryOperator>(Cond ? Cond->IgnoreParenImpCasts() : nullptr);
  if (!BO || !Flow.analysed())
    return std::nullopt;
  for (const Expr *Side : {BO->getLHS(), BO->getRHS()}) {
    const auto *DRE = dyn_cast<DeclRefExpr>(Side->IgnoreParenImpCasts());
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!V || !Flow.tracks(V))
      continue;
    const UseFacts &U = Flow.use(DRE);
    if (U.S != UseFacts::Induction || !U.Loop || U.Loop->LoopStmt != Loop ||
        U.Inits.size() != 1 || !U.Step.Additive || U.Step.Negate)
      continue;
    const ValueDef *Init = U.Inits.front();
    if ((Init->K != ValueDef::Init && Init->K != ValueDef::Assign) ||
        !Init->RHS)
      continue;
    FlowInduction FI;
    if (!boundOf(Cond, V, FI.Bound, FI.Inclusive))
      continue;
    FI.Start = Init->RHS;
    FI.Step = U.Step.Step;
    return FI;
  }
  return std::nullopt;
}

/// Whether nothing runs after \p S in the kernel whose body is \p Body: each
/// statement on the way up is the last of its block (a `return;` or an empty
/// statement may follow) or a side of an `if`. Lanes that skip such a split
/// have nothing left to do: nvcc compiles it as a predicated EXIT of those
/// lanes, not a branch, and the warp runs one path (validation/divergence:
/// cheap10 p_everyTile, break11 p_wideIndex, bad_leaderSerialLoop, each with
/// no divergent branch target).
bool lanesLeaveAfter(const Stmt *S, const Stmt *Body, const ParentMap &PM) {
  const Stmt *Cur = S;
  while (Cur != Body) {
    const Stmt *P = PM.getParent(Cur);
    if (!P)
      return false;
    if (const auto *CS = dyn_cast<CompoundStmt>(P)) {
      bool After = false;
      for (const Stmt *C : CS->body()) {
        if (C == Cur) {
          After = true;
          continue;
        }
        if (!After)
          continue;
        const auto *RS = dyn_cast<ReturnStmt>(C);
        if (!isa<NullStmt>(C) && !(RS && !RS->getRetValue()))
          return false;
      }
      if (!After)
        return false;
    } else if (const auto *IS = dyn_cast<IfStmt>(P)) {
      if (Cur != IS->getThen() && Cur != IS->getElse())
        return false;
    } else if (!isa<AttributedStmt, LabelStmt>(P)) {
      return false; // a loop's next trip, a switch's next case
    }
    Cur = P;
  }
  return true;
}

} // namespace

std::vector<SplitFinding> analyzeSplits(const FunctionDecl &Kernel,
                                        ASTContext &Ctx, sym::ExprContext &SC,
                                        MutationCache &Mutations,
                                        const ValueFlow &Flow,
                                        const KernelShape &Shape,
                                        const SplitCostOptions &Opts) {
  std::vector<SplitFinding> Out;
  FunctionFacts Facts(Kernel, Ctx, Mutations);
  ExprBuilder Builder(SC, Ctx, Facts);
  Builder.setValueFlow(&Flow);
  sym::Bindings Bind;
  for (const auto &[Name, V] : Shape.Params)
    Bind[Name] = V;
  auto WarpUniformIndex = [&](const clang::Expr *Index) {
    Builder.resetObservations();
    const sym::Expr *E = Builder.build(Index);
    return E && sym::splitOfCondition(SC, E, Shape.Shape, Bind).K ==
                    sym::WarpSplit::Kind::Uniform;
  };
  // The builder reads a value loaded at a warp-uniform address as uniform
  // too (a loop bound `8 + len[ix / 32]`), as the uniformity does.
  Builder.setWarpUniformAddress([&](const sym::Expr *Address) {
    return sym::splitOfCondition(SC, Address, Shape.Shape, Bind).K ==
           sym::WarpSplit::Kind::Uniform;
  });
  UniformityAnalysis UA(Kernel, Ctx, Flow, Shape.Shape, WarpUniformIndex);
  if (!UA.ran() || UA.branches().empty())
    return Out;
  CostInputs In{Ctx, Mutations};
  WorkWalk Walk(In, Opts);
  double PerThread = std::max(1.0, Walk.work(Kernel.getBody(), 1));
  // The work under a split, its loops counted their trips as in the
  // kernel's (what the idle lanes wait through); the estimate of its size,
  // which decides predication, counts each instruction once.
  WorkWalk Under(In, Opts);
  double Threads = Shape.Shape.threadsPerBlock();
  ParentMap Parents(Kernel.getBody());

  for (const UniformityBranch &Br : UA.branches()) {
    SplitFinding F;
    F.S = Br.S;
    F.Cond = Br.Cond;
    F.Bits = Br.Bits;
    F.DivergentExit = Br.DivergentExit;
    bool Loop = isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(Br.S);
    F.Kind = Loop ? BranchKind::Loop
             : isa<SwitchStmt>(Br.S) ? BranchKind::Switch
                                     : BranchKind::If;
    auto It = Walk.Executions.find(Br.S);
    F.Executions = It == Walk.Executions.end() ? 1 : It->second;
    if (Loop) {
      const Stmt *Body = nullptr;
      if (const auto *FS = dyn_cast<ForStmt>(Br.S))
        Body = FS->getBody();
      else if (const auto *WS = dyn_cast<WhileStmt>(Br.S))
        Body = WS->getBody();
      else if (const auto *DS = dyn_cast<DoStmt>(Br.S))
        Body = DS->getBody();
      else
        Body = cast<CXXForRangeStmt>(Br.S)->getBody();
      F.ThenCost = unsigned(Walk.cost(Body)) + 1;
      F.Unpredicable = true;
      const Expr *Bound = nullptr;
      bool Inclusive = false;
      const auto *FS = dyn_cast<ForStmt>(Br.S);
      const VarDecl *V =
          FS && !Br.DivergentExit ? inductionOf(*FS, Facts, Bound, Inclusive)
                                  : nullptr;
      std::optional<FlowInduction> FI;
      if (!V && !Br.DivergentExit)
        FI = flowInduction(Br.S, Br.Cond, Flow);
      if (V) {
        const LoopVarInfo *Info = Facts.loopVar(V);
        Builder.resetObservations();
        F.Split = sym::splitOfTrips(SC, Builder.build(Info->Init),
                                    Builder.build(Bound),
                                    Info->Step ? Builder.build(Info->Step)
                                               : SC.constant(1),
                                    Inclusive,
                                    Shape.Shape, Bind);
      } else if (FI) {
        Builder.resetObservations();
        const sym::Expr *Start = Builder.build(FI->Start);
        const sym::Expr *BoundE = Builder.build(FI->Bound);
        const sym::Expr *StepE =
            FI->Step ? Builder.build(FI->Step) : SC.constant(1);
        if (Start && BoundE && StepE)
          F.Split = sym::splitOfTrips(SC, Start, BoundE, StepE, FI->Inclusive,
                                      Shape.Shape, Bind);
        else
          F.Split.K = sym::WarpSplit::Kind::Unknown;
        F.Split.Warps = Shape.Shape.warpsPerBlock();
        F.Split.WarpSize = Shape.Shape.WarpSize;
        if (F.Split.K == sym::WarpSplit::Kind::Unknown && F.Split.Why.empty())
          F.Split.Why = "a lane-varying loop condition";
      } else {
        F.Split.K = sym::WarpSplit::Kind::Unknown;
        F.Split.Warps = Shape.Shape.warpsPerBlock();
        F.Split.WarpSize = Shape.Shape.WarpSize;
        F.Split.Why = Br.DivergentExit ? "a loop exit some lanes take"
                                       : "a lane-varying loop condition";
      }
      if (F.Split.K == sym::WarpSplit::Kind::Uniform)
        continue;
      F.Wasted = F.Split.wastedLoopSlots(std::max(Under.work(Body, 1), 1.0) + 1,
                                         Opts.DefaultTrips / 2);
    } else {
      double ThenWork = 0, ElseWork = 0;
      if (const auto *IS = dyn_cast<IfStmt>(Br.S)) {
        bool U1 = false, U2 = false;
        F.ThenCost = estimateCost(IS->getThen(), In, U1);
        F.ElseCost = IS->getElse() ? estimateCost(IS->getElse(), In, U2) : 0;
        F.Unpredicable = U1 || U2;
        ThenWork = Under.work(IS->getThen(), 1);
        ElseWork = IS->getElse() ? Under.work(IS->getElse(), 1) : 0;
      } else {
        bool U = false;
        F.ThenCost = estimateCost(cast<SwitchStmt>(Br.S)->getBody(), In, U);
        F.Unpredicable = U;
        ThenWork = Under.work(cast<SwitchStmt>(Br.S)->getBody(), 1);
      }
      Builder.resetObservations();
      const sym::Expr *E = Br.Cond ? Builder.build(Br.Cond) : nullptr;
      if (E)
        F.Split = sym::splitOfCondition(SC, E, Shape.Shape, Bind);
      if (F.Split.K == sym::WarpSplit::Kind::Uniform)
        continue;
      F.Predicated = !F.Unpredicable &&
                     F.ThenCost + F.ElseCost <= Opts.PredicationThreshold;
      F.Wasted = F.Predicated ? 0
                              : F.Split.wastedBranchSlots(
                                    std::max<double>(ThenWork, F.ThenCost),
                                    std::max<double>(ElseWork, F.ElseCost));
    }
    // Lanes that skip an `if` without an else with nothing after it in the
    // kernel leave instead of waiting for the others. (A loop at the end
    // still branches back for the lanes that stay: the benchmark measured
    // divergent targets on such loops, matrix-rotate's and sampling's.)
    const auto *IS = dyn_cast<IfStmt>(Br.S);
    F.LanesLeave = IS && !IS->getElse() &&
                   lanesLeaveAfter(Br.S, Kernel.getBody(), Parents);
    if (F.LanesLeave)
      F.Wasted = 0;
    // Lanes one trip apart in at most one warp of the block (a block- or
    // grid-stride loop's last pass, where a runtime bound falls): one
    // partial pass of one warp, which no arrangement of the threads removes
    // and which the hardware measured below any hot line (HeCBench nlll's and
    // channelSum's block-stride loops: no divergent branch target).
    if (F.Split.K == sym::WarpSplit::Kind::TripGap && F.Split.Gap <= 1 &&
        F.Split.GapWarps <= 1)
      F.Wasted = 0;
    // A split only the blocks holding a bound have: one block in the grid
    // dimension's extent pays it.
    // Along each dimension a comparison tiles, one block in its extent.
    if (F.Split.EdgeBlockDims) {
      double Fraction = 0;
      for (unsigned D = 0; D < 3; ++D)
        if (F.Split.EdgeBlockDims >> D & 1)
          Fraction += 1.0 / (Shape.Shape.GridDim
                                 ? std::max(1u, (*Shape.Shape.GridDim)[D])
                                 : Opts.AssumedGridExtent);
      F.Wasted *= std::min(1.0, Fraction);
    }
    F.Wasted *= F.Executions;
    F.KernelSlots = PerThread * Threads;
    F.Share = F.Wasted / F.KernelSlots;
    Out.push_back(std::move(F));
  }
  return Out;
}

void printSplits(llvm::raw_ostream &OS, llvm::ArrayRef<SplitFinding> Splits,
                 const SourceManager &SM) {
  static const char *Kinds[] = {"if", "loop", "switch", "short-circuit"};
  for (const SplitFinding &F : Splits) {
    PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(F.S->getBeginLoc()));
    OS << (P.isValid() ? P.getLine() : 0) << ": " << Kinds[unsigned(F.Kind)]
       << " bits=" << unsigned(F.Bits) << (F.DivergentExit ? " exit" : "")
       << " split=" << F.Split.describe() << " then=" << F.ThenCost
       << " else=" << F.ElseCost << (F.Predicated ? " predicated" : "")
       << (F.LanesLeave ? " lanes-leave" : "")
       << " exec=" << llvm::format("%.0f", F.Executions)
       << " share=" << llvm::format("%.4f", F.Share) << "\n";
  }
}

} // namespace divergence
} // namespace warplint
