//===- DivergenceLattice.h - Levels of uniformity, their join -*- C++ -*-===//
//
// Part of warplint; private to lib/Analysis. The lattice of the divergence
// analysis: an expression's level (constant < grid < block < warp-uniform <
// lane-varying, sym::Uniformity) with the facts that travel with it (whether
// it depends on data read at lane-varying addresses, and what makes it vary),
// and the per-variable environment joined where control flow meets again.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_DIVERGENCELATTICE_H
#define WARPLINT_ANALYSIS_DIVERGENCELATTICE_H

#include "Analysis/divergence/Divergence.h"
#include "Symbolic/Expr.h"
#include "llvm/ADT/DenseMap.h"

namespace clang {
class Expr;
class Stmt;
class VarDecl;
} // namespace clang

namespace warplint {
namespace divergence {

/// The level of one value and why it varies.
struct Level {
  sym::Uniformity U = sym::Uniformity::Constant;
  /// Read from memory at lane-varying addresses (or an atomic's result).
  bool DataDep = false;
  /// What makes it vary.
  VarianceSource Source;
  const clang::Expr *SourceExpr = nullptr;

  /// The least upper bound; the source of the higher level wins, and at the
  /// same level the root cause (threadIdx, a load, an atomic) wins over a
  /// value assigned under lane-varying control, and the data over the index.
  void join(const Level &O);
};

/// A source of the given kind.
VarianceSource varianceSource(VarianceKind K, std::string Text = "",
                              const clang::Stmt *At = nullptr);

/// The level of each local variable at one point of the walk.
using VarLevels = llvm::DenseMap<const clang::VarDecl *, sym::Uniformity>;

/// Joins \p Other into \p Into, variable by variable.
void joinInto(VarLevels &Into, const VarLevels &Other);

} // namespace divergence
} // namespace warplint

#endif
