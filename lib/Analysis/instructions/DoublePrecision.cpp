//===- DoublePrecision.cpp - What executes in FP64 ------------------------===//
//
// What counts follows what nvcc really emits, checked against the SASS of
// every kernel in validation/instruction-checks/kernels/double_precision.cu:
//  * nvcc narrows a single +, -, *, / whose operands are floats and constants
//    exactly representable in float, when its result goes straight back to
//    float (IEEE double rounding is innocuous there: 53 >= 2*24+2 bits), and a
//    single comparison of such operands. `x * 0.5`, `x / 3.0`, `1.0 / x`,
//    `x < 0.5`, `v *= 0.5` emit no FP64. A comparison of a converted int with a
//    constant becomes an integer comparison.
//  * It does not narrow an inexact constant (`x * 0.1`), a chain of two or
//    more double operations even with exact constants (`x * 2.0 + 1.0`), a
//    result that goes to an int or a double, an int converted to double
//    (`i / 2.0`), or a call of a double math function (`floor((double)x)`).
//  * Initialisers and constants folded at compile time emit nothing.
// A function whose data are double (double pointers, references or arrays, a
// double template argument, a double helper with no float in its signature)
// is double by intent and is not looked at.
//
//===----------------------------------------------------------------------===//
#include "Analysis/instructions/DoublePrecision.h"

#include "Analysis/WalkBudget.h"
#include "Frontend/ConstantValue.h"
#include "Frontend/MutationCache.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace warplint {

llvm::StringRef fp64CauseName(FP64Cause C) {
  switch (C) {
  case FP64Cause::InexactConstant:
    return "inexact-constant";
  case FP64Cause::IntByDouble:
    return "int-by-double";
  case FP64Cause::ConstantChain:
    return "constant-chain";
  case FP64Cause::ResultNotFloat:
    return "result-not-float";
  case FP64Cause::DoubleArithmetic:
    return "double-arithmetic";
  case FP64Cause::DoubleOverload:
    return "double-overload";
  case FP64Cause::PowFloatInt:
    return "pow-float-int";
  case FP64Cause::DoubleVariable:
    return "double-variable";
  }
  return "?";
}

static bool isDouble(QualType T) {
  T = T.getCanonicalType();
  return T->isSpecificBuiltinType(BuiltinType::Double) ||
         T->isSpecificBuiltinType(BuiltinType::LongDouble);
}

static bool isFloat(QualType T) {
  T = T.getCanonicalType();
  return T->isSpecificBuiltinType(BuiltinType::Float) ||
         T->isSpecificBuiltinType(BuiltinType::Half) ||
         T->isSpecificBuiltinType(BuiltinType::Float16);
}

/// The element type under pointers, references and arrays.
static QualType elementType(QualType T) {
  for (unsigned Depth = 0; Depth < 16; ++Depth) {
    T = T.getNonReferenceType().getCanonicalType();
    if (const auto *P = T->getAs<PointerType>())
      T = P->getPointeeType();
    else if (const auto *A = T->getAsArrayTypeUnsafe())
      T = A->getElementType();
    else
      break;
  }
  return T;
}

/// double, or CUDA's double1..double4 (a record of doubles).
static bool isDoubleData(QualType T) {
  T = elementType(T);
  if (isDouble(T))
    return true;
  if (const auto *RD = T->getAsRecordDecl())
    return RD->getName().starts_with("double") && !RD->field_empty() &&
           isDouble(RD->field_begin()->getType());
  return false;
}

static bool isFloatData(QualType T) {
  T = elementType(T);
  if (isFloat(T))
    return true;
  if (const auto *RD = T->getAsRecordDecl())
    return RD->getName().starts_with("float") && !RD->field_empty() &&
           isFloat(RD->field_begin()->getType());
  return false;
}

