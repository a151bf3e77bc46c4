//===- ValueFlow.h - Reaching definitions and loops over clang's CFG -*- C++
//-*-===//
//
// Part of warplint: which assignments of a local scalar or pointer variable
// reach each of its uses, computed as a dataflow over the function's CFG, and
// which of those merges are loop inductions. ExprBuilder (indices) and the
// memory-access walker (pointers) build a use's value from these facts.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_VALUEFLOW_H
#define WARPLINT_FRONTEND_VALUEFLOW_H

#include "Frontend/LoopInduction.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CFG;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace warplint {

/// One definition of a tracked variable: where a value is given to it.
struct ValueDef {
  enum Kind : uint8_t {
    Entry,    ///< A parameter's incoming value.
    Uninit,   ///< `T v;`: declared without a value.
    Init,     ///< `T v = RHS;`
    Assign,   ///< `v = RHS`
    Compound, ///< `v op= RHS` (Op is the arithmetic operator)
    IncDec,   ///< `++v`, `v--` ...
    CallOut,  ///< `f(v)`, `f(&v)`: a helper's out-parameter (Param) sets v
  };
  Kind K = Entry;
  const clang::VarDecl *Var = nullptr;
  /// The defining statement (the VarDecl's DeclStmt, the operator, the
  /// CallExpr); null for Entry.
  const clang::Stmt *S = nullptr;
  const clang::Expr *RHS = nullptr;
  /// Compound and IncDec: the read of the old value (itself a use). CallOut:
  /// the argument's reference to the variable (a use too: an in-out parameter
  /// reads the value it had before the call).
  const clang::DeclRefExpr *Old = nullptr;
  /// CallOut: the callee's parameter that carries the value out.
  unsigned Param = 0;
  clang::BinaryOperatorKind Op = clang::BO_Add;
  bool Decrement = false;
  unsigned Block = 0; ///< CFG block id.
  unsigned Id = 0;    ///< Index in ValueFlow::defs().
  static std::string kindName(Kind K);
};

/// A natural loop of the CFG (a back edge's target and every block that reaches
/// the edge's source without passing the target): for, while, do-while and goto
/// loops alike.
struct FlowLoop {
  unsigned Header = 0;
  llvm::BitVector Blocks;
  llvm::SmallVector<unsigned, 2> Latches;
  /// Conditions of the blocks that leave the loop to anything but the function
  /// exit (a `return` inside the loop never reaches a use after it).
  llvm::SmallVector<const clang::Expr *, 2> ExitConditions;
  /// An exit without a condition the walker can read (a goto out of a switch).
  bool OpaqueExit = false;
  /// The test that decides whether another iteration runs, when one does:
  /// the loop statement's condition when every exit is part of it, else the
  /// only exit's test, at the header (tested first) or at the only latch
  /// (tested last). Null otherwise (a break in the middle, several exits).
  const clang::Expr *Continue = nullptr;
  bool ContinueWhenTrue = true; ///< Which value of Continue stays in the loop.
  bool BottomTested = false;    ///< Continue runs after the body (do-while).
  /// The loop statement (for, while, do) when the loop is one; else null.
  const clang::Stmt *LoopStmt = nullptr;
  unsigned Depth = 1; ///< 1 for outermost loops.
  unsigned Id = 0;
  bool contains(unsigned B) const { return B < Blocks.size() && Blocks[B]; }
};

