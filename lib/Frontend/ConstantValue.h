//===- ConstantValue.h - Compile-time values of expressions -----*- C++ -*-===//
//
// Part of warplint. The numeric value clang can fold an expression to, as the
// instruction analyses and checks need it: warpSize excepted, which clang
// folds to 32 but nvcc reads from a register.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_CONSTANTVALUE_H
#define WARPLINT_FRONTEND_CONSTANTVALUE_H

#include <optional>

namespace clang {
class ASTContext;
class Expr;
} // namespace clang

namespace warplint {

/// The value of a floating or integer constant expression, or nullopt. Side
/// effects and values unknown at compile time give nullopt.
std::optional<double> constantValue(const clang::Expr *E,
                                    const clang::ASTContext &Ctx);

/// Whether \p E names the built-in warpSize: a constant (32) to clang but a
/// register read to nvcc, which therefore does not fold it (SASS of
/// validation/instruction-checks/kernels/integer_division.cu, div_warpsize).
bool isWarpSize(const clang::Expr *E);

} // namespace warplint

#endif
