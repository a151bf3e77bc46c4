//===- ValueFlowLoops.cpp - Loops, exits and inductions over the CFG --------===//
#include "Frontend/ValueFlow.h"

#include "Frontend/ValueFlowDetail.h"
#include "Symbolic/Budgets.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include <algorithm>

using namespace clang;
using warplint::valueflow::varOf;

namespace warplint {

void ValueFlow::findLoops() {
  unsigned N = Graph->getNumBlockIDs();
  // Reverse post-order from the entry (iterative DFS).
  std::vector<const CFGBlock *> ById(N, nullptr);
  for (const CFGBlock *B : *Graph)
    ById[B->getBlockID()] = B;
  std::vector<unsigned> Post;
  std::vector<uint8_t> State(N, 0);
  std::vector<std::pair<const CFGBlock *, unsigned>> Stack;
  const CFGBlock *Entry = &Graph->getEntry();
  Stack.push_back({Entry, 0});
  State[Entry->getBlockID()] = 1;
  while (!Stack.empty()) {
    auto &[B, I] = Stack.back();
    if (I < B->succ_size()) {
      const CFGBlock *S = *(B->succ_begin() + I);
      ++I;
      if (S && !State[S->getBlockID()]) {
        State[S->getBlockID()] = 1;
        Stack.push_back({S, 0});
      }
      continue;
    }
    Post.push_back(B->getBlockID());
    Stack.pop_back();
  }
  RPONumber.assign(N, ~0u);
  std::vector<unsigned> RPO(Post.rbegin(), Post.rend());
  for (unsigned I = 0; I < RPO.size(); ++I)
    RPONumber[RPO[I]] = I;
  // Dominators (Cooper, Harvey and Kennedy's iterative algorithm).
  IDom.assign(N, ~0u);
  unsigned EntryId = Entry->getBlockID();
  IDom[EntryId] = EntryId;
  auto Intersect = [&](unsigned A, unsigned B) {
    while (A != B) {
      while (RPONumber[A] > RPONumber[B])
        A = IDom[A];
      while (RPONumber[B] > RPONumber[A])
        B = IDom[B];
    }
    return A;
  };
  bool Changed = true;
  for (unsigned Round = 0; Changed && Round < 1000; ++Round) {
    Changed = false;
    for (unsigned Id : RPO) {
      if (Id == EntryId)
        continue;
      unsigned New = ~0u;
      for (const CFGBlock *P : ById[Id]->preds()) {
        if (!P || IDom[P->getBlockID()] == ~0u)
          continue;
        New = New == ~0u ? P->getBlockID() : Intersect(P->getBlockID(), New);
      }
      if (New != IDom[Id]) {
        IDom[Id] = New;
        Changed = true;
      }
    }
  }
  // Natural loops: one per header, from every back edge into it.
  llvm::DenseMap<unsigned, unsigned> LoopOfHeader;
  for (unsigned Id : RPO)
    for (const CFGBlock *S : ById[Id]->succs()) {
      if (!S || !dominates(S->getBlockID(), Id))
        continue;
      unsigned H = S->getBlockID();
      auto [It, New] = LoopOfHeader.try_emplace(H, unsigned(Loops.size()));
      if (New) {
        FlowLoop L;
        L.Header = H;
        L.Blocks.resize(N);
        L.Blocks.set(H);
        L.Id = unsigned(Loops.size());
        Loops.push_back(std::move(L));
      }
      FlowLoop &L = Loops[It->second];
      L.Latches.push_back(Id);
      std::vector<unsigned> Work = {Id};
      while (!Work.empty()) {
        unsigned X = Work.back();
        Work.pop_back();
        if (L.Blocks[X])
          continue;
        L.Blocks.set(X);
        for (const CFGBlock *P : ById[X]->preds())
          if (P && RPONumber[P->getBlockID()] != ~0u)
            Work.push_back(P->getBlockID());
      }
    }
  unsigned ExitId = Graph->getExit().getBlockID();
  auto IsLoopStmt = [](const Stmt *S) {
    return S && (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
                 isa<CXXForRangeStmt>(S));
  };
  for (FlowLoop &L : Loops) {
    if (IsLoopStmt(ById[L.Header]->getTerminatorStmt()))
      L.LoopStmt = ById[L.Header]->getTerminatorStmt();
    for (unsigned Latch : L.Latches)
      if (!L.LoopStmt && IsLoopStmt(ById[Latch]->getTerminatorStmt()))
        L.LoopStmt = ById[Latch]->getTerminatorStmt();
    if (!L.LoopStmt)
      if (const CFGBlock *LT = ById[L.Header])
        for (const CFGBlock *P : LT->preds())
          if (P && L.contains(P->getBlockID()) && P->getLoopTarget())
            L.LoopStmt = P->getLoopTarget();
    for (const FlowLoop &O : Loops)
      if (&O != &L && O.contains(L.Header) &&
          (O.Header != L.Header))
        ++L.Depth;
    // Every way out, for the continuation test: the function's exit counts
    // (a while loop at the end of the body leaves straight to it).
    llvm::SmallVector<unsigned, 2> Exiting;
    llvm::SmallVector<const Expr *, 2> Tests;
    bool Untested = false;
    for (unsigned X : L.Blocks.set_bits())
      for (const CFGBlock *S : ById[X]->succs()) {
        if (!S || L.contains(S->getBlockID()))
          continue;
        const Expr *C =
            dyn_cast_or_null<Expr>(ById[X]->getTerminatorCondition());
        if (C) {
          if (!llvm::is_contained(Tests, C))
            Tests.push_back(C);
          if (!llvm::is_contained(Exiting, X))
            Exiting.push_back(X);
        } else {
          Untested = true;
        }
        if (S->getBlockID() == ExitId)
          continue;
        if (C) {
          if (!llvm::is_contained(L.ExitConditions, C))
            L.ExitConditions.push_back(C);
        } else {
          L.OpaqueExit = true;
        }
      }
    if (!Untested)
      findContinue(L, Tests, Exiting);
  }
}

/// Whether \p Inner is \p Outer or one of its subexpressions (bounded).
static bool within(const Stmt *Inner, const Stmt *Outer, unsigned Depth) {
  if (!Outer || Depth > budget::ValueQueryDepth)
    return false;
  if (Inner == Outer)
    return true;
  for (const Stmt *C : Outer->children())
    if (within(Inner, C, Depth + 1))
      return true;
  return false;
}

void ValueFlow::findContinue(FlowLoop &L, llvm::ArrayRef<const Expr *> Tests,
                             llvm::ArrayRef<unsigned> Exiting) {
  if (Tests.empty())
    return;
  // `while (a && b)`: the CFG tests a and b in blocks of their own; the loop
  // goes on when the statement's whole condition holds.
  const Expr *Cond = nullptr;
  if (const auto *W = dyn_cast_or_null<WhileStmt>(L.LoopStmt))
    Cond = W->getCond();
  else if (const auto *F = dyn_cast_or_null<ForStmt>(L.LoopStmt))
    Cond = F->getCond();
  else if (const auto *D = dyn_cast_or_null<DoStmt>(L.LoopStmt))
    Cond = D->getCond();
  if (Cond && llvm::all_of(Tests, [&](const Expr *C) {
        return within(C, Cond, 0);
      })) {
    L.Continue = Cond;
    L.ContinueWhenTrue = true;
    L.BottomTested = isa<DoStmt>(L.LoopStmt);
    return;
  }
  // One test, at the top or at the only latch (a goto loop, `if (!c) break;`
  // first in the body).
  if (Tests.size() != 1 || Exiting.size() != 1)
    return;
  unsigned X = Exiting.front();
  const CFGBlock *B = nullptr;
  for (const CFGBlock *Bl : *Graph)
    if (Bl->getBlockID() == X)
      B = Bl;
  if (!B || B->succ_size() != 2)
    return;
  // A block's test runs after its statements: a test in the only latch is
  // after the body (also when the loop is that one block); one in the header
  // is before it only when the header holds nothing but the test.
  // `if (++k < n) goto top;`: the test's block leads to a latch that only
  // jumps back; that is a test after the body too.
  bool Bottom = false;
  if (L.Latches.size() == 1) {
    unsigned Latch = L.Latches.front();
    Bottom = Latch == X;
    for (const CFGBlock *S : B->succs())
      if (S && S->getBlockID() == Latch && S->empty())
        Bottom = true;
  }
  bool Top = !Bottom && X == L.Header &&
             llvm::all_of(*B, [&](const CFGElement &El) {
               std::optional<CFGStmt> CS = El.getAs<CFGStmt>();
               return !CS || within(CS->getStmt(), Tests.front(), 0);
             });
  if (!Top && !Bottom)
    return;
  const CFGBlock *T = *B->succ_begin();
  L.Continue = Tests.front();
  L.ContinueWhenTrue = T && L.contains(T->getBlockID());
  L.BottomTested = !Top;
}

bool ValueFlow::inLoop(const Stmt *S, const FlowLoop &L) const {
  auto It = BlockOf.find(S);
  return It != BlockOf.end() && L.contains(It->second);
}

const FlowLoop *ValueFlow::innermostLoopOf(unsigned Block) const {
  const FlowLoop *Best = nullptr;
  for (const FlowLoop &L : Loops)
    if (L.contains(Block) && (!Best || L.Depth > Best->Depth))
      Best = &L;
  return Best;
}

/// Whether \p E has the same value in every iteration of \p L: constants, CUDA
/// builtins and variables no definition inside the loop reaches. Loads and
/// calls are not (the memory may change).
bool ValueFlow::invariantIn(const Expr *E, const FlowLoop &L,
                            unsigned Depth) const {
  if (!E)
    return true;
  if (Depth > budget::ValueQueryDepth)
    return false;
  E = E->IgnoreParens();
  if (E->isIntegerConstantExpr(Ctx))
    return true;
  if (isa<PseudoObjectExpr>(E) || isa<MSPropertyRefExpr>(E) ||
      isa<OpaqueValueExpr>(E))
    return true; // threadIdx.x and the like
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V)
      return isa<EnumConstantDecl>(DRE->getDecl());
    if (V->getType().isConstQualified() && !V->hasLocalStorage())
      return true;
    if (!Tracked.count(V))
      return V->getType().isConstQualified();
    auto It = Uses.find(DRE);
    if (It == Uses.end() || It->second.Reaching.empty())
      return false;
    if (llvm::none_of(It->second.Reaching,
                      [&](unsigned K) { return L.contains(Defs[K].Block); }))
      return true;
    // `step = blockDim.x * gridDim.x; i += step;`: the one definition that
    // reaches is a plain assignment in the body of a value the loop does not
    // change, so every iteration reads the same value. With a definition from
    // outside reaching as well, the first iteration could read another.
    if (It->second.Reaching.size() != 1)
      return false;
    const ValueDef &D = Defs[It->second.Reaching.front()];
    return (D.K == ValueDef::Assign || D.K == ValueDef::Init) && D.RHS &&
           invariantIn(D.RHS, L, Depth + 1);
  }
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E))
    return invariantIn(ICE->getSubExpr(), L, Depth + 1);
  if (const auto *CE = dyn_cast<ExplicitCastExpr>(E))
    return invariantIn(CE->getSubExpr(), L, Depth + 1);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return !BO->isAssignmentOp() && invariantIn(BO->getLHS(), L, Depth + 1) &&
           invariantIn(BO->getRHS(), L, Depth + 1);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return (UO->getOpcode() == UO_Minus || UO->getOpcode() == UO_Plus ||
            UO->getOpcode() == UO_Not) &&
           invariantIn(UO->getSubExpr(), L, Depth + 1);
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return invariantIn(CO->getCond(), L, Depth + 1) &&
           invariantIn(CO->getTrueExpr(), L, Depth + 1) &&
           invariantIn(CO->getFalseExpr(), L, Depth + 1);
  if (const auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return invariantIn(S->getReplacement(), L, Depth + 1);
  return false;
}