/// How the value of a variable at one use is made.
struct UseFacts {
  enum Shape : uint8_t {
    NotTracked, ///< Not analysed: the caller's own rules apply.
    Single,     ///< One definition reaches: its value.
    Induction,  ///< A loop-header merge: Init + K * Step.
    AfterLoop,  ///< Read after the loop that moves it: its exit value.
    Merge,      ///< Definitions of different paths (branches).
  };
  Shape S = NotTracked;
  llvm::SmallVector<const ValueDef *, 2> Defs; ///< Every reaching definition.
  // Induction and AfterLoop:
  const FlowLoop *Loop = nullptr;
  const ValueDef *Update = nullptr; ///< The once-per-iteration update.
  llvm::SmallVector<const ValueDef *, 2> Inits; ///< Reaching from outside.
  InductionStep Step;
  std::optional<int64_t> TripCount; ///< When start, step and bound are known.
  std::string Why; ///< For Merge and AfterLoop: why it is not one value.
  /// Merge of two definitions of an integer that one `if` decides: an
  /// if/else assigning on both sides, or `x = a; if (c) x = b;` (the value
  /// before the `if` on the path that does not assign). The use reads
  /// `JoinIf's condition ? JoinTrue : JoinFalse`, the condition and each
  /// definition built where they are. Null otherwise.
  const clang::IfStmt *JoinIf = nullptr;
  const ValueDef *JoinTrue = nullptr;
  const ValueDef *JoinFalse = nullptr;
};

/// Reaching definitions of local integer and pointer variables (parameters
/// included) over clang's CFG, with the loops that explain loop-header merges.
///
/// A variable whose address is taken, that is bound to a reference or captured
/// by a lambda is not tracked (its uses are NotTracked; callers treat it as
/// they did before), except an integer handed to an out-parameter of a helper
/// whose straight-line body Frontend/HelperBody accepts: the call is then a
/// CallOut definition. Work is bounded: past the budget the function is "too
/// complex, not analysed" and every use is NotTracked.
class ValueFlow {
public:
  ValueFlow(const clang::FunctionDecl &FD, clang::ASTContext &Ctx);
  ~ValueFlow();
  ValueFlow(const ValueFlow &) = delete;
  ValueFlow &operator=(const ValueFlow &) = delete;

  bool analysed() const { return Why.empty(); }
  /// Why the function was not analysed (empty when it was).
  llvm::StringRef whyNot() const { return Why; }
  bool tracks(const clang::VarDecl *V) const {
    return analysed() && Tracked.count(V);
  }
  /// The facts of the read \p Use of a tracked variable (computed once).
  const UseFacts &use(const clang::DeclRefExpr *Use) const;
  const std::vector<ValueDef> &defs() const { return Defs; }
  /// Whether \p V has more than one definition (assigned after its
  /// declaration).
  bool reassigned(const clang::VarDecl *V) const {
    auto It = DefsOf.find(V);
    return It != DefsOf.end() && It->second.size() > 1;
  }
  const std::vector<FlowLoop> &loops() const { return Loops; }
  /// The control-flow graph the facts are computed on (null when clang could
  /// not build one), and the block of a statement element of it.
  const clang::CFG *cfg() const { return Graph.get(); }
  std::optional<unsigned> blockOf(const clang::Stmt *S) const {
    auto It = BlockOf.find(S);
    if (It == BlockOf.end())
      return std::nullopt;
    return It->second;
  }
  /// Whether the statement \p S (an expression of the body) runs inside \p L.
  bool inLoop(const clang::Stmt *S, const FlowLoop &L) const;
  /// Whether \p E has the same value in every iteration of \p L: constants,
  /// CUDA builtins and variables that no definition inside the loop reaches
  /// (or one plain assignment of such a value); no loads or calls.
  bool loopInvariant(const clang::Expr *E, const FlowLoop &L) const {
    return invariantIn(E, L, 0);
  }

  /// A variable handed to an out-parameter of a helper that is not followed
  /// (the variable is not tracked), and why.
  struct Refusal {
    const clang::CallExpr *Call = nullptr;
    const clang::VarDecl *Var = nullptr;
    std::string Why;
  };
  const std::vector<Refusal> &refusals() const { return Refusals; }

  /// Every use of every tracked variable, in source order, with its facts, then
  /// the refused out-parameters and the loops (the dump tool's --values mode).
  void print(llvm::raw_ostream &OS) const;

