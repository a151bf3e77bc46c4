//===- ValueFlow.cpp - Reaching definitions and loops over clang's CFG ----===//
#include "Frontend/ValueFlow.h"

#include "Frontend/HelperBody.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include <algorithm>

using namespace clang;

namespace warplint {

namespace {

const VarDecl *varOf(const Expr *E) {
  if (!E)
    return nullptr;
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParens());
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

const DeclRefExpr *refOf(const Expr *E) {
  return E ? dyn_cast<DeclRefExpr>(E->IgnoreParens()) : nullptr;
}

bool trackableType(const VarDecl *V) {
  QualType T = V->getType();
  if (T->isReferenceType() || T.isVolatileQualified())
    return false;
  return T->isIntegerType() || T->isPointerType();
}

/// Which variables the CFG can follow: every read of them is an rvalue
/// conversion, every write an assignment or ++/--; nothing else sees their
/// storage (no address taken, no reference bound, no lambda capture).
class EscapeScan : public RecursiveASTVisitor<EscapeScan> {
public:
  explicit EscapeScan(ASTContext &Ctx) : Ctx(Ctx) {}
  llvm::DenseSet<const DeclRefExpr *> Accounted;
  llvm::DenseSet<const VarDecl *> Escaped;
  std::vector<const DeclRefExpr *> Refs;
  /// Out-parameters followed (the call defines the variable) and refused.
  llvm::DenseMap<const CallExpr *,
                 llvm::SmallVector<std::pair<unsigned, const DeclRefExpr *>, 2>>
      OutArgs;
  std::vector<ValueFlow::Refusal> Refusals;

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl()))
      if (V->hasLocalStorage())
        Refs.push_back(E);
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *E) {
    if (E->getCastKind() == CK_LValueToRValue)
      if (const DeclRefExpr *R = refOf(E->getSubExpr()))
        Accounted.insert(R);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      if (const DeclRefExpr *R = refOf(BO->getLHS()))
        Accounted.insert(R);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp())
      if (const DeclRefExpr *R = refOf(UO->getSubExpr()))
        Accounted.insert(R);
    return true;
  }
  /// `udivmod(i, DX / 2, x)`: an integer local handed to a helper's
  /// out-parameter is defined by the call when the helper's body is one the
  /// expression builder can run (Frontend/HelperBody); otherwise its reference
  /// stays unaccounted (the variable escapes) and the reason is kept.
  bool VisitCallExpr(CallExpr *CE) {
    if (isa<CXXMemberCallExpr>(CE) || isa<CXXOperatorCallExpr>(CE))
      return true;
    const FunctionDecl *Callee = CE->getDirectCallee();
    if (!Callee)
      return true;
    llvm::SmallVector<std::pair<unsigned, const DeclRefExpr *>, 2> Outs;
    for (unsigned I = 0; I < CE->getNumArgs() && I < Callee->getNumParams();
         ++I) {
      const DeclRefExpr *R =
          outArgReference(CE->getArg(I), *Callee->getParamDecl(I));
      const auto *V = R ? cast<VarDecl>(R->getDecl()) : nullptr;
      if (V && V->hasLocalStorage() && !V->isStaticLocal() &&
          V->getType()->isIntegerType() && trackableType(V))
        Outs.push_back({I, R});
    }
    if (Outs.empty())
      return true;
    auto [It, New] = Verdicts.try_emplace(Callee);
    if (New)
      It->second = helperRefusal(Callee, Ctx);
    std::string Why = It->second;
    for (unsigned A = 0; Why.empty() && A < Outs.size(); ++A)
      for (unsigned B = 0; B < A; ++B)
        if (Outs[A].second->getDecl() == Outs[B].second->getDecl())
          Why = "it receives '" + Outs[A].second->getDecl()->getNameAsString() +
                "' twice";
    for (auto &[Param, R] : Outs) {
      if (!Why.empty()) {
        Refusals.push_back({CE, cast<VarDecl>(R->getDecl()), Why});
        continue;
      }
      Accounted.insert(R);
      OutArgs[CE].push_back({Param, R});
    }
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *L) {
    for (const LambdaCapture &C : L->captures())
      if (C.capturesVariable())
        if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar()))
          Escaped.insert(V);
    return true;
  }

