//===- ExprBuilderFlow.cpp - Variables' values from reaching definitions --===//
//
// Part of warplint. ExprBuilder's reading of a variable through the function's
// reaching definitions (Frontend/ValueFlow): the value at a definition, loop
// inductions at a header merge, the value a loop leaves behind, and which
// definition a use took (split from ExprBuilder.cpp).
//
//===----------------------------------------------------------------------===//
#include "Frontend/ExprBuilder.h"

#include "Frontend/LoopInduction.h"
#include "Frontend/ValueFlow.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace warplint {

/// The value of \p D: built at the definition, from the values that reach it.
const sym::Expr *ExprBuilder::defValue(const ValueDef &D, const Expr *Use,
                                       unsigned Depth) {
  auto M = DefMemo.find(&D);
  if (M != DefMemo.end())
    return M->second;
  const VarDecl *V = D.Var;
  if (D.K == ValueDef::Entry)
    return nullptr; // the parameter itself (the caller's rule)
  if (!Building.insert(&D).second)
    return unknown("variable '" + V->getNameAsString() +
                       "' is defined from itself",
                   Use);
  sym::IntType T = typeOf(V->getType(), Ctx);
  const sym::Expr *R = nullptr;
  auto OldValue = [&]() -> const sym::Expr * {
    return D.Old ? rec(D.Old, Depth + 1)
                 : unknown("variable '" + V->getNameAsString() + "'", Use);
  };
  switch (D.K) {
  case ValueDef::Entry:
    break;
  case ValueDef::Uninit:
    R = unknown("variable '" + V->getNameAsString() +
                    "' read before it is assigned",
                Use);
    break;
  case ValueDef::Init:
    // As the straight-line environment did: a variable assigned again later
    // starts from its initialiser converted to its type.
    R = rec(D.RHS, Depth + 1);
    if (Flow->reassigned(V))
      R = SC.cast(R, T);
    break;
  case ValueDef::Assign:
    R = SC.cast(rec(D.RHS, Depth + 1), T);
    break;
  case ValueDef::CallOut:
    R = SC.cast(outValue(D, Use, Depth + 1), T);
    break;
  case ValueDef::IncDec: {
    const sym::Expr *One = SC.constant(1, T);
    R = D.Decrement ? SC.sub(OldValue(), One) : SC.add(OldValue(), One);
    break;
  }
  case ValueDef::Compound: {
    const sym::Expr *Rhs = rec(D.RHS, Depth + 1);
    const sym::Expr *Old = OldValue();
    switch (D.Op) {
    case BO_Add:
      R = SC.add(Old, Rhs);
      break;
    case BO_Sub:
      R = SC.sub(Old, Rhs);
      break;
    case BO_Mul:
      R = SC.mul(Old, Rhs);
      break;
    case BO_Shl:
      R = SC.shl(Old, Rhs);
      break;
    case BO_Shr:
      R = SC.shr(Old, Rhs);
      break;
    default:
      R = unknown("variable '" + V->getNameAsString() + "' updated by " +
                      BinaryOperator::getOpcodeStr(D.Op).str() + "=",
                  Use);
    }
    break;
  }
  }
  Building.erase(&D);
  DefMemo[&D] = R;
  return R;
}

/// Init + K * Step at a loop-header merge (K the uniform iteration count);
/// geometric updates as for `for` loops.
const sym::Expr *ExprBuilder::inductionValue(const UseFacts &F,
                                             const Expr *Use, unsigned Depth) {
  const VarDecl *V = F.Update->Var;
  const sym::Expr *Init = nullptr;
  for (const ValueDef *D : F.Inits) {
    const sym::Expr *I = defValue(*D, Use, Depth + 1);
    if (!I)
      I = isa<ParmVarDecl>(V) ? SC.param(V->getName(), typeOf(V->getType(), Ctx))
                              : unknown("parameter", Use);
    if (Init && Init != I)
      return unknown(std::to_string(F.Inits.size()) +
                         " different start values of loop variable '" +
                         V->getNameAsString() + "'",
                     Use);
    Init = I;
  }
  if (!F.Step.Additive) {
    const sym::Expr *R = geometric(V, Init);
    noteInduction(F, V->getName(), Init, R);
    return R;
  }
  const sym::Expr *Step = F.Step.Step
                              ? rec(F.Step.Step, Depth + 1)
                              : SC.constant(1, typeOf(V->getType(), Ctx));
  const sym::Expr *K = iterationCount(V, Step);
  const sym::Expr *Delta = SC.mul(K, Step);
  const sym::Expr *R = F.Step.Negate ? SC.sub(Init, Delta) : SC.add(Init, Delta);
  noteInduction(F, K->name(), SC.constant(0, typeOf(V->getType(), Ctx)), R);
  return R;
}