  /// The budget: CFG blocks times definitions (bits of the dataflow).
  static constexpr uint64_t MaxBits = uint64_t(1) << 24;

private:
  void collectTracked();
  bool buildDefsAndUses();
  void solve();
  void findLoops();
  void findContinue(FlowLoop &L, llvm::ArrayRef<const clang::Expr *> Tests,
                    llvm::ArrayRef<unsigned> Exiting);
  const FlowLoop *innermostLoopOf(unsigned Block) const;
  bool dominates(unsigned A, unsigned B) const;
  UseFacts compute(const clang::DeclRefExpr *Use) const;
  std::optional<UseFacts> induction(const clang::VarDecl *V,
                                    const FlowLoop &L) const;
  bool invariantIn(const clang::Expr *E, const FlowLoop &L,
                   unsigned Depth) const;
  std::optional<int64_t> tripCount(const UseFacts &F) const;
  void branchJoin(UseFacts &F, unsigned UseBlock) const;
  void indexBranches() const;
  void indexStmt(const clang::Stmt *S, unsigned Depth, unsigned Switches,
                 llvm::SmallVectorImpl<const clang::IfStmt *> &Ifs,
                 llvm::SmallVectorImpl<unsigned> &SwitchBase) const;
  std::optional<unsigned> conditionBlock(const clang::Expr *Cond) const;
  std::string describe(const ValueDef &D) const;
  std::string where(const clang::Stmt *S) const;

  const clang::FunctionDecl &FD;
  clang::ASTContext &Ctx;
  std::unique_ptr<clang::CFG> Graph;
  std::string Why;
  llvm::DenseSet<const clang::VarDecl *> Tracked;
  std::vector<ValueDef> Defs;
  llvm::DenseMap<const clang::VarDecl *, llvm::SmallVector<unsigned, 4>>
      DefsOf;
  /// Per use: its block and the definitions that reach it.
  struct UseSite {
    unsigned Block = 0;
    llvm::SmallVector<unsigned, 2> Reaching;
  };
  llvm::DenseMap<const clang::DeclRefExpr *, UseSite> Uses;
  std::vector<const clang::DeclRefExpr *> UseOrder;
  /// Left-hand sides of plain assignments: written, not read.
  llvm::DenseSet<const clang::DeclRefExpr *> WriteOnly;
  std::vector<FlowLoop> Loops;
  /// Calls that define tracked variables through out-parameters: per call,
  /// (parameter index, the argument's reference to the variable).
  llvm::DenseMap<
      const clang::CallExpr *,
      llvm::SmallVector<std::pair<unsigned, const clang::DeclRefExpr *>, 2>>
      OutArgs;
  std::vector<Refusal> Refusals;
  mutable llvm::DenseMap<const clang::DeclRefExpr *, std::unique_ptr<UseFacts>>
      FactsCache;
  /// Immediate dominators by block id (unreachable blocks: ~0u).
  std::vector<unsigned> IDom;
  std::vector<unsigned> RPONumber;
  std::vector<llvm::BitVector> In;
  /// The CFG block of each statement element (for inLoop).
  llvm::DenseMap<const clang::Stmt *, unsigned> BlockOf;
  /// For branch joins, built on the first two-definition merge: each
  /// statement that is a branch of an `if` or a direct statement of one (its
  /// `if`, and whether it is the then side); the `if`s a case label enters
  /// and those inside a switch (whose `break` may skip a branch's
  /// assignment); whether the function has a label or goto (no joins then).
  struct BranchSlot {
    const clang::IfStmt *If = nullptr;
    bool Then = true;
  };
  mutable bool BranchesIndexed = false;
  mutable bool NoJoins = false;
  mutable llvm::DenseMap<const clang::Stmt *, BranchSlot> BranchOf;
  mutable llvm::DenseSet<const clang::IfStmt *> EnteredByLabel;
  mutable llvm::DenseSet<const clang::IfStmt *> InSwitch;
};

} // namespace warplint

#endif