private:
  ASTContext &Ctx;
  llvm::DenseMap<const FunctionDecl *, std::string> Verdicts;
};

} // namespace

ValueFlow::~ValueFlow() = default;

ValueFlow::ValueFlow(const FunctionDecl &FD, ASTContext &Ctx)
    : FD(FD), Ctx(Ctx) {
  Stmt *Body = FD.getBody();
  if (!Body || FD.isDependentContext()) {
    Why = "no body";
    return;
  }
  CFG::BuildOptions BO;
  BO.setAllAlwaysAdd();
  BO.AddImplicitDtors = false;
  BO.AddTemporaryDtors = false;
  BO.AddInitializers = false;
  Graph = CFG::buildCFG(&FD, Body, &Ctx, BO);
  if (!Graph) {
    Why = "clang could not build the control-flow graph";
    return;
  }
  collectTracked();
  if (!buildDefsAndUses())
    return;
  findLoops();
  solve();
}

void ValueFlow::collectTracked() {
  EscapeScan Scan(Ctx);
  Scan.TraverseStmt(FD.getBody());
  for (const ParmVarDecl *P : FD.parameters())
    if (trackableType(P))
      Tracked.insert(P);
  for (const DeclRefExpr *R : Scan.Refs) {
    const auto *V = cast<VarDecl>(R->getDecl());
    if (!trackableType(V) || V->isStaticLocal())
      continue;
    if (!Scan.Accounted.count(R))
      Scan.Escaped.insert(V);
    Tracked.insert(V);
  }
  for (const VarDecl *V : Scan.Escaped)
    Tracked.erase(V);
  // A call that hands a variable escaping anyway defines nothing.
  for (auto &[CE, Outs] : Scan.OutArgs)
    for (auto &[Param, R] : Outs)
      if (Tracked.count(cast<VarDecl>(R->getDecl())))
        OutArgs[CE].push_back({Param, R});
  Refusals = std::move(Scan.Refusals);
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::stable_sort(Refusals, [&](const Refusal &A, const Refusal &B) {
    return SM.isBeforeInTranslationUnit(A.Call->getBeginLoc(),
                                        B.Call->getBeginLoc());
  });
}

