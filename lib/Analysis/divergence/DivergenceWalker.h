//===- DivergenceWalker.h - The divergence walk over one kernel -*- C++ -*-===//
//
// Part of warplint; private to lib/Analysis. The walker visits a kernel (and
// the __device__ helpers it calls, with the arguments' levels) in program
// order for one block shape. It keeps the flow-sensitive level of every local
// variable (DivergenceLattice) and the stack of enclosing control flow, and
// records the divergent branches and barriers. It asks DivergenceSources what
// a builtin returns, LaneSplit which lanes take which side, BranchCost how
// much work a branch controls and GuardPatterns whether it is a tail guard.
//
// DivergenceLevels.cpp holds the transfer functions (the level of an
// expression), DivergenceWalker.cpp the walk over statements.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_DIVERGENCEWALKER_H
#define WARPLINT_ANALYSIS_DIVERGENCEWALKER_H

#include "Analysis/divergence/BranchCost.h"
#include "Analysis/divergence/Divergence.h"
#include "Analysis/divergence/DivergenceLattice.h"
#include "Analysis/divergence/GuardPatterns.h"
#include "Analysis/divergence/LaneSplit.h"
#include "Frontend/ExprBuilder.h"
#include <optional>
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <memory>
#include <string>
#include <vector>

namespace warplint {
struct ForInduction;
namespace divergence {

/// The variable an lvalue names, through subscripts, members and casts:
/// `acc[k].x` -> acc.
const clang::VarDecl *baseVar(const clang::Expr *E);
/// A __shared__ variable.
bool isSharedVar(const clang::VarDecl *V);
/// The variable `x` of a local scalar or aggregate lvalue that is written by
/// an assignment: a local variable or an element/field of a local array or
/// struct (not memory reached through a pointer).
const clang::VarDecl *assignedLocal(const clang::Expr *LHS);
/// The source text of \p E (in its macro expansion).
std::string sourceText(const clang::Expr *E, const clang::ASTContext &Ctx);

/// One enclosing piece of control flow during the walk.
/// The operands of the top-level `&&`s of \p E, in order (at most 16).
void conjuncts(const clang::Expr *E,
               llvm::SmallVectorImpl<const clang::Expr *> &Out,
               unsigned Depth = 0);

struct Control {
  const clang::Stmt *S = nullptr;
  const clang::Expr *Cond = nullptr;
  sym::Uniformity Level = sym::Uniformity::Constant;
  /// Statements after a divergent `return`: only some threads run them, but
  /// the threads that left never use the values again.
  bool ExitOnly = false;
  bool SharedStoreAfter = false;
  bool IsLoopOrSwitch = false;
  /// Walking the else side of an `if`: its condition is false here.
  bool InElse = false;
  /// FnState::Clock when the condition was evaluated.
  uint64_t Since = 0;
};

/// A break, continue or return met during the walk, with its level.
struct Jump {
  enum KindT { Break, Continue, Return } Kind;
  sym::Uniformity Level;
  size_t Target; ///< Stack index of the loop/switch (break/continue) or the
                 ///< function base (return).
  const clang::Stmt *S;
  const clang::Expr *Cond; ///< The innermost divergent condition above it.
};

/// The facts about one function during one analysis.
struct FnState {
  const clang::FunctionDecl *FD = nullptr;
  std::unique_ptr<FunctionFacts> Facts;
  std::unique_ptr<ExprBuilder> Builder;
  bool IsKernel = false;
  llvm::DenseMap<const clang::ParmVarDecl *, sym::Uniformity> ParamLevel;
  llvm::DenseMap<const clang::ParmVarDecl *, VarianceSource> ParamSource;
  /// Parameters whose argument is a lane-linear index: an affine function
  /// of the thread index (through the caller's own such parameters) with no
  /// other lane-varying term, so the parameter grows with the lane.
  llvm::DenseSet<const clang::ParmVarDecl *> LaneLinearParam;
  /// Parameters whose argument is the same for every lane of a warp outside
  /// the last tile of a remainder clamp (LastTile.h): a clamp `min(F, R)`,
  /// or a function of variables that hold one, which with F in the clamp's
  /// place varies by no lane. The clamp's remainder and full arm, as the
  /// message names them.
  llvm::DenseMap<const clang::ParmVarDecl *, std::pair<std::string, std::string>>
      LastTileParam;
  /// The level of each local variable at the current point of the walk
  /// (flow-sensitive; joined at the ends of branches and loops).
  VarLevels Var;
  /// When each variable was last assigned (a clock of assignments).
  llvm::DenseMap<const clang::VarDecl *, uint64_t> LastAssign;
  uint64_t Clock = 0;
  /// The expression a scalar was last set to on the straight-line path to
  /// here (forgotten at joins), for reading an index through a variable.
  llvm::DenseMap<const clang::VarDecl *, const clang::Expr *> LastValue;
  /// The same values built (integer scalars), the builder's environment: a
  /// variable assigned after its declaration (`tx = threadIdx.x;`) reads as
  /// what was assigned, on the straight-line path.
  llvm::DenseMap<const clang::VarDecl *, const sym::Expr *> Env;
  /// The level of the divergent `continue`s of each loop.
  llvm::DenseMap<const clang::Stmt *, sym::Uniformity> LoopContinue;
  llvm::DenseMap<const clang::VarDecl *, VarianceSource> VarSource;
  llvm::DenseSet<const clang::VarDecl *> DataDep;
  llvm::DenseMap<const clang::Stmt *, sym::Uniformity> LoopExit;
  /// Why a loop's exit differs between lanes: (a divergent break,
  /// data-dependent).
  llvm::DenseMap<const clang::Stmt *, std::pair<VarianceSource, bool>>
      LoopExitWhy;
  /// The conditions that send lanes out of each loop by a divergent break:
  /// the condition and whether the break runs where it holds (false: in its
  /// else branch); a null condition where more than one lane-varying
  /// condition encloses the break.
  llvm::DenseMap<const clang::Stmt *,
                 llvm::SmallVector<std::pair<const clang::Expr *, bool>, 2>>
      LoopBreaks;
  /// Loops whose lanes leave only by breaks at an index's bound, all within
  /// one iteration of each other (Walker::tailBreaks), as the last walk of
  /// each loop found.
  llvm::DenseSet<const clang::Stmt *> TailBreakLoops;
  sym::Uniformity Return = sym::Uniformity::Constant;
  bool ReturnDataDep = false;
  VarianceSource ReturnSource;
  size_t Base = 0; ///< Stack size when the function was entered.
  const clang::CallExpr *ViaCall = nullptr;
  bool Changed = false;
};

/// Whether \p E holds a leaf that grows with the problem rather than the
/// block (DivergenceScaledLoops.cpp): a parameter, memory, a block index.
bool problemSized(const sym::Expr *E, unsigned Depth = 0);

/// The condition of a `for`, `while` or `do` loop (null for `for (;;)` and
/// other statements).
const clang::Expr *loopCondition(const clang::Stmt *L);

/// Walks one kernel for one block shape and fills a KernelDivergence.
class Walker {
public:
  Walker(clang::ASTContext &Ctx, sym::ExprContext &SC, MutationCache &M,
         const KernelShape &Shape, const DivergenceOptions &Opts,
         KernelDivergence &Out);