/// A function is double by intent when its data are double: a double pointer,
/// reference or array parameter, a double template argument, a double local
/// or shared array, or double scalars with no float anywhere in the signature
/// (a double helper).
bool doubleByIntent(const FunctionDecl &FD) {
  bool DoubleScalar = false, FloatSignature = isFloatData(FD.getReturnType());
  bool ReturnsDouble = isDouble(FD.getReturnType());
  if (ReturnsDouble)
    DoubleScalar = true;
  for (const ParmVarDecl *P : FD.parameters()) {
    QualType T = P->getType().getCanonicalType();
    bool Indirect = T->isPointerType() || T->isReferenceType() ||
                    T->isArrayType() || T->isRecordType();
    if (isDoubleData(T)) {
      if (Indirect)
        return true;
      DoubleScalar = true;
      // A double in and a double out: the function computes in double by
      // intent, whatever float parameters it also takes (a metric over float
      // labels and double scores).
      if (ReturnsDouble)
        return true;
    }
    if (isFloatData(T))
      FloatSignature = true;
  }
  if (const TemplateArgumentList *Args = FD.getTemplateSpecializationArgs())
    for (const TemplateArgument &A : Args->asArray())
      if (A.getKind() == TemplateArgument::Type && isDoubleData(A.getAsType()))
        return true;
  if (DoubleScalar && !FloatSignature)
    return true;
  // Double arrays declared in the body (locals, __shared__).
  struct ArrayFinder : RecursiveASTVisitor<ArrayFinder> {
    bool Found = false;
    bool VisitVarDecl(VarDecl *V) {
      if (V->getType()->isArrayType() && isDoubleData(V->getType()))
        Found = true;
      return !Found;
    }
  } AF;
  AF.TraverseStmt(FD.getBody());
  return AF.Found;
}

namespace {

enum class LeafKind {
  FloatPromoted, ///< A float converted to double.
  IntConverted,  ///< An integer converted to double.
  Constant,      ///< Known at compile time.
  DoubleVar,     ///< A double local or parameter.
  DoubleCall,    ///< A call returning double.
  Other,
};

struct Leaf {
  LeafKind Kind;
  const Expr *E;
  double Value = 0;
  bool Exact = false; ///< Constant exactly representable in float.
  const VarDecl *Var = nullptr;
};

/// A maximal tree of double arithmetic: its operations and its leaves.
struct Tree {
  const Expr *Root = nullptr;
  unsigned Ops = 0;
  bool Compare = false, Compound = false;
  llvm::SmallVector<Leaf, 4> Leaves;
};

/// What is known of a double variable that puts arithmetic into FP64.
struct VarUse {
  unsigned Ops = 0;
  const Expr *First = nullptr;
  bool Accumulated = false, InLoop = false;
};

const char *const MathFunctions[] = {
    "sqrt",  "rsqrt", "cbrt",  "rcbrt",    "exp",   "exp2",  "exp10", "expm1",
    "log",   "log2",  "log10", "log1p",    "sin",   "cos",   "tan",   "asin",
    "acos",  "atan",  "sinh",  "cosh",     "tanh",  "sinpi", "cospi", "fabs",
    "floor", "ceil",  "trunc", "round",    "rint",  "erf",   "erfc",  "lgamma",
    "tgamma", "pow",  "fmin",  "fmax",     "fmod",  "atan2", "hypot", "copysign",
    "fdim",  "fma",   "nearbyint", "remainder"};

/// Functions whose float version gives exactly the narrowed double result:
/// exact operations, and sqrt (correctly rounded in both precisions, double
/// rounding innocuous).
const char *const ExactFunctions[] = {"sqrt",  "floor", "ceil", "trunc",
                                      "round", "rint",  "fabs", "fmin",
                                      "fmax",  "copysign"};

} // namespace

/// Finds what executes in FP64 in one device function.
class DoublePrecisionScan {
public:
  DoublePrecisionScan(const FunctionDecl &FD, ASTContext &Ctx,
                      MutationCache &Mutations)
      : FD(FD), Ctx(Ctx), SM(Ctx.getSourceManager()), Mutations(Mutations),
        PM(FD.getBody()) {}

