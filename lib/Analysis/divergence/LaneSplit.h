//===- LaneSplit.h - Exact per-lane evaluation of conditions ----*- C++ -*-===//
//
// Part of warplint; private to lib/Analysis. Evaluates a branch condition for
// every lane of every warp of the block shape (lib/Symbolic's
// ThreadEvaluator) and, for a condition on an enclosing `for` loop's
// variable, for every iteration of that loop: which lanes of which warps take
// which side, and which iterations diverge (the LaneSplit facts of
// Divergence.h). Also counts each lane's iterations of a loop whose variable
// starts at a lane-varying value.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_LANESPLIT_H
#define WARPLINT_ANALYSIS_LANESPLIT_H

#include "Analysis/divergence/Divergence.h"
#include "Analysis/divergence/ShrinkingBound.h"
#include "Symbolic/WarpEval.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <optional>
#include <vector>

namespace clang {
class ASTContext;
class ForStmt;
class VarDecl;
} // namespace clang

namespace warplint {

class ExprBuilder;
class FunctionFacts;

namespace divergence {

/// What lane evaluation needs to know about the function a condition is in.
struct LaneScope {
  const FunctionFacts &Facts;
  ExprBuilder &Builder;
  /// The statements of the function that enclose the condition, outermost
  /// first (the enclosing `for` loops are enumerated from the innermost).
  llvm::ArrayRef<const clang::Stmt *> Enclosing;
  /// In a helper: whether an expression reads a parameter whose argument is
  /// not uniform (the builder took it for a uniform value, so evaluating it
  /// would mean nothing). Null in a kernel.
  llvm::function_ref<bool(const sym::Expr *)> ReadsVaryingParam;
  /// The condition's bound that shrinks under its own test, read as the
  /// uniform sequence the passing lanes follow (Analysis/ShrinkingBound);
  /// null otherwise.
  const ShrinkingView *Shrinking = nullptr;
};

/// Evaluates conditions lane by lane for one block shape.
class LaneEvaluator {
public:
  LaneEvaluator(clang::ASTContext &Ctx, sym::ExprContext &SC,
                const KernelShape &Shape);

  /// Refines \p AST, the level of \p Cond from its operands, by evaluating
  /// it for every lane of the block shape (and every iteration of a loop it
  /// depends on); fills \p Split when it could.
  /// With \p Within, the conjuncts of \p Cond that can differ inside a
  /// block, only those are evaluated: the block- and grid-uniform ones
  /// decide which blocks split, not which lanes (`tid == 0 && bx == 0`
  /// splits lane 0 from the others, in the blocks where bx == 0).
  sym::Uniformity refine(const clang::Expr *Cond, sym::Uniformity AST,
                         const LaneScope &Scope, LaneSplit &Split,
                         llvm::ArrayRef<const clang::Expr *> Within = {});

  /// The most lanes of one warp on which \p E takes the same value (2 for
  /// x - y on the diagonal of 16x16 blocks), when every lane's value is
  /// known up to terms the whole warp shares.
  std::optional<unsigned> maxEqualLanes(const sym::Expr *E);

  /// Every lane of each warp of the block shape gets the same value of
  /// \p E, known up to terms the whole warp shares (`threadIdx.x / 32`,
  /// `(blockIdx.x * blockDim.x + threadIdx.x) >> 5` at blockDim 256).
  /// Where the lanes cannot be evaluated, a pure operation of operands that
  /// each are.
  bool warpUniform(const sym::Expr *E, unsigned Depth = 0);

  /// Every thread of the block shape gets a known constant value of \p E in
  /// [0, \p Period) (`threadIdx.x` with blockDim.x <= Period).
  bool withinFirstPeriod(const sym::Expr *E, int64_t Period);
  /// \p E is the same known constant for every thread of the block shape.
  std::optional<int64_t> blockConstant(const sym::Expr *E);

  /// Lane L of every warp of the block shape gets the same value of \p E,
  /// for every L (`threadIdx.x % 32` when blockDim.x is a multiple of 32):
  /// the warps see the same sequence of values.
  bool sameInEveryWarp(const sym::Expr *E);

