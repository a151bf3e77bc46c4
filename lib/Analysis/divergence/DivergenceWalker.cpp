//===- DivergenceWalker.cpp - The divergence walk over one kernel ---------===//
#include "Analysis/divergence/DivergenceWalker.h"
#include "Frontend/ValueFlow.h"

#include "Analysis/divergence/DivergenceSources.h"
#include "Analysis/divergence/GuardPatterns.h"
#include "Analysis/WalkBudget.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <functional>

using namespace clang;

namespace warplint {
namespace divergence {

using sym::Uniformity;

Level FunctionGuardQueries::levelOf(const Expr *E) { return W.level(E, F); }
bool FunctionGuardQueries::isDataDependent(const VarDecl *V) const {
  return F.DataDep.count(V);
}
const Expr *FunctionGuardQueries::lastValue(const VarDecl *V) const {
  return F.LastValue.lookup(V);
}
bool FunctionGuardQueries::isUnmodified(const VarDecl *V) const {
  return F.Facts->isUnmodified(V);
}
const sym::Expr *FunctionGuardQueries::build(const Expr *E) {
  return F.Builder->build(E);
}
bool FunctionGuardQueries::readsVaryingParam(const sym::Expr *E) const {
  return !F.IsKernel && Walker::mentionsVaryingParam(E, F) &&
         !Walker::monotoneInLaneParams(E, F);
}

Walker::Walker(ASTContext &Ctx, sym::ExprContext &SC, MutationCache &M,
               const KernelShape &Shape, const DivergenceOptions &Opts,
               KernelDivergence &Out)
    : Ctx(Ctx), SC(SC), Mutations(M), Shape(Shape), Opts(Opts), Out(Out),
      Lanes(Ctx, SC, Shape) {}

void Walker::runKernel(const FunctionDecl &K) {
  FnState F;
  KernelFD = &K;
  KernelWork.reset();
  initFunction(F, K, nullptr);
  F.IsKernel = true;
  runFunction(F, /*Report=*/true);
}

void Walker::initFunction(FnState &F, const FunctionDecl &FD,
                          const CallExpr *Via) {
  F.FD = &FD;
  F.Facts = std::make_unique<FunctionFacts>(FD, Ctx, Mutations);
  F.Builder = std::make_unique<ExprBuilder>(SC, Ctx, *F.Facts);
  F.Builder->setEnvironment(&F.Env);
  // A clamp written as an if/else assignment is a minimum or maximum, and
  // a fix-up (`if (r == 0) r = n;`) a select: the trip counts and windows
  // below need their values (the memory walker evaluates each definition
  // instead, so only the divergence builder joins).
  F.Builder->setBranchJoins(true);
  // A value loaded at an address the same for a whole warp is warp-uniform
  // (the load rule of DivergenceLevels, for the values the builder builds).
  FnState *State = &F;
  F.Builder->setWarpUniformAddress([this, State](const sym::Expr *A) {
    return warpUniformIndex(A, *State);
  });
  // A kernel's variables through their reaching definitions. Not a
  // helper's: the builder takes its parameters for uniform values, and the
  // flow would carry that into loop inductions over a parameter (`for (;
  // stride > 0; stride >>= 1)` on a lane-varying argument).
  if (Opts.Flow && !Via)
    if (const ValueFlow *VF = Opts.Flow(FD))
      F.Builder->setValueFlow(VF);
  F.ViaCall = Via;
}

void Walker::runFunction(FnState &F, bool Report) {
  bool Saved = Reporting;
  F.Base = Stack.size();
  VarLevels Params = F.Var; // a helper's by-reference parameters, if any
  for (unsigned Pass = 0; Pass < 4; ++Pass) {
    F.Changed = false;
    F.Return = Uniformity::Constant;
    F.Var = Params;
    F.LastValue.clear();
    F.Env.clear();
    Reporting = false;
    visit(F.FD->getBody(), F);
    if (!F.Changed)
      break;
  }
  if (Report) {
    Reporting = true;
    F.Return = Uniformity::Constant;
    F.Var = Params;
    F.LastValue.clear();
    F.Env.clear();
    visit(F.FD->getBody(), F);
  }
  Reporting = Saved;
}

Uniformity Walker::refine(const Expr *Cond, FnState &F, const Level &AST,
                          LaneSplit &Split) {
  llvm::SmallVector<const Stmt *, 8> Enclosing;
  for (size_t I = F.Base; I < Stack.size(); ++I)
    Enclosing.push_back(Stack[I].S);
  auto ReadsVarying = [&F](const sym::Expr *E) {
    return mentionsVaryingParam(E, F);
  };
  LaneScope Scope{*F.Facts, *F.Builder, Enclosing, nullptr, Shrinking};
  if (!F.IsKernel) {
    Scope.ReadsVaryingParam = ReadsVarying;
    // In a helper the builder takes parameters for uniform values; a load
    // whose address the levels know to differ between lanes (through a
    // lane-varying argument) would look uniform to the lane evaluation
    // (cuda-samples eigenvalues' scanInitial: s_cl_helper[ai - 1], ai from
    // the tid parameter). Such a condition keeps its level.
    if (AST.DataDep)
      return AST.U;
  }
  // Conjuncts the same for a whole block (`bx == 0`) say which blocks can
  // split, not which lanes: the lanes are evaluated on the others.
  llvm::SmallVector<const Expr *, 4> Parts, Within;
  conjuncts(Cond, Parts);
  for (const Expr *P : Parts) {
    Uniformity PU = level(P, F).U;
    if (PU != Uniformity::BlockUniform && PU != Uniformity::GridUniform)
      Within.push_back(P);
  }
  Uniformity U =
      Parts.size() > 1 && !Within.empty() && Within.size() < Parts.size()
          ? Lanes.refine(Cond, AST.U, Scope, Split, Within)
          : Lanes.refine(Cond, AST.U, Scope, Split);
  // In a helper, a condition that differs between lanes only through
  // parameters whose arguments are last-tile values (LastTileParam) splits
  // only the last tile, as the same condition in the caller would. The
  // level stays: the barrier checks still see the lanes part there.
  const std::pair<std::string, std::string> *Texts = nullptr;
  if (!F.IsKernel && U == Uniformity::LaneVarying && !Split.Exact &&
      !Split.LastTile && !F.LastTileParam.empty() &&
      uniformBesideLastTile(F.Builder->build(Cond), F, &Texts) && Texts) {
    Split.LastTile = true;
    std::tie(Split.LastTileRemainder, Split.LastTileFull) = *Texts;
  }
  return U;
}

Uniformity Walker::jumpLevel(size_t From) const {
  Uniformity U = Uniformity::Constant;
  for (size_t I = From; I < Stack.size(); ++I)
    if (!Stack[I].ExitOnly)
      U = std::max(U, Stack[I].Level);
  return U;
}

const Expr *Walker::innermostCond(size_t From, Uniformity AtLeast) const {
  for (size_t I = Stack.size(); I-- > From;)
    if (!Stack[I].ExitOnly && Stack[I].Level >= AtLeast && Stack[I].Cond)
      return Stack[I].Cond;
  return nullptr;
}

void Walker::push(const Stmt *S, const Expr *Cond, Uniformity U, bool Loop,
                  uint64_t Since) {
  Control C;
  C.S = S;
  C.Cond = Cond;
  C.Level = U;
  C.IsLoopOrSwitch = Loop;
  C.Since = Since;
  Stack.push_back(C);
}

void Walker::visitGuarded(const Stmt *S, const Expr *Cond, Uniformity U,
                          bool LoopOrSwitch, const Stmt *Body, FnState &F) {
  push(S, Cond, U, LoopOrSwitch);
  uint64_t Since = F.Clock;
  VarLevels Before = F.Var;
  visit(Body, F);
  joinInto(F.Var, Before);
  Stack.pop_back();
  syncJoin(F, Since, U, S);
}

void Walker::assign(const Expr *LHS, const Level &RHS, FnState &F,
                    const Expr *Value) {
  const VarDecl *V = assignedLocal(LHS);
  if (!V) {
    noteStore(LHS);
    return;
  }
  bool Scalar = isa<DeclRefExpr>(LHS->IgnoreParenImpCasts());
  setVar(F, V, RHS, Scalar);
  setValue(F, V, Scalar ? Value : nullptr);
}

void Walker::setValue(FnState &F, const VarDecl *V, const Expr *Value) {
  F.LastValue.erase(V);
  F.Env.erase(V);
  if (!Value)
    return;
  F.LastValue[V] = Value;
  if (V->getType()->isIntegerType() && !V->getType()->isReferenceType())
    F.Env[V] = F.Builder->build(Value);
}

void Walker::noteStore(const Expr *LHS) {
  const VarDecl *V = baseVar(LHS);
  if (!isSharedVar(V))
    return;
  // Only a store that every remaining thread makes (no divergent condition
  // between the early return and the store) is one the departed threads
  // would have made too; a leader's store under `if (threadIdx.x == 0)` is
  // not missing when other threads leave.
  bool Conditional = false;
  for (size_t I = Stack.size(); I-- > 0;) {
    Control &C = Stack[I];
    if (C.ExitOnly) {
      if (!Conditional)
        C.SharedStoreAfter = true;
    } else if (C.Level >= Uniformity::WarpUniform) {
      Conditional = true;
    }
  }
}

void Walker::visitChildren(const Stmt *S, FnState &F) {
  for (const Stmt *C : S->children())
    visit(C, F);
}

void Walker::visitCompound(const CompoundStmt *CS, FnState &F) {
  size_t Base = Stack.size();
  for (const Stmt *Child : CS->body()) {
    size_t J = Jumps.size();
    visit(Child, F);
    // A divergent break/continue/return inside Child: the rest of this
    // block runs for only some threads.
    Uniformity ValueLevel = Uniformity::Constant,
               ExitLevel = Uniformity::Constant;
    const Stmt *ExitS = nullptr;
    const Expr *ExitCond = nullptr;
    for (size_t I = J; I < Jumps.size(); ++I) {
      const Jump &Jp = Jumps[I];
      if (Jp.Kind == Jump::Return) {
        if (Jp.Target == F.Base && Jp.Level > ExitLevel) {
          ExitLevel = Jp.Level;
          ExitS = Jp.S;
          ExitCond = Jp.Cond;
        }
      } else if (Jp.Target < Base) {
        ValueLevel = std::max(ValueLevel, Jp.Level);
        if (!ExitS || Jp.Level > ExitLevel) {
          ExitS = Jp.S;
          ExitCond = Jp.Cond;
        }
      }
    }
    if (ValueLevel >= Uniformity::WarpUniform)
      push(ExitS, ExitCond, ValueLevel, false);
    else if (ExitLevel >= Uniformity::WarpUniform) {
      push(ExitS, ExitCond, ExitLevel, false);
      Stack.back().ExitOnly = true;
    }
  }
  Stack.resize(Base);
}

void Walker::visitJump(const Stmt *S, FnState &F) {
  // The innermost loop (or switch, for break) on the stack.
  for (size_t I = Stack.size(); I-- > F.Base;) {
    if (!Stack[I].IsLoopOrSwitch)
      continue;
    if (isa<ContinueStmt>(S) && isa<SwitchStmt>(Stack[I].S))
      continue;
    Uniformity U = jumpLevel(I + 1);
    Jumps.push_back({isa<BreakStmt>(S) ? Jump::Break : Jump::Continue, U, I, S,
                     innermostCond(I + 1, U)});
    if (isa<ContinueStmt>(S)) {
      Uniformity &E = F.LoopContinue[Stack[I].S];
      if (U > E) {
        E = U;
        F.Changed = true;
      }
    }
    if (isa<BreakStmt>(S) && !isa<SwitchStmt>(Stack[I].S)) {
      Uniformity &E = F.LoopExit[Stack[I].S];
      if (U > E) {
        E = U;
        F.Changed = true;
      }
      if (U == Uniformity::LaneVarying) {
        // The one lane-varying condition between the loop and the break.
        const Control *Only = nullptr;
        unsigned Varying = 0;
        for (size_t J = I + 1; J < Stack.size(); ++J)
          if (!Stack[J].ExitOnly && Stack[J].Level == Uniformity::LaneVarying) {
            ++Varying;
            Only = &Stack[J];
          }
        std::pair<const Expr *, bool> Entry{nullptr, false};
        if (Varying == 1 && Only->Cond && isa<IfStmt>(Only->S))
          Entry = {Only->Cond, !Only->InElse};
        auto &Breaks = F.LoopBreaks[Stack[I].S];
        if (!llvm::is_contained(Breaks, Entry))
          Breaks.push_back(Entry);
      }
      if (const Expr *C = innermostCond(I + 1, U)) {
        Level CL = level(C, F);
        VarianceSource Why =
            varianceSource(VarianceKind::DivergentBreak, "", S);
        if (!CL.Source.empty())
          Why.Through = std::make_shared<VarianceSource>(CL.Source);
        F.LoopExitWhy[Stack[I].S] = {std::move(Why), CL.DataDep};
      }
    }
    break;
  }
}

void Walker::visit(const Stmt *S, FnState &F) {
  if (!S)
    return;
  WalkDepth Nesting(VisitDepth);
  if (Nesting.exceeded())
    return noteTooComplex(Ctx, *S, "divergence");
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    visitCompound(CS, F);
    return;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D)) {
        if (const Expr *Init = V->getInit()) {
          visit(Init, F);
          if (!isSharedVar(V)) {
            setVar(F, V, level(Init, F), /*Strong=*/true);
            setValue(F, V, Init);
          }
        } else {
          F.Var[V] = Uniformity::Constant;
        }
      }
    return;
  }
  if (const auto *IS = dyn_cast<IfStmt>(S)) {
    if (IS->getInit())
      visit(IS->getInit(), F);
    if (IS->getConditionVariableDeclStmt())
      visit(IS->getConditionVariableDeclStmt(), F);
    visit(IS->getCond(), F);
    Level C = level(IS->getCond(), F);
    LaneSplit Split;
    // A bound that shrinks under this very test: the test reads it as the
    // uniform sequence the passing lanes follow (refine and record only).
    std::optional<ShrinkingView> Shrink =
        C.U == Uniformity::LaneVarying && !C.DataDep
            ? shrinkingView(*IS, *F.Builder, SC, Ctx)
            : std::nullopt;
    Shrinking = Shrink ? &*Shrink : nullptr;
    Uniformity U = refine(IS->getCond(), F, C, Split);
    if (IS->isConsteval() || IS->isConstexpr())
      U = Uniformity::Constant;
    // A condition the enclosing ones imply: every lane here takes the then
    // side, so it splits nothing (`for (i = t; i < n; i += s) if (i < n)`).
    const Stmt *Implied = U == Uniformity::LaneVarying && !IS->getElse()
                              ? impliedBy(IS->getCond(), F)
                              : nullptr;
    if (Reporting && U == Uniformity::LaneVarying)
      record(IS, IS->getCond(), BranchKind::If, C, Split, F,
             estimateBranch(IS->getThen(), IS->getElse(), costInputs()),
             Implied);
    if (Shrink)
      F.Builder->setUseValue(Shrink->Bound.Use, nullptr);
    Shrinking = nullptr;
    if (Implied)
      U = Uniformity::Constant;
    uint64_t Since = F.Clock;
    push(IS, IS->getCond(), U, false, Since);
    VarLevels Before = F.Var;
    visit(IS->getThen(), F);
    VarLevels AfterThen = std::move(F.Var);
    F.Var = std::move(Before);
    Stack.back().InElse = true;
    visit(IS->getElse(), F);
    joinInto(F.Var, AfterThen);
    Stack.pop_back();
    syncJoin(F, Since, U, IS, &C);
    return;
  }
  if (const auto *FS = dyn_cast<ForStmt>(S)) {
    visit(FS->getInit(), F);
    loop(FS, FS->getCond(), {FS->getCond(), FS->getBody(), FS->getInc()}, F);
    return;
  }
  if (const auto *WS = dyn_cast<WhileStmt>(S)) {
    if (WS->getConditionVariableDeclStmt())
      visit(WS->getConditionVariableDeclStmt(), F);
    loop(WS, WS->getCond(), {WS->getCond(), WS->getBody()}, F);
    return;
  }
  if (const auto *DoS = dyn_cast<DoStmt>(S)) {
    loop(DoS, DoS->getCond(), {DoS->getBody(), DoS->getCond()}, F);
    return;
  }
  if (const auto *RS = dyn_cast<CXXForRangeStmt>(S)) {
    visit(RS->getRangeStmt(), F);
    visit(RS->getBeginStmt(), F);
    visit(RS->getEndStmt(), F);
    loop(RS, RS->getCond(),
         {RS->getCond(), RS->getLoopVarStmt(), RS->getBody(), RS->getInc()}, F);
    return;
  }
  if (const auto *SW = dyn_cast<SwitchStmt>(S)) {
    if (SW->getInit())
      visit(SW->getInit(), F);
    visit(SW->getCond(), F);
    Level C = level(SW->getCond(), F);
    LaneSplit Split;
    Uniformity U = refine(SW->getCond(), F, C, Split);
    if (Reporting && U == Uniformity::LaneVarying) {
      bool Unpred = false;
      unsigned Cost = estimateCost(SW->getBody(), costInputs(), Unpred);
      record(SW, SW->getCond(), BranchKind::Switch, C, Split, F,
             {Cost, Unpred});
    }
    visitGuarded(SW, SW->getCond(), U, /*LoopOrSwitch=*/true, SW->getBody(), F);
    return;
  }
  if (isa<BreakStmt>(S) || isa<ContinueStmt>(S)) {
    visitJump(S, F);
    return;
  }
  if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
    if (RS->getRetValue()) {
      visit(RS->getRetValue(), F);
      Level L = level(RS->getRetValue(), F);
      L.join(Level{jumpLevel(F.Base), false, {}, nullptr});
      if (L.U >= F.Return) {
        if (!L.Source.empty())
          F.ReturnSource = L.Source;
        F.Return = L.U;
      }
      F.ReturnDataDep |= L.DataDep;
    }
    Uniformity U = jumpLevel(F.Base);
    Jumps.push_back({Jump::Return, U, F.Base, S, innermostCond(F.Base, U)});
    return;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    if (BO->isAssignmentOp()) {
      visit(BO->getRHS(), F);
      visit(BO->getLHS(), F);
      Level R = level(BO->getRHS(), F);
      if (BO->isCompoundAssignmentOp())
        R.join(level(BO->getLHS(), F));
      assign(BO->getLHS(), R, F,
             BO->isCompoundAssignmentOp() ? nullptr : BO->getRHS());
      return;
    }
    if (BO->isLogicalOp()) {
      visit(BO->getLHS(), F);
      Level C = level(BO->getLHS(), F);
      LaneSplit Split;
      Uniformity U = refine(BO->getLHS(), F, C, Split);
      bool Unpred = false;
      unsigned Cost = estimateCost(BO->getRHS(), costInputs(), Unpred);
      if (Reporting && U == Uniformity::LaneVarying && (Unpred || Cost > 7))
        record(BO, BO->getLHS(), BranchKind::ShortCircuit, C, Split, F,
               {Cost, Unpred});
      visitGuarded(BO, BO->getLHS(), U, /*LoopOrSwitch=*/false, BO->getRHS(),
                   F);
      return;
    }
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(S);
      UO && UO->isIncrementDecrementOp()) {
    visit(UO->getSubExpr(), F);
    assign(UO->getSubExpr(), level(UO->getSubExpr(), F), F);
    return;
  }
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    visitChildren(S, F);
    callStatement(CE, F);
    return;
  }
  if (const auto *AS = dyn_cast<GCCAsmStmt>(S)) {
    visitChildren(S, F);
    Level L = asmOutput(AS, F);
    for (unsigned I = 0; I < AS->getNumOutputs(); ++I)
      assign(AS->getOutputExpr(I), L, F);
    return;
  }
  if (isa<LambdaExpr>(S))
    return;
  visitChildren(S, F);
}