/// Numbers the definitions (the dataflow's bits) and checks the budget.
bool ValueFlow::buildDefsAndUses() {
  auto AddDef = [&](ValueDef D) {
    D.Id = unsigned(Defs.size());
    DefsOf[D.Var].push_back(D.Id);
    Defs.push_back(D);
  };
  // Parameters' incoming values, in the entry block.
  for (const ParmVarDecl *P : FD.parameters())
    if (Tracked.count(P)) {
      ValueDef D;
      D.K = ValueDef::Entry;
      D.Var = P;
      D.Block = Graph->getEntry().getBlockID();
      AddDef(D);
    }
  for (const CFGBlock *B : *Graph) {
    for (const CFGElement &El : *B) {
      std::optional<CFGStmt> CS = El.getAs<CFGStmt>();
      if (!CS)
        continue;
      const Stmt *S = CS->getStmt();
      BlockOf.try_emplace(S, B->getBlockID());
      ValueDef D;
      D.Block = B->getBlockID();
      D.S = S;
      if (const auto *DS = dyn_cast<DeclStmt>(S)) {
        for (const Decl *Dc : DS->decls())
          if (const auto *V = dyn_cast<VarDecl>(Dc))
            if (Tracked.count(V)) {
              D.Var = V;
              D.K = V->getInit() ? ValueDef::Init : ValueDef::Uninit;
              D.RHS = V->getInit();
              AddDef(D);
            }
        continue;
      }
      if (const auto *CE = dyn_cast<CallExpr>(S)) {
        auto It = OutArgs.find(CE);
        if (It == OutArgs.end())
          continue;
        for (auto &[Param, R] : It->second) {
          D.Var = cast<VarDecl>(R->getDecl());
          D.K = ValueDef::CallOut;
          D.Param = Param;
          D.Old = R;
          AddDef(D);
        }
        continue;
      }
      if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
        const VarDecl *V = BO->isAssignmentOp() ? varOf(BO->getLHS()) : nullptr;
        if (!V || !Tracked.count(V))
          continue;
        D.Var = V;
        D.RHS = BO->getRHS();
        if (BO->getOpcode() == BO_Assign) {
          D.K = ValueDef::Assign;
          WriteOnly.insert(refOf(BO->getLHS()));
        } else {
          D.K = ValueDef::Compound;
          D.Op = BinaryOperator::getOpForCompoundAssignment(BO->getOpcode());
          D.Old = refOf(BO->getLHS());
        }
        AddDef(D);
        continue;
      }
      if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
        const VarDecl *V =
            UO->isIncrementDecrementOp() ? varOf(UO->getSubExpr()) : nullptr;
        if (!V || !Tracked.count(V))
          continue;
        D.Var = V;
        D.K = ValueDef::IncDec;
        D.Decrement = UO->isDecrementOp();
        D.Old = refOf(UO->getSubExpr());
        AddDef(D);
      }
    }
  }
  uint64_t Bits = uint64_t(Graph->getNumBlockIDs()) * (Defs.size() + 1);
  if (Bits > MaxBits) {
    Why = "too complex, not analysed (" +
          std::to_string(Graph->getNumBlockIDs()) + " blocks x " +
          std::to_string(Defs.size()) + " definitions)";
    return false;
  }
  return true;
}

bool ValueFlow::dominates(unsigned A, unsigned B) const {
  // Walk B's dominator chain (depth bounded by the block count).
  for (unsigned Steps = 0; Steps <= IDom.size(); ++Steps) {
    if (B == A)
      return true;
    if (B >= IDom.size() || IDom[B] == ~0u || IDom[B] == B)
      return false;
    B = IDom[B];
  }
  return false;
}

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
  if (!Outer || Depth > 32)
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

void ValueFlow::solve() {
  unsigned N = Graph->getNumBlockIDs();
  unsigned NDefs = unsigned(Defs.size());
  std::vector<const CFGBlock *> ById(N, nullptr);
  for (const CFGBlock *B : *Graph)
    ById[B->getBlockID()] = B;
  // Definitions of each block in order (the transfer function's input).
  std::vector<llvm::SmallVector<unsigned, 4>> BlockDefs(N);
  for (const ValueDef &D : Defs)
    BlockDefs[D.Block].push_back(D.Id);
  // A DeclStmt defines one variable (the CFG splits them); a call may define
  // several through its out-parameters.
  llvm::DenseMap<const Stmt *, llvm::SmallVector<unsigned, 1>> DefAt;
  for (const ValueDef &D : Defs)
    if (D.S)
      DefAt[D.S].push_back(D.Id);
  auto Transfer = [&](unsigned Id, llvm::BitVector &Set) {
    for (unsigned D : BlockDefs[Id]) {
      for (unsigned K : DefsOf[Defs[D].Var])
        Set.reset(K);
      Set.set(D);
    }
  };
  In.assign(N, llvm::BitVector(NDefs));
  std::vector<llvm::BitVector> Out(N, llvm::BitVector(NDefs));
  std::vector<unsigned> Order;
  for (unsigned Id = 0; Id < N; ++Id)
    if (RPONumber[Id] != ~0u)
      Order.push_back(Id);
  llvm::sort(Order,
             [&](unsigned A, unsigned B) { return RPONumber[A] < RPONumber[B]; });
  bool Changed = true;
  unsigned Round = 0;
  for (; Changed && Round < 200; ++Round) {
    Changed = false;
    for (unsigned Id : Order) {
      llvm::BitVector Set(NDefs);
      for (const CFGBlock *P : ById[Id]->preds())
        if (P)
          Set |= Out[P->getBlockID()];
      In[Id] = Set;
      Transfer(Id, Set);
      if (Set != Out[Id]) {
        Out[Id] = std::move(Set);
        Changed = true;
      }
    }
  }
  if (Changed) {
    Why = "too complex, not analysed (the dataflow did not settle)";
    return;
  }
  // Record, at each read, the definitions of its variable that reach it.
  for (unsigned Id : Order) {
    llvm::BitVector Set = In[Id];
    for (const CFGElement &El : *ById[Id]) {
      std::optional<CFGStmt> CS = El.getAs<CFGStmt>();
      if (!CS)
        continue;
      const Stmt *S = CS->getStmt();
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
        const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
        if (V && Tracked.count(V) && !WriteOnly.count(DRE)) {
          auto [It, New] = Uses.try_emplace(DRE);
          It->second.Block = Id;
          for (unsigned K : DefsOf[V])
            if (Set.test(K) && !llvm::is_contained(It->second.Reaching, K))
              It->second.Reaching.push_back(K);
          if (New)
            UseOrder.push_back(DRE);
        }
        continue;
      }
      auto It = DefAt.find(S);
      if (It == DefAt.end())
        continue;
      for (unsigned Id : It->second) {
        for (unsigned K : DefsOf[Defs[Id].Var])
          Set.reset(K);
        Set.set(Id);
      }
    }
  }
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::sort(UseOrder, [&](const DeclRefExpr *A, const DeclRefExpr *B) {
    return SM.isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
  });
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
  if (Depth > 32)
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

