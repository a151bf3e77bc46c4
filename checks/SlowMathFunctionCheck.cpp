//===- SlowMathFunctionCheck.cpp ------------------------------------------===//
//
// The guide's rule (modern §11.1.6, Medium): "Prefer faster, more specialized
// math functions over slower, more general ones when possible." It names:
// explicit multiplication for small integer powers, exp2/exp10 for base 2 and
// 10, cbrt/rcbrt for exponents 1/3 and -1/3 (and §11.1.5 Table 5 for other
// small fractions), and sinpi/cospi for sin(pi * x) and cos(pi * x). Log and
// exp with a base change (log(x) / log(2), exp(x * ln 2)) are the same
// specialisation the other way round. The SASS of each pair is in
// validation/instruction-checks (slow_math.cu).
//
// Division by a float constant whose reciprocal is exact (x / 4.0f) is not
// reported: nvcc already multiplies (sm_div_pow2_const: 11 instructions, as
// x * 0.25f). Division by other constants is exact only as a division; the
// option DivisionByConstant reports it for those who accept a last-bit change.
//
//===----------------------------------------------------------------------===//
#include "checks/SlowMathFunctionCheck.h"

#include "checks/DeviceCode.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include <cmath>

using namespace clang;
using namespace clang::ast_matchers;

namespace warplint {

SlowMathFunctionCheck::SlowMathFunctionCheck(llvm::StringRef Name,
                                             tidy::ClangTidyContext *Context)
    : DeviceFunctionCheckBase(Name, Context),
      DivisionByConstant(Options.get("DivisionByConstant", false)) {}

void SlowMathFunctionCheck::storeOptions(
    tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "DivisionByConstant", DivisionByConstant);
}

namespace {

/// Table 5 of the modern guide (§11.1.5): exponent p/q and its formula, with
/// X for the base and F for the function suffix ("f" for float).
struct Fraction {
  int P, Q;
  const char *Formula;
};
const Fraction Table5[] = {
    {1, 9, "rcbrtF(rcbrtF(X))"},
    {-1, 9, "cbrtF(rcbrtF(X))"},
    {1, 6, "rcbrtF(rsqrtF(X))"},
    {-1, 6, "rcbrtF(sqrtF(X))"},
    {1, 4, "rsqrtF(rsqrtF(X))"},
    {-1, 4, "sqrtF(rsqrtF(X))"},
    {1, 3, "cbrtF(X)"},
    {-1, 3, "rcbrtF(X)"},
    {1, 2, "sqrtF(X)"},
    {-1, 2, "rsqrtF(X)"},
    {2, 3, "r = cbrtF(X); r * r"},
    {-2, 3, "r = rcbrtF(X); r * r"},
    {3, 4, "r = sqrtF(X); r * sqrtF(r)"},
    {-3, 4, "r = rsqrtF(X); r * sqrtF(r)"},
    {7, 6, "X * rcbrtF(rsqrtF(X))"},
    {-7, 6, "(1 / X) * rcbrtF(sqrtF(X))"},
    {5, 4, "X * rsqrtF(rsqrtF(X))"},
    {-5, 4, "(1 / X) * sqrtF(rsqrtF(X))"},
    {4, 3, "X * cbrtF(X)"},
    {-4, 3, "(1 / X) * rcbrtF(X)"},
    {3, 2, "X * sqrtF(X)"},
    {-3, 2, "(1 / X) * rsqrtF(X)"},
};

bool near(double A, double B) {
  return std::fabs(A - B) <= 1e-6 * std::fabs(B);
}

std::string fill(llvm::StringRef Formula, llvm::StringRef X,
                 llvm::StringRef F) {
  std::string Out;
  for (char C : Formula) {
    if (C == 'X')
      Out += X.str();
    else if (C == 'F')
      Out += F.str();
    else
      Out += C;
  }
  return Out;
}

/// A simple operand can be repeated in a product: a name, a member, a
/// subscript or a literal; anything else is wrapped in parentheses.
std::string operand(const Expr *E, const ASTContext &Ctx) {
  std::string T = sourceText(E, Ctx, 40);
  const Expr *B = E->IgnoreParenImpCasts();
  if (isa<DeclRefExpr, MemberExpr, ArraySubscriptExpr, IntegerLiteral,
          FloatingLiteral, ParenExpr>(B))
    return T;
  return "(" + T + ")";
}

StringRef baseName(const CallExpr *C) {
  const FunctionDecl *FD = C->getDirectCallee();
  if (!FD || !FD->getIdentifier())
    return "";
  StringRef N = FD->getName();
  if (N == "powf" || N == "expf" || N == "logf" || N == "sinf" ||
      N == "cosf" || N == "sincosf")
    return N.drop_back();
  return N;
}

/// log(2) / log(10) (or logf) with a constant argument: 2 or 10, else 0.
double logOfConstant(const Expr *E, const ASTContext &Ctx) {
  const auto *C = dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
  if (!C || baseName(C) != "log" || C->getNumArgs() != 1)
    return 0;
  std::optional<double> V = constantValue(C->getArg(0), Ctx);
  return V && (*V == 2 || *V == 10) ? *V : 0;
}

/// The base (2 or 10) that a factor of ln(base) stands for, else 0.
double lnBase(const Expr *E, const ASTContext &Ctx) {
  if (double B = logOfConstant(E, Ctx))
    return B;
  std::optional<double> V = constantValue(E, Ctx);
  if (V && near(*V, std::log(2.0)))
    return 2;
  if (V && near(*V, std::log(10.0)))
    return 10;
  return 0;
}

bool isPi(const Expr *E, const ASTContext &Ctx) {
  std::optional<double> V = constantValue(E, Ctx);
  return V && near(*V, 3.14159265358979323846);
}

} // namespace