void Walker::loop(const Stmt *L, const Expr *Cond,
                  std::initializer_list<const Stmt *> Parts, FnState &F) {
  // The variables' levels at the loop head: the entry joined with the back
  // edge, iterated until stable (a few rounds; levels only rise).
  uint64_t Since = F.Clock;
  // A variable the loop assigns holds a value of an earlier iteration at
  // its head: not the one assigned before the loop.
  llvm::SmallVector<const VarDecl *, 8> Moved;
  for (const auto &[V, E] : F.LastValue)
    if (Mutations.isMutated(*V, *L, Ctx))
      Moved.push_back(V);
  for (const VarDecl *V : Moved)
    setValue(F, V, nullptr);
  VarLevels Entry = F.Var;
  bool Saved = Reporting;
  Reporting = false;
  Uniformity U = Uniformity::Constant;
  for (unsigned Round = 0; Round < 3; ++Round) {
    VarLevels Head = F.Var;
    U = loopOnce(L, Cond, Parts, F);
    joinInto(F.Var, Entry);
    // Back at the head: lanes that skipped the rest of an iteration (a
    // divergent continue) hold different values. Lanes that left do not
    // take part any more.
    syncJoin(F, Since, F.LoopContinue.lookup(L), L);
    joinInto(F.Var, Head);
    if (F.Var == Head)
      break;
  }
  Reporting = Saved;
  if (Reporting) {
    VarLevels Head = F.Var;
    U = loopOnce(L, Cond, Parts, F);
    F.Var = std::move(Head);
  }
  // After the loop, threads that ran different numbers of iterations (or
  // broke out at different points) meet again.
  syncJoin(F, Since, U, L);
}

