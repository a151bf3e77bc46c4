//===- DoublePrecision.h - What executes in FP64 ----------------*- C++ -*-===//
//
// Part of warplint. Which expressions of a single-precision device function
// really execute in double precision, and why: the narrowing rules measured
// against the SASS nvcc emits (validation/instruction-checks/kernels/
// double_precision.cu; the rules are in the .cpp's header). The analysis
// gives facts (each FP64 site, its cause, the operands that decide it, the
// fix-its that are certainly right); checks/DoublePrecisionCheck words them.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_DOUBLEPRECISION_H
#define WARPLINT_ANALYSIS_DOUBLEPRECISION_H

#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <vector>

namespace clang {
class ASTContext;
class Expr;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace warplint {

class MutationCache;

/// Why an FP64 site is not narrowed back to single precision.
enum class FP64Cause {
  /// A double constant float does not represent exactly (`x * 0.1`).
  InexactConstant,
  /// An integer converted to double (`i / 2.0`).
  IntByDouble,
  /// Two or more double operations around an exact double constant
  /// (`x * 2.0 + 1.0`).
  ConstantChain,
  /// One operation with an exact constant whose result does not go straight
  /// to a float (`int k = x * 0.5`).
  ResultNotFloat,
  /// Other double arithmetic in single-precision code.
  DoubleArithmetic,
  /// A double math function called with a float argument (`floor((double)x)`).
  DoubleOverload,
  /// pow(float, int), which CUDA evaluates in double (powif).
  PowFloatInt,
  /// A double local or parameter: everything computed with it is FP64.
  DoubleVariable,
};

/// The cause's name in dumps: "inexact-constant", "int-by-double", ...
llvm::StringRef fp64CauseName(FP64Cause C);

/// One place that executes in FP64, with the facts a finding needs.
struct FP64Site {
  FP64Cause Cause = FP64Cause::DoubleArithmetic;
  /// The root of the double arithmetic, or the call; for DoubleVariable its
  /// first use (null when only its initialiser is double arithmetic).
  const clang::Expr *E = nullptr;
  /// The operations executed in FP64: the arithmetic tree's, or all those on
  /// the variable. 0 for calls.
  unsigned Ops = 0;
  /// The first double constant of the tree not exact in float
  /// (InexactConstant), else the first exact one (null when none).
  const clang::Expr *Constant = nullptr;
  double ConstantValue = 0;
  /// The first integer converted to double (IntByDouble).
  const clang::Expr *Int = nullptr;
  /// The tree is a comparison.
  bool Compare = false;
  /// The called function (DoubleOverload, PowFloatInt).
  const clang::FunctionDecl *Callee = nullptr;
  /// DoubleVariable: the variable, whether it is the left side of a compound
  /// assignment, and whether it is used in a loop.
  const clang::VarDecl *Var = nullptr;
  bool Accumulated = false;
  bool InLoop = false;
  /// A fix-it that is certainly right: the f suffix on FixedConstant (the
  /// arithmetic stays the same in float), or the float function's name for a
  /// double overload whose result is the same in float.
  std::optional<clang::FixItHint> Fix;
  const clang::Expr *FixedConstant = nullptr;
};

/// Whether \p FD's data are double (a double pointer, reference or array
/// parameter, a double template argument, a double local or shared array, or
/// double scalars with no float in the signature): double by intent, not
/// looked at.
bool doubleByIntent(const clang::FunctionDecl &FD);

/// The FP64 sites of the device function \p FD (a definition, not a
/// dependent template), in report order: calls in source order, then
/// arithmetic, then variables. Empty when \p FD is double by intent.
std::vector<FP64Site> findFP64Sites(const clang::FunctionDecl &FD,
                                    clang::ASTContext &Ctx,
                                    MutationCache &Mutations);

} // namespace warplint

#endif