/// \p V as an induction variable of \p L: one update inside the loop, run
/// exactly once per iteration (its block dominates every latch and belongs to no
/// inner loop), by a step the loop does not change, from the definitions that
/// reach the loop from outside.
std::optional<UseFacts> ValueFlow::induction(const VarDecl *V,
                                             const FlowLoop &L) const {
  auto DI = DefsOf.find(V);
  if (DI == DefsOf.end())
    return std::nullopt;
  const ValueDef *Update = nullptr;
  for (unsigned K : DI->second)
    if (L.contains(Defs[K].Block)) {
      if (Update)
        return std::nullopt; // two updates (or a re-initialisation)
      Update = &Defs[K];
    }
  if (!Update || !Update->S)
    return std::nullopt;
  const auto *UpdateExpr = dyn_cast<Expr>(Update->S);
  std::optional<InductionStep> Step = inductionStep(UpdateExpr, V);
  if (!Step)
    return std::nullopt;
  if (innermostLoopOf(Update->Block) != &L)
    return std::nullopt;
  for (unsigned Latch : L.Latches)
    if (!dominates(Update->Block, Latch))
      return std::nullopt;
  if (!invariantIn(Step->Additive ? Step->Step : Step->Factor, L, 0))
    return std::nullopt;
  UseFacts F;
  F.Loop = &L;
  F.Update = Update;
  F.Step = *Step;
  for (unsigned K : DI->second)
    if (In[L.Header].test(K) && &Defs[K] != Update)
      F.Inits.push_back(&Defs[K]);
  if (F.Inits.empty())
    return std::nullopt;
  F.TripCount = tripCount(F);
  return F;
}

