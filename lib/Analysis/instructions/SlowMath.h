//===- SlowMath.h - Math a specialised function does faster -----*- C++ -*-===//
//
// Part of warplint. The general math calls and operations of a device function
// that a specialised function or plain multiplication does faster (the rules
// are in the .cpp's header); checks/SlowMathFunctionCheck words them.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_SLOWMATH_H
#define WARPLINT_ANALYSIS_SLOWMATH_H

#include "llvm/ADT/StringRef.h"
#include <vector>

namespace clang {
class ASTContext;
class Expr;
} // namespace clang

namespace warplint {

struct DeviceStatements;

/// What a site does the slow way.
enum class SlowMathKind {
  /// pow(x, 2), pow(x, 3), pow(x, 4): multiplication is faster.
  SmallIntegerPower,
  /// pow(x, p/q) with p/q in the modern guide's Table 5 (§11.1.5).
  TablePower,
  /// pow(2, y) or pow(10, y): exp2 or exp10.
  PowerOfBase,
  /// exp(y * ln 2) or exp(y * ln 10): exp2 or exp10.
  ExpBaseChange,
  /// sin, cos or sincos of pi times a value (over a divisor): sinpi, cospi.
  TrigOfPi,
  /// log(x) / ln 2 or log(x) * (1 / ln 10): log2 or log10.
  LogBaseChange,
  /// Floating division by a constant whose reciprocal is not exact.
  DivisionByConstant,
};

/// One slow call or operation and the operands its faster form uses.
struct SlowMathSite {
  SlowMathKind Kind = SlowMathKind::SmallIntegerPower;
  /// The call or the operator.
  const clang::Expr *At = nullptr;
  /// Single precision (the faster form takes the f suffix).
  bool IsFloat = false;
  /// SmallIntegerPower: the exponent; PowerOfBase, ExpBaseChange,
  /// LogBaseChange: the base (2 or 10).
  double Value = 0;
  /// The operand the faster form keeps: pow's base (SmallIntegerPower,
  /// TablePower), its exponent (PowerOfBase), the other factor (ExpBaseChange,
  /// TrigOfPi) or log's argument (LogBaseChange).
  const clang::Expr *Operand = nullptr;
  /// TrigOfPi: what `pi * x` is divided by, if anything.
  const clang::Expr *Divisor = nullptr;
  /// SmallIntegerPower: the exponent is an int passed as int.
  bool IntExponent = false;
  /// TablePower: the exponent p/q and its formula, with X for the base and F
  /// for the precision suffix.
  int P = 0, Q = 0;
  const char *Formula = nullptr;
  /// TrigOfPi: "sin", "cos" or "sincos".
  llvm::StringRef Function;
};

/// The slow math of the statements \p S, calls first, then operators, each in
/// source order. DivisionByConstant sites are listed whether or not a check
/// reports them.
std::vector<SlowMathSite> findSlowMath(const DeviceStatements &S,
                                       const clang::ASTContext &Ctx);

} // namespace warplint

#endif