  std::vector<FP64Site> run();

private:
  const FunctionDecl &FD;
  ASTContext &Ctx;
  const SourceManager &SM;
  MutationCache &Mutations;
  ParentMap PM;
  llvm::SmallPtrSet<const Expr *, 8> Covered; ///< Reported with a call.
  llvm::MapVector<const VarDecl *, VarUse> Vars;
  std::vector<FP64Site> Sites;

  const Stmt *parent(const Stmt *S) const {
    const Stmt *P = PM.getParent(S);
    while (P && isa<ParenExpr>(P))
      P = PM.getParent(P);
    return P;
  }
  bool isArith(const Expr *E) const;
  void collect(const Expr *E, Tree &T);
  Leaf classify(const Expr *E);
  bool narrowed(const Tree &T) const;
  bool inLoop(const Stmt *S) const;
  bool mutated(const VarDecl *V) {
    return Mutations.isMutated(*V, *FD.getBody(), Ctx);
  }
  void addTree(const Tree &T);
  void addCall(const CallExpr *Call);
  void addVars();
};

bool DoublePrecisionScan::isArith(const Expr *E) const {
  E = E->IgnoreParens();
  if (const auto *CA = dyn_cast<CompoundAssignOperator>(E)) {
    switch (CA->getOpcode()) {
    case BO_AddAssign:
    case BO_SubAssign:
    case BO_MulAssign:
    case BO_DivAssign:
      return isDouble(CA->getComputationResultType());
    default:
      return false;
    }
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAdditiveOp() || BO->getOpcode() == BO_Mul ||
        BO->getOpcode() == BO_Div)
      return isDouble(BO->getType());
    if (BO->isComparisonOp())
      return isDouble(BO->getLHS()->getType());
    return false;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return (UO->getOpcode() == UO_Minus || UO->getOpcode() == UO_Plus) &&
           isDouble(UO->getType());
  return false;
}

Leaf DoublePrecisionScan::classify(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    const Expr *Sub = Cast->getSubExpr()->IgnoreParens();
    switch (Cast->getCastKind()) {
    case CK_FloatingCast:
      if (isFloat(Sub->getType()))
        return {LeafKind::FloatPromoted, Sub};
      return classify(Sub);
    case CK_IntegralToFloating:
      return {LeafKind::IntConverted, Sub};
    case CK_LValueToRValue:
    case CK_NoOp:
      return classify(Sub);
    default:
      break;
    }
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
        V && isDouble(V->getType()) && (V->hasLocalStorage())) {
      // A local set once: what it was set to (nvcc propagates it).
      if (!isa<ParmVarDecl>(V) && V->getInit() && !mutated(V)) {
        const Expr *Init = V->getInit()->IgnoreParens();
        if (std::optional<double> C = constantValue(Init, Ctx)) {
          Leaf L{LeafKind::Constant, E, *C};
          L.Exact = double(float(*C)) == *C;
          return L;
        }
        Leaf Inner = classify(Init);
        if (Inner.Kind == LeafKind::FloatPromoted)
          return Inner;
      }
      Leaf L{LeafKind::DoubleVar, E};
      L.Var = V;
      return L;
    }
  }
  if (isa<CallExpr>(E) && isDouble(E->getType()))
    return {LeafKind::DoubleCall, E};
  return {LeafKind::Other, E};
}

void DoublePrecisionScan::collect(const Expr *E, Tree &T) {
  E = E->IgnoreParens();
  if (std::optional<double> C = constantValue(E, Ctx)) {
    Leaf L{LeafKind::Constant, E, *C};
    L.Exact = double(float(*C)) == *C;
    T.Leaves.push_back(L);
    return;
  }
  if (!isArith(E)) {
    T.Leaves.push_back(classify(E));
    return;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    collect(UO->getSubExpr(), T);
    return;
  }
  const auto *BO = cast<BinaryOperator>(E);
  ++T.Ops;
  if (isa<CompoundAssignOperator>(BO)) {
    // The left side is read and written: a float is promoted, a double
    // variable is itself the cause.
    const Expr *LHS = BO->getLHS()->IgnoreParens();
    if (isFloat(LHS->getType()))
      T.Leaves.push_back({LeafKind::FloatPromoted, LHS});
    else
      T.Leaves.push_back(classify(LHS));
  } else {
    collect(BO->getLHS(), T);
  }
  collect(BO->getRHS(), T);
}

