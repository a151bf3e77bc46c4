//===- LaunchConfig.cpp - What a kernel launch says about its block -------===//
#include "Analysis/launch/LaunchConfig.h"

#include "Analysis/Assumptions.h"
#include "Analysis/launch/LaunchSites.h"
#include "Analysis/ProjectParents.h"
#include "Symbolic/Budgets.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/SourceManager.h"
#include <cmath>

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
constexpr unsigned MaxDepth = budget::VariableChainDepth;

bool isDim3Type(QualType T) {
  const auto *RD = T.getCanonicalType()->getAsCXXRecordDecl();
  return RD && RD->getName() == "dim3";
}

/// The function or lambda body that encloses \p S, for mutation analysis.
const Stmt *enclosingBody(const Stmt &S, ASTContext &Ctx) {
  DynTypedNodeList Parents = parentsOf(Ctx, S);
  unsigned Steps = 0;
  while (!Parents.empty() && Steps++ < 512) {
    const DynTypedNode &P = Parents[0];
    if (const auto *FD = P.get<FunctionDecl>())
      return FD->getBody();
    if (const auto *LE = P.get<LambdaExpr>())
      return LE->getBody();
    Parents = parentsOf(Ctx, P);
  }
  return nullptr;
}

/// The body enclosing \p DRE, a use of the local variable \p VD: its
/// function's when the use is not a lambda's capture (a local's DeclContext
/// is the function or lambda operator that declares it), which needs no
/// parent map; else enclosingBody, which walks up through parentsOf
/// (Analysis/ProjectParents: clang's map of the whole translation unit was 8%
/// of warplint's instructions on cuda-samples' template.cu, docs/evaluation.md
/// "Speed, session 8").
const Stmt *bodyOfLocalUse(const DeclRefExpr &DRE, const VarDecl &VD,
                           ASTContext &Ctx) {
  if (!DRE.refersToEnclosingVariableOrCapture())
    if (const auto *FD = dyn_cast<FunctionDecl>(VD.getDeclContext()))
      if (const Stmt *Body = FD->getBody())
        return Body;
  return enclosingBody(DRE, Ctx);
}

/// Adds the assumed values a sub-fold used to \p Out's.
void mergeAssumed(LaunchBlock &Out, const LaunchBlock &Sub) {
  for (const auto &Used : Sub.AssumedValues)
    if (llvm::find(Out.AssumedValues, Used) == Out.AssumedValues.end())
      Out.AssumedValues.push_back(Used);
}

class Folder {
public:
  Folder(ASTContext &Ctx, MutationCache *Cache,
         const Assumptions *Assumed = nullptr)
      : Ctx(Ctx), Cache(Cache), Assumed(Assumed) {}

