//===- LaunchConfig.cpp - What a kernel launch says about its block -------===//
#include "Analysis/LaunchConfig.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace warplint {

std::string BlockShape::str() const {
  if (Y == 1 && Z == 1)
    return std::to_string(X);
  std::string S = std::to_string(X) + "x" + std::to_string(Y);
  if (Z != 1)
    S += "x" + std::to_string(Z);
  return S;
}

namespace {

/// Bounds the chains of variables followed (dim3 b = a; dim3 a = c; ...).
constexpr unsigned MaxDepth = 8;

bool isDim3Type(QualType T) {
  const auto *RD = T.getCanonicalType()->getAsCXXRecordDecl();
  return RD && RD->getName() == "dim3";
}

/// The function or lambda body that encloses \p S, for mutation analysis.
const Stmt *enclosingBody(const Stmt &S, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(S);
  unsigned Steps = 0;
  while (!Parents.empty() && Steps++ < 512) {
    const DynTypedNode &P = Parents[0];
    if (const auto *FD = P.get<FunctionDecl>())
      return FD->getBody();
    if (const auto *LE = P.get<LambdaExpr>())
      return LE->getBody();
    Parents = Ctx.getParents(P);
  }
  return nullptr;
}

class Folder {
public:
  Folder(ASTContext &Ctx, MutationCache *Cache) : Ctx(Ctx), Cache(Cache) {}

  /// Folds an integer expression; follows unmodified local variables.
  std::optional<uint64_t> foldInt(const Expr *E, LaunchBlock &Out,
                                  unsigned Depth) {
    if (!E || Depth > MaxDepth)
      return std::nullopt;
    if (E->isValueDependent() || E->isTypeDependent()) {
      Out.UnknownReason = "value depends on a template parameter";
      return std::nullopt;
    }
    const Expr *Stripped = E->IgnoreParenImpCasts();
    if (const auto *Def = dyn_cast<CXXDefaultArgExpr>(Stripped))
      return foldInt(Def->getExpr(), Out, Depth + 1);
    // Variables first, so that the evidence can name them.
    const Expr *Value = nullptr;
    if (const VarDecl *VD = followableVar(Stripped, Out, Value)) {
      if (!VD->getType()->isIntegerType())
        return std::nullopt;
      std::optional<uint64_t> V = foldInt(Value, Out, Depth + 1);
      if (V)
        Out.FromVar = VD;
      return V;
    }
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx) && R.Val.isInt()) {
      llvm::APSInt V = R.Val.getInt();
      if (V.isNegative())
        return std::nullopt;
      if (const auto *Lit = dyn_cast<IntegerLiteral>(Stripped))
        Out.SizeLiteral = Lit;
      return V.getZExtValue();
    }
    if (Out.UnknownReason.empty())
      Out.UnknownReason = "not a compile-time constant";
    return std::nullopt;
  }

  /// Folds an expression of type dim3 (or an integer converted to dim3).
  std::optional<BlockShape> foldShape(const Expr *E, LaunchBlock &Out,
                                      unsigned Depth) {
    if (!E || Depth > MaxDepth)
      return std::nullopt;
    if (E->isValueDependent() || E->isTypeDependent()) {
      Out.UnknownReason = "value depends on a template parameter";
      return std::nullopt;
    }
    E = E->IgnoreImplicit();
    if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(E))
      E = Cleanups->getSubExpr()->IgnoreImplicit();
    E = E->IgnoreParens();
    if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E))
      return foldShape(Cast->getSubExpr(), Out, Depth + 1);
    if (!isDim3Type(E->getType())) {
      // An integer that the launch converts to dim3(n, 1, 1).
      if (E->getType()->isIntegerType()) {
        std::optional<uint64_t> X = foldInt(E, Out, Depth + 1);
        if (!X)
          return std::nullopt;
        return BlockShape{*X, 1, 1};
      }
      Out.UnknownReason = "block argument is not an integer or dim3";
      return std::nullopt;
    }
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
      const CXXConstructorDecl *Ctor = CE->getConstructor();
      if (Ctor->isCopyOrMoveConstructor() && CE->getNumArgs() >= 1)
        return foldShape(CE->getArg(0), Out, Depth + 1);
      // dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1); other
      // constructors (dim3(uint3)) are followed only when their argument folds
      // as a whole.
      uint64_t V[3] = {1, 1, 1};
      unsigned NumArgs = CE->getNumArgs();
      if (NumArgs > 3)
        return std::nullopt;
      for (unsigned I = 0; I < NumArgs; ++I) {
        const Expr *Arg = CE->getArg(I);
        if (!Arg->getType()->isIntegerType()) {
          Out.UnknownReason = "dim3 built from a non-integer value";
          return std::nullopt;
        }
        LaunchBlock Sub;
        std::optional<uint64_t> C = foldInt(Arg, Sub, Depth + 1);
        if (!C) {
          Out.UnknownReason = Sub.UnknownReason;
          return std::nullopt;
        }
        V[I] = *C;
        if (Sub.FromVar && !Out.FromVar)
          Out.FromVar = Sub.FromVar;
        if (I == 0)
          Out.SizeLiteral = Sub.SizeLiteral;
      }
      // A literal is the fix target only when it alone is the block size.
      if (V[1] != 1 || V[2] != 1)
        Out.SizeLiteral = nullptr;
      return BlockShape{V[0], V[1], V[2]};
    }
    const Expr *Value = nullptr;
    if (const VarDecl *VD = followableVar(E, Out, Value)) {
      std::optional<BlockShape> S = foldShape(Value, Out, Depth + 1);
      if (S && !Out.FromVar)
        Out.FromVar = VD;
      return S;
    }
    if (Out.UnknownReason.empty())
      Out.UnknownReason = "dim3 value is not a compile-time constant";
    return std::nullopt;
  }