Uniformity Walker::loopOnce(const Stmt *L, const Expr *Cond,
                            std::initializer_list<const Stmt *> Parts,
                            FnState &F) {
  Level C = Cond ? level(Cond, F) : Level();
  LaneSplit Split;
  Uniformity U = Cond ? refine(Cond, F, C, Split) : C.U;
  if (Cond && U == Uniformity::LaneVarying && !Split.Exact)
    Lanes.tripCounts(L, *F.Builder, U, Split);
  // A distance from start to bound that no lane offset changes: the trip
  // count is as uniform as the distance, which the lanes' conditions, each
  // reading the lane, do not show (an exact evaluation of the lanes that
  // found them split is not overruled).
  if (Cond && U >= Uniformity::WarpUniform &&
      !(Split.Exact && U == Uniformity::LaneVarying))
    if (std::optional<Uniformity> Same = sameTripCount(L, F))
      U = std::min(U, *Same);
  Uniformity Exit = F.LoopExit.lookup(L);
  // Lanes leave only by breaks at a tail: decided again at every walk of the
  // loop, whose breaks and condition may differ more than at the last one.
  if (Exit == Uniformity::LaneVarying && U != Uniformity::LaneVarying &&
      tailBreaks(L, F))
    F.TailBreakLoops.insert(L);
  else
    F.TailBreakLoops.erase(L);
  if (Exit == Uniformity::LaneVarying &&
      (U != Uniformity::LaneVarying || C.Source.isAssignment())) {
    // The condition is uniform but some lanes break out early.
    U = Exit;
    C.U = Exit;
    auto It = F.LoopExitWhy.find(L);
    if (It != F.LoopExitWhy.end()) {
      C.Source = It->second.first;
      C.DataDep = It->second.second;
    }
  }
  // `do { ... } while (0)` runs once: its breaks are jumps to its end, which
  // the statements after them see (visitCompound), not a loop that lanes
  // leave at different times.
  if (Reporting && U == Uniformity::LaneVarying && !isSingleTrip(L)) {
    bool Unpred = true;
    const Stmt *Body = nullptr;
    if (const auto *FS = dyn_cast<ForStmt>(L))
      Body = FS->getBody();
    else if (const auto *WS = dyn_cast<WhileStmt>(L))
      Body = WS->getBody();
    else if (const auto *DS = dyn_cast<DoStmt>(L))
      Body = DS->getBody();
    else if (const auto *RS = dyn_cast<CXXForRangeStmt>(L))
      Body = RS->getBody();
    unsigned Cost = estimateCost(Body, costInputs(), Unpred);
    record(L, Cond, BranchKind::Loop, C, Split, F, {Cost, true});
  }
  Uniformity Level = std::max(U, Exit);
  push(L, Cond, Level, true, F.Clock);
  for (const Stmt *P : Parts)
    visit(P, F);
  Stack.pop_back();
  return Level;
}