  /// The value the user assumes for the integer variable or parameter \p E
  /// names, recorded in \p Out; nullopt when none is assumed (or negative).
  std::optional<uint64_t> assumedValue(const Expr *E, LaunchBlock &Out) {
    if (!Assumed || Assumed->empty())
      return std::nullopt;
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD || !VD->getIdentifier() || !VD->getType()->isIntegerType())
      return std::nullopt;
    std::optional<int64_t> V = Assumed->lookup(VD->getName());
    if (!V || *V < 0)
      return std::nullopt;
    std::pair<std::string, int64_t> Used(VD->getName().str(), *V);
    if (llvm::find(Out.AssumedValues, Used) == Out.AssumedValues.end())
      Out.AssumedValues.push_back(Used);
    return uint64_t(*V);
  }

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
      else if ((V = assumedValue(Stripped, Out)))
        Out.UnknownReason.clear();
      return V;
    }
    if (std::optional<uint64_t> V = assumedValue(Stripped, Out))
      return V;
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx) && R.Val.isInt()) {
      llvm::APSInt V = R.Val.getInt();
      if (V.isNegative())
        return std::nullopt;
      if (const auto *Lit = dyn_cast<IntegerLiteral>(Stripped))
        Out.SizeLiteral = Lit;
      return V.getZExtValue();
    }
    // `(size_t)(ceil(((float)N) / ((float)DIM_THREAD_BLOCK_X)))`: the grid of
    // PolyBench-ACC and others, computed in floating point through ceil.
    if (std::optional<double> R = foldReal(Stripped, Out, Depth + 1))
      if (*R >= 0 && *R < 9007199254740992.0 && *R == std::trunc(*R))
        return uint64_t(*R);
    if (Out.UnknownReason.empty())
      Out.UnknownReason = "not a compile-time constant";
    return std::nullopt;
  }

  /// Folds an arithmetic expression that goes through floating point: casts
  /// between integer and floating types, + - * /, and ceil/floor (the C
  /// functions, their float forms and std::). Integer operations keep integer
  /// semantics (truncating division); a conversion to an integer truncates.
  std::optional<double> foldReal(const Expr *E, LaunchBlock &Out,
                                 unsigned Depth) {
    if (!E || Depth > 4 * MaxDepth || E->isValueDependent())
      return std::nullopt;
    E = E->IgnoreParens();
    QualType T = E->getType();
    if (const auto *CE = dyn_cast<CastExpr>(E)) {
      const Expr *Sub = CE->getSubExpr();
      if (!Sub->getType()->isRealType() || !T->isRealType())
        return std::nullopt;
      std::optional<double> V = foldReal(Sub, Out, Depth + 1);
      if (V && T->isIntegerType())
        return std::trunc(*V);
      return V;
    }
    if (const auto *FL = dyn_cast<FloatingLiteral>(E))
      return FL->getValueAsApproximateDouble();
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      std::optional<double> L = foldReal(BO->getLHS(), Out, Depth + 1);
      std::optional<double> R = L ? foldReal(BO->getRHS(), Out, Depth + 1)
                                  : std::nullopt;
      if (!L || !R)
        return std::nullopt;
      switch (BO->getOpcode()) {
      case BO_Add:
        return *L + *R;
      case BO_Sub:
        return *L - *R;
      case BO_Mul:
        return *L * *R;
      case BO_Div:
        if (*R == 0)
          return std::nullopt;
        return T->isIntegerType() ? std::trunc(*L / *R) : *L / *R;
      default:
        return std::nullopt;
      }
    }
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *FD = Call->getDirectCallee();
      if (!FD || !FD->getIdentifier() || Call->getNumArgs() != 1)
        return std::nullopt;
      StringRef N = FD->getName();
      bool Ceil = N == "ceil" || N == "ceilf";
      if (!Ceil && N != "floor" && N != "floorf")
        return std::nullopt;
      std::optional<double> V = foldReal(Call->getArg(0), Out, Depth + 1);
      if (!V)
        return std::nullopt;
      return Ceil ? std::ceil(*V) : std::floor(*V);
    }
    if (T->isIntegerType()) {
      // Literals, constants and unmodified locals, as everywhere else.
      Expr::EvalResult R;
      if (E->EvaluateAsInt(R, Ctx) && R.Val.isInt())
        return double(R.Val.getInt().getExtValue());
      const Expr *Value = nullptr;
      LaunchBlock Sub;
      if (const VarDecl *VD = followableVar(E, Sub, Value))
        if (VD->getType()->isIntegerType())
          if (std::optional<uint64_t> V = foldInt(Value, Sub, Depth + 1)) {
            mergeAssumed(Out, Sub);
            return double(*V);
          }
      if (std::optional<uint64_t> V = assumedValue(E, Out))
        return double(*V);
    }
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
      // A component that does not fold leaves the others known: Partial.
      unsigned Runtime = 0;
      std::string RuntimeReason;
      for (unsigned I = 0; I < NumArgs; ++I) {
        const Expr *Arg = CE->getArg(I);
        if (!Arg->getType()->isIntegerType()) {
          Out.UnknownReason = "dim3 built from a non-integer value";
          return std::nullopt;
        }
        LaunchBlock Sub;
        std::optional<uint64_t> C = foldInt(Arg, Sub, Depth + 1);
        if (!C) {
          if (RuntimeReason.empty())
            RuntimeReason = Sub.UnknownReason;
          Runtime |= 1u << I;
          continue;
        }
        V[I] = *C;
        mergeAssumed(Out, Sub);
        if (Sub.FromVar && !Out.FromVar)
          Out.FromVar = Sub.FromVar;
        if (I == 0)
          Out.SizeLiteral = Sub.SizeLiteral;
      }
      if (Runtime & 1) {
        // x unknown: nothing about the block is (dim3(n), `k<<<g, n>>>`).
        Out.UnknownReason = RuntimeReason;
        return std::nullopt;
      }
      if (Runtime) {
        Out.UnknownReason = "blockDim." + runtimeDimNames(Runtime) +
                            (Runtime & (Runtime - 1) ? " are" : " is") +
                            " not known: " + RuntimeReason;
        Out.Partial = BlockShape{V[0], V[1], V[2]};
        Out.RuntimeDims = Runtime;
        Out.SizeLiteral = nullptr;
        return std::nullopt;
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
    // `dim3 threads; threads.x = N; threads.y = 1;`, or a value assigned in
    // the branch that holds the launch: the definitions that reach the use.
    if (std::optional<Reaching> R = reachingDefinitions(E)) {
      std::optional<BlockShape> S;
      if (R->Whole) {
        LaunchBlock Sub;
        S = foldShape(R->Whole, Sub, Depth + 1);
        if (!S) {
          Out.UnknownReason = Sub.UnknownReason;
          return std::nullopt;
        }
        mergeAssumed(Out, Sub);
      } else {
        S = BlockShape{1, 1, 1};
      }
      uint64_t *Fields[3] = {&S->X, &S->Y, &S->Z};
      for (unsigned I = 0; I < 3; ++I) {
        if (!R->Field[I])
          continue;
        LaunchBlock Sub;
        std::optional<uint64_t> V = foldInt(R->Field[I], Sub, Depth + 1);
        if (!V) {
          Out.UnknownReason = Sub.UnknownReason;
          return std::nullopt;
        }
        mergeAssumed(Out, Sub);
        *Fields[I] = *V;
      }
      Out.FromVar = R->Var;
      Out.SizeLiteral = nullptr;
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
    if (const auto *P = dyn_cast_or_null<ParmVarDecl>(VD)) {
      if ((Value = callerArgument(*P, Out)))
        return P;
      return nullptr;
    }
    if (!VD || VD->getType().isVolatileQualified())
      return nullptr;
    Value = VD->getInit();
    if (!Value) {
      // `int threads; threads = 256; k<<<g, threads>>>`: one assignment does
      // it.
      if (VD->hasLocalStorage() && !VD->isStaticLocal())
        if (const Stmt *Body = bodyOfLocalUse(*DRE, *VD, Ctx)) {
          if ((Value = singleAssignment(*VD, *Body, DRE->getBeginLoc())))
            return VD;
          if (std::optional<Reaching> R = reachingDefinitions(DRE))
            if (R->Whole && !R->Field[0] && !R->Field[1] && !R->Field[2]) {
              Value = R->Whole;
              return VD;
            }
        }
      return nullptr;
    }
    if (VD->getType().isConstQualified() || VD->isConstexpr())
      return VD; // const: the initialiser is the value everywhere
    if (!VD->hasLocalStorage() || VD->isStaticLocal()) {
      Out.UnknownReason = "non-const variable '" + VD->getNameAsString() +
                          "' may change at run time";
      return nullptr;
    }
    const Stmt *Body = bodyOfLocalUse(*DRE, *VD, Ctx);
    if (!Body)
      return nullptr;
    bool Mutated =
        Cache ? Cache->isMutated(*VD, *Body, Ctx) : mayModify(Body, VD);
    if (Mutated) {
      if ((Value = singleAssignment(*VD, *Body, DRE->getBeginLoc())))
        return VD;
      if (std::optional<Reaching> R = reachingDefinitions(DRE))
        if (R->Whole && !R->Field[0] && !R->Field[1] && !R->Field[2]) {
          Value = R->Whole;
          return VD;
        }
      Out.UnknownReason = "variable '" + VD->getNameAsString() +
                          "' is modified in its function";
      return nullptr;
    }
    return VD;
  }

  /// A parameter of a host function (`void launch(float *a, dim3 block)`)
  /// that its body leaves alone and that the translation unit's one call of
  /// the function passes: that argument, in the caller (which may be a
  /// parameter again, followed the same way within the depth budget). Host
  /// code sizes a launch in one helper and launches in another; with more
  /// than one call the value may differ between them, and stays unknown.
  const Expr *callerArgument(const ParmVarDecl &P, LaunchBlock &Out) {
    const auto *FD = dyn_cast<FunctionDecl>(P.getDeclContext());
    if (!FD || !FD->getBody() || FD->hasAttr<CUDAGlobalAttr>() ||
        (FD->hasAttr<CUDADeviceAttr>() && !FD->hasAttr<CUDAHostAttr>()) ||
        P.getType().isVolatileQualified() ||
        (P.getType()->isReferenceType() &&
         !P.getType().getNonReferenceType().isConstQualified()) ||
        mayModify(FD->getBody(), &P))
      return nullptr;
    unsigned Index = P.getFunctionScopeIndex();
    const CallExpr *Only = nullptr;
    unsigned Calls = 0;
    const FunctionDecl *Canon = FD->getCanonicalDecl();
    forEachCall(Canon, [&](const CallExpr &C) {
      ++Calls;
      Only = &C;
    });
    if (Calls != 1 || Index >= Only->getNumArgs()) {
      if (Calls > 1 && Out.UnknownReason.empty())
        Out.UnknownReason = "parameter '" + P.getNameAsString() + "' of '" +
                            FD->getNameAsString() + "', called from " +
                            std::to_string(Calls) + " places";
      return nullptr;
    }
    return Only->getArg(Index);
  }

  /// Calls \p F for each call of \p Callee in the translation unit's code
  /// outside system headers.
  void forEachCall(const FunctionDecl *Callee,
                   llvm::function_ref<void(const CallExpr &)> F) {
    class Finder : public RecursiveASTVisitor<Finder> {
    public:
      Finder(const FunctionDecl *Callee,
             llvm::function_ref<void(const CallExpr &)> F)
          : Callee(Callee), F(F) {}
      bool VisitCallExpr(CallExpr *C) {
        if (const FunctionDecl *D = C->getDirectCallee())
          if (D->getCanonicalDecl() == Callee)
            F(*C);
        return true;
      }

    private:
      const FunctionDecl *Callee;
      llvm::function_ref<void(const CallExpr &)> F;
    };
    Finder Find(Callee, F);
    const SourceManager &SM = Ctx.getSourceManager();
    for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
      if (!SM.isInSystemHeader(D->getLocation()))
        Find.TraverseDecl(D);
  }

  /// What reaches a use of a local variable along the statements that
  /// dominate it: the last whole assignment (or the initialiser) and the
  /// fields assigned after it.
  struct Reaching {
    const VarDecl *Var = nullptr;
    const Expr *Whole = nullptr;
    const Expr *Field[3] = {nullptr, nullptr, nullptr};
  };

  /// The definitions of the local variable \p Use names that reach it. The
  /// statements considered are those that precede the use in each compound
  /// statement enclosing it, from the function body inwards (they run before
  /// the use on every path to it): `v = E;`, `v.x = E;`, the declaration. Any
  /// other statement among them that may modify the variable (an assignment
  /// in a branch that does not hold the use, a call taking its address), or a
  /// loop around the use that modifies it, makes the value unknown.
  std::optional<Reaching> reachingDefinitions(const Expr *Use) {
    const auto *DRE = dyn_cast<DeclRefExpr>(Use->IgnoreParenImpCasts());
    const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD || isa<ParmVarDecl>(VD) || !VD->hasLocalStorage() ||
        VD->isStaticLocal() || VD->getType().isVolatileQualified())
      return std::nullopt;
    // The compound statements around the use, innermost first, with the
    // child that holds it.
    llvm::SmallVector<std::pair<const CompoundStmt *, const Stmt *>, 8> Path;
    DynTypedNode Node = DynTypedNode::create(*DRE);
    for (unsigned Steps = 0; Steps < 256; ++Steps) {
      DynTypedNodeList Parents = parentsOf(Ctx, Node);
      if (Parents.empty())
        return std::nullopt;
      const DynTypedNode &P = Parents[0];
      if (P.get<FunctionDecl>() || P.get<LambdaExpr>())
        break;
      const Stmt *Child = Node.get<Stmt>();
      if (const auto *CS = P.get<CompoundStmt>()) {
        if (Child)
          Path.push_back({CS, Child});
      } else if (const auto *Loop = P.get<Stmt>()) {
        if ((isa<ForStmt>(Loop) || isa<WhileStmt>(Loop) || isa<DoStmt>(Loop) ||
             isa<CXXForRangeStmt>(Loop)) &&
            mayModify(Loop, VD))
          return std::nullopt; // another iteration may see another value
      }
      Node = P;
    }
    if (Path.empty())
      return std::nullopt;
    Reaching R;
    R.Var = VD;
    bool Declared = false;
    for (auto It = Path.rbegin(); It != Path.rend(); ++It) {
      for (const Stmt *S : It->first->body()) {
        if (S == It->second)
          break;
        if (const auto *DS = dyn_cast<DeclStmt>(S)) {
          if (llvm::is_contained(DS->decls(), VD)) {
            Declared = true;
            R.Whole = VD->getInit();
            R.Field[0] = R.Field[1] = R.Field[2] = nullptr;
            continue;
          }
        }
        if (!mayModify(S, VD))
          continue;
        const Expr *E = dyn_cast<Expr>(S);
        if (!E || !assignment(E->IgnoreImplicit(), *VD, R))
          return std::nullopt;
      }
    }
    if (!Declared || (!R.Whole && !isDim3Type(VD->getType())))
      return std::nullopt;
    return R;
  }

  /// Applies `v = E` or `v.x = E` to \p R; false for anything else.
  bool assignment(const Expr *E, const VarDecl &VD, Reaching &R) {
    const Expr *LHS = nullptr, *RHS = nullptr;
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->getOpcode() != BO_Assign)
        return false;
      LHS = BO->getLHS()->IgnoreParenImpCasts();
      RHS = BO->getRHS();
    } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
      if (OC->getOperator() != OO_Equal || OC->getNumArgs() != 2)
        return false;
      LHS = OC->getArg(0)->IgnoreParenImpCasts();
      RHS = OC->getArg(1);
    } else {
      return false;
    }
    if (mayModify(RHS, &VD))
      return false;
    if (const auto *D = dyn_cast<DeclRefExpr>(LHS)) {
      if (D->getDecl() != &VD)
        return false;
      R.Whole = RHS;
      R.Field[0] = R.Field[1] = R.Field[2] = nullptr;
      return true;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(LHS)) {
      const auto *Base = dyn_cast<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts());
      if (!Base || Base->getDecl() != &VD || ME->isArrow())
        return false;
      StringRef F = ME->getMemberDecl()->getName();
      unsigned I = F == "x" ? 0 : F == "y" ? 1 : F == "z" ? 2 : 3;
      if (I == 3)
        return false;
      R.Field[I] = RHS;
      return true;
    }
    return false;
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
  const Assumptions *Assumed = nullptr;
};

} // namespace

