//===- HelperBody.cpp - Helpers whose out-parameters can be followed ------===//
#include "Frontend/HelperBody.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace warplint {

namespace {

const DeclRefExpr *refOf(const Expr *E) {
  return E ? dyn_cast<DeclRefExpr>(E->IgnoreParens()) : nullptr;
}

/// The pointee of a pointer out-parameter, the referee of a reference one.
QualType outTarget(QualType T) {
  if (T->isPointerType())
    return T->getPointeeType();
  if (T->isLValueReferenceType())
    return T.getNonReferenceType();
  return QualType();
}

/// Whether a variable of type \p T could be where an out-parameter's value
/// lives: an integer, or a pointer to a non-const integer (its target).
bool mayHoldSlot(QualType T) {
  T = T.getNonReferenceType();
  if (T->isPointerType()) {
    QualType P = T->getPointeeType();
    return P->isIntegerType() && !P.isConstQualified();
  }
  return T->isIntegerType() && !T.isConstQualified();
}

/// Checks one helper (and, through its call statements, the helpers it calls)
/// against the shape the expression builder can run.
class Checker {
public:
  explicit Checker(ASTContext &Ctx) : Ctx(Ctx) {}

  std::string check(const FunctionDecl *Callee) {
    const FunctionDecl *Def = helperDefinition(Callee, Ctx);
    if (!Def) {
      const FunctionDecl *Any = nullptr;
      if (Callee->hasBody(Any) && Any)
        return "it is a system or toolkit function";
      return "its body is not available";
    }
    if (llvm::is_contained(Stack, Def))
      return "it calls itself";
    if (Stack.size() >= HelperBudget::MaxDepth)
      return "its helpers are nested more than " +
             std::to_string(HelperBudget::MaxDepth) + " deep";
    if (Def->isVariadic())
      return "it takes variable arguments";
    const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
    if (!Body)
      return "its body is not a block";
    if (Body->size() > HelperBudget::MaxStatements)
      return "its body has " + std::to_string(Body->size()) +
             " statements (the budget is " +
             std::to_string(HelperBudget::MaxStatements) + ")";
    Total += Body->size();
    if (Total > HelperBudget::MaxTotal)
      return "it and the helpers it calls have more than " +
             std::to_string(HelperBudget::MaxTotal) + " statements";
    Stack.push_back(Def);
    std::string Why = body(*Def, *Body);
    Stack.pop_back();
    return Why;
  }

private:
  /// The variables of the body being checked: parameters and locals.
  struct Frame {
    llvm::DenseSet<const VarDecl *> Own;
    llvm::DenseSet<const DeclRefExpr *> Accounted;
    std::vector<const DeclRefExpr *> Refs;
  };

  std::string body(const FunctionDecl &Def, const CompoundStmt &Body) {
    Frame F;
    for (const ParmVarDecl *P : Def.parameters())
      F.Own.insert(P);
    // The first problem is the reason, unless a variable's address escapes
    // (the more telling one): every statement is looked at.
    std::string First;
    unsigned I = 0;
    for (const Stmt *S : Body.body()) {
      ++I;
      std::string Why = statement(F, S, I == Body.size());
      if (First.empty())
        First = Why;
    }
    // Every reference to a variable that could hold (or point to) an
    // out-parameter's value is a read, a write of the statements above, or an
    // argument of a followed call: nothing else can reach its storage.
    for (const DeclRefExpr *R : F.Refs) {
      const auto *V = dyn_cast<VarDecl>(R->getDecl());
      if (!V || !F.Own.count(V) || !mayHoldSlot(V->getType()) ||
          F.Accounted.count(R))
        continue;
      if (V->getType()->isPointerType())
        return "'" + V->getNameAsString() + "' is used other than as *" +
               V->getNameAsString();
      return "the address of '" + V->getNameAsString() + "' escapes";
    }
    return First;
  }

