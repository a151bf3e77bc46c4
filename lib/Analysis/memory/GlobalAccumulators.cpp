//===- GlobalAccumulators.cpp - Global read-modify-writes in loops --------===//
#include "Analysis/memory/GlobalAccumulators.h"

#include "Analysis/TripCount.h"
#include "Symbolic/Budgets.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace warplint {

namespace {

/// The kernel's pointer parameter \p E indexes (`p[e]`, `*(p + e)`), or null.
const ParmVarDecl *pointerParam(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    E = AS->getBase()->IgnoreParenImpCasts();
  else if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() != UO_Deref)
      return nullptr;
    E = UO->getSubExpr()->IgnoreParenImpCasts();
    if (const auto *BO = dyn_cast<BinaryOperator>(E))
      E = BO->getLHS()->IgnoreParenImpCasts();
  } else {
    return nullptr;
  }
  const auto *DR = dyn_cast<DeclRefExpr>(E);
  const auto *P = DR ? dyn_cast<ParmVarDecl>(DR->getDecl()) : nullptr;
  return P && P->getType()->isPointerType() ? P : nullptr;
}

bool sameExpr(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  llvm::FoldingSetNodeID IA, IB;
  A->IgnoreParenImpCasts()->Profile(IA, Ctx, /*Canonical=*/true);
  B->IgnoreParenImpCasts()->Profile(IB, Ctx, /*Canonical=*/true);
  return IA == IB;
}

/// Every variable \p E reads is unchanged by \p Loop (its condition,
/// increment and body), and \p E calls nothing and loads nothing that the loop
/// could change (a nested subscript is not invariant). A variable declared in
/// the loop gets a new value each iteration: it is invariant only when its
/// initialiser is (`int ix = idx[i];` is not; `int at = base + c;` is).
bool invariantIn(const Expr *E, const Stmt &Loop, ASTContext &Ctx,
                 MutationCache &Cache, unsigned Depth = 0) {
  if (!E || Depth > budget::ValueQueryDepth)
    return false;
  E = E->IgnoreParenImpCasts();
  if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DR->getDecl());
    if (!V)
      return true; // Enumerators, functions.
    if (Cache.isMutated(*V, Loop, Ctx))
      return false;
    if (V->hasLocalStorage() &&
        Loop.getSourceRange().fullyContains(V->getSourceRange()))
      return V->getInit() &&
             invariantIn(V->getInit(), Loop, Ctx, Cache, Depth + 1);
    return true;
  }
  if (isa<CallExpr, ArraySubscriptExpr>(E))
    return false;
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_Deref || UO->isIncrementDecrementOp())
      return false;
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C))
      if (!invariantIn(CE, Loop, Ctx, Cache, Depth + 1))
        return false;
  return true;
}

/// The statement runs in every iteration of \p Body: only compound statements
/// between them (no condition, no inner loop).
bool everyIteration(const Stmt *S, const Stmt *Body) {
  if (S == Body)
    return true;
  const auto *CS = dyn_cast<CompoundStmt>(Body);
  if (!CS)
    return false;
  for (const Stmt *Child : CS->body())
    if (everyIteration(S, Child))
      return true;
  return false;
}

const Stmt *bodyOf(const Stmt *Loop) {
  if (const auto *F = dyn_cast<ForStmt>(Loop))
    return F->getBody();
  if (const auto *W = dyn_cast<WhileStmt>(Loop))
    return W->getBody();
  if (const auto *D = dyn_cast<DoStmt>(Loop))
    return D->getBody();
  return nullptr;
}

/// The pointer parameters \p S reads through (subscripts and dereferences).
void readPointers(const Stmt *S, llvm::SmallPtrSetImpl<const ParmVarDecl *> &Out,
                  unsigned Depth = 0) {
  if (!S || Depth > budget::SubtreeSearchDepth)
    return;
  if (const auto *E = dyn_cast<Expr>(S))
    if (const ParmVarDecl *P = pointerParam(E))
      Out.insert(P);
  for (const Stmt *C : S->children())
    readPointers(C, Out, Depth + 1);
}

class Finder : public RecursiveASTVisitor<Finder> {
public:
  Finder(ASTContext &Ctx, MutationCache &Cache) : Ctx(Ctx), Cache(Cache) {}

  bool TraverseForStmt(ForStmt *S) { return loop(S, [&] { return Base::TraverseForStmt(S); }); }
  bool TraverseWhileStmt(WhileStmt *S) { return loop(S, [&] { return Base::TraverseWhileStmt(S); }); }
  bool TraverseDoStmt(DoStmt *S) { return loop(S, [&] { return Base::TraverseDoStmt(S); }); }

