//===- ConstantFold.h - Folding constants without building nodes -*- C++ -*-===//
//
// Part of warplint. The per-thread evaluator (WarpEval) folds the operators
// of an expression once per lane; building uniqued nodes for every lane's
// constants cost more than the rest of the evaluation (cuda-samples'
// reduction_kernel.cu, perf). Kept apart from Expr.h, which most of the
// project includes.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_SYMBOLIC_CONSTANTFOLD_H
#define WARPLINT_SYMBOLIC_CONSTANTFOLD_H

#include "Symbolic/Expr.h"
#include <cstdint>
#include <optional>

namespace warplint {
namespace sym {

/// What ExprContext's factory for binary operator \p K returns for the
/// constants \p A and \p B, both of operand type \p OpT (C's promotions, the
/// 0/1 operands of && and ||, the result's type), without building nodes;
/// nullopt where the factory keeps the operation (undefined behaviour). The
/// per-thread evaluator folds with it, once per lane.
std::optional<int64_t> foldBinaryConstants(ExprKind K, IntType OpT, int64_t A,
                                           int64_t B);

} // namespace sym
} // namespace warplint

#endif