  std::string statement(Frame &F, const Stmt *S, bool Last) {
    if (isa<NullStmt>(S))
      return "";
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls()) {
        const auto *V = dyn_cast<VarDecl>(D);
        if (!V)
          continue; // a local type or typedef
        if (V->isStaticLocal() || !V->hasLocalStorage())
          return "it declares the static '" + V->getNameAsString() + "'";
        if (V->getType()->isReferenceType())
          return "it binds the reference '" + V->getNameAsString() + "'";
        if (!V->getInit())
          return "it declares '" + V->getNameAsString() + "' without a value";
        F.Own.insert(V);
        if (std::string Why = read(F, V->getInit()); !Why.empty())
          return Why;
      }
      return "";
    }
    if (const auto *R = dyn_cast<ReturnStmt>(S)) {
      if (!Last)
        return "it returns before its last statement";
      return read(F, R->getRetValue());
    }
    if (isa<IfStmt>(S) || isa<SwitchStmt>(S))
      return "its body has a branch";
    if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
        isa<CXXForRangeStmt>(S))
      return "its body has a loop";
    const auto *E = dyn_cast<Expr>(S);
    if (!E)
      return std::string("its body has a ") + S->getStmtClassName();
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
      E = EWC->getSubExpr();
    E = E->IgnoreParens();
    if (const auto *BO = dyn_cast<BinaryOperator>(E);
        BO && BO->isAssignmentOp()) {
      std::string Why = target(F, BO->getLHS());
      std::string Rhs = read(F, BO->getRHS());
      return Why.empty() ? Rhs : Why;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && UO->isIncrementDecrementOp())
      return target(F, UO->getSubExpr());
    if (const auto *CE = dyn_cast<CallExpr>(E))
      return call(F, *CE);
    if (E->HasSideEffects(Ctx))
      return "a statement with side effects";
    return read(F, E);
  }

  /// The left-hand side of a write: a variable of the body (not a pointer:
  /// `*p` would then point elsewhere), or `*p` for a pointer parameter.
  std::string target(Frame &F, const Expr *LHS) {
    LHS = LHS->IgnoreParens();
    if (const DeclRefExpr *R = refOf(LHS)) {
      const auto *V = dyn_cast<VarDecl>(R->getDecl());
      if (!V || !F.Own.count(V))
        return "it writes '" + R->getDecl()->getNameAsString() +
               "', which is not its own";
      if (V->getType()->isPointerType())
        return "it moves the pointer '" + V->getNameAsString() + "'";
      F.Accounted.insert(R);
      F.Refs.push_back(R);
      return "";
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(LHS);
        UO && UO->getOpcode() == UO_Deref)
      if (const DeclRefExpr *R = refOf(UO->getSubExpr()->IgnoreParenImpCasts()))
        if (const auto *P = dyn_cast<ParmVarDecl>(R->getDecl());
            P && F.Own.count(P) && isOutParam(*P)) {
          F.Accounted.insert(R);
          F.Refs.push_back(R);
          return "";
        }
    return "it writes memory";
  }

  /// An expression read for its value: no assignment inside, and every
  /// reference to a variable recorded for the escape test.
  std::string read(Frame &F, const Expr *E) {
    if (!E)
      return "";
    if (++Nodes > 4096)
      return "its expressions are too large";
    if (const auto *BO = dyn_cast<BinaryOperator>(E);
        BO && BO->isAssignmentOp())
      return "it assigns inside an expression";
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->isIncrementDecrementOp())
        return "it assigns inside an expression";
      if (UO->getOpcode() == UO_Deref)
        if (const DeclRefExpr *R =
                refOf(UO->getSubExpr()->IgnoreParenImpCasts()))
          if (const auto *P = dyn_cast<ParmVarDecl>(R->getDecl());
              P && F.Own.count(P) && isOutParam(*P)) {
            F.Accounted.insert(R);
            F.Refs.push_back(R);
            return "";
          }
    }
    if (isa<LambdaExpr>(E) || isa<StmtExpr>(E) || isa<BlockExpr>(E))
      return std::string("it has a ") + E->getStmtClassName();
    if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E);
        ICE && ICE->getCastKind() == CK_LValueToRValue)
      if (const DeclRefExpr *R = refOf(ICE->getSubExpr()))
        if (!R->getType()->isPointerType())
          F.Accounted.insert(R);
    if (const auto *R = dyn_cast<DeclRefExpr>(E))
      F.Refs.push_back(R);
    for (const Stmt *C : E->children())
      if (const auto *CE = dyn_cast_or_null<Expr>(C))
        if (std::string Why = read(F, CE); !Why.empty())
          return Why;
    return "";
  }

  /// A call statement: a helper of the same shape, every out-parameter given a
  /// variable of the body (each once), every other argument read.
  std::string call(Frame &F, const CallExpr &CE) {
    const FunctionDecl *Callee = CE.getDirectCallee();
    if (!Callee || isa<CXXMemberCallExpr>(CE) || isa<CXXOperatorCallExpr>(CE))
      return "it calls a function the analysis cannot follow";
    std::string Name = Callee->getNameAsString();
    if (std::string Why = check(Callee); !Why.empty())
      return Why == "it calls itself"
                 ? Why
                 : "it calls '" + Name + "', which is not followed: " + Why;
    llvm::SmallVector<const VarDecl *, 4> Outs;
    for (unsigned I = 0; I < CE.getNumArgs(); ++I) {
      const Expr *A = CE.getArg(I);
      if (I >= Callee->getNumParams())
        return "it calls '" + Name + "' with extra arguments";
      const ParmVarDecl &P = *Callee->getParamDecl(I);
      if (!isOutParam(P)) {
        if (std::string Why = read(F, A); !Why.empty())
          return Why;
        continue;
      }
      // `v` (reference), `&v` or a pointer parameter passed on (pointer).
      const DeclRefExpr *R = nullptr;
      const Expr *X = A->IgnoreParens();
      if (P.getType()->isReferenceType()) {
        R = refOf(X);
      } else if (const auto *UO = dyn_cast<UnaryOperator>(X);
                 UO && UO->getOpcode() == UO_AddrOf) {
        R = refOf(UO->getSubExpr());
      } else if (const DeclRefExpr *PR = refOf(X->IgnoreParenImpCasts());
                 PR && isa<ParmVarDecl>(PR->getDecl()) &&
                 PR->getType()->isPointerType()) {
        R = PR;
      }
      const auto *V = R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
      if (!V || !F.Own.count(V))
        return "it passes something other than its own variable to '" + Name +
               "'";
      if (llvm::is_contained(Outs, V))
        return "it passes '" + V->getNameAsString() + "' to '" + Name +
               "' twice";
      Outs.push_back(V);
      F.Accounted.insert(R);
      F.Refs.push_back(R);
    }
    return "";
  }

  ASTContext &Ctx;
  llvm::SmallVector<const FunctionDecl *, 4> Stack;
  unsigned Total = 0;
  unsigned Nodes = 0;
};

} // namespace

