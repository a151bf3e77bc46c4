//===- ShrinkingBound.cpp - A bound that shrinks under its own test -------===//
//
// Why a lane's test reads the uniform sequence. Take `for (...) { if (x < v)
// { ...; v = f(v); } }` where v has one value u0, the same in every lane, when
// the loop starts; f is the same for every lane (constant steps) and never
// makes v larger; v is assigned nowhere else in the loop; x does not change
// in the loop; every lane reaches the `if` once per iteration and every lane
// that passes runs every update. Let u0, u1 = f(u0), u2, ... be the uniform
// sequence. By induction on the iterations: a lane that has passed the test
// k times so far holds u_k; a lane that failed once, with v = u_j, has x >=
// u_j and keeps v = u_j, so it fails again in every later iteration (its v
// and x do not change). So in iteration k the passing lanes are exactly those
// with x < u_k: for a lane that failed at j < k, x >= u_j >= u_k, and
// evaluating `x < u_k` says "fail" as well. The same holds for `x <= v`,
// `v > x` and `v >= x`. Nothing is claimed for other reads of v (the lanes'
// values do differ): only the test's evaluation uses the sequence.
//
//===----------------------------------------------------------------------===//
#include "Analysis/divergence/ShrinkingBound.h"

#include "Analysis/divergence/GuardPatterns.h"
#include "Frontend/ExprBuilder.h"
#include "Frontend/LoopInduction.h"
#include "Frontend/ValueFlow.h"
#include "Symbolic/Expr.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace warplint {
namespace divergence {

namespace {

/// A statement that could make a lane skip what follows it in an iteration
/// (continue, goto, a label a goto enters by) anywhere in \p S; with
/// \p Exits, also break and return.
bool mayLeave(const Stmt *S, bool Exits, unsigned Depth = 0) {
  if (!S)
    return false;
  if (Depth > 64)
    return true;
  if (isa<ContinueStmt>(S) || isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S) ||
      isa<LabelStmt>(S))
    return true;
  if (Exits && (isa<BreakStmt>(S) || isa<ReturnStmt>(S)))
    return true;
  for (const Stmt *C : S->children())
    if (mayLeave(C, Exits, Depth + 1))
      return true;
  return false;
}

/// The statements a body runs in order: a compound's children, or the body.
llvm::SmallVector<const Stmt *, 8> statementsOf(const Stmt *Body) {
  llvm::SmallVector<const Stmt *, 8> Out;
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body))
    Out.append(CS->body_begin(), CS->body_end());
  else if (Body)
    Out.push_back(Body);
  return Out;
}

const Stmt *loopBody(const Stmt *Loop) {
  if (const auto *FS = dyn_cast_or_null<ForStmt>(Loop))
    return FS->getBody();
  if (const auto *WS = dyn_cast_or_null<WhileStmt>(Loop))
    return WS->getBody();
  if (const auto *DS = dyn_cast_or_null<DoStmt>(Loop))
    return DS->getBody();
  return nullptr;
}

/// How the definition \p D makes its variable no larger: `v >>= k`, `v /= k`
/// (k >= 1), `v -= c` (c >= 0, signed only: unsigned arithmetic wraps),
/// `--v`, and the `v = v op k` forms, k and c integer constants.
std::optional<ShrinkingBound::Step> stepOf(const ValueDef &D, ASTContext &Ctx,
                                           bool Signed) {
  if (D.K != ValueDef::Compound && D.K != ValueDef::IncDec &&
      D.K != ValueDef::Assign)
    return std::nullopt;
  // The update's form, as a loop's counter update is read.
  std::optional<InductionStep> S =
      inductionStep(dyn_cast_or_null<Expr>(D.S), D.Var);
  if (!S)
    return std::nullopt;
  // --v, and v -= c (an additive step that subtracts): signed only.
  if (S->Additive && (!S->Negate || !Signed))
    return std::nullopt;
  if (S->Additive && !S->Step)
    return ShrinkingBound::Step{BO_Sub, 1};
  const Expr *By = S->Additive ? S->Step : S->Factor;
  if (!By || By->isValueDependent())
    return std::nullopt;
  std::optional<llvm::APSInt> C = By->getIntegerConstantExpr(Ctx);
  if (!C)
    return std::nullopt;
  int64_t K = C->getExtValue();
  BinaryOperatorKind Op = S->Additive ? BO_Sub : S->GeometricOp;
  switch (Op) {
  case BO_Shr:
    if (K < 0 || K > 62)
      return std::nullopt;
    break;
  case BO_Div:
    if (K < 1)
      return std::nullopt;
    break;
  case BO_Sub:
    if (K < 0)
      return std::nullopt;
    break;
  default:
    return std::nullopt;
  }
  return ShrinkingBound::Step{Op, K};
}

} // namespace