/// Iterations of an additive loop whose start, step and bound are constants
/// and whose only exit compares the variable with the bound.
std::optional<int64_t> ValueFlow::tripCount(const UseFacts &F) const {
  if (F.Inits.size() != 1 || !F.Inits[0]->RHS || !F.Step.Additive ||
      F.Loop->ExitConditions.size() != 1 || F.Loop->OpaqueExit)
    return std::nullopt;
  auto Fold = [&](const Expr *E) -> std::optional<int64_t> {
    Expr::EvalResult R;
    if (E && !E->isValueDependent() && E->EvaluateAsInt(R, Ctx))
      return R.Val.getInt().getExtValue();
    return std::nullopt;
  };
  std::optional<int64_t> Start = Fold(F.Inits[0]->RHS);
  std::optional<int64_t> Step = F.Step.Step ? Fold(F.Step.Step) : 1;
  const auto *C =
      dyn_cast<BinaryOperator>(F.Loop->ExitConditions[0]->IgnoreParenImpCasts());
  if (!Start || !Step || !*Step || !C || !C->isComparisonOp())
    return std::nullopt;
  int64_t S = F.Step.Negate ? -*Step : *Step;
  BinaryOperatorKind Op = C->getOpcode();
  std::optional<int64_t> Bound;
  if (varOf(C->getLHS()->IgnoreImpCasts()) == F.Update->Var)
    Bound = Fold(C->getRHS());
  else if (varOf(C->getRHS()->IgnoreImpCasts()) == F.Update->Var) {
    Bound = Fold(C->getLHS());
    Op = BinaryOperator::reverseComparisonOp(Op);
  }
  if (!Bound)
    return std::nullopt;
  int64_t Span = *Bound - *Start;
  int64_t N;
  auto CeilDiv = [](int64_t A, int64_t B) { return (A + B - 1) / B; };
  if (Op == BO_LT && S > 0)
    N = Span > 0 ? CeilDiv(Span, S) : 0;
  else if (Op == BO_LE && S > 0)
    N = Span >= 0 ? Span / S + 1 : 0;
  else if (Op == BO_GT && S < 0)
    N = Span < 0 ? CeilDiv(-Span, -S) : 0;
  else if (Op == BO_GE && S < 0)
    N = Span <= 0 ? -Span / -S + 1 : 0;
  else if (Op == BO_NE && Span % S == 0 && Span / S >= 0)
    N = Span / S;
  else
    return std::nullopt;
  // A test at the bottom (do-while) runs the body once before it.
  const CFGBlock *Exiting = nullptr;
  for (const CFGBlock *B : *Graph)
    if (B->getTerminatorCondition() == F.Loop->ExitConditions[0])
      Exiting = B;
  if (Exiting && Exiting->getBlockID() != F.Loop->Header)
    N = std::max<int64_t>(N, 1);
  return N;
}

} // namespace warplint