const UseFacts &ValueFlow::use(const DeclRefExpr *Use) const {
  std::unique_ptr<UseFacts> &Slot = FactsCache[Use];
  if (!Slot)
    Slot = std::make_unique<UseFacts>(compute(Use));
  return *Slot;
}

UseFacts ValueFlow::compute(const DeclRefExpr *Use) const {
  UseFacts F;
  if (!analysed())
    return F;
  auto It = Uses.find(Use);
  if (It == Uses.end() || It->second.Reaching.empty())
    return F;
  for (unsigned K : It->second.Reaching)
    F.Defs.push_back(&Defs[K]);
  if (F.Defs.size() == 1) {
    F.S = UseFacts::Single;
    return F;
  }
  const auto *V = cast<VarDecl>(Use->getDecl());
  unsigned Block = It->second.Block;
  auto Covers = [&](const UseFacts &I) {
    return llvm::all_of(F.Defs, [&](const ValueDef *D) {
      return D == I.Update || llvm::is_contained(I.Inits, D);
    });
  };
  // A loop around the use that defines the variable: a loop-header merge.
  const FlowLoop *Around = nullptr;
  for (const FlowLoop &L : Loops)
    if (L.contains(Block) &&
        llvm::any_of(F.Defs,
                     [&](const ValueDef *D) { return L.contains(D->Block); }) &&
        (!Around || L.Depth > Around->Depth))
      Around = &L;
  if (Around) {
    if (std::optional<UseFacts> I = induction(V, *Around); I && Covers(*I)) {
      I->S = UseFacts::Induction;
      I->Defs = F.Defs;
      return *I;
    }
    F.S = UseFacts::Merge;
    F.Loop = Around;
    F.Why = "'" + V->getNameAsString() +
            "' changes in the loop in a way not modelled as an induction";
    branchJoin(F, Block);
    return F;
  }
  // A loop the use follows: the value the loop leaves behind.
  const FlowLoop *Before = nullptr;
  for (const FlowLoop &L : Loops)
    if (!L.contains(Block) &&
        llvm::any_of(F.Defs,
                     [&](const ValueDef *D) { return L.contains(D->Block); }) &&
        (!Before || L.Depth < Before->Depth))
      Before = &L;
  if (Before)
    if (std::optional<UseFacts> I = induction(V, *Before); I && Covers(*I)) {
      I->S = UseFacts::AfterLoop;
      I->Defs = F.Defs;
      I->Why = "the value '" + V->getNameAsString() + "' has after its loop";
      return *I;
    }
  F.S = UseFacts::Merge;
  F.Why = std::to_string(F.Defs.size()) + " definitions of '" +
          V->getNameAsString() + "' reach here";
  branchJoin(F, Block);
  return F;
}