std::optional<ShrinkingBound>
shrinkingBound(const IfStmt &IS, const ValueFlow &Flow, ASTContext &Ctx) {
  if (IS.getInit() || IS.getConditionVariable() || IS.isConsteval() ||
      IS.isConstexpr() || !Flow.analysed())
    return std::nullopt;
  // The whole condition is the one comparison: with another conjunct, a lane
  // could fail on it, keep its larger bound and pass later.
  const auto *BO =
      dyn_cast<BinaryOperator>(IS.getCond()->IgnoreParenImpCasts());
  if (!BO || !BO->isRelationalOp())
    return std::nullopt;
  // v on the side that passes while it is large: x < v, x <= v, v > x, v >= x.
  bool VarOnRight = BO->getOpcode() == BO_LT || BO->getOpcode() == BO_LE;
  const Expr *VarSide = VarOnRight ? BO->getRHS() : BO->getLHS();
  const Expr *Index = VarOnRight ? BO->getLHS() : BO->getRHS();
  const auto *Use = dyn_cast<DeclRefExpr>(VarSide->IgnoreParenImpCasts());
  const auto *V = Use ? dyn_cast<VarDecl>(Use->getDecl()) : nullptr;
  if (!V || !V->hasLocalStorage() || !V->getType()->isIntegerType() ||
      !Flow.tracks(V))
    return std::nullopt;
  // The comparison must order v's values as v's own type does: compared at
  // least as wide, and a signed v in signed arithmetic unless it never goes
  // negative (checked on its values: only >> and / are accepted then).
  QualType CmpT = VarSide->getType();
  bool Signed = V->getType()->isSignedIntegerType();
  if (!CmpT->isIntegerType() ||
      Ctx.getTypeSize(CmpT) < Ctx.getTypeSize(V->getType()))
    return std::nullopt;
  const UseFacts &F = Flow.use(Use);
  if (F.S != UseFacts::Merge || !F.Loop || !F.Loop->LoopStmt)
    return std::nullopt;
  const FlowLoop &L = *F.Loop;
  // The `if` runs once in every iteration, in every lane still in the loop:
  // a direct statement of the loop's body, and nothing in the body skips it.
  const Stmt *Body = loopBody(L.LoopStmt);
  if (!llvm::is_contained(statementsOf(Body), &IS) ||
      mayLeave(Body, /*Exits=*/false))
    return std::nullopt;
  // Every lane that passes runs every update: direct statements of the then
  // side, which nothing leaves early.
  llvm::SmallVector<const Stmt *, 8> Then = statementsOf(IS.getThen());
  if (mayLeave(IS.getThen(), /*Exits=*/true))
    return std::nullopt;
  ShrinkingBound B;
  B.Var = V;
  B.Use = Use;
  B.Index = Index;
  B.Loop = &L;
  B.Signed = Signed;
  // Definitions in the loop: only the then side's updates, in their order.
  llvm::SmallVector<std::pair<unsigned, ShrinkingBound::Step>, 2> Steps;
  for (const ValueDef &D : Flow.defs()) {
    if (D.Var != V || !L.contains(D.Block))
      continue;
    const Stmt *At = D.S;
    auto Pos = llvm::find(Then, At);
    if (Pos == Then.end())
      return std::nullopt;
    std::optional<ShrinkingBound::Step> S = stepOf(D, Ctx, Signed);
    if (!S)
      return std::nullopt;
    // A signed v compared as unsigned would wrap when it goes negative.
    if (S->Op == BO_Sub && !CmpT->isSignedIntegerType())
      return std::nullopt;
    Steps.push_back({unsigned(Pos - Then.begin()), *S});
  }
  if (Steps.empty())
    return std::nullopt;
  llvm::stable_sort(
      Steps, [](const auto &A, const auto &B) { return A.first < B.first; });
  for (const auto &S : Steps)
    B.Steps.push_back(S.second);
  // One definition from outside the loop reaches the test: the start.
  for (const ValueDef *D : F.Defs) {
    if (L.contains(D->Block))
      continue;
    if (B.Start)
      return std::nullopt;
    B.Start = D;
  }
  if (!B.Start || B.Start->K == ValueDef::Entry ||
      B.Start->K == ValueDef::Uninit)
    return std::nullopt;
  // Every loop around this one starts it again from that definition: a
  // lane's larger bound left by one run must not meet another lane's index
  // in the next (the definition is inside every enclosing loop).
  for (const FlowLoop &O : Flow.loops())
    if (&O != &L && O.contains(L.Header) && !O.contains(B.Start->Block))
      return std::nullopt;
  // x is the same lane's value in every iteration.
  if (!Flow.loopInvariant(Index, L))
    return std::nullopt;
  return B;
}