void Walker::callStatement(const CallExpr *CE, FnState &F) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD)
    return;
  StringRef N = FD->getIdentifier() ? FD->getName() : "";
  bool Warp = false;
  bool IsBarrier = false;
  DivergentBarrier Found;
  if (isBarrierName(N, Warp)) {
    IsBarrier = true;
    Found.Kind = BarrierKind::Builtin;
    Found.Callee = N.str();
    if (Warp && CE->getNumArgs() >= 1) {
      auto M = CE->getArg(0)->getIntegerConstantExpr(Ctx);
      if (!M || M->getZExtValue() != 0xffffffffULL)
        return; // a partial mask names its lanes: not a full-warp barrier
    }
  } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE)) {
    const CXXRecordDecl *RD = MC->getMethodDecl()->getParent();
    if (groupMember(N) == GroupMember::Sync && isBlockGroup(RD)) {
      IsBarrier = true;
      Found.Kind = RD->getName() == "grid_group" ? BarrierKind::GridGroupSync
                                                 : BarrierKind::BlockGroupSync;
    } else if (groupMember(N) == GroupMember::Sync &&
               tileSize(RD) == Opts.WarpSize) {
      IsBarrier = true;
      Found.Kind = BarrierKind::TileSync;
      Found.TileSize = tileSize(RD);
      Warp = true;
    }
  } else if (N == "sync" && CE->getNumArgs() == 1) {
    // cg::sync(group)
    if (const auto *RD = CE->getArg(0)
                             ->getType()
                             .getNonReferenceType()
                             ->getAsCXXRecordDecl())
      if (isBlockGroup(RD)) {
        IsBarrier = true;
        Found.Kind = BarrierKind::FreeBlockGroupSync;
      }
  }
  if (IsBarrier) {
    Found.WarpScope = Warp;
    if (Reporting)
      barrier(CE, Found, F);
    return;
  }
  // Helpers: their barriers are found when level() walks them.
  if (FD->hasBody() && !isa<CXXOperatorCallExpr>(CE) &&
      !isa<CUDAKernelCallExpr>(CE))
    (void)level(CE, F);
}