void SlowMathFunctionCheck::checkFunction(const FunctionDecl &Fn, ASTContext &Ctx) {
  const FunctionDecl *FD = &Fn;
  const SourceManager &SM = Ctx.getSourceManager();

  struct Finder : RecursiveASTVisitor<Finder> {
    llvm::SmallVector<const CallExpr *, 8> Calls;
    llvm::SmallVector<const BinaryOperator *, 8> Ops;
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
    bool VisitCallExpr(CallExpr *C) {
      Calls.push_back(C);
      return true;
    }
    bool VisitBinaryOperator(BinaryOperator *B) {
      if (B->getOpcode() == BO_Div || B->getOpcode() == BO_Mul)
        Ops.push_back(B);
      return true;
    }
  } F;
  F.TraverseStmt(FD->getBody());

  // Fast math (nvcc --use_fast_math, clang -ffast-math or
  // -fgpu-approx-transcendentals) makes every single-precision sinf, expf,
  // logf and powf call its __ intrinsic (a few MUFU instructions) and float
  // division a multiplication by the reciprocal: the faster forms the guide
  // suggests gain nothing there (sinpif and cbrtf are library functions,
  // slower than __sinf). What still pays is powf to a small integer power
  // (__powf is two MUFU instructions and inexact; x * x one exact FMUL).
  const LangOptions &LO = Ctx.getLangOpts();
  bool FastMath = LO.FastMath || LO.GPUDeviceApproxTranscendentals;

  auto Emit = [&](const Expr *At, std::string Message, std::string Note) {
    Report R;
    R.Loc = At->getBeginLoc();
    R.Range = At->getSourceRange();
    R.Conf = Confidence::Likely;
    R.Message = std::move(Message);
    if (!Note.empty())
      R.Notes.push_back({R.Loc, std::move(Note)});
    report(R, SM);
  };

  for (const CallExpr *C : F.Calls) {
    StringRef Name = baseName(C);
    if (Name.empty())
      continue;
    // sincosf returns void: its argument says which precision it is.
    QualType Prec = C->getType()->isVoidType() && C->getNumArgs()
                        ? C->getArg(0)->IgnoreParenImpCasts()->getType()
                        : C->getType();
    bool IsFloat = Prec->isSpecificBuiltinType(BuiltinType::Float);
    std::string Suffix = IsFloat ? "f" : "";
    std::string Call = "'" + sourceText(C, Ctx) + "'";

    if (Name == "pow" && C->getNumArgs() == 2) {
      const Expr *Base = C->getArg(0), *Exp = C->getArg(1);
      std::string X = operand(Base, Ctx);
      bool IntExponent =
          Exp->IgnoreParenImpCasts()->getType()->isIntegerType() &&
          C->getDirectCallee()->getParamDecl(1)->getType()->isIntegerType();
      std::string IntNote =
          IntExponent && IsFloat
              ? "; CUDA evaluates pow(float, int) in double precision"
              : "";
      if (std::optional<double> K = constantValue(Exp, Ctx)) {
        if (*K == 2 || *K == 3 || *K == 4) {
          std::string Mul = *K == 2   ? X + " * " + X
                            : *K == 3 ? X + " * " + X + " * " + X
                                      : "(" + X + " * " + X + ") * (" + X +
                                            " * " + X + ")";
          Emit(C,
               Call + " is a general exponentiation for a small integer "
                      "power: '" +
                   Mul + "' is faster" + IntNote,
               "the guide: explicit multiplication is almost certainly faster "
               "than general exponentiation routines such as pow()");
          continue;
        }
        if (FastMath && IsFloat)
          continue;
        bool Done = false;
        for (const Fraction &Fr : Table5)
          if (near(*K, double(Fr.P) / Fr.Q)) {
            Emit(C,
                 Call + " raises to " + std::to_string(Fr.P) + "/" +
                     std::to_string(Fr.Q) + ": '" +
                     fill(Fr.Formula, X, Suffix) +
                     "' is faster and more accurate than pow",
                 "Best Practices Guide §11.1.5, Table 5; the formula is valid "
                 "for " +
                     X + " >= 0 (signbit clear)");
            Done = true;
            break;
          }
        if (Done)
          continue;
      }
      if (FastMath && IsFloat)
        continue;
      if (std::optional<double> B = constantValue(Base, Ctx);
          B && (*B == 2 || *B == 10)) {
        std::string Fn = (*B == 2 ? "exp2" : "exp10") + Suffix;
        Emit(C,
             Call + " raises " + formatNumber(*B) + " to a power: '" + Fn +
                 "(" + sourceText(Exp, Ctx) + ")' is faster",
             "the guide: exp2() and exp10() can be as much as ten times "
             "faster than their pow() equivalents");
      }
      continue;
    }

    if (FastMath && IsFloat)
      continue;
    if (Name == "exp" && C->getNumArgs() == 1) {
      const auto *M =
          dyn_cast<BinaryOperator>(C->getArg(0)->IgnoreParenImpCasts());
      if (!M || M->getOpcode() != BO_Mul)
        continue;
      const Expr *Other = nullptr;
      double B = lnBase(M->getRHS(), Ctx);
      Other = M->getLHS();
      if (!B) {
        B = lnBase(M->getLHS(), Ctx);
        Other = M->getRHS();
      }
      if (!B)
        continue;
      std::string Fn = (B == 2 ? "exp2" : "exp10") + Suffix;
      Emit(C,
           Call + " is base " + formatNumber(B) + " exponentiation: '" + Fn +
               "(" + sourceText(Other, Ctx) + ")' is faster",
           "");
      continue;
    }

    if ((Name == "sin" || Name == "cos" || Name == "sincos") &&
        C->getNumArgs() >= 1) {
      const Expr *Arg = C->getArg(0)->IgnoreParenImpCasts();
      const Expr *Divisor = nullptr;
      if (const auto *D = dyn_cast<BinaryOperator>(Arg);
          D && D->getOpcode() == BO_Div) {
        Divisor = D->getRHS();
        Arg = D->getLHS()->IgnoreParenImpCasts();
      }
      const auto *M = dyn_cast<BinaryOperator>(Arg);
      if (!M || M->getOpcode() != BO_Mul)
        continue;
      const Expr *Other = isPi(M->getLHS(), Ctx)   ? M->getRHS()
                          : isPi(M->getRHS(), Ctx) ? M->getLHS()
                                                   : nullptr;
      if (!Other)
        continue;
      std::string NewArg = sourceText(Other, Ctx);
      if (Divisor)
        NewArg = operand(Other, Ctx) + " / " + operand(Divisor, Ctx);
      std::string Fn = Name.str() + "pi" + Suffix;
      Emit(C,
           Call + " multiplies its argument by pi: '" + Fn + "(" + NewArg +
               (Name == "sincos" ? ", ...)" : ")") +
               "' is faster and more accurate",
           "the guide: sinpi() multiplies by pi only implicitly and has a "
           "simpler argument reduction");
    }
  }

  for (const BinaryOperator *B : F.Ops) {
    const auto *L = dyn_cast<CallExpr>(B->getLHS()->IgnoreParenImpCasts());
    if (L && baseName(L) == "log" && L->getNumArgs() == 1) {
      bool IsFloat = L->getType()->isSpecificBuiltinType(BuiltinType::Float);
      if (FastMath && IsFloat)
        continue;
      double Base = 0;
      if (B->getOpcode() == BO_Div)
        Base = lnBase(B->getRHS(), Ctx);
      else if (std::optional<double> V = constantValue(B->getRHS(), Ctx))
        Base = near(*V, 1 / std::log(2.0))    ? 2
               : near(*V, 1 / std::log(10.0)) ? 10
                                              : 0;
      if (Base) {
        std::string Fn =
            std::string(Base == 2 ? "log2" : "log10") + (IsFloat ? "f" : "");
        Emit(B,
             "'" + sourceText(B, Ctx) + "' is a base-" + formatNumber(Base) +
                 " logarithm: '" + Fn + "(" + sourceText(L->getArg(0), Ctx) +
                 ")' is faster",
             "");
      }
      continue;
    }
    if (!DivisionByConstant || B->getOpcode() != BO_Div ||
        !B->getType()->isRealFloatingType())
      continue;
    if (FastMath && B->getType()->isSpecificBuiltinType(BuiltinType::Float))
      continue;
    std::optional<double> V = constantValue(B->getRHS(), Ctx);
    if (!V || *V == 0)
      continue;
    int Exp;
    // A power of two has an exact reciprocal: nvcc multiplies by itself.
    if (std::fabs(std::frexp(*V, &Exp)) == 0.5)
      continue;
    Emit(B,
         "'" + sourceText(B, Ctx) +
             "' divides by a constant: IEEE division is a multi-instruction "
             "sequence; multiplying by the reciprocal is faster but may differ "
             "in the last bit",
         "");
  }
}

} // namespace warplint
