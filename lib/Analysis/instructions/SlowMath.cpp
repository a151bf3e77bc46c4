//===- SlowMath.cpp - Math a specialised function does faster ------------===//
//
// The guide (modern §11.1.6) names: explicit multiplication for small integer
// powers, exp2/exp10 for base 2 and 10, cbrt/rcbrt for exponents 1/3 and -1/3
// (and §11.1.5 Table 5 for other small fractions), and sinpi/cospi for
// sin(pi * x) and cos(pi * x). Log and exp with a base change (log(x) /
// log(2), exp(x * ln 2)) are the same specialisation the other way round. The
// SASS of each pair is in validation/instruction-checks (slow_math.cu).
//
// Division by a float constant whose reciprocal is exact (x / 4.0f) is not a
// site: nvcc already multiplies (sm_div_pow2_const: 11 instructions, as
// x * 0.25f). Division by other constants is exact only as a division.
//
// Fast math (nvcc --use_fast_math, clang -ffast-math or
// -fgpu-approx-transcendentals) makes every single-precision sinf, expf, logf
// and powf call its __ intrinsic (a few MUFU instructions) and float division
// a multiplication by the reciprocal: the faster forms the guide suggests gain
// nothing there (sinpif and cbrtf are library functions, slower than __sinf).
// What still pays is powf to a small integer power (__powf is two MUFU
// instructions and inexact; x * x one exact FMUL).
//
//===----------------------------------------------------------------------===//
#include "Analysis/instructions/SlowMath.h"

#include "Analysis/instructions/DeviceStatements.h"
#include "Frontend/ConstantValue.h"
#include "clang/AST/ASTContext.h"
#include <cmath>

using namespace clang;

namespace warplint {

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

std::vector<SlowMathSite> findSlowMath(const DeviceStatements &S,
                                       const ASTContext &Ctx) {
  std::vector<SlowMathSite> Out;
  const LangOptions &LO = Ctx.getLangOpts();
  bool FastMath = LO.FastMath || LO.GPUDeviceApproxTranscendentals;
  auto Add = [&](SlowMathKind Kind, const Expr *At, bool IsFloat) {
    SlowMathSite Site;
    Site.Kind = Kind;
    Site.At = At;
    Site.IsFloat = IsFloat;
    Out.push_back(Site);
    return &Out.back();
  };

  for (const CallExpr *C : S.Calls) {
    StringRef Name = baseName(C);
    if (Name.empty())
      continue;
    // sincosf returns void: its argument says which precision it is.
    QualType Prec = C->getType()->isVoidType() && C->getNumArgs()
                        ? C->getArg(0)->IgnoreParenImpCasts()->getType()
                        : C->getType();
    bool IsFloat = Prec->isSpecificBuiltinType(BuiltinType::Float);

    if (Name == "pow" && C->getNumArgs() == 2) {
      const Expr *Base = C->getArg(0), *Exp = C->getArg(1);
      bool IntExponent =
          Exp->IgnoreParenImpCasts()->getType()->isIntegerType() &&
          C->getDirectCallee()->getParamDecl(1)->getType()->isIntegerType();
      if (std::optional<double> K = constantValue(Exp, Ctx)) {
        if (*K == 2 || *K == 3 || *K == 4) {
          SlowMathSite *Site = Add(SlowMathKind::SmallIntegerPower, C, IsFloat);
          Site->Value = *K;
          Site->Operand = Base;
          Site->IntExponent = IntExponent;
          continue;
        }
        if (FastMath && IsFloat)
          continue;
        bool Done = false;
        for (const Fraction &Fr : Table5)
          if (near(*K, double(Fr.P) / Fr.Q)) {
            SlowMathSite *Site = Add(SlowMathKind::TablePower, C, IsFloat);
            Site->Operand = Base;
            Site->P = Fr.P;
            Site->Q = Fr.Q;
            Site->Formula = Fr.Formula;
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
        SlowMathSite *Site = Add(SlowMathKind::PowerOfBase, C, IsFloat);
        Site->Value = *B;
        Site->Operand = Exp;
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
      SlowMathSite *Site = Add(SlowMathKind::ExpBaseChange, C, IsFloat);
      Site->Value = B;
      Site->Operand = Other;
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
      SlowMathSite *Site = Add(SlowMathKind::TrigOfPi, C, IsFloat);
      Site->Operand = Other;
      Site->Divisor = Divisor;
      Site->Function = Name;
    }
  }

  for (const BinaryOperator *B : S.Products) {
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
        SlowMathSite *Site = Add(SlowMathKind::LogBaseChange, B, IsFloat);
        Site->Value = Base;
        Site->Operand = L->getArg(0);
      }
      continue;
    }
    if (B->getOpcode() != BO_Div || !B->getType()->isRealFloatingType())
      continue;
    bool IsFloat = B->getType()->isSpecificBuiltinType(BuiltinType::Float);
    if (FastMath && IsFloat)
      continue;
    std::optional<double> V = constantValue(B->getRHS(), Ctx);
    if (!V || *V == 0)
      continue;
    int Exp;
    // A power of two has an exact reciprocal: nvcc multiplies by itself.
    if (std::fabs(std::frexp(*V, &Exp)) == 0.5)
      continue;
    Add(SlowMathKind::DivisionByConstant, B, IsFloat);
  }
  return Out;
}

} // namespace warplint