namespace {
/// A call of a block-wide barrier: __syncthreads and its forms, a
/// thread_block's or grid's sync().
bool isBlockBarrierCall(const CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD || !FD->getIdentifier())
    return false;
  bool Warp = false;
  if (isBarrierName(FD->getName(), Warp))
    return !Warp;
  if (groupMember(FD->getName()) != GroupMember::Sync)
    return false;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
    return isBlockGroup(MC->getMethodDecl()->getParent());
  if (CE->getNumArgs() == 1)
    return isBlockGroup(
        CE->getArg(0)->getType().getNonReferenceType()->getAsCXXRecordDecl());
  return false;
}

bool containsBlockBarrier(const Stmt *S, unsigned Depth = 0);

/// The function \p CE calls (not a kernel it launches) reaches a block
/// barrier.
bool calleeReachesBarrier(const CallExpr *CE, unsigned Depth) {
  const FunctionDecl *Def = nullptr;
  const FunctionDecl *FD = CE->getDirectCallee();
  return FD && !isa<CUDAKernelCallExpr>(CE) && FD->hasBody(Def) && Def &&
         Depth < 60 && containsBlockBarrier(Def->getBody(), Depth + 4);
}

/// \p S reaches a block barrier, itself or in the program's functions it
/// calls (a few calls deep).
bool containsBlockBarrier(const Stmt *S, unsigned Depth) {
  if (!S || Depth > 64)
    return false;
  if (const auto *CE = dyn_cast<CallExpr>(S))
    if (isBlockBarrierCall(CE) || calleeReachesBarrier(CE, Depth))
      return true;
  if (isa<LambdaExpr>(S))
    return false;
  for (const Stmt *C : S->children())
    if (containsBlockBarrier(C, Depth + 1))
      return true;
  return false;
}