  bool VisitCompoundAssignOperator(CompoundAssignOperator *C) {
    consider(C, C->getLHS(), C->getRHS(), nullptr);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    // `x = x op e` (and `x = e op x` for commutative op).
    if (B->getOpcode() != BO_Assign)
      return true;
    const auto *R = dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParenImpCasts());
    if (!R || (!R->isAdditiveOp() && !R->isMultiplicativeOp() &&
               !R->isBitwiseOp()))
      return true;
    if (sameExpr(R->getLHS(), B->getLHS(), Ctx))
      consider(B, B->getLHS(), R->getRHS(), R);
    else if ((R->getOpcode() == BO_Add || R->getOpcode() == BO_Mul ||
              R->isBitwiseOp()) &&
             sameExpr(R->getRHS(), B->getLHS(), Ctx))
      consider(B, B->getLHS(), R->getLHS(), R);
    return true;
  }

  std::vector<GlobalAccumulator> Found;

private:
  using Base = RecursiveASTVisitor<Finder>;

  /// A loop statement whose body runs at most once (`do { ... } while (0)`)
  /// is no loop: its updates belong to the loop around it, if any.
  template <class F> bool loop(Stmt *S, F Traverse) {
    if (runsAtMostOnce(S, Ctx))
      return Traverse();
    Loops.push_back(S);
    bool R = Traverse();
    Loops.pop_back();
    return R;
  }

  void consider(const Expr *Update, const Expr *LHS, const Expr *Other,
                const Expr *) {
    if (Loops.empty() || Update->isValueDependent())
      return;
    const Stmt *Loop = Loops.back();
    const Stmt *Body = bodyOf(Loop);
    if (!Body || !everyIteration(Update, Body))
      return;
    const ParmVarDecl *P = pointerParam(LHS);
    if (!P || Cache.isMutated(*P, *Loop, Ctx))
      return;
    const Expr *Target = LHS->IgnoreParenImpCasts();
    const Expr *Index = nullptr;
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Target))
      Index = AS->getIdx();
    else
      Index = cast<UnaryOperator>(Target)->getSubExpr();
    if (!invariantIn(Index, *Loop, Ctx, Cache))
      return;
    GlobalAccumulator A;
    A.Update = Update;
    A.Target = Target;
    A.Pointer = P;
    A.Loop = Loop;
    A.TripCount = constantTripCount(Loop, Ctx, Cache);
    // Aliasing: a __restrict__ accumulated pointer promises that nothing else
    // reaches its element; otherwise every other non-restrict pointer the
    // loop reads through may.
    if (!P->getType().isRestrictQualified()) {
      llvm::SmallPtrSet<const ParmVarDecl *, 8> Read;
      readPointers(Body, Read);
      for (const ParmVarDecl *Q : Read)
        if (Q != P && !Q->getType().isRestrictQualified())
          A.MayAlias.push_back(Q);
      llvm::sort(A.MayAlias, [](const ParmVarDecl *X, const ParmVarDecl *Y) {
        return X->getFunctionScopeIndex() < Y->getFunctionScopeIndex();
      });
    }
    (void)Other;
    Found.push_back(std::move(A));
  }

  ASTContext &Ctx;
  MutationCache &Cache;
  std::vector<const Stmt *> Loops;
};

} // namespace

std::vector<GlobalAccumulator>
findGlobalAccumulators(const FunctionDecl &Kernel, ASTContext &Ctx,
                       MutationCache &Cache) {
  if (!Kernel.hasAttr<CUDAGlobalAttr>() || !Kernel.hasBody())
    return {};
  Finder F(Ctx, Cache);
  F.TraverseStmt(Kernel.getBody());
  return std::move(F.Found);
}

void printGlobalAccumulators(raw_ostream &OS, const FunctionDecl &Kernel,
                             ArrayRef<GlobalAccumulator> Accs,
                             ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const GlobalAccumulator &A : Accs) {
    PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(A.Update->getBeginLoc()));
    OS << llvm::sys::path::filename(P.getFilename()) << ":" << P.getLine()
       << ":" << P.getColumn() << ": " << Kernel.getNameAsString() << ": '"
       << Lexer::getSourceText(
              CharSourceRange::getTokenRange(A.Target->getSourceRange()), SM,
              Ctx.getLangOpts())
       << "' accumulated in the loop at line "
       << SM.getPresumedLoc(SM.getFileLoc(A.Loop->getBeginLoc())).getLine();
    if (A.TripCount)
      OS << " x" << *A.TripCount;
    if (A.MayAlias.empty())
      OS << ", no aliasing read";
    else {
      OS << ", may alias";
      for (const ParmVarDecl *Q : A.MayAlias)
        OS << " '" << Q->getName() << "'";
    }
    OS << "\n";
  }
}

} // namespace warplint