/// Whether nvcc turns the tree back into single-precision (or integer)
/// arithmetic; see the file comment for the measured rules.
bool DoublePrecisionScan::narrowed(const Tree &T) const {
  if (T.Ops == 0)
    return true;
  if (T.Ops > 1)
    return false;
  auto FloatOrExact = [](const Leaf &L) {
    return L.Kind == LeafKind::FloatPromoted ||
           (L.Kind == LeafKind::Constant && L.Exact);
  };
  bool AllOk = llvm::all_of(T.Leaves, FloatOrExact);
  bool AnyFloat = llvm::any_of(T.Leaves, [](const Leaf &L) {
    return L.Kind == LeafKind::FloatPromoted;
  });
  if (T.Compare) {
    if (AllOk && AnyFloat)
      return true;
    // (double)i < 16.0 is i < 16 (dp_int_cmp_literal).
    return llvm::all_of(T.Leaves,
                        [](const Leaf &L) {
                          return L.Kind == LeafKind::IntConverted ||
                                 L.Kind == LeafKind::Constant;
                        }) &&
           llvm::any_of(T.Leaves, [](const Leaf &L) {
             return L.Kind == LeafKind::IntConverted;
           });
  }
  if (T.Compound)
    return AllOk;
  // The result must go straight to a float.
  const Stmt *P = parent(T.Root);
  const auto *Cast = dyn_cast_or_null<CastExpr>(P);
  return AllOk && AnyFloat && Cast &&
         Cast->getCastKind() == CK_FloatingCast && isFloat(Cast->getType());
}

bool DoublePrecisionScan::inLoop(const Stmt *S) const {
  for (const Stmt *P = PM.getParent(S); P; P = PM.getParent(P))
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(P))
      return true;
  return false;
}

/// A fix-it that adds the f suffix to a double literal written in the file.
static std::optional<FixItHint>
suffixFix(const Expr *E, const SourceManager &SM, const LangOptions &LO) {
  const auto *Lit = dyn_cast<FloatingLiteral>(E->IgnoreParenImpCasts());
  if (!Lit)
    return std::nullopt;
  SourceLocation Loc = Lit->getLocation();
  if (Loc.isMacroID()) {
    if (!SM.isMacroArgExpansion(Loc))
      return std::nullopt;
    Loc = SM.getSpellingLoc(Loc);
  }
  StringRef Tok =
      Lexer::getSourceText(CharSourceRange::getTokenRange(Loc, Loc), SM, LO);
  if (Tok.empty() || llvm::isAlpha(Tok.back()))
    return std::nullopt;
  return FixItHint::CreateInsertion(
      Lexer::getLocForEndOfToken(Loc, 0, SM, LO), "f");
}