std::string runtimeDimNames(unsigned RuntimeDims) {
  std::string S;
  const char *Names[3] = {"x", "y", "z"};
  for (unsigned I = 0; I < 3; ++I) {
    if (!(RuntimeDims & (1u << I)))
      continue;
    if (!S.empty())
      S += RuntimeDims >> (I + 1) ? ", " : " and ";
    S += Names[I];
  }
  return S;
}

bool partialBlockDecidesWarps(const LaunchBlock &B, unsigned WarpSize) {
  if (!B.Partial || !B.RuntimeDims || WarpSize == 0)
    return false;
  // Linear thread ids run x fastest, then y, then z: with the components
  // before the first runtime one spanning a multiple of the warp size, a warp
  // never crosses a value of that component or the ones after it.
  const uint64_t Dims[3] = {B.Partial->X, B.Partial->Y, B.Partial->Z};
  uint64_t Leading = 1;
  for (unsigned I = 0; I < 3; ++I) {
    if (B.RuntimeDims & (1u << I))
      return I > 0 && Leading > 0 && Leading % WarpSize == 0;
    Leading *= Dims[I];
  }
  return false;
}

LaunchBlock evaluateBlockExpr(const Expr &E, ASTContext &Ctx,
                              MutationCache *Cache,
                              const Assumptions *Assumed) {
  LaunchBlock Out;
  Folder F(Ctx, Cache, Assumed);
  Out.Shape = F.foldShape(&E, Out, 0);
  if (Out.Shape) {
    Out.UnknownReason.clear();
    Out.Partial.reset();
    Out.RuntimeDims = 0;
  } else {
    Out.SizeLiteral = nullptr;
  }
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

LaunchBlock evaluateLaunchBlock(const CallExpr &Call, ASTContext &Ctx,
                                MutationCache *Cache) {
  std::optional<LaunchSite> Site = launchSite(Call, Ctx);
  if (!Site || !Site->Block) {
    LaunchBlock Out;
    Out.UnknownReason = Site && !Site->UnknownReason.empty()
                            ? Site->UnknownReason
                            : "launch has no block configuration";
    return Out;
  }
  return evaluateBlockExpr(*Site->Block, Ctx, Cache);
}

} // namespace warplint