/// The block barriers every thread that runs \p S reaches, when that is the
/// same number on every path through S: barrier calls in straight-line
/// code, none under a loop, a condition or in a called function, and no
/// jump out of S. nullopt otherwise.
std::optional<unsigned> straightLineBarriers(const Stmt *S,
                                             unsigned Depth = 0) {
  if (!S)
    return 0u;
  if (Depth > 64)
    return std::nullopt;
  if (isa<ReturnStmt>(S) || isa<BreakStmt>(S) || isa<ContinueStmt>(S) ||
      isa<GotoStmt>(S))
    return std::nullopt;
  if (isa<LambdaExpr>(S))
    return 0u;
  if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
      isa<CXXForRangeStmt>(S) || isa<IfStmt>(S) || isa<SwitchStmt>(S) ||
      isa<AbstractConditionalOperator>(S) ||
      (isa<BinaryOperator>(S) && cast<BinaryOperator>(S)->isLogicalOp())) {
    // Control flow inside: fine without barriers (and without jumps out).
    if (containsBlockBarrier(S))
      return std::nullopt;
    bool Jumps = false;
    std::function<void(const Stmt *)> Find = [&](const Stmt *X) {
      if (!X || Jumps)
        return;
      if (isa<ReturnStmt>(X) || isa<GotoStmt>(X))
        Jumps = true;
      for (const Stmt *C : X->children())
        Find(C);
    };
    Find(S);
    if (Jumps)
      return std::nullopt;
    return 0u;
  }
  unsigned N = 0;
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    if (isBlockBarrierCall(CE))
      N = 1;
    else if (calleeReachesBarrier(CE, 0))
      return std::nullopt; // barriers in the callee, on paths not counted
  }
  for (const Stmt *C : S->children()) {
    std::optional<unsigned> Sub = straightLineBarriers(C, Depth + 1);
    if (!Sub)
      return std::nullopt;
    N += *Sub;
  }
  return N;
}