void DoublePrecisionScan::addTree(const Tree &T) {
  // A double variable puts everything it touches into FP64: one site, at the
  // variable.
  for (const Leaf &L : T.Leaves)
    if (L.Kind == LeafKind::DoubleVar) {
      VarUse &U = Vars[L.Var];
      U.Ops += T.Ops;
      if (!U.First)
        U.First = T.Root;
      if (T.Compound && L.E == cast<BinaryOperator>(T.Root->IgnoreParens())
                                   ->getLHS()
                                   ->IgnoreParens())
        U.Accumulated = true;
      U.InLoop |= inLoop(T.Root);
      return;
    }
  // The initialiser of a double variable, which is itself the site.
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(parent(T.Root)))
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D);
          V && V->getInit() && V->getInit()->IgnoreParens() == T.Root &&
          isDouble(V->getType())) {
        Vars[V].Ops += T.Ops;
        return;
      }
  // Results of double calls already counted as such.
  bool OnlyCalls = true;
  for (const Leaf &L : T.Leaves)
    if (!(L.Kind == LeafKind::FloatPromoted ||
          (L.Kind == LeafKind::Constant && L.Exact) ||
          (L.Kind == LeafKind::DoubleCall && Covered.count(L.E))))
      OnlyCalls = false;
  if (OnlyCalls && llvm::any_of(T.Leaves, [&](const Leaf &L) {
        return L.Kind == LeafKind::DoubleCall;
      }))
    return;

  FP64Site S;
  S.E = T.Root;
  S.Ops = T.Ops;
  S.Compare = T.Compare;
  const Leaf *Inexact = nullptr, *Exact = nullptr, *Int = nullptr;
  for (const Leaf &L : T.Leaves) {
    if (L.Kind == LeafKind::Constant && !L.Exact && !Inexact)
      Inexact = &L;
    if (L.Kind == LeafKind::Constant && L.Exact && !Exact)
      Exact = &L;
    if (L.Kind == LeafKind::IntConverted && !Int)
      Int = &L;
  }
  if (const Leaf *C = Inexact ? Inexact : Exact) {
    S.Constant = C->E;
    S.ConstantValue = C->Value;
  }
  if (Int)
    S.Int = Int->E;
  if (Inexact)
    S.Cause = FP64Cause::InexactConstant;
  else if (Int)
    S.Cause = FP64Cause::IntByDouble;
  else if (Exact && T.Ops > 1)
    S.Cause = FP64Cause::ConstantChain;
  else if (Exact && T.Ops == 1 && !T.Compare)
    S.Cause = FP64Cause::ResultNotFloat;
  else
    S.Cause = FP64Cause::DoubleArithmetic;
  // The f suffix keeps the constant and moves the arithmetic to float; with
  // an int or a double variable in the tree it would also change what they
  // are converted to, so no fix then.
  bool FloatsAndConstants = llvm::all_of(T.Leaves, [](const Leaf &L) {
    return L.Kind == LeafKind::FloatPromoted || L.Kind == LeafKind::Constant;
  });
  if (const Leaf *L = Inexact || !FloatsAndConstants ? nullptr : Exact)
    if (std::optional<FixItHint> Fix = suffixFix(L->E, SM, Ctx.getLangOpts())) {
      S.Fix = *Fix;
      S.FixedConstant = L->E;
    }
  Sites.push_back(std::move(S));
}

