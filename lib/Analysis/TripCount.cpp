//===- TripCount.cpp - Iterations of a loop the source fixes --------------===//
#include "Analysis/TripCount.h"

#include "Analysis/launch/LaunchConfig.h"
#include "Frontend/LoopInduction.h"
#include "Symbolic/Budgets.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace warplint {

namespace {
/// A jump that can leave the loop before the count is done; \p Nested: inside
/// an inner loop or switch, where a break leaves only that statement.
bool mayLeaveEarly(const Stmt *S, bool Nested = false, unsigned Depth = 0) {
  if (!S)
    return false;
  if (Depth > budget::SubtreeSearchDepth)
    return true;
  if (isa<ReturnStmt, GotoStmt, CXXThrowExpr>(S))
    return true;
  if (isa<BreakStmt>(S))
    return !Nested;
  bool Inner =
      Nested || isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, SwitchStmt>(S);
  for (const Stmt *Child : S->children())
    if (mayLeaveEarly(Child, Inner, Depth + 1))
      return true;
  return false;
}

/// A continue that goes to the next iteration of the loop whose body is \p S
/// (one inside an inner loop continues that loop; a switch passes it on).
bool continuesLoop(const Stmt *S, unsigned Depth = 0) {
  if (!S)
    return false;
  if (Depth > budget::SubtreeSearchDepth)
    return true;
  if (isa<ContinueStmt>(S))
    return true;
  if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S))
    return false;
  for (const Stmt *Child : S->children())
    if (continuesLoop(Child, Depth + 1))
      return true;
  return false;
}

/// The statement that ends \p Body: its last one, through nested blocks.
const Stmt *lastStatement(const Stmt *Body) {
  for (unsigned Depth = 0; Body && Depth < 64; ++Depth) {
    const auto *CS = dyn_cast<CompoundStmt>(Body);
    if (!CS)
      return Body;
    if (CS->body_empty())
      return nullptr;
    Body = CS->body_back();
  }
  return nullptr;
}

/// \p Cond is false as a constant (a null condition is true: `for (;;)`).
bool constantFalse(const Expr *Cond, ASTContext &Ctx) {
  if (!Cond || Cond->isValueDependent())
    return false;
  bool Value = true;
  return Cond->EvaluateAsBooleanCondition(Value, Ctx) && !Value;
}

} // namespace

bool runsAtMostOnce(const Stmt *Loop, ASTContext &Ctx) {
  const Stmt *Body = nullptr;
  const Expr *Cond = nullptr;
  if (const auto *F = dyn_cast_or_null<ForStmt>(Loop)) {
    Body = F->getBody();
    Cond = F->getCond();
  } else if (const auto *W = dyn_cast_or_null<WhileStmt>(Loop)) {
    Body = W->getBody();
    Cond = W->getCond();
  } else if (const auto *D = dyn_cast_or_null<DoStmt>(Loop)) {
    Body = D->getBody();
    Cond = D->getCond();
    // A continue in a do-while goes to the condition, which ends the loop.
    if (constantFalse(Cond, Ctx))
      return true;
    Cond = nullptr;
  } else if (const auto *R = dyn_cast_or_null<CXXForRangeStmt>(Loop)) {
    Body = R->getBody();
  } else {
    return false;
  }
  if (constantFalse(Cond, Ctx))
    return true; // never runs
  const Stmt *Last = lastStatement(Body);
  if (!Last || !isa<BreakStmt, ReturnStmt, CXXThrowExpr>(Last))
    return false;
  return !continuesLoop(Body);
}

/// `for (i = a; i < b; i += s)` with a, b and s known and i untouched in the
/// body, and no jump out of it: the number of iterations.
std::optional<int64_t> constantTripCount(const Stmt *Loop, ASTContext &Ctx,
                                         MutationCache &Cache) {
  const auto *FS = dyn_cast_or_null<ForStmt>(Loop);
  if (!FS || !FS->getCond() || !FS->getBody())
    return std::nullopt;
  std::optional<ForInduction> Ind = forInduction(*FS);
  if (!Ind || !Ind->Step.Additive || Cache.isMutated(*Ind->Var, *FS->getBody(), Ctx))
    return std::nullopt;
  if (mayLeaveEarly(FS->getBody()))
    return std::nullopt;
  const auto *Cond = dyn_cast<BinaryOperator>(FS->getCond()->IgnoreParenImpCasts());
  if (!Cond)
    return std::nullopt;
  const auto *L = dyn_cast<DeclRefExpr>(Cond->getLHS()->IgnoreParenImpCasts());
  if (!L || L->getDecl() != Ind->Var)
    return std::nullopt;
  std::optional<int64_t> Init = foldInteger(*Ind->Init, Ctx, &Cache);
  std::optional<int64_t> Bound = foldInteger(*Cond->getRHS(), Ctx, &Cache);
  std::optional<int64_t> Step =
      Ind->Step.Step ? foldInteger(*Ind->Step.Step, Ctx, &Cache) : 1;
  if (!Init || !Bound || !Step || *Step <= 0)
    return std::nullopt;
  int64_t I = *Init, B = *Bound, S = *Step;
  if (!Ind->Step.Negate) {
    if (Cond->getOpcode() == BO_LT || Cond->getOpcode() == BO_NE)
      return B > I ? (B - I + S - 1) / S : 0;
    if (Cond->getOpcode() == BO_LE)
      return B >= I ? (B - I) / S + 1 : 0;
  } else {
    if (Cond->getOpcode() == BO_GT || Cond->getOpcode() == BO_NE)
      return I > B ? (I - B + S - 1) / S : 0;
    if (Cond->getOpcode() == BO_GE)
      return I >= B ? (I - B) / S + 1 : 0;
  }
  return std::nullopt;
}

} // namespace warplint