void ValueFlow::indexStmt(const Stmt *S, unsigned Depth, unsigned Switches,
                          llvm::SmallVectorImpl<const IfStmt *> &Ifs,
                          llvm::SmallVectorImpl<unsigned> &SwitchBase) const {
  if (!S || NoJoins)
    return;
  if (Depth > 256 || isa<LabelStmt>(S) || isa<GotoStmt>(S) ||
      isa<IndirectGotoStmt>(S)) {
    NoJoins = true;
    return;
  }
  if (isa<SwitchCase>(S))
    // A case label inside an `if` of its switch enters that `if`'s branch
    // without its test.
    for (unsigned K = SwitchBase.empty() ? 0 : SwitchBase.back();
         K < Ifs.size(); ++K)
      EnteredByLabel.insert(Ifs[K]);
  if (const auto *SW = dyn_cast<SwitchStmt>(S)) {
    SwitchBase.push_back(unsigned(Ifs.size()));
    for (const Stmt *C : SW->children())
      indexStmt(C, Depth + 1, Switches + 1, Ifs, SwitchBase);
    SwitchBase.pop_back();
    return;
  }
  if (const auto *I = dyn_cast<IfStmt>(S)) {
    if (Switches)
      InSwitch.insert(I);
    auto Direct = [&](const Stmt *B, bool Then) {
      if (!B)
        return;
      BranchOf[B] = {I, Then};
      if (const auto *CS = dyn_cast<CompoundStmt>(B))
        for (const Stmt *C : CS->body())
          BranchOf[C] = {I, Then};
    };
    Direct(I->getThen(), true);
    Direct(I->getElse(), false);
    Ifs.push_back(I);
    for (const Stmt *C : I->children())
      indexStmt(C, Depth + 1, Switches, Ifs, SwitchBase);
    Ifs.pop_back();
    return;
  }
  for (const Stmt *C : S->children())
    indexStmt(C, Depth + 1, Switches, Ifs, SwitchBase);
}

void ValueFlow::indexBranches() const {
  BranchesIndexed = true;
  llvm::SmallVector<const IfStmt *, 8> Ifs;
  llvm::SmallVector<unsigned, 2> SwitchBase;
  indexStmt(FD.getBody(), 0, 0, Ifs, SwitchBase);
}

/// Whether \p E evaluates anything conditionally (a short circuit or a
/// conditional operator), within a depth budget (deeper counts as yes).
static bool branchesInside(const Stmt *E, unsigned Depth) {
  if (!E)
    return false;
  if (Depth > 32)
    return true;
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isLogicalOp())
    return true;
  if (isa<AbstractConditionalOperator>(E))
    return true;
  for (const Stmt *C : E->children())
    if (branchesInside(C, Depth + 1))
      return true;
  return false;
}

/// The CFG block where the test of \p Cond starts: the block of its first
/// operand evaluated (`a` of `a && b`), which every path through the `if`
/// passes.
std::optional<unsigned> ValueFlow::conditionBlock(const Expr *Cond) const {
  const Expr *E = Cond;
  for (unsigned K = 0; E && K < 64; ++K) {
    E = E->IgnoreParenImpCasts();
    if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->isLogicalOp()) {
      E = BO->getLHS();
      continue;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && UO->getOpcode() == UO_LNot) {
      E = UO->getSubExpr();
      continue;
    }
    if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
      E = CO->getCond();
      continue;
    }
    break;
  }
  if (!E || branchesInside(E, 0))
    return std::nullopt;
  auto It = BlockOf.find(E);
  if (It == BlockOf.end())
    return std::nullopt;
  return It->second;
}

