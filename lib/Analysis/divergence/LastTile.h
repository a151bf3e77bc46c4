//===- LastTile.h - Clamps whose split only the last tile shows -*- C++ -*-===//
//
// Part of warplint; private to lib/Analysis. A condition that reads a clamp
// `min(F, R)` (cuda-samples mergeSort's `umin(stride, N - segmentBase -
// stride)`, a tiled kernel's `min(TILE, n - base)`) where the full arm F
// leaves no warp split and the remainder R falls as the thread's position in
// the grid grows: R drops below F only at the far end of the data, so only
// the warps of the last tile can split, as at a tail guard.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_LASTTILE_H
#define WARPLINT_ANALYSIS_LASTTILE_H

#include "Symbolic/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <optional>
#include <string>
#include <utility>

namespace clang {
class ASTContext;
class Expr;
} // namespace clang

namespace warplint {

class ExprBuilder;

namespace divergence {

/// A clamp `min(Full, Remainder)` inside a condition.
struct LastTileClamp {
  /// The minimum (or the select that is one) as it appears in the condition.
  const sym::Expr *Clamp = nullptr;
  const sym::Expr *Full = nullptr, *Remainder = nullptr;
};

/// The first clamp of \p E (a minimum, or a select sym::minMaxOfSelect shows
/// is one, that reads the thread's or block's position) with an arm F the
/// same for the whole grid (no thread or block position in it) such that
/// \p SplitsNoWarp holds for \p E with F in the clamp's place, and whose
/// other arm falls with the thread's position (fallsWithPosition).
std::optional<LastTileClamp>
findLastTileClamp(sym::ExprContext &SC, const sym::Expr *E,
                  llvm::function_ref<bool(const sym::Expr *)> SplitsNoWarp);

/// \p R is a value the same for the whole grid (at one point of the
/// program: parameters, constants, enclosing uniform loops' variables) minus
/// a term that never falls as the thread's position grows: a sum of
/// non-negative multiples of threadIdx and blockIdx components, of their
/// quotients by positive constants, and of group bases `y - (y & (m - 1))`
/// or `y & ~(m - 1)` of such a y (m a power of two, as round 7 reads a mask
/// written `m - 1`), products of those with blockDim, gridDim or unsigned
/// uniform values. A remainder that grows, is taken modulo something, masked
/// otherwise, or reads a lane-varying value it cannot follow is refused.
bool fallsWithPosition(sym::ExprContext &SC, const sym::Expr *R);

/// The source text of the clamp's remainder and full arm, found by building
/// the subexpressions of \p Cond (through the initialisers of the local
/// variables it reads and the arguments of the calls it makes); the
/// symbolic text where the source cannot be found.
std::pair<std::string, std::string> lastTileText(const clang::Expr *Cond,
                                                 const LastTileClamp &C,
                                                 ExprBuilder &Builder,
                                                 const clang::ASTContext &Ctx);

} // namespace divergence
} // namespace warplint

#endif
