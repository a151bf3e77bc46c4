//===- ExprBuilderHelpers.cpp - Running small helpers symbolically --------===//
//
// Part of warplint. ExprBuilder's runs of the program's small straight-line
// __device__ helpers (the shape Frontend/HelperBody accepts): parameters bound
// to the arguments' values, each statement applied in order over the helper's
// variables, out-parameters giving the caller's variables their values
// (ValueFlow's CallOut definitions). Split from ExprBuilder.cpp.
//
//===----------------------------------------------------------------------===//
#include "Frontend/ExprBuilder.h"

#include "Frontend/HelperBody.h"
#include "Frontend/ValueFlow.h"
#include "Symbolic/Budgets.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace warplint {

/// The operator of `v op= e` applied to symbolic values; null for one the
/// symbolic engine does not model.
static const sym::Expr *applyCompound(sym::ExprContext &SC,
                                      BinaryOperatorKind Op,
                                      const sym::Expr *Old,
                                      const sym::Expr *Rhs) {
  switch (Op) {
  case BO_Add:
    return SC.add(Old, Rhs);
  case BO_Sub:
    return SC.sub(Old, Rhs);
  case BO_Mul:
    return SC.mul(Old, Rhs);
  case BO_Div:
    return SC.div(Old, Rhs);
  case BO_Rem:
    return SC.rem(Old, Rhs);
  case BO_Shl:
    return SC.shl(Old, Rhs);
  case BO_Shr:
    return SC.shr(Old, Rhs);
  case BO_And:
    return SC.bitAnd(Old, Rhs);
  case BO_Or:
    return SC.bitOr(Old, Rhs);
  case BO_Xor:
    return SC.bitXor(Old, Rhs);
  default:
    return nullptr;
  }
}

/// The helper variable that a designator names: `v`, `*p`, and `p` for a
/// pointer passed on (its slot holds what it points to).
const VarDecl *ExprBuilder::slotOf(const Expr *E) const {
  if (!E)
    return nullptr;
  E = E->IgnoreParens();
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_Deref)
    E = UO->getSubExpr();
  const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *V = R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
  return V && Slots.count(V) ? V : nullptr;
}

/// The value an out-parameter's argument designates before the call: a
/// variable of an outer helper being run, else the caller's variable (through
/// the value flow).
const sym::Expr *ExprBuilder::readDesignator(const Expr *E, unsigned Depth) {
  E = E->IgnoreParens();
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_AddrOf)
    E = UO->getSubExpr()->IgnoreParens();
  if (const VarDecl *V = slotOf(E))
    return slotValue(V, Depth + 1);
  return rec(E, Depth + 1);
}

/// A helper variable's current value; an out-parameter not yet written reads
/// the caller's value the first time (only then: an out-only parameter never
/// reads the uninitialised variable it is given).
const sym::Expr *ExprBuilder::slotValue(const VarDecl *V, unsigned Depth) {
  auto It = Slots.find(V);
  if (It == Slots.end())
    return nullptr;
  if (It->second.Value)
    return It->second.Value;
  const Expr *Old = It->second.Old;
  sym::IntType T = It->second.Type;
  const sym::Expr *R =
      Old && Depth <= 64
          ? SC.cast(readDesignator(Old, Depth + 1), T)
          : SC.unknown("helper variable '" + V->getNameAsString() + "'", T);
  // The read may have run other helpers (their slots come and go): look again.
  Slots[V].Value = R;
  return R;
}