void ExprBuilder::noteInduction(const UseFacts &F, llvm::StringRef Var,
                                const sym::Expr *Start,
                                const sym::Expr *Value) {
  if (Probing)
    return;
  for (const InductionUse &I : Inductions)
    if (I.Facts->Loop == F.Loop && I.Var == Var)
      return;
  Inductions.push_back({&F, Var.str(), Start, Value});
}

/// A tracked variable's value at \p Use from the definitions that reach it;
/// null when the flow has nothing to add (an unmodified parameter, a variable
/// it does not track).
const sym::Expr *ExprBuilder::flowVar(const VarDecl *V, const DeclRefExpr *Use,
                                      unsigned Depth) {
  if (!Flow->tracks(V))
    return nullptr;
  const UseFacts &F = Flow->use(Use);
  switch (F.S) {
  case UseFacts::NotTracked:
    return nullptr;
  case UseFacts::Single:
    return defValue(*F.Defs[0], Use, Depth);
  case UseFacts::Induction:
    return inductionValue(F, Use, Depth);
  case UseFacts::AfterLoop:
    return afterLoopValue(F, Use, Depth);
  case UseFacts::Merge: {
    if (BranchJoins && F.JoinIf)
      if (const sym::Expr *J = joinValue(F, Use, Depth))
        return J;
    // The same value on every path is that value. Otherwise, when the walker
    // chose one of the definitions (evaluating each candidate in turn), that
    // one; else unknown, and the merge is recorded so the walker can.
    const sym::Expr *Same = nullptr;
    if (!F.Loop)
      for (const ValueDef *D : F.Defs) {
        const sym::Expr *X = defValue(*D, Use, Depth);
        if (!X || (Same && X != Same)) {
          Same = nullptr;
          break;
        }
        Same = X;
      }
    if (Same)
      return Same;
    if (!F.Loop) {
      auto C = Choices.find(V);
      if (C != Choices.end() && llvm::is_contained(F.Defs, C->second))
        if (const sym::Expr *X = defValue(*C->second, Use, Depth))
          return X;
      if (!Probing && F.Defs.size() <= MaxMergeDefs &&
          llvm::none_of(MergesSeen, [&](const MergeSeen &M) {
            return M.Var == V;
          }))
        MergesSeen.push_back({V, F.Defs});
    }
    return unknown(F.Why, Use);
  }
  }
  return nullptr;
}

/// How deeply selects, minima and maxima nest in \p E.
static unsigned selectNesting(const sym::Expr *E) {
  llvm::DenseMap<const sym::Expr *, unsigned> N;
  sym::forEachNode(E, [&](const sym::Expr *X) {
    unsigned M = 0;
    for (const sym::Expr *O : X->ops())
      M = std::max(M, N.lookup(O));
    if (X->kind() == sym::ExprKind::Select ||
        X->kind() == sym::ExprKind::Min || X->kind() == sym::ExprKind::Max)
      ++M;
    N[X] = M;
  });
  return N.lookup(E);
}

/// The value of a merge one `if` decides: its test selecting between the
/// two definitions' values, as min/max when the test compares them. Null
/// when an arm cannot be built or the value nests too many selects.
const sym::Expr *ExprBuilder::joinValue(const UseFacts &F, const Expr *Use,
                                        unsigned Depth) {
  const VarDecl *V = F.JoinTrue->Var;
  auto Key = std::make_pair(F.JoinIf, V);
  auto M = JoinMemo.find(Key);
  if (M != JoinMemo.end())
    return M->second;
  // Being built (a test that reads its own join): unknown, never recursion.
  JoinMemo[Key] = nullptr;
  auto Arm = [&](const ValueDef &D) -> const sym::Expr * {
    if (D.K != ValueDef::Entry)
      return defValue(D, Use, Depth + 1);
    const auto *P = dyn_cast<ParmVarDecl>(D.Var);
    if (!P)
      return nullptr;
    auto It = Bound.find(P);
    if (It != Bound.end())
      return It->second;
    return SC.param(P->getName(), typeOf(P->getType(), Ctx));
  };
  const sym::Expr *R = nullptr;
  const sym::Expr *T = Arm(*F.JoinTrue);
  const sym::Expr *E = T ? Arm(*F.JoinFalse) : nullptr;
  if (T && E) {
    const sym::Expr *C = rec(F.JoinIf->getCond(), Depth + 1);
    R = sym::clampOrSelect(SC, C, T, E);
    if (selectNesting(R) > MaxJoinNesting)
      R = nullptr;
  }
  JoinMemo[Key] = R;
  return R;
}

