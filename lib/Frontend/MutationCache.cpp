//===- MutationCache.cpp - Which local variables change -------------------===//
#include "Frontend/MutationCache.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace warplint {

namespace {

/// Whether a statement can modify a variable: assigned (whole or a member or
/// element), incremented, its address taken, bound to a non-const reference
/// (parameter, local reference, range-for), a non-const member function called
/// on it, captured by reference, or an inline asm output. A syntactic scan,
/// conservative in the direction that matters (anything that might modify
/// counts); clang's ExprMutationAnalyzer, which runs AST matchers per query,
/// took 73% of the run time on template-heavy files (cuda-samples'
/// reduction_kernel.cu).
class ModificationScan : public RecursiveASTVisitor<ModificationScan> {
public:
  explicit ModificationScan(const VarDecl *V) : V(V) {}
  bool Modified = false;

  /// The variable at the root of an lvalue: x, x.f, x.f.g, x[i] (array member).
  bool refers(const Expr *E) const {
    for (unsigned Steps = 0; E && Steps < 32; ++Steps) {
      E = E->IgnoreParenImpCasts();
      if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
        return DRE->getDecl() == V;
      if (const auto *ME = dyn_cast<MemberExpr>(E)) {
        if (ME->isArrow())
          return false;
        E = ME->getBase();
        continue;
      }
      if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
        if (!ASE->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
          return false;
        E = ASE->getBase();
        continue;
      }
      return false;
    }
    return false;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp() && refers(BO->getLHS()))
      Modified = true;
    return !Modified;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if ((UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
        refers(UO->getSubExpr()))
      Modified = true;
    return !Modified;
  }
  bool VisitCallExpr(CallExpr *CE) {
    const FunctionDecl *F = CE->getDirectCallee();
    unsigned First = 0;
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(CE)) {
      if (const auto *M = dyn_cast_or_null<CXXMethodDecl>(F)) {
        // a = b, a += b, a[i] on a class object: the implicit object is
        // argument 0.
        if (CE->getNumArgs() > 0 && refers(CE->getArg(0)) && !M->isConst())
          Modified = true;
        First = 1;
      } else if (Op->isAssignmentOp() && CE->getNumArgs() > 0 &&
                 refers(CE->getArg(0))) {
        Modified = true;
      }
    }
    for (unsigned I = First; I < CE->getNumArgs() && !Modified; ++I) {
      if (!refers(CE->getArg(I)))
        continue;
      unsigned P = I - First;
      if (!F) {
        Modified = CE->getArg(I)
                       ->isLValue(); // unknown callee with an lvalue: may bind
      } else if (P < F->getNumParams()) {
        QualType T = F->getParamDecl(P)->getType();
        if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
          Modified = true;
      }
    }
    return !Modified;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *CE) {
    if (const CXXMethodDecl *M = CE->getMethodDecl())
      if (!M->isConst() && !M->isStatic() &&
          refers(CE->getImplicitObjectArgument()))
        Modified = true;
    return !Modified;
  }
  bool VisitVarDecl(VarDecl *D) {
    // int &r = x;  auto &r = x;
    if (D->getType()->isReferenceType() &&
        !D->getType().getNonReferenceType().isConstQualified() &&
        D->getInit() && refers(D->getInit()))
      Modified = true;
    return !Modified;
  }
  bool VisitCXXForRangeStmt(CXXForRangeStmt *FS) {
    const VarDecl *LV = FS->getLoopVariable();
    if (LV && LV->getType()->isReferenceType() &&
        !LV->getType().getNonReferenceType().isConstQualified() &&
        refers(FS->getRangeInit()))
      Modified = true;
    return !Modified;
  }
  /// An inline asm output ("=r"(x), "+r"(x)) writes the variable: its value
  /// afterwards is what the asm computed, not its initialiser.
  bool VisitGCCAsmStmt(GCCAsmStmt *AS) {
    for (unsigned I = 0; I < AS->getNumOutputs() && !Modified; ++I)
      if (refers(AS->getOutputExpr(I)))
        Modified = true;
    return !Modified;
  }
  bool VisitLambdaExpr(LambdaExpr *LE) {
    for (const LambdaCapture &C : LE->captures())
      if (C.capturesVariable() && C.getCapturedVar() == V &&
          C.getCaptureKind() == LCK_ByRef)
        Modified = true;
    return !Modified;
  }

private:
  const VarDecl *V;
};

} // namespace

bool mayModify(const Stmt *S, const VarDecl *V) {
  if (!S || !V)
    return false;
  ModificationScan Scan(V);
  Scan.TraverseStmt(const_cast<Stmt *>(S));
  return Scan.Modified;
}

bool MutationCache::isMutated(const VarDecl &Var, const Stmt &Body,
                              ASTContext &Ctx) {
  auto Key = std::make_pair(&Body, &Var);
  auto It = Results.find(Key);
  if (It != Results.end())
    return It->second;
  bool M = mayModify(&Body, &Var);
  Results[Key] = M;
  return M;
}

void MutationCache::clear() { Results.clear(); }

MutationCache::~MutationCache() = default;

} // namespace warplint