  void runKernel(const clang::FunctionDecl &K);

private:
  friend class FunctionGuardQueries;

  void initFunction(FnState &F, const clang::FunctionDecl &FD,
                    const clang::CallExpr *Via);
  /// Fixpoint over the variables' levels, then one reporting pass.
  void runFunction(FnState &F, bool Report);

  // ----- levels (DivergenceLevels.cpp) -------------------------------------
  sym::Uniformity threadIdxLevel(sym::Dim D) const;
  /// Records an assignment: a strong update for a scalar (the variable now
  /// holds this value), a weak one (joined with the old level) for an element
  /// or field of a local array or struct.
  void setVar(FnState &F, const clang::VarDecl *V, const Level &L, bool Strong);
  /// Sync dependence at a join: the variables assigned since \p Since (inside
  /// the region that \p S controls with a condition of level \p U) now differ
  /// as much as the condition does, for the threads that meet again here;
  /// when data decides the condition (\p Cond), they depend on that data.
  void syncJoin(FnState &F, uint64_t Since, sym::Uniformity U,
                const clang::Stmt *S, const Level *Cond = nullptr);
  Level level(const clang::Expr *E, FnState &F, unsigned Depth = 0);
  /// A value read from memory: the same for all lanes when they read the
  /// same address (at the same time), else data-dependent.
  Level load(const clang::Expr *E,
             std::initializer_list<const clang::Expr *> AddrParts, FnState &F,
             unsigned Depth);
  Level call(const clang::CallExpr *CE, FnState &F, unsigned Depth);
  /// \p E has the same value in lane L of every warp of the block, for
  /// every L: values the same for the whole block, and __shared__ memory
  /// read at an index that repeats from warp to warp (`flags[lane]`). A
  /// warp vote over such values gives every warp the same answer.
  bool sameInEveryWarp(const clang::Expr *E, FnState &F, unsigned Depth = 0);
  /// What the special register \p Suffix (specialRegister()) holds.
  Level registerLevel(llvm::StringRef Suffix, const clang::Expr *At) const;
  /// What the outputs of an inline asm statement hold: the special register
  /// its template reads, else its inputs' level.
  Level asmOutput(const clang::GCCAsmStmt *AS, FnState &F);
  Level groupMemberCall(const clang::CXXMemberCallExpr *MC, FnState &F,
                        unsigned Depth, bool &Handled);
  /// A cooperative group's index or size (Frontend/CooperativeGroups): a
  /// thread rank varies as threadIdx does, a tile of a warp or more's
  /// meta_group_rank is the same for the warp, a group index for the block;
  /// \p D: the component of a dim3 member (`block.thread_index().y`).
  Level groupIndexLevel(const cg::MemberCall &C, const clang::Expr *At,
                        std::optional<sym::Dim> D) const;
  Level helper(const clang::FunctionDecl &Def, const clang::CallExpr *CE,
               FnState &Caller, unsigned Depth);
  static bool mentionsVaryingParam(const sym::Expr *E, const FnState &F,
                                   unsigned Depth = 0);
  /// Every varying parameter \p E reads is lane-linear, and \p E keeps it
  /// monotone in the lane (no remainder, mask or xor of it).
  static bool monotoneInLaneParams(const sym::Expr *E, const FnState &F,
                                   unsigned Depth = 0);
  /// \p E, built in \p F, is a lane-linear index (see LaneLinearParam).
  static bool laneLinear(const sym::Expr *E, const FnState &F);
  /// The lane-varying parts of a load's address (with their levels) are the
  /// same for every lane of each warp of the shape (LaneEvaluator::
  /// warpUniform): integer indices that fold the lane away.
  /// \p X, an index built in \p F, reads the lane only through a division,
  /// shift, mask or remainder and is the same for every lane of each warp.
  bool warpUniformIndex(const sym::Expr *X, const FnState &F);
  bool warpUniformAddress(
      llvm::ArrayRef<std::pair<const clang::Expr *, sym::Uniformity>> Parts,
      FnState &F);
  /// \p E, built in \p F, is the same for every lane of a warp at this
  /// point, except through parameters F takes for last-tile values
  /// (LastTileParam): it reads no lane-varying value, and every varying
  /// parameter it reads is one of those. \p Texts: the first such
  /// parameter's clamp text, if any.
  static bool uniformBesideLastTile(
      const sym::Expr *E, const FnState &F,
      const std::pair<std::string, std::string> **Texts = nullptr);
  /// The clamp text (LastTileParam) when the argument \p Arg, in \p Caller,
  /// is the same for every lane of a warp outside the last tile of a
  /// remainder clamp.
  std::optional<std::pair<std::string, std::string>>
  lastTileArgument(const clang::Expr *Arg, FnState &Caller);