/// The value a loop leaves in an induction variable: its start plus a uniform
/// unknown number of steps, when every lane leaves the loop at the same
/// iteration (no exit the walker cannot read, every exit test and the step
/// uniform); `src[tid * stride + i]` after `for (i = ...)` keeps its lane
/// stride whatever i is. Otherwise an unknown that varies by lane.
const sym::Expr *ExprBuilder::afterLoopValue(const UseFacts &F,
                                             const DeclRefExpr *Use,
                                             unsigned Depth) {
  const VarDecl *V = F.Update->Var;
  // Probes: the exit tests and the start are built for their uniformity only
  // (no loop-variable bindings or notes, no data dependence for the access).
  bool Uniform = exitsTogether(*F.Loop);
  bool SavedProbing = Probing, SavedData = DataDependent;
  Probing = true;
  const sym::Expr *Init = nullptr;
  if (Uniform)
    for (const ValueDef *D : F.Inits) {
      const sym::Expr *I = defValue(*D, Use, Depth + 1);
      if (!I)
        I = isa<ParmVarDecl>(V)
                ? SC.param(V->getName(), typeOf(V->getType(), Ctx))
                : unknown("parameter", Use);
      if (Init && Init != I) {
        Init = nullptr;
        break;
      }
      Init = I;
    }
  const sym::Expr *Step = nullptr;
  if (Uniform && F.Step.Additive)
    Step = F.Step.Step ? rec(F.Step.Step, Depth + 1)
                       : SC.constant(1, typeOf(V->getType(), Ctx));
  bool FactorUniform =
      !F.Step.Additive && F.Step.Factor &&
      !rec(F.Step.Factor, Depth + 1)->mayVaryByLane();
  Probing = SavedProbing;
  DataDependent = SavedData;
  if (!Uniform)
    return unknown(F.Why + " (the loop's exit varies by lane)", Use);
  if (!Init)
    return unknown(F.Why, Use, sym::Uniformity::BlockUniform);
  if (!F.Step.Additive)
    return unknown(F.Why, Use,
                   !Init->mayVaryByLane() && FactorUniform
                       ? sym::Uniformity::BlockUniform
                       : sym::Uniformity::LaneVarying);
  // Init + K * Step, K the uniform count of iterations the loop ran.
  const sym::Expr *K = SC.unknown("iterations the loop of '" +
                                      V->getNameAsString() + "' ran",
                                  typeOf(V->getType(), Ctx),
                                  sym::Uniformity::BlockUniform);
  const sym::Expr *Delta = SC.mul(K, Step);
  return F.Step.Negate ? SC.sub(Init, Delta) : SC.add(Init, Delta);
}

bool ExprBuilder::exitsTogether(const FlowLoop &L) {
  if (L.OpaqueExit)
    return false;
  // Built for their uniformity only: no loop-variable bindings or notes, and
  // a lane-varying load in an exit test does not make the access a gather.
  bool SavedProbing = Probing, SavedData = DataDependent;
  Probing = true;
  bool Uniform = true;
  for (const Expr *C : L.ExitConditions)
    if (Uniform)
      Uniform = !rec(C, 1)->mayVaryByLane();
  Probing = SavedProbing;
  DataDependent = SavedData;
  return Uniform;
}

void ExprBuilder::chooseDefinition(const VarDecl *V, const ValueDef *D) {
  if (D)
    Choices[V] = D;
  else
    Choices.erase(V);
  // Values built under another choice may depend on it.
  DefMemo.clear();
  JoinMemo.clear();
  Memo.clear();
  CallRuns.clear();
}

} // namespace warplint
