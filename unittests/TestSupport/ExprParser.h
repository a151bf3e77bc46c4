//===- ExprParser.h - C-like text to expressions ----------------*- C++ -*-===//
//
// Part of warplint. Parses the C subset that index expressions are written in
// (integer literals, + - * / % << >> & | ^ ~ ! comparisons && || ?: min max,
// threadIdx.x ... gridDim.z) into Expr. The validation suite, the dump tool
// and the tests use it; the Clang front end builds Expr directly.
//
// Short names are the validation kernels' locals, all of C type int:
// tx ty tz (threadIdx), bx by bz (blockIdx), bdx bdy bdz (blockDim),
// gdx gdy gdz (gridDim). Any other identifier is a kernel parameter of type
// int. threadIdx.x and friends keep CUDA's type, unsigned int.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TESTSUPPORT_EXPRPARSER_H
#define WARPLINT_TESTSUPPORT_EXPRPARSER_H

#include "Symbolic/Expr.h"
#include "llvm/Support/Error.h"

namespace warplint {
namespace sym {

/// Parses \p Text; errors give the column and what was expected.
llvm::Expected<const Expr *> parseExpr(ExprContext &Ctx, llvm::StringRef Text);

} // namespace sym
} // namespace warplint

#endif
