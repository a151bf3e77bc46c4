//===- ValueFlowJoins.cpp - Merges one if decides ---------------------------===//
#include "Frontend/ValueFlow.h"

#include "Symbolic/Budgets.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include <algorithm>

using namespace clang;

namespace warplint {

void ValueFlow::indexStmt(const Stmt *S, unsigned Depth, unsigned Switches,
                          llvm::SmallVectorImpl<const IfStmt *> &Ifs,
                          llvm::SmallVectorImpl<unsigned> &SwitchBase) const {
  if (!S || NoJoins)
    return;
  if (Depth > budget::JoinIndexDepth || isa<LabelStmt>(S) || isa<GotoStmt>(S) ||
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
  if (Depth > budget::ValueQueryDepth)
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

} // namespace warplint