  // ----- the walk (DivergenceWalker.cpp) -----------------------------------
  /// \p AST: the condition's level from the walk.
  sym::Uniformity refine(const clang::Expr *Cond, FnState &F, const Level &AST,
                         LaneSplit &Split);
  sym::Uniformity jumpLevel(size_t From) const;
  const clang::Expr *innermostCond(size_t From, sym::Uniformity AtLeast) const;
  void push(const clang::Stmt *S, const clang::Expr *Cond, sym::Uniformity U,
            bool Loop, uint64_t Since = 0);
  /// Visits \p Body, which runs only where \p Cond (of level \p U) lets it (a
  /// switch's cases, the right operand of && and ||): under \p S on the
  /// control stack, the variables it assigns joined with their values before
  /// it, and their sync dependence on \p U where the lanes meet again.
  void visitGuarded(const clang::Stmt *S, const clang::Expr *Cond,
                    sym::Uniformity U, bool LoopOrSwitch,
                    const clang::Stmt *Body, FnState &F);
  void assign(const clang::Expr *LHS, const Level &RHS, FnState &F,
              const clang::Expr *Value = nullptr);
  /// Records \p Value as what \p V holds from here on the straight-line
  /// path (null: unknown).
  void setValue(FnState &F, const clang::VarDecl *V, const clang::Expr *Value);
  void noteStore(const clang::Expr *LHS);
  void visitChildren(const clang::Stmt *S, FnState &F);
  void visit(const clang::Stmt *S, FnState &F);
  void visitCompound(const clang::CompoundStmt *CS, FnState &F);
  void visitJump(const clang::Stmt *S, FnState &F);
  void loop(const clang::Stmt *L, const clang::Expr *Cond,
            std::initializer_list<const clang::Stmt *> Parts, FnState &F);
  /// One walk over the loop at the current head levels; the loop's level.
  sym::Uniformity loopOnce(const clang::Stmt *L, const clang::Expr *Cond,
                           std::initializer_list<const clang::Stmt *> Parts,
                           FnState &F);
  /// `for (p = a; p < a + n; p += s)` with n and s the same in every lane
  /// and nothing in the body moving p or the bound: the lanes start at
  /// different points but run the same number of iterations.
  /// The level of their common trip count, as uniform as n and s (a lane
  /// offset the start and the bound share cancels); nullopt otherwise.
  std::optional<sym::Uniformity> sameTripCount(const clang::Stmt *L,
                                               FnState &F);
  /// A `for` loop's first value and bound, when its variable moves by a
  /// uniform step and nothing the bound reads moves in the body.
  std::optional<std::pair<const clang::Expr *, const clang::Expr *>>
  loopWindow(const clang::Stmt *L, FnState &F);
  /// A loop over a window clamped at the edges (GuardPatterns).
  bool clampedWindow(const clang::Stmt *L, FnState &F);
  /// Every divergent break of \p L leaves where an index that grows by a
  /// uniform step each iteration passes a bound the warp shares, and the
  /// lanes' indices lie within one step of each other: lanes leave within
  /// one iteration of each other, as at a tail.
  bool tailBreaks(const clang::Stmt *L, FnState &F);
  /// For a `for` loop counting up by an additive step: the largest spread of
  /// its lanes' starts in a warp and the least value of its step, where both
  /// evaluate for the shape (LaneEvaluator::laneSpread, uniformLowerBound).
  std::optional<std::pair<int64_t, int64_t>>
  startSpread(const ForInduction &Ind, FnState &F);
  /// \p L is a `for` loop whose lanes' starts lie at least two steps apart
  /// in some warp (evaluated for the shape): a stride counter against a
  /// shared bound then stops its lanes trips apart, not as at a tail.
  bool wideStarts(const clang::Stmt *L, FnState &F);
  /// \p L is a warp-strided loop (DivergentBranch::WarpStrided).
  bool warpStridedLoop(const clang::Stmt *L, FnState &F);
  void callStatement(const clang::CallExpr *CE, FnState &F);
  /// Records the barrier \p Found (kind and scope filled in) if a control
  /// statement on the stack differs within its scope.
  void barrier(const clang::CallExpr *CE, const DivergentBarrier &Found,
               FnState &F);
  /// The enclosing `if` (then side) or loop whose condition implies \p Cond
  /// in \p F: every conjunct of \p Cond is one of its conjuncts and no
  /// variable it reads was assigned since. Null for none.
  const clang::Stmt *impliedBy(const clang::Expr *Cond, const FnState &F) const;
  /// The facts the checks grade a branch by: enclosing loops, block- and
  /// grid-uniform conjuncts, a leader lane.
  void classify(DivergentBranch &B, FnState &F);
  CostInputs costInputs() const { return {Ctx, Mutations}; }
  // ----- problem-sized loops (DivergenceScaledLoops.cpp) -------------------
  bool scaledLoopUnder(const clang::Stmt *S, FnState &F);
  /// Loop \p L's trip count may grow with the problem (its condition reads
  /// a parameter, memory, a block index; or it has none).
  bool loopScaled(const clang::Stmt *L, FnState &F);
  /// F's function has such a loop that neither encloses \p Branch (those are
  /// \p Around) nor lies under it.
  bool scaledLoopElsewhere(FnState &F,
                           const llvm::SmallPtrSetImpl<const clang::Stmt *> &Around,
                           const clang::Stmt *Branch);
  bool helperLoopScaled(const clang::FunctionDecl *Def,
                        const clang::CallExpr *CE, FnState &F);
  void record(const clang::Stmt *S, const clang::Expr *Cond, BranchKind K,
              const Level &C, const LaneSplit &Split, FnState &F,
              BodyEstimate Est, const clang::Stmt *ImpliedBy = nullptr);