bool isOutParam(const ParmVarDecl &P) {
  QualType T = P.getType();
  if (!T->isPointerType() && !T->isLValueReferenceType())
    return false;
  QualType Target = outTarget(T);
  return !Target.isNull() && Target->isIntegerType() &&
         !Target.isConstQualified() && !Target.isVolatileQualified();
}

const DeclRefExpr *outArgReference(const Expr *Arg, const ParmVarDecl &P) {
  if (!Arg || !isOutParam(P))
    return nullptr;
  const Expr *X = Arg->IgnoreParens();
  const DeclRefExpr *R = nullptr;
  if (P.getType()->isReferenceType())
    R = refOf(X);
  else if (const auto *UO = dyn_cast<UnaryOperator>(X);
           UO && UO->getOpcode() == UO_AddrOf)
    R = refOf(UO->getSubExpr());
  return R && isa<VarDecl>(R->getDecl()) ? R : nullptr;
}

const FunctionDecl *helperDefinition(const FunctionDecl *Callee,
                                     ASTContext &Ctx) {
  const FunctionDecl *Def = nullptr;
  if (!Callee || !Callee->hasBody(Def) || !Def)
    return nullptr;
  if (Ctx.getSourceManager().isInSystemHeader(Def->getLocation()))
    return nullptr;
  return Def;
}

std::string helperRefusal(const FunctionDecl *Callee, ASTContext &Ctx) {
  if (!Callee)
    return "the call is indirect";
  return Checker(Ctx).check(Callee);
}

} // namespace warplint
