//===- TripCount.cpp - Iterations of a loop the source fixes --------------===//
#include "Analysis/TripCount.h"

#include "Analysis/LaunchConfig.h"
#include "Frontend/LoopInduction.h"
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
  if (Depth > 64)
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

} // namespace

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
