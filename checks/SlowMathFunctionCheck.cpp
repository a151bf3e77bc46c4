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

#include "Analysis/AnalysisContext.h"
#include "checks/DeviceCode.h"
#include "clang/AST/ASTContext.h"

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

} // namespace

void SlowMathFunctionCheck::checkFunction(const FunctionDecl &FD,
                                          ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
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

  for (const SlowMathSite &Site : analysis(Ctx).slowMath(FD)) {
    std::string Suffix = Site.IsFloat ? "f" : "";
    std::string Call = "'" + sourceText(Site.At, Ctx) + "'";
    switch (Site.Kind) {
    case SlowMathKind::SmallIntegerPower: {
      std::string X = operand(Site.Operand, Ctx);
      std::string IntNote =
          Site.IntExponent && Site.IsFloat
              ? "; CUDA evaluates pow(float, int) in double precision"
              : "";
      double K = Site.Value;
      std::string Mul = K == 2   ? X + " * " + X
                        : K == 3 ? X + " * " + X + " * " + X
                                 : "(" + X + " * " + X + ") * (" + X + " * " +
                                       X + ")";
      Emit(Site.At,
           Call + " is a general exponentiation for a small integer "
                  "power: '" +
               Mul + "' is faster" + IntNote,
           "the guide: explicit multiplication is almost certainly faster "
           "than general exponentiation routines such as pow()");
      break;
    }
    case SlowMathKind::TablePower: {
      std::string X = operand(Site.Operand, Ctx);
      Emit(Site.At,
           Call + " raises to " + std::to_string(Site.P) + "/" +
               std::to_string(Site.Q) + ": '" + fill(Site.Formula, X, Suffix) +
               "' is faster and more accurate than pow",
           "Best Practices Guide §11.1.5, Table 5; the formula is valid "
           "for " +
               X + " >= 0 (signbit clear)");
      break;
    }
    case SlowMathKind::PowerOfBase: {
      std::string Fn = (Site.Value == 2 ? "exp2" : "exp10") + Suffix;
      Emit(Site.At,
           Call + " raises " + formatNumber(Site.Value) + " to a power: '" +
               Fn + "(" + sourceText(Site.Operand, Ctx) + ")' is faster",
           "the guide: exp2() and exp10() can be as much as ten times "
           "faster than their pow() equivalents");
      break;
    }
    case SlowMathKind::ExpBaseChange: {
      std::string Fn = (Site.Value == 2 ? "exp2" : "exp10") + Suffix;
      Emit(Site.At,
           Call + " is base " + formatNumber(Site.Value) +
               " exponentiation: '" + Fn + "(" +
               sourceText(Site.Operand, Ctx) + ")' is faster",
           "");
      break;
    }
    case SlowMathKind::TrigOfPi: {
      std::string NewArg = sourceText(Site.Operand, Ctx);
      if (Site.Divisor)
        NewArg = operand(Site.Operand, Ctx) + " / " + operand(Site.Divisor, Ctx);
      std::string Fn = Site.Function.str() + "pi" + Suffix;
      Emit(Site.At,
           Call + " multiplies its argument by pi: '" + Fn + "(" + NewArg +
               (Site.Function == "sincos" ? ", ...)" : ")") +
               "' is faster and more accurate",
           "the guide: sinpi() multiplies by pi only implicitly and has a "
           "simpler argument reduction");
      break;
    }
    case SlowMathKind::LogBaseChange: {
      std::string Fn = std::string(Site.Value == 2 ? "log2" : "log10") +
                       (Site.IsFloat ? "f" : "");
      Emit(Site.At,
           "'" + sourceText(Site.At, Ctx) + "' is a base-" +
               formatNumber(Site.Value) + " logarithm: '" + Fn + "(" +
               sourceText(Site.Operand, Ctx) + ")' is faster",
           "");
      break;
    }
    case SlowMathKind::DivisionByConstant:
      if (!DivisionByConstant)
        break;
      Emit(Site.At,
           "'" + sourceText(Site.At, Ctx) +
               "' divides by a constant: IEEE division is a multi-instruction "
               "sequence; multiplying by the reciprocal is faster but may "
               "differ in the last bit",
           "");
      break;
    }
  }
}

} // namespace warplint
