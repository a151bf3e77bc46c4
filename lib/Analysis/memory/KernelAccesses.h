//===- KernelAccesses.h - Memory accesses of a kernel, symbolically -*- C++
//-*-===//
//
// Part of warplint. Per kernel: every global and shared memory access, its
// address as a lib/Symbolic expression, its width, the guard under which it
// runs; and the block shapes the kernel is launched with.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_KERNELACCESSES_H
#define WARPLINT_ANALYSIS_KERNELACCESSES_H

#include "Analysis/launch/LaunchConfig.h"
#include "Hardware/AccessCost.h"
#include "Symbolic/WarpEval.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringSet.h"
#include <optional>
#include <string>
#include <vector>

namespace warplint {

class ValueFlow;
/// How a loop around an access steps one symbolic loop variable the access
/// depends on, so that evaluateAccess can price the access at the iterations
/// that matter instead of the first one only. Any recogniser of inductions
/// (for loops in the access walker today; while loops, pointer inductions)
/// describes its loops in this form: a variable, its first value, a constant
/// step and the condition under which the loop goes on.
struct LoopIterations {
  /// The lib/Symbolic LoopIV leaf that takes the values: the variable itself
  /// for geometric loops ("s"), the iteration count for additive ones
  /// ("i.iter", with i = Init + K * Step).
  std::string Var;
  std::string Written;                ///< The source variable ("s", "i").
  const sym::Expr *Start = nullptr;   ///< Var's first value (may need blockDim).
  enum class StepKind { Add, Mul, Div, Shl, Shr } Kind = StepKind::Add;
  int64_t By = 1;                     ///< The constant step or factor.
  /// The source variable's value in terms of Var (for messages: "i = 3").
  const sym::Expr *Value = nullptr;
  /// The condition under which the loop runs another iteration, in terms of
  /// Var; null when the loop has none the walker could read.
  const sym::Expr *While = nullptr;
  /// While is tested after the body (do-while): the first iteration always
  /// runs, and While at one value decides whether the next runs.
  bool BottomTested = false;
  unsigned Depth = 0; ///< Loop nesting (1 outermost): outer loops first.
  /// The loop (its statement, or the value flow's loop).
  const void *Loop = nullptr;
  /// Other variables of the same loop the access uses (`offset *= 2` beside
  /// `d >>= 1`): they move in step with Var, one step per iteration, and are
  /// bound to their value at the same iteration (never walked on their own:
  /// pairs of values that never meet would be priced).
  struct Companion {
    std::string Var;
    const sym::Expr *Start = nullptr;
    StepKind Kind = StepKind::Add;
    int64_t By = 1;
  };
  std::vector<Companion> Companions;
};

/// The step kind of a geometric update (`*=`, `/=`, `<<=`, `>>=` or their
/// spelled-out forms); nullopt for any other operator.
std::optional<LoopIterations::StepKind>
geometricStepKind(clang::BinaryOperatorKind Op);

/// One load or store of global or shared memory in a kernel.
struct MemoryAccess {
  const clang::Expr *Site = nullptr; ///< The subscript/dereference/member.
  const clang::ValueDecl *Base =
      nullptr; ///< Pointer parameter or array variable.
  std::string
      BaseText; ///< The accessed object as written: "sdata", "p[i].x", "tile".
  sym::MemorySpace Space = sym::MemorySpace::Global;
  bool IsLoad = false, IsStore = false;
  unsigned Width = 4;               ///< Bytes per lane: 1, 2, 4, 8 or 16.
  const sym::Expr *Index = nullptr; ///< Address in units of Width.
  const sym::Expr *Guard = nullptr; ///< Lanes for which it is false skip it.
  int64_t ByteOffset = 0;           ///< Constant offset not in Index.
  bool DataDependent = false;       ///< Index depends on loaded values.
  /// Why the address could not be derived (empty when it was); such accesses
  /// are listed by the dump tool and skipped by the checks.
  std::string Unresolved;
  /// For a field of an array element: which element (base, role, address
  /// without the field), the element's record type and the field's offset; used
  /// to merge sibling fields accessed together.
  std::string ElementKey;
  const void *ElementRecord = nullptr;
  int64_t FieldOffset = 0;
  struct ElementAddress {
    llvm::SmallVector<std::pair<const sym::Expr *, int64_t>, 4> Terms;
    int64_t Const = 0;
  } ElementIndexBytes;
  /// A pointer with several definitions reaching the access (assigned on both
  /// sides of a branch): the other candidate indices, each with where its
  /// definition is; evaluateAccess reports the worse. Origin: the main one's.
  struct Alternative {
    const sym::Expr *Index = nullptr;
    std::string Origin;
  };
  std::vector<Alternative> Alternatives;
  std::string Origin;
  std::string ChoiceOf; ///< What they define: "the pointer", "'idx'".
  /// For loads of fields of an array element read together by this code (the
  /// sibling loads of one element, merged or not): each field's byte offset in
  /// the element and width, this access's among them, and the element's
  /// address in bytes. evaluateAccess prices the traffic they make together.
  std::vector<std::pair<int64_t, unsigned>> SiblingFields;
  /// Loads of one pointer at one lane-varying address plus different
  /// constants (`__ldg(b + c)`, `__ldg(b + c + 1)`) under one guard: the key
  /// they share (pointer, varying terms, guard), empty for other accesses.
  /// Grouped like sibling fields: SiblingFields holds each one's constant
  /// offset from the lowest, FieldOffset this one's, SiblingScalars is set.
  std::string ScalarKey;
  bool SiblingScalars = false;
  /// Scalar shared loads (or stores) of one array at one address plus
  /// different constants in straight-line code (no barrier, branch or loop
  /// boundary between them) under one guard: the key they share, the
  /// constant in elements, and the byte multiple the rest of the address is
  /// known to be. mergeSiblingAccesses merges adjacent ones into the wide
  /// access ptxas makes of them (bench/shared-merge).
  std::string SharedRunKey;
  int64_t SharedRunUnits = 0;
  int64_t SharedRunMultiple = 0;
  llvm::StringMap<int64_t> Bindings; ///< Loop variables at their first value.
  /// The enclosing loops whose variables the index or the guard use, outermost
  /// first: evaluateAccess walks their iterations.
  std::vector<LoopIterations> Loops;
  std::vector<std::string> Notes;    ///< How loops were modelled.
  /// For 2-D shared arrays: the innermost extent (e.g. 32 in tile[32][32]) and
  /// its declaration, so a bank-conflict fix-it can pad it.
  const clang::VarDecl *SharedArray = nullptr;
  std::vector<uint64_t> Extents;
};

/// "What if the innermost dimension of this array were Extra elements longer".
struct PaddingOverride {
  const clang::VarDecl *Array = nullptr;
  unsigned Extra = 1;
};

/// Every access of \p Kernel (a __global__ definition, not a dependent
/// template), its variables' values taken from \p Flow (the kernel's reaching
/// definitions; null: straight-line values only); with \p Pad, as if that
/// shared array were padded.
std::vector<MemoryAccess> collectAccesses(const clang::FunctionDecl &Kernel,
                                          clang::ASTContext &Ctx,
                                          sym::ExprContext &SC,
                                          MutationCache &Mutations,
                                          const ValueFlow *Flow,
                                          const PaddingOverride *Pad = nullptr,
                                          const llvm::StringSet<> *Assumed = nullptr);

/// A block shape a kernel runs with, and where warplint learnt it.
struct KernelShape {
  sym::LaunchShape Shape;
  clang::SourceLocation
      Loc; ///< The launch or the __launch_bounds__ (invalid if assumed).
  std::string Origin; ///< "launch", "__launch_bounds__", "assumed".
  /// Integer kernel arguments that are compile-time constants at this launch.
  std::vector<std::pair<std::string, int64_t>> Params;
  /// The block components that are runtime values at this launch (bit 0 x,
  /// bit 1 y, bit 2 z; LaunchBlock::Partial), each 1 in Shape: the known ones
  /// decide every warp (partialBlockDecidesWarps), which is all a warp's
  /// evaluation needs, and a runtime component is the same in every lane of a
  /// warp.
  unsigned RuntimeDims = 0;
  /// Values the user assumes (Analysis/Assumptions) that this shape uses:
  /// integer parameters of the kernel and variables named in the assumptions
  /// that no launch fixes, bound like Params; and the block dimensions the
  /// assumptions gave (bit 0 x, ...), which replace an assumed default, a
  /// __launch_bounds__ or a runtime component of a launch.
  std::vector<std::pair<std::string, int64_t>> Assumed;
  unsigned AssumedDims = 0;
};

class Assumptions;
/// Applies \p A to the shape \p S of \p Kernel (KernelShape::Assumed).
void applyAssumptions(const clang::FunctionDecl &Kernel, const Assumptions &A,
                      KernelShape &S);

/// The values an evaluation of \p A under \p S binds: the assumed values, then
/// the launch's constant arguments (which replace them), then the first value
/// of each loop variable.
sym::Bindings bindingsFor(const MemoryAccess &A, const KernelShape &S);

/// The launches of one translation unit, indexed by kernel.
class LaunchIndex {
public:
  /// Folds the block of each of \p Calls (findLaunchCalls) with \p Fold (the
  /// analysis context's cache, so that every launch is folded once per file).
  using FoldFn =
      llvm::function_ref<const LaunchBlock &(const clang::CallExpr &)>;
  void build(llvm::ArrayRef<const clang::CallExpr *> Calls,
             clang::ASTContext &Ctx, MutationCache &Mutations, FoldFn Fold,
             unsigned WarpSize);
  /// Distinct block shapes of \p Kernel's launches; else its __launch_bounds__
  /// when the target can launch a block of that size (1 to
  /// \p MaxThreadsPerBlock threads: ptxas ignores any other bound, and the
  /// kernel then builds as if it had none); else the assumption (\p Default1D
  /// for kernels that only use threadIdx.x, \p Default2D for the others).
  std::vector<KernelShape>
  shapesFor(const clang::FunctionDecl &Kernel,
            const std::array<unsigned, 3> &Default1D,
            const std::array<unsigned, 3> &Default2D,
            unsigned MaxThreadsPerBlock) const;

private:
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<KernelShape>> Shapes;
};

/// Evaluates one access for one block shape (lib/Hardware's analyzeAccess with
/// the launch's constant arguments and the loop variables' first values bound).
/// When the cost depends on the iteration of an enclosing loop (A.Loops: a
/// geometric stride, a guard on the loop variable, a lane stride that is the
/// loop variable), the access is evaluated at each iteration that matters (all
/// of them up to a budget when the trip count is known, else the first few);
/// the report is the worst iteration's, with every iteration's cost in
/// AccessReport::Iterations.
/// A guard that compares lane-varying values with runtime ones (`if (i < n)`)
/// decides only which lanes of the last, partial block run; when it cannot be
/// evaluated, the access is evaluated for the full warps that make up every
/// other block, and the report says so.
/// With \p Memo, each evaluation of the access under given bindings is taken
/// from it when the file already evaluated the same inputs (another
/// instantiation of the kernel, another iteration with the same values).
hw::AccessReport evaluateAccess(sym::ExprContext &SC,
                                const hw::HardwareModel &M,
                                const MemoryAccess &A, const KernelShape &S,
                                int64_t AssumedRuntimeValue,
                                hw::AccessMemo *Memo = nullptr);

/// Whether \p E uses the LoopIV leaf named \p Name.
bool mentionsVariable(const sym::Expr *E, llvm::StringRef Name);

/// Parses "256", "32x8", "8x8x4"; nullopt when malformed.
std::optional<std::array<unsigned, 3>> parseBlockDim(llvm::StringRef S);
std::string blockDimString(const std::array<unsigned, 3> &D);

} // namespace warplint

#endif