private:
  /// A variable whose initialiser is its value at every use: const-qualified,
  /// or a local that nothing in its function modifies. Parameters and globals
  /// that are not const are runtime values.
  const VarDecl *followableVar(const Expr *E, LaunchBlock &Out,
                               const Expr *&Value) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    if (!DRE)
      return nullptr;
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD || isa<ParmVarDecl>(VD) || VD->getType().isVolatileQualified())
      return nullptr;
    Value = VD->getInit();
    if (!Value) {
      // `int threads; threads = 256; k<<<g, threads>>>`: one assignment does
      // it.
      if (VD->hasLocalStorage() && !VD->isStaticLocal())
        if (const Stmt *Body = enclosingBody(*DRE, Ctx))
          if ((Value = singleAssignment(*VD, *Body, DRE->getBeginLoc())))
            return VD;
      return nullptr;
    }
    if (VD->getType().isConstQualified() || VD->isConstexpr())
      return VD; // const: the initialiser is the value everywhere
    if (!VD->hasLocalStorage() || VD->isStaticLocal()) {
      Out.UnknownReason = "non-const variable '" + VD->getNameAsString() +
                          "' may change at run time";
      return nullptr;
    }
    const Stmt *Body = enclosingBody(*DRE, Ctx);
    if (!Body)
      return nullptr;
    bool Mutated =
        Cache ? Cache->isMutated(*VD, *Body, Ctx) : mayModify(Body, VD);
    if (Mutated) {
      if ((Value = singleAssignment(*VD, *Body, DRE->getBeginLoc())))
        return VD;
      Out.UnknownReason = "variable '" + VD->getNameAsString() +
                          "' is modified in its function";
      return nullptr;
    }
    return VD;
  }

  /// The value of \p VD at \p Use when the function assigns it exactly once,
  /// with a plain `VD = E;` statement at the top level of the function body
  /// (not in a branch or loop) before the use, and nothing else in the function
  /// can modify it.
  const Expr *singleAssignment(const VarDecl &VD, const Stmt &Body,
                               SourceLocation Use) {
    const auto *CS = dyn_cast<CompoundStmt>(&Body);
    if (!CS)
      return nullptr;
    const BinaryOperator *Found = nullptr;
    for (const Stmt *S : CS->body()) {
      const auto *BO = dyn_cast<BinaryOperator>(S);
      const auto *LHS =
          BO ? dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts())
             : nullptr;
      if (BO && BO->getOpcode() == BO_Assign && LHS && LHS->getDecl() == &VD &&
          !mayModify(BO->getRHS(), &VD)) {
        if (Found)
          return nullptr; // assigned twice
        Found = BO;
        continue;
      }
      if (mayModify(S, &VD))
        return nullptr; // modified some other way
    }
    if (!Found || !Ctx.getSourceManager().isBeforeInTranslationUnit(
                      Found->getEndLoc(), Use))
      return nullptr;
    return Found->getRHS();
  }

  ASTContext &Ctx;
  MutationCache *Cache;
};

} // namespace

LaunchBlock evaluateBlockExpr(const Expr &E, ASTContext &Ctx,
                              MutationCache *Cache) {
  LaunchBlock Out;
  Folder F(Ctx, Cache);
  Out.Shape = F.foldShape(&E, Out, 0);
  if (Out.Shape)
    Out.UnknownReason.clear();
  else
    Out.SizeLiteral = nullptr;
  return Out;
}

std::optional<int64_t> foldInteger(const Expr &E, ASTContext &Ctx,
                                   MutationCache *Cache) {
  if (!E.getType()->isIntegerType())
    return std::nullopt;
  LaunchBlock Out;
  Folder F(Ctx, Cache);
  std::optional<uint64_t> V = F.foldInt(&E, Out, 0);
  if (!V || *V > uint64_t(INT64_MAX))
    return std::nullopt;
  return int64_t(*V);
}

LaunchBlock evaluateLaunchBlock(const CUDAKernelCallExpr &Call, ASTContext &Ctx,
                                MutationCache *Cache) {
  const CallExpr *Config = Call.getConfig();
  if (!Config || Config->getNumArgs() < 2) {
    LaunchBlock Out;
    Out.UnknownReason = "launch has no block configuration";
    return Out;
  }
  return evaluateBlockExpr(*Config->getArg(1), Ctx, Cache);
}

} // namespace warplint