/// Whether the merge \p F (two definitions of an integer) is decided by one
/// `if`: both definitions are statements of its two branches (if/else), or
/// one is a statement of a branch and the other reaches the `if` from before
/// it in the same iteration of every loop around it (`x = a; if (c) x = b;`).
/// The test must run on every path to the use, in every loop around the use
/// that holds the `if` (never "the last iteration's" test), and be free of
/// side effects, as must the values assigned. Sets JoinIf/JoinTrue/JoinFalse.
void ValueFlow::branchJoin(UseFacts &F, unsigned UseBlock) const {
  if (F.Defs.size() != 2 || !F.Defs[0]->Var->getType()->isIntegerType())
    return;
  if (!BranchesIndexed)
    indexBranches();
  if (NoJoins)
    return;
  auto ArmOk = [&](const ValueDef &D) {
    switch (D.K) {
    case ValueDef::Entry:
      return isa<ParmVarDecl>(D.Var);
    case ValueDef::Init:
    case ValueDef::Assign:
    case ValueDef::Compound:
      return D.RHS && !D.RHS->HasSideEffects(Ctx, /*IncludePossible=*/false);
    case ValueDef::IncDec:
      return true;
    default:
      return false;
    }
  };
  for (unsigned Pick = 0; Pick < 2; ++Pick) {
    const ValueDef *A = F.Defs[Pick], *B = F.Defs[1 - Pick];
    if (!A->S || !ArmOk(*A) || !ArmOk(*B))
      continue;
    auto It = BranchOf.find(A->S);
    if (It == BranchOf.end())
      continue;
    const IfStmt *I = It->second.If;
    bool AThen = It->second.Then;
    if (EnteredByLabel.count(I) || I->getInit() || I->getConditionVariable() ||
        I->isConsteval() || !I->getCond() ||
        I->getCond()->HasSideEffects(Ctx, /*IncludePossible=*/false))
      continue;
    std::optional<unsigned> CB = conditionBlock(I->getCond());
    if (!CB || !dominates(*CB, UseBlock))
      continue;
    if (llvm::any_of(Loops, [&](const FlowLoop &L) {
          return L.contains(*CB) && !L.contains(UseBlock);
        }))
      continue;
    auto Jt = B->S ? BranchOf.find(B->S) : BranchOf.end();
    bool OtherBranch =
        Jt != BranchOf.end() && Jt->second.If == I && Jt->second.Then != AThen;
    if (!OtherBranch) {
      // `x = a; if (c) x = b;`: a before the test, in its iteration. Not in
      // a switch, whose `break` could skip b on the branch's path.
      if (InSwitch.count(I))
        continue;
      if (B->K == ValueDef::Entry ? innermostLoopOf(*CB) != nullptr
                                  : (!dominates(B->Block, *CB) ||
                                     innermostLoopOf(B->Block) !=
                                         innermostLoopOf(*CB)))
        continue;
    }
    F.JoinIf = I;
    F.JoinTrue = AThen ? A : B;
    F.JoinFalse = AThen ? B : A;
    return;
  }
}

std::string ValueFlow::where(const Stmt *S) const {
  if (!S)
    return "entry";
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(S->getBeginLoc()));
  if (P.isInvalid())
    return "?";
  return std::to_string(P.getLine()) + ":" + std::to_string(P.getColumn());
}

static std::string text(const Expr *E, const ASTContext &Ctx) {
  if (!E)
    return "1";
  std::string S;
  llvm::raw_string_ostream OS(S);
  E->printPretty(OS, nullptr, Ctx.getPrintingPolicy());
  return S;
}

std::string ValueDef::kindName(Kind K) {
  switch (K) {
  case Entry:
    return "parameter";
  case Uninit:
    return "uninitialised";
  case Init:
    return "init";
  case Assign:
    return "assign";
  case Compound:
    return "compound";
  case IncDec:
    return "incdec";
  case CallOut:
    return "out";
  }
  return "?";
}

