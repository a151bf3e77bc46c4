//===- Uniformity.h - Which threads share a value ---------------*- C++ -*-===//
//
// Part of warplint. Classifies an expression as constant, grid-, block- or
// warp-uniform, or lane-varying. With a known blockDim the answer is exact:
// every warp of the block is evaluated (threadIdx.x / 32 is warp-uniform when
// blockDim.x % 32 == 0, threadIdx.y is warp-uniform when blockDim.x is a
// multiple of 32, and so on). Without one, the structural rules below apply;
// LLVM's UniformityAnalysis is the reference.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_SYMBOLIC_UNIFORMITY_H
#define WARPLINT_SYMBOLIC_UNIFORMITY_H

#include "Symbolic/WarpEval.h"

namespace warplint {
namespace sym {

/// What is known of the block shape when classifying.
struct ShapeFacts {
  /// The exact blockDim, when the launch sites or __launch_bounds__ give it.
  std::optional<std::array<unsigned, 3>> BlockDim;
  /// blockDim.x is known to be a multiple of the warp size (without knowing
  /// it exactly): threadIdx.y/z and threadIdx.x / (32k) are warp-uniform.
  bool BlockDimXMultipleOfWarp = false;
  unsigned WarpSize = 32;
};

/// The uniformity of \p E, with a one-line reason for the dump mode.
struct UniformityResult {
  Uniformity Level = Uniformity::LaneVarying;
  std::string Reason;
};

UniformityResult classifyUniformity(ExprContext &Ctx, const Expr *E,
                                    const ShapeFacts &Facts);

} // namespace sym
} // namespace warplint

#endif
