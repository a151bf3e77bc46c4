//===- LaunchConfig.h - What a kernel launch says about its block -*- C++
//-*-===//
//
// Part of warplint. Folds the block argument of `kernel<<<grid, block>>>` to a
// known shape when the source makes it a compile-time fact.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_LAUNCHCONFIG_H
#define WARPLINT_ANALYSIS_LAUNCHCONFIG_H

#include "Frontend/MutationCache.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
class VarDecl;
} // namespace clang

namespace warplint {

class Assumptions;

/// Threads of a block along x, y and z.
struct BlockShape {
  uint64_t X = 1, Y = 1, Z = 1;
  uint64_t threads() const { return X * Y * Z; }
  std::string str() const; ///< "100" or "10x10" or "8x8x4"
};

/// The block argument of one launch, folded as far as the source allows.
struct LaunchBlock {
  std::optional<BlockShape>
      Shape; ///< Empty when the block size is a runtime value.
  /// The integer literal that alone sets the block size (a 1-D block whose size
  /// is spelled as one literal, directly or in the initializer of a variable);
  /// null otherwise. This is where a fix-it may go.
  const clang::IntegerLiteral *SizeLiteral = nullptr;
  /// The variable the value was read from, when it came from one (for the
  /// evidence note).
  const clang::VarDecl *FromVar = nullptr;
  /// Why the shape is unknown, for dump modes and debugging.
  std::string UnknownReason;
  /// A `dim3(x, y, z)` block with a known x and runtime y or z (`dim3
  /// block(32, 8, n / 32)`): the known components, the runtime ones set to 1,
  /// and in RuntimeDims which ones those are (bit 1 y, bit 2 z).
  /// Shape stays empty (the block's size is unknown); what the known
  /// components decide, the warps, is the launch index's to use.
  std::optional<BlockShape> Partial;
  unsigned RuntimeDims = 0;
  /// The values the user assumes (Analysis/Assumptions) that the folding
  /// used, in the order used: `(rows + 255) / 256` with rows = 16.
  std::vector<std::pair<std::string, int64_t>> AssumedValues;
};

/// Whether the known components of a partial block decide every warp: the
/// components before the first runtime one hold whole warps (x * y a multiple
/// of \p WarpSize when only z is a runtime value), so each warp lies in one
/// slice of the runtime components, the same lanes whatever their values.
bool partialBlockDecidesWarps(const LaunchBlock &B, unsigned WarpSize);

/// "z", "y and z": the components of \p RuntimeDims, for notes.
std::string runtimeDimNames(unsigned RuntimeDims);

/// Folds the block configuration of a launch: `k<<<g, b>>>`, or a runtime API
/// launch (Analysis/LaunchSites: cudaLaunchKernel, cudaLaunchKernelEx, ...).
///
/// Conservative by design: a non-const local variable is followed to its
/// initialiser only when nothing in the enclosing function can modify it
/// (Frontend/MutationCache), and anything value-dependent (a template not yet
/// instantiated) is unknown.
LaunchBlock evaluateLaunchBlock(const clang::CallExpr &Call,
                                clang::ASTContext &Ctx,
                                MutationCache *Cache = nullptr);

/// Folds an integer argument the same way (literals, constants, unmodified
/// locals).
std::optional<int64_t> foldInteger(const clang::Expr &E, clang::ASTContext &Ctx,
                                   MutationCache *Cache = nullptr);

/// The same folding for any expression of integer or dim3 type. With
/// \p Assumed, an integer variable or parameter the source leaves unknown
/// takes the value the user assumes for its name (a grid sized by the problem:
/// `(rows + 255) / 256` with --assume rows=16); the names used are recorded.
LaunchBlock evaluateBlockExpr(const clang::Expr &E, clang::ASTContext &Ctx,
                              MutationCache *Cache = nullptr,
                              const Assumptions *Assumed = nullptr);

} // namespace warplint

#endif