std::optional<int64_t> shrinkOnce(const ShrinkingBound &B, int64_t V) {
  for (const ShrinkingBound::Step &S : B.Steps) {
    switch (S.Op) {
    case BO_Shr:
    case BO_Div:
      // A negative signed value moves towards zero: it would grow.
      if (V < 0)
        return std::nullopt;
      V = S.Op == BO_Shr ? V >> S.By : V / S.By;
      break;
    case BO_Sub:
      if (V < INT64_MIN + S.By)
        return std::nullopt;
      V -= S.By;
      break;
    default:
      return std::nullopt;
    }
  }
  return V;
}

std::optional<ShrinkingView> shrinkingView(const IfStmt &IS, ExprBuilder &B,
                                           sym::ExprContext &SC,
                                           ASTContext &Ctx) {
  const ValueFlow *Flow = B.valueFlow();
  if (!Flow)
    return std::nullopt;
  std::optional<ShrinkingBound> SB = shrinkingBound(IS, *Flow, Ctx);
  if (!SB)
    return std::nullopt;
  // Every lane starts from the same value.
  const sym::Expr *Start = B.definitionValue(*SB->Start, SB->Use);
  if (!Start || Start->mayVaryByLane())
    return std::nullopt;
  ShrinkingView View;
  View.Bound = *SB;
  View.Name = SB->Var->getName().str();
  View.Start = Start;
  const sym::Expr *Leaf =
      SC.loopIV(View.Name, std::nullopt, std::nullopt, 1,
                ExprBuilder::typeOf(SB->Var->getType(), Ctx),
                sym::Uniformity::GridUniform);
  B.setUseValue(SB->Use, Leaf);
  View.Test = B.build(IS.getCond());
  return View;
}

bool shrinkingTail(const ShrinkingView &View, ExprBuilder &B) {
  const ShrinkingBound &SB = View.Bound;
  if (SB.Signed && llvm::any_of(SB.Steps, [](const ShrinkingBound::Step &S) {
        return S.Op != BO_Sub;
      }))
    return false; // a negative start would grow towards zero
  if (!SB.Index->getType()->isIntegerType())
    return false;
  const sym::Expr *X = B.build(SB.Index);
  return X->mayVaryByLane() && monotoneInLaneIndex(X);
}

} // namespace divergence
} // namespace warplint