/// The number of block barriers each side of \p C reaches when it is an
/// `if` whose two sides reach as many on every path (see
/// DivergentBarrier::BalancedArrivals).
std::optional<unsigned> balancedArrivals(const Control &C) {
  const auto *IS = dyn_cast_or_null<IfStmt>(C.S);
  if (!IS || C.ExitOnly || C.Level != Uniformity::WarpUniform)
    return std::nullopt;
  std::optional<unsigned> Then = straightLineBarriers(IS->getThen());
  std::optional<unsigned> Else = straightLineBarriers(IS->getElse());
  if (!Then || !Else || *Then != *Else || *Then == 0)
    return std::nullopt;
  return Then;
}
} // namespace

void Walker::barrier(const CallExpr *CE, const DivergentBarrier &Found,
                     FnState &F) {
  Uniformity Need =
      Found.WarpScope ? Uniformity::LaneVarying : Uniformity::WarpUniform;
  // The outermost divergent control that makes threads miss the barrier;
  // a warp-uniform `if` whose sides arrive alike only where no other does.
  std::optional<DivergentBarrier> Pick;
  for (size_t I = 0; I < Stack.size(); ++I) {
    const Control &C = Stack[I];
    if (C.Level < Need)
      continue;
    DivergentBarrier B = Found;
    B.Call = CE;
    B.Control = C.S;
    B.ControlCond = C.Cond;
    B.AfterExit = C.ExitOnly;
    B.SharedStoreAfterExit = C.SharedStoreAfter;
    B.Level = C.Level;
    B.ViaCall = F.ViaCall;
    std::optional<unsigned> Balanced =
        Found.WarpScope ? std::nullopt : balancedArrivals(C);
    if (Balanced) {
      B.BalancedArrivals = true;
      B.BalancedCount = *Balanced;
      if (!Pick)
        Pick = B;
      continue;
    }
    Pick = B;
    break;
  }
  if (!Pick)
    return;
  for (const auto &Old : Out.Barriers)
    if (Old.Call == CE)
      return;
  Out.Barriers.push_back(*Pick);
}