void DoublePrecisionScan::addCall(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !Callee->getIdentifier())
    return;
  StringRef Name = Callee->getName();
  FP64Site S;
  S.E = Call;
  S.Callee = Callee;
  // CUDA's pow(float, int) is powif, which libdevice evaluates in double
  // (SASS of dp_pow_float_int: 93 FP64 instructions).
  if ((Name == "pow" || Name == "powif") && Callee->getNumParams() == 2 &&
      isFloat(Callee->getParamDecl(0)->getType()) &&
      Callee->getParamDecl(1)->getType()->isIntegerType()) {
    S.Cause = FP64Cause::PowFloatInt;
    Sites.push_back(std::move(S));
    return;
  }
  if (!isDouble(Call->getType()) ||
      !llvm::is_contained(MathFunctions, Name.str()))
    return;
  bool FromFloat = false, Fixable = true, HoldsDouble = false;
  for (const Expr *Arg : Call->arguments()) {
    Tree T;
    T.Root = Arg->IgnoreParens();
    collect(Arg, T);
    // A float passed as is: a promoting template (pow(float, double)).
    if (isFloat(Arg->IgnoreParens()->getType()))
      FromFloat = true;
    for (const Leaf &L : T.Leaves) {
      if (L.Kind == LeafKind::FloatPromoted)
        FromFloat = true;
      else if (L.Kind == LeafKind::DoubleVar || L.Kind == LeafKind::DoubleCall)
        HoldsDouble = true;
      else if (!(L.Kind == LeafKind::Constant && L.Exact))
        Fixable = false;
    }
    if (T.Ops)
      Fixable = false;
  }
  // An argument that holds a double variable or result (`fabs(score -
  // label)` with a double score) is double because of that value, not
  // because the double overload was picked for a float: the variable's own
  // finding, if any, says so.
  if (!FromFloat || HoldsDouble)
    return;
  Covered.insert(Call);
  for (const Expr *Arg : Call->arguments())
    Covered.insert(Arg->IgnoreParens());
  S.Cause = FP64Cause::DoubleOverload;
  // The float function gives the same result when the call is exact (or
  // sqrt), its arguments are floats and exact constants, and the result goes
  // straight back to float.
  const auto *Cast = dyn_cast_or_null<CastExpr>(parent(Call));
  const auto *Ref =
      dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts());
  if (Fixable && Cast && Cast->getCastKind() == CK_FloatingCast &&
      isFloat(Cast->getType()) &&
      llvm::is_contained(ExactFunctions, Name.str()) && Ref &&
      !Ref->hasQualifier() && Ref->getLocation().isFileID())
    S.Fix = FixItHint::CreateReplacement(
        CharSourceRange::getTokenRange(Ref->getLocation(), Ref->getLocation()),
        Name.str() + "f");
  Sites.push_back(std::move(S));
}

void DoublePrecisionScan::addVars() {
  for (auto &[V, U] : Vars) {
    if (!U.Ops)
      continue;
    FP64Site S;
    S.Cause = FP64Cause::DoubleVariable;
    S.E = U.First;
    S.Ops = U.Ops;
    S.Var = V;
    S.Accumulated = U.Accumulated;
    S.InLoop = U.InLoop;
    Sites.push_back(std::move(S));
  }
}

std::vector<FP64Site> DoublePrecisionScan::run() {
  if (!FD.getBody() || doubleByIntent(FD))
    return {};
  struct Finder : RecursiveASTVisitor<Finder> {
    llvm::SmallVector<const CallExpr *, 8> Calls;
    llvm::SmallVector<const Expr *, 16> Nodes;
    const DoublePrecisionScan &S;
    explicit Finder(const DoublePrecisionScan &S) : S(S) {}
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
    bool VisitCallExpr(CallExpr *C) {
      Calls.push_back(C);
      return true;
    }
    bool VisitExpr(Expr *E) {
      if (!isa<ParenExpr>(E) && S.isArith(E))
        Nodes.push_back(E);
      return true;
    }
  } F(*this);
  F.TraverseStmt(FD.getBody());
  for (const CallExpr *C : F.Calls)
    addCall(C);
  for (const Expr *E : F.Nodes) {
    const Stmt *P = parent(E);
    if (P && isa<Expr>(P) && isArith(cast<Expr>(P)))
      continue; // not a root
    if (Covered.count(E) || constantValue(E, Ctx))
      continue;
    Tree T;
    T.Root = E;
    const Expr *Bare = E->IgnoreParens();
    T.Compound = isa<CompoundAssignOperator>(Bare);
    if (const auto *BO = dyn_cast<BinaryOperator>(Bare))
      T.Compare = BO->isComparisonOp();
    collect(E, T);
    if (!narrowed(T))
      addTree(T);
  }
  addVars();
  return std::move(Sites);
}

std::vector<FP64Site> findFP64Sites(const FunctionDecl &FD, ASTContext &Ctx,
                                    MutationCache &Mutations) {
  // clang's ParentMap, which the scan needs, is built recursively: a body
  // nested deeper than the walk budget is not scanned at all.
  if (nestingExceeds(FD.getBody(), MaxWalkDepth)) {
    noteTooComplex(Ctx, *FD.getBody(), "FP64 scan");
    return {};
  }
  return DoublePrecisionScan(FD, Ctx, Mutations).run();
}

} // namespace warplint