  /// The largest difference between the values of \p E on two lanes of one
  /// warp, over the warps of the block shape, when in each warp the lanes'
  /// values differ by constants (they share their terms).
  std::optional<int64_t> laneSpread(const sym::Expr *E);
  /// The same, with the loop count \p Iter ("i.iter") bound to \p K.
  std::optional<int64_t> laneSpreadAt(const sym::Expr *E, llvm::StringRef Iter,
                                      int64_t K);
  /// How much \p E grows from one iteration of the loop counted by \p Iter
  /// to the next, when that is the same positive constant for every lane of
  /// the shape at the first three iterations (an affine index of the loop
  /// variable).
  std::optional<int64_t> iterationStep(const sym::Expr *E, llvm::StringRef Iter);
  /// \p E, with the loop count \p Iter bound to \p K, is a known 0 in
  /// every lane of the shape.
  bool falseAt(const sym::Expr *E, llvm::StringRef Iter, int64_t K);

  /// A lower bound of \p E, a value the same for every thread: its constant
  /// part at the block shape plus the positive coefficients of grid
  /// dimensions (each at least 1); nullopt for any other runtime term.
  std::optional<int64_t> uniformLowerBound(const sym::Expr *E);

  /// A `for` loop whose condition is lane-varying only because its variable
  /// starts at a lane-varying value: counts each lane's iterations when the
  /// bound is known (for (k = threadIdx.x; k < 64; k += 32)); updates \p U
  /// and \p Split when every lane could be counted.
  void tripCounts(const clang::Stmt *Loop, ExprBuilder &Builder,
                  sym::Uniformity &U, LaneSplit &Split);

private:
  /// One warp's values of a condition.
  using WarpValues = std::vector<sym::SymValue>;

  std::optional<std::vector<WarpValues>> evalLanes(const sym::Expr *E,
                                                   const sym::Bindings &B);
  sym::Uniformity fromWarps(const std::vector<WarpValues> &Warps,
                            sym::Uniformity AST, LaneSplit &Split);
  void describe(const std::vector<WarpValues> &Warps, LaneSplit &Split);
  std::optional<std::vector<std::pair<int64_t, int64_t>>>
  enumerateLoop(const LaneScope &Scope, llvm::StringRef Name,
                const sym::Bindings *Base = nullptr);
  /// The values of a ShrinkingView's leaf (LaneSplitStarts.cpp): its
  /// start, then one pass of its updates after another, up to a value that
  /// every lane fails the test at or that the updates no longer change.
  std::optional<std::vector<std::pair<int64_t, int64_t>>>
  enumerateShrinking(const LaneScope &Scope, llvm::StringRef Name,
                     const sym::Bindings *Base);
  /// \p FS has no init: when it is the loop whose variable is \p Name,
  /// returns true and sets \p Out to its values (none when they cannot be
  /// enumerated), taking the start from the one definition that reaches the
  /// loop (LaneSplitStarts.cpp).
  bool enumerateNoInit(
      const LaneScope &Scope, const clang::ForStmt &FS, llvm::StringRef Name,
      const sym::Bindings *Base,
      std::optional<std::vector<std::pair<int64_t, int64_t>>> &Out);
  /// A condition on the variables of two enclosing loops: every pair.
  sym::Uniformity refineOverTwoLoops(const sym::Expr *E, sym::Uniformity AST,
                                     const LaneScope &Scope, LaneSplit &Split,
                                     llvm::StringRef IV0, llvm::StringRef IV1);
  /// A condition with tests the warp answers alike that are not known here:
  /// every answer (none when the evaluation fails in one).
  std::optional<sym::Uniformity> refineByCases(const sym::Expr *E,
                                               sym::Uniformity AST,
                                               LaneSplit &Split);
  /// A condition the lanes could not be evaluated for that reads a clamp
  /// `min(F, R)` whose split only the last tile can show (LastTile.h):
  /// marks \p Split.
  void lastTile(const clang::Expr *Cond, const sym::Expr *E,
                const LaneScope &Scope, LaneSplit &Split);
  /// Folds one divergent iteration's split into the first one's.
  static void mergeIteration(LaneSplit &First, const LaneSplit &S);
  /// A loop variable's name without the ".iter" of its iteration count.
  static std::string loopVarName(llvm::StringRef IV);
  std::optional<int64_t> step(const clang::Expr *Inc, const clang::VarDecl *V,
                              int64_t Cur);

  clang::ASTContext &Ctx;
  sym::ExprContext &SC;
  const KernelShape &Shape;
  /// The launch's constant integer arguments.
  sym::Bindings Bind;
};

} // namespace divergence
} // namespace warplint

#endif
