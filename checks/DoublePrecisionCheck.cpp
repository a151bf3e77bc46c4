//===- DoublePrecisionCheck.cpp -------------------------------------------===//
//
// The guide's rule (modern §11.1.4, 2.3 §5.1.3, Low): "Avoid automatic
// conversion of doubles to floats." A double constant without the f suffix,
// an int mixed with a double, a double math overload or a double local puts
// the arithmetic around it into FP64, which runs at a fraction of the FP32 rate.
//
// Which expressions really execute in FP64 is decided by lib/Analysis/
// DoublePrecision, from nvcc's narrowing rules measured against its SASS; this
// check words each FP64 site it finds, once per location and message.
//
//===----------------------------------------------------------------------===//
#include "checks/DoublePrecisionCheck.h"

#include "Analysis/instructions/DoublePrecision.h"
#include "checks/DeviceCode.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace warplint {

static std::string rateText(const hw::HardwareModel &HW) {
  return "FP64 throughput on " + HW.Name + " is " + HW.fp64RatioText() +
         " of FP32";
}

static std::string opsText(unsigned Ops) {
  return std::to_string(Ops) + " double operation" + (Ops == 1 ? "" : "s");
}

/// A site of double arithmetic (a tree of operations).
static Report arithmeticReport(const FP64Site &S, const ASTContext &Ctx,
                               const std::string &Rate) {
  std::string Text = sourceText(S.E, Ctx);
  std::string What = Text.empty() ? "this expression" : "'" + Text + "'";
  std::string Ops = opsText(S.Ops);
  Report R;
  R.Loc = S.E->getExprLoc();
  R.Range = S.E->getSourceRange();
  R.Conf = Confidence::Likely;
  switch (S.Cause) {
  case FP64Cause::InexactConstant: {
    std::string C = sourceText(S.Constant, Ctx);
    R.Loc = S.Constant->getExprLoc();
    R.Message = "double constant " +
                (C.empty() ? formatNumber(S.ConstantValue) : C) +
                " is not exactly representable in float: " + What +
                " executes in FP64 (" + Ops + "); " + Rate;
    R.Notes.push_back(
        {R.Loc, "in float it is " + formatNumber(float(S.ConstantValue)) +
                    ": write it with the f suffix if single precision "
                    "suffices; nvcc narrows only constants that float "
                    "represents exactly"});
    break;
  }
  case FP64Cause::IntByDouble: {
    std::string I = sourceText(S.Int, Ctx);
    R.Message = "integer-by-double arithmetic: " + What + " converts " +
                (I.empty() ? "an integer" : "'" + I + "'") +
                " to double and executes in FP64 (" + Ops + "); " + Rate;
    if (S.Constant)
      R.Loc = S.Constant->getExprLoc();
    break;
  }
  case FP64Cause::ConstantChain:
    R.Loc = S.Constant->getExprLoc();
    R.Message = What + " executes in FP64: the double constant " +
                sourceText(S.Constant, Ctx) + " makes it a chain of " + Ops +
                ", which nvcc does not narrow back to float; " + Rate;
    break;
  case FP64Cause::ResultNotFloat:
    R.Message = What + " executes in FP64: its result is not a float, so nvcc "
                       "does not narrow it; " +
                Rate;
    break;
  default:
    R.Message = What + " executes in FP64 in single-precision code (" + Ops +
                "); " + Rate;
    break;
  }
  // The constant is exact in float and every other operand is a float. The
  // edit is safe (the same result) for one operation whose result goes to a
  // float: rounding an exact double result of +, -, *, / of floats to float
  // equals the float operation (53 >= 2 * 24 + 2 bits: double rounding is
  // innocuous). In a chain each step now rounds to float, and a result kept
  // in double loses its precision: the last bits can change, so the edit is
  // named for review, never applied by --fix.
  if (S.Fix)
    R.Suggestion = {"write " + sourceText(S.FixedConstant, Ctx) +
                        "f: the same constant in float keeps the "
                        "arithmetic in single precision",
                    *S.Fix,
                    /*Safe=*/S.Ops == 1 && S.Cause != FP64Cause::ResultNotFloat};
  return R;
}

/// How \p S is reported.
static Report reportFor(const FP64Site &S, const ASTContext &Ctx,
                        const hw::HardwareModel &HW) {
  std::string Rate = rateText(HW);
  Report R;
  R.Conf = Confidence::Likely;
  switch (S.Cause) {
  case FP64Cause::PowFloatInt:
  case FP64Cause::DoubleOverload: {
    std::string What = "'" + sourceText(S.E, Ctx) + "'";
    std::string Name = S.Callee->getName().str();
    R.Loc = S.E->getBeginLoc();
    R.Range = S.E->getSourceRange();
    if (S.Cause == FP64Cause::PowFloatInt) {
      R.Message = What + " executes in FP64: CUDA evaluates pow(float, int) "
                         "(powif) in double precision; " +
                  Rate;
      return R;
    }
    R.Message = What + " calls the double-precision '" + Name +
                "' with a float argument: it executes in FP64; " + Rate;
    // Safe for the functions whose result is exact (a float argument gives
    // a value a float holds, so both overloads return the same number);
    // unsafe for the rest (sinf, expf, ...: last bits may differ).
    bool Exact = false;
    for (llvm::StringRef E : {"floor", "ceil", "trunc", "round", "rint",
                              "nearbyint", "fabs", "fmin", "fmax", "copysign"})
      Exact |= Name == E;
    if (S.Fix)
      R.Suggestion = {"call " + Name +
                          "f: the float function gives the same result" +
                          (Exact ? "" : " to float precision"),
                      *S.Fix, Exact};
    return R;
  }
  case FP64Cause::DoubleVariable: {
    const VarDecl *V = S.Var;
    R.Loc = V->getLocation();
    R.Range = V->getSourceRange();
    std::string Kind = isa<ParmVarDecl>(V) ? "parameter" : "local";
    R.Message = "double " + Kind + " '" + V->getNameAsString() +
                "' in single-precision code: the arithmetic on it executes "
                "in FP64 (" +
                opsText(S.Ops) + (S.Accumulated ? ", accumulated" : "") +
                (S.InLoop ? " in a loop" : "") + "); " + Rate;
    if (S.E)
      R.Notes.push_back({S.E->getExprLoc(),
                         "'" + sourceText(S.E, Ctx) +
                             "' is computed in double precision"});
    return R;
  }
  default:
    return arithmeticReport(S, Ctx, Rate);
  }
}

void DoublePrecisionCheck::checkFunction(const FunctionDecl &FD,
                                         ASTContext &Ctx) {
  const hw::HardwareModel &HW = target(Ctx);
  if (HW.FP64PerClockPerSM == 0)
    return; // a target without FP64 units executes nothing in FP64
  const SourceManager &SM = Ctx.getSourceManager();
  for (const FP64Site &S : analysis(Ctx).fp64Sites(FD)) {
    Report R = reportFor(S, Ctx, HW);
    // One finding per kind of site in a function; a double variable is a
    // cause of its own (its declaration is the fix).
    R.Cause = S.Cause == FP64Cause::DoubleVariable
                  ? "variable " + S.Var->getNameAsString()
                  : "cause " + std::to_string(int(S.Cause));
    report(R, SM);
  }
}

} // namespace warplint
