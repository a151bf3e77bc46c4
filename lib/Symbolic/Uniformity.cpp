//===- Uniformity.cpp - Which threads share a value -----------------------===//
#include "Symbolic/Uniformity.h"

#include "llvm/ADT/DenseMap.h"

namespace warplint {
namespace sym {

namespace {
/// threadIdx.x, possibly behind casts.
bool isThreadIdxX(const Expr *E) {
  while (E->kind() == ExprKind::Cast)
    E = E->op(0);
  return E->kind() == ExprKind::ThreadIdx && E->dim() == Dim::X;
}

/// Structural rules, memoised, within the depth budget.
Uniformity structural(const Expr *E, const ShapeFacts &F, unsigned Depth,
                      llvm::DenseMap<const Expr *, Uniformity> &Memo) {
  if (Depth > MaxExprDepth)
    return Uniformity::LaneVarying;
  auto It = Memo.find(E);
  if (It != Memo.end())
    return It->second;
  Uniformity U = Uniformity::Constant;
  switch (E->kind()) {
  case ExprKind::Constant:
    break;
  case ExprKind::ThreadIdx:
    U = E->dim() != Dim::X && F.BlockDimXMultipleOfWarp
            ? Uniformity::WarpUniform
            : Uniformity::LaneVarying;
    break;
  case ExprKind::BlockIdx:
    U = Uniformity::BlockUniform;
    break;
  case ExprKind::BlockDim:
  case ExprKind::GridDim:
  case ExprKind::Param:
    U = Uniformity::GridUniform;
    break;
  case ExprKind::LoopIV:
  case ExprKind::Unknown:
    U = E->leafUniformity();
    break;
  case ExprKind::Div:
  case ExprKind::Shr: {
    // threadIdx.x / (32k) and threadIdx.x >> (5 + k): one value per warp
    // when every warp starts at a multiple of 32 in x.
    const Expr *D = E->op(1);
    if (F.BlockDimXMultipleOfWarp && isThreadIdxX(E->op(0)) &&
        D->isConstant()) {
      int64_t V = E->kind() == ExprKind::Div
                      ? D->constant()
                      : (D->constant() < 62 ? int64_t(1) << D->constant() : 0);
      if (V > 0 && V % F.WarpSize == 0) {
        U = Uniformity::WarpUniform;
        break;
      }
    }
    [[fallthrough]];
  }
  default:
    for (const Expr *O : E->ops())
      U = std::max(U, structural(O, F, Depth + 1, Memo));
    break;
  }
  Memo[E] = U;
  return U;
}
} // namespace

UniformityResult classifyUniformity(ExprContext &Ctx, const Expr *E,
                                    const ShapeFacts &F) {
  UniformityResult R;
  llvm::DenseMap<const Expr *, Uniformity> Memo;
  Uniformity S = structural(E, F, 0, Memo);
  R.Level = S;
  R.Reason = "from its leaves";
  if (S != Uniformity::LaneVarying || !F.BlockDim || !E->hasThreadIdx())
    return R;
  // Exact for this blockDim: compare the lanes of every warp.
  LaunchShape Shape;
  Shape.BlockDim = *F.BlockDim;
  Shape.WarpSize = F.WarpSize;
  Bindings None;
  ThreadEvaluator TE(Ctx, Shape, None);
  bool BlockUniform = true;
  std::optional<SymValue> BlockFirst;
  for (unsigned W = 0; W < Shape.warpsPerBlock(); ++W) {
    std::optional<SymValue> First;
    for (unsigned L = 0; L < Shape.WarpSize; ++L) {
      unsigned Linear = W * Shape.WarpSize + L;
      if (Linear >= Shape.threadsPerBlock())
        break;
      auto V = TE.eval(E, Shape.threadOf(Linear));
      if (!V) {
        R.Reason = "lane-varying: " + TE.failure();
        return R;
      }
      if (!First) {
        First = V;
      } else if (V->Const != First->Const || !V->sameTerms(*First)) {
        R.Reason = "lanes " + std::to_string(Linear - L) + " and " +
                   std::to_string(Linear) + " of warp " + std::to_string(W) +
                   " differ";
        return R;
      }
    }
    if (!BlockFirst)
      BlockFirst = First;
    else if (First && (First->Const != BlockFirst->Const ||
                       !First->sameTerms(*BlockFirst)))
      BlockUniform = false;
  }
  // Uniform within every warp for this blockDim; across the block too?
  Uniformity Rest = Uniformity::Constant;
  if (BlockFirst)
    for (const auto &[A, C] : BlockFirst->Terms)
      Rest = std::max(Rest, structural(A, F, 0, Memo));
  R.Level = BlockUniform ? std::max(Rest, BlockFirst && BlockFirst->isConstant()
                                              ? Uniformity::Constant
                                              : Rest)
                         : Uniformity::WarpUniform;
  if (BlockUniform && R.Level == Uniformity::Constant &&
      !BlockFirst->isConstant())
    R.Level = Uniformity::GridUniform;
  R.Reason =
      BlockUniform
          ? "every thread of the block computes the same value"
          : "each warp of blockDim (" + std::to_string(Shape.BlockDim[0]) +
                "," + std::to_string(Shape.BlockDim[1]) + "," +
                std::to_string(Shape.BlockDim[2]) + ") computes one value";
  return R;
}

} // namespace sym
} // namespace warplint