void Walker::record(const Stmt *S, const Expr *Cond, BranchKind K,
                    const Level &C, const LaneSplit &Split, FnState &F,
                    BodyEstimate Est, const Stmt *ImpliedBy) {
  for (const auto &Old : Out.Branches)
    if (Old.S == S)
      return;
  DivergentBranch B;
  B.S = S;
  B.Cond = Cond;
  B.Kind = K;
  B.DataDependent = C.DataDep;
  B.Source = C.Source;
  B.SourceExpr = C.SourceExpr;
  B.BodyCost = Est.Cost;
  B.ContainsLoop = K == BranchKind::Loop || containsLoop(S, costInputs());
  B.Orchestrates = K != BranchKind::Loop && orchestrates(S, costInputs());
  if (const auto *IS = dyn_cast<IfStmt>(S); IS && K == BranchKind::If) {
    B.DataMove = movesDataOnly(IS->getThen(), IS->getElse(), costInputs());
    bool U = false;
    B.ThenCost = estimateCost(IS->getThen(), costInputs(), U);
    B.ElseCost = IS->getElse() ? estimateCost(IS->getElse(), costInputs(), U) : 0;
  }
  // The kernel's whole work (helpers costed at their calls): a helper that
  // is mostly one branch says nothing of the kernel it runs in.
  if (!KernelWork && KernelFD && KernelFD->getBody()) {
    bool U = false;
    KernelWork.emplace(estimateCost(KernelFD->getBody(), costInputs(), U),
                       containsLoop(KernelFD->getBody(), costInputs()));
  }
  if (KernelWork) {
    B.FunctionCost = KernelWork->first;
    B.FunctionLoops = KernelWork->second;
  }
  B.ScaledLoop = K == BranchKind::Loop
                     ? Cond && problemSized(F.Builder->build(Cond))
                     : B.ContainsLoop && scaledLoopUnder(S, F);
  B.Unpredicable = Est.Unpredicable;
  B.Split = Split;
  B.ViaCall = F.ViaCall;
  B.ImpliedBy = ImpliedBy;
  B.ShrinkingBound = Shrinking != nullptr;
  classify(B, F);
  // A clamp whose split only the last tile shows (LastTile.h) is settled:
  // the tail and window patterns below would read its remainder's slope as
  // lanes that part everywhere (a bound growing with the lane).
  if (!Split.Exact && Cond && !Split.LastTile) {
    FunctionGuardQueries Q(*this, F);
    if (K == BranchKind::If || K == BranchKind::ShortCircuit) {
      B.TailGuard = isBoundGuard(Cond, Q) ||
                    (Shrinking && shrinkingTail(*Shrinking, *F.Builder));
      B.EdgeGuard = !B.TailGuard && !C.DataDep && isEdgeGuard(Cond, Q, SC);
    }
    else if (K == BranchKind::Loop) {
      B.TailGuard = (isBoundGuard(Cond, Q, S) && !wideStarts(S, F)) ||
                    F.TailBreakLoops.count(S);
      B.GrowingBound = !B.TailGuard && isLaneGrowingBound(Cond, Q, S);
      B.EdgeWindow =
          !B.TailGuard && !B.GrowingBound && !C.DataDep && clampedWindow(S, F);
      // Only when the condition is what differs: a loop that some lanes
      // leave by a divergent break or return ends where they leave.
      B.WarpStrided = !B.TailGuard && !B.EdgeWindow && !C.DataDep &&
                      F.LoopExit.lookup(S) != Uniformity::LaneVarying &&
                      warpStridedLoop(S, F);
    }
  } else if (Cond && K == BranchKind::Loop && Split.TripCounts &&
             Split.DivergentWarps == 1) {
    // A strided loop over a bound the launch gives: the lanes' trip counts
    // differ in the one warp that straddles the bound, as an `if (i < n)`
    // tail does.
    FunctionGuardQueries Q(*this, F);
    B.TailGuard = isBoundGuard(Cond, Q, S);
  }
  Out.Branches.push_back(B);
}

} // namespace divergence
} // namespace warplint