std::string ValueFlow::describe(const ValueDef &D) const {
  std::string S = ValueDef::kindName(D.K);
  if (D.K == ValueDef::Entry)
    return S;
  S += "@" + where(D.S);
  if (D.K == ValueDef::Init || D.K == ValueDef::Assign)
    S += " = " + text(D.RHS, Ctx);
  else if (D.K == ValueDef::Compound)
    S += std::string(" ") + BinaryOperator::getOpcodeStr(D.Op).str() + "= " +
         text(D.RHS, Ctx);
  else if (D.K == ValueDef::IncDec)
    S += D.Decrement ? " --" : " ++";
  else if (D.K == ValueDef::CallOut)
    if (const auto *CE = dyn_cast<CallExpr>(D.S))
      if (const FunctionDecl *F = CE->getDirectCallee()) {
        // The definition names the parameters (a prototype may not).
        if (const FunctionDecl *Def = F->getDefinition())
          F = Def;
        S += " " + F->getNameAsString() + "(";
        if (D.Param < F->getNumParams())
          S += F->getParamDecl(D.Param)->getNameAsString();
        S += ")";
      }
  return S;
}

void ValueFlow::print(llvm::raw_ostream &OS) const {
  if (!analysed()) {
    OS << "  not analysed: " << Why << "\n";
    return;
  }
  for (const DeclRefExpr *U : UseOrder) {
    const UseFacts &F = use(U);
    OS << "  " << where(U) << " '" << U->getDecl()->getName() << "' ";
    auto Defs = [&](llvm::ArrayRef<const ValueDef *> Ds) {
      std::string S;
      for (const ValueDef *D : Ds)
        S += (S.empty() ? "" : ", ") + describe(*D);
      return S;
    };
    auto LoopText = [&] {
      std::string S = "loop@" +
                      (F.Loop->LoopStmt ? where(F.Loop->LoopStmt) : "goto") +
                      " start {" +
                      Defs(F.Inits) + "} step ";
      if (F.Step.Additive)
        S += std::string(F.Step.Negate ? "-" : "+") + text(F.Step.Step, Ctx);
      else
        S += std::string("geometric ") +
             BinaryOperator::getOpcodeStr(F.Step.GeometricOp).str() + " " +
             text(F.Step.Factor, Ctx);
      S += " (" + describe(*F.Update) + ")";
      if (F.TripCount)
        S += " trips " + std::to_string(*F.TripCount);
      return S;
    };
    switch (F.S) {
    case UseFacts::NotTracked:
      OS << "not tracked";
      break;
    case UseFacts::Single:
      OS << "single " << describe(*F.Defs[0]);
      break;
    case UseFacts::Induction:
      OS << "induction " << LoopText();
      break;
    case UseFacts::AfterLoop:
      OS << "after " << LoopText();
      break;
    case UseFacts::Merge:
      OS << "merge {" << Defs(F.Defs) << "}: " << F.Why;
      if (F.JoinIf)
        OS << "; joined by the if@" << where(F.JoinIf) << ": "
           << describe(*F.JoinTrue) << " when true";
      break;
    }
    OS << "\n";
  }
  for (const Refusal &R : Refusals) {
    const FunctionDecl *F = R.Call->getDirectCallee();
    OS << "  " << where(R.Call) << " '" << R.Var->getName()
       << "' is not followed through '" << (F ? F->getName() : "?")
       << "': " << R.Why << "\n";
  }
  // Each loop's continuation test (what bounds the iterations priced).
  for (const FlowLoop &L : Loops) {
    OS << "  loop@" << (L.LoopStmt ? where(L.LoopStmt) : "goto") << " depth "
       << L.Depth;
    if (L.Continue)
      OS << " goes on while " << (L.ContinueWhenTrue ? "" : "!(")
         << text(L.Continue, Ctx) << (L.ContinueWhenTrue ? "" : ")")
         << (L.BottomTested ? ", tested after the body" : "");
    else
      OS << (L.OpaqueExit ? " has an exit without a test"
                          : " has " + std::to_string(L.ExitConditions.size()) +
                                " exit tests");
    OS << "\n";
  }
}

} // namespace warplint