/// Runs \p Def's body (the shape Frontend/HelperBody accepts) for the call \p
/// CE: parameters bound to the arguments' values (an out-parameter to the
/// caller's variable, read only if the body reads it), then each statement in
/// order over the helper's variables.
ExprBuilder::HelperRun ExprBuilder::runHelper(const FunctionDecl &Def,
                                              const CallExpr &CE,
                                              unsigned Depth) {
  HelperRun R;
  R.Out.assign(Def.getNumParams(), nullptr);
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def.getBody());
  if (!Body || InlineDepth > HelperBudget::MaxDepth ||
      Depth > budget::ExprBuildDepth)
    return R;
  // The arguments are built in the caller's frame, before this one exists.
  llvm::SmallVector<std::pair<const VarDecl *, Slot>, 4> Params;
  for (unsigned I = 0; I < Def.getNumParams(); ++I) {
    const ParmVarDecl *P = Def.getParamDecl(I);
    const Expr *A = I < CE.getNumArgs() ? CE.getArg(I) : nullptr;
    if (!A)
      continue;
    Slot S;
    if (isOutParam(*P)) {
      QualType T = P->getType()->isPointerType()
                       ? P->getType()->getPointeeType()
                       : P->getType().getNonReferenceType();
      S.Type = typeOf(T, Ctx);
      S.Old = A;
    } else {
      QualType T = P->getType().getNonReferenceType();
      if (!T->isIntegerType())
        continue; // read as an unknown parameter, as before
      S.Type = typeOf(T, Ctx);
      S.Value = SC.cast(rec(A, Depth + 1), S.Type);
    }
    Params.push_back({P, S});
  }
  // A run can start while another of the same helper reads an argument (the
  // second udivmod's dividend is the first one's result): its slots are set
  // aside and restored.
  llvm::SmallVector<std::pair<const VarDecl *, std::optional<Slot>>, 8> Saved;
  auto Install = [&](const VarDecl *V, const Slot &S) {
    auto It = Slots.find(V);
    Saved.push_back({V, It == Slots.end() ? std::nullopt
                                          : std::optional<Slot>(It->second)});
    Slots[V] = S;
  };
  for (auto &[V, S] : Params)
    Install(V, S);
  GroupArgScope Groups(*this, Def, CE);
  auto Store = [&](const VarDecl *V, const sym::Expr *X) {
    auto It = Slots.find(V);
    if (It == Slots.end() || !X)
      return;
    It->second.Value = SC.cast(X, It->second.Type);
    It->second.Old = nullptr;
  };
  ++InlineDepth;
  for (const Stmt *St : Body->body()) {
    if (const auto *DS = dyn_cast<DeclStmt>(St)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D);
            V && V->getInit() && V->getType()->isIntegerType()) {
          Slot S;
          S.Type = typeOf(V->getType(), Ctx);
          S.Value = SC.cast(rec(V->getInit(), Depth + 1), S.Type);
          Install(V, S);
        }
      continue;
    }
    if (const auto *Ret = dyn_cast<ReturnStmt>(St)) {
      if (Ret->getRetValue())
        R.Return = rec(Ret->getRetValue(), Depth + 1);
      continue;
    }
    const auto *E = dyn_cast<Expr>(St);
    if (!E)
      continue;
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
      E = EWC->getSubExpr();
    E = E->IgnoreParens();
    if (const auto *BO = dyn_cast<BinaryOperator>(E);
        BO && BO->isAssignmentOp()) {
      const VarDecl *T = slotOf(BO->getLHS());
      if (!T)
        continue; // a variable the engine does not model (floating point)
      const sym::Expr *Rhs = rec(BO->getRHS(), Depth + 1);
      if (BO->getOpcode() == BO_Assign) {
        Store(T, Rhs);
        continue;
      }
      BinaryOperatorKind Op =
          BinaryOperator::getOpForCompoundAssignment(BO->getOpcode());
      const sym::Expr *Old = slotValue(T, Depth + 1);
      const sym::Expr *X = applyCompound(SC, Op, Old, Rhs);
      Store(T, X ? X
                 : SC.unknown("'" + T->getNameAsString() + "' updated by " +
                                  BinaryOperator::getOpcodeStr(Op).str() + "=",
                              Slots[T].Type));
      continue;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && UO->isIncrementDecrementOp()) {
      if (const VarDecl *T = slotOf(UO->getSubExpr())) {
        const sym::Expr *Old = slotValue(T, Depth + 1);
        const sym::Expr *One = SC.constant(1, Slots[T].Type);
        Store(T, UO->isDecrementOp() ? SC.sub(Old, One) : SC.add(Old, One));
      }
      continue;
    }
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *Inner =
          helperDefinition(Call->getDirectCallee(), Ctx);
      if (!Inner)
        continue;
      HelperRun N = runHelper(*Inner, *Call, Depth + 1);
      for (unsigned K = 0; K < N.Out.size() && K < Call->getNumArgs(); ++K)
        if (N.Out[K])
          if (const VarDecl *T = slotOf(Call->getArg(K)))
            Store(T, N.Out[K]);
    }
  }
  --InlineDepth;
  // An out-parameter the body neither read nor wrote keeps the caller's value
  // (left null: the caller reads it where it is needed).
  for (unsigned I = 0; I < Def.getNumParams(); ++I) {
    const ParmVarDecl *P = Def.getParamDecl(I);
    auto It = Slots.find(P);
    if (isOutParam(*P) && It != Slots.end() && It->second.Value)
      R.Out[I] = It->second.Value;
  }
  for (auto It = Saved.rbegin(); It != Saved.rend(); ++It) {
    if (It->second)
      Slots[It->first] = *It->second;
    else
      Slots.erase(It->first);
  }
  return R;
}

/// The value a call gives a variable through an out-parameter (ValueFlow's
/// CallOut): the helper is run once per call.
const sym::Expr *ExprBuilder::outValue(const ValueDef &D, const Expr *Use,
                                       unsigned Depth) {
  const auto *CE = cast<CallExpr>(D.S);
  const FunctionDecl *Callee = CE->getDirectCallee();
  std::string Name = Callee ? Callee->getNameAsString() : "?";
  auto It = CallRuns.find(CE);
  if (It == CallRuns.end()) {
    const FunctionDecl *Def = helperDefinition(Callee, Ctx);
    if (!Def || !Running.insert(CE).second)
      return unknown("value set by '" + Name + "'", Use);
    HelperRun R = runHelper(*Def, *CE, Depth + 1);
    Running.erase(CE);
    It = CallRuns.try_emplace(CE, std::move(R)).first;
  }
  if (D.Param < It->second.Out.size() && It->second.Out[D.Param])
    return It->second.Out[D.Param];
  // The helper left it alone: the value it had before the call.
  return D.Old ? rec(D.Old, Depth + 1)
               : unknown("value set by '" + Name + "'", Use);
}

bool ExprBuilder::runnable(const FunctionDecl *Callee) {
  auto [It, New] = Runnable.try_emplace(Callee, false);
  if (New) {
    const FunctionDecl *Def = helperDefinition(Callee, Ctx);
    const auto *Body =
        Def ? dyn_cast_or_null<CompoundStmt>(Def->getBody()) : nullptr;
    const auto *Ret = Body && !Body->body_empty()
                          ? dyn_cast<ReturnStmt>(Body->body_back())
                          : nullptr;
    It->second = Ret && Ret->getRetValue() &&
                 Ret->getRetValue()->getType()->isIntegerType() &&
                 helperRefusal(Callee, Ctx).empty();
  }
  return It->second;
}

} // namespace warplint