  clang::ASTContext &Ctx;
  /// The kernel being walked, and its work (estimated once on demand): a
  /// branch in a helper is weighed against the kernel's work, not the
  /// helper's.
  const clang::FunctionDecl *KernelFD = nullptr;
  std::optional<std::pair<unsigned, bool>> KernelWork;
  sym::ExprContext &SC;
  MutationCache &Mutations;
  const KernelShape &Shape;
  const DivergenceOptions &Opts;
  KernelDivergence &Out;
  LaneEvaluator Lanes;
  std::vector<Control> Stack;
  std::vector<Jump> Jumps;
  bool Reporting = false;
  /// The bound of the `if` being refined and recorded, when it shrinks under
  /// its own test (Analysis/ShrinkingBound); null otherwise.
  const ShrinkingView *Shrinking = nullptr;
  unsigned CallDepth = 0;
  unsigned VisitDepth = 0; ///< Nesting of visit() (WalkBudget.h).
};

/// The guard patterns' questions, answered from one function's state
/// (DivergenceWalker.cpp).
class FunctionGuardQueries : public GuardQueries {
public:
  FunctionGuardQueries(Walker &W, FnState &F) : W(W), F(F) {}
  Level levelOf(const clang::Expr *E) override;
  bool isDataDependent(const clang::VarDecl *V) const override;
  const clang::Expr *lastValue(const clang::VarDecl *V) const override;
  bool isUnmodified(const clang::VarDecl *V) const override;
  const sym::Expr *build(const clang::Expr *E) override;
  bool readsVaryingParam(const sym::Expr *E) const override;

private:
  Walker &W;
  FnState &F;
};

} // namespace divergence
} // namespace warplint

#endif
