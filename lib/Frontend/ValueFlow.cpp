//===- ValueFlow.cpp - Reaching definitions over clang's CFG --------------===//
#include "Frontend/ValueFlow.h"

#include "Frontend/HelperBody.h"
#include "Frontend/ValueFlowDetail.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include <algorithm>

using namespace clang;
using warplint::valueflow::refOf;
using warplint::valueflow::varOf;

namespace warplint {

namespace {

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


} // namespace warplint
