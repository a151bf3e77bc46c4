//===- ExprBuilder.h - Clang expressions to symbolic ones --------*- C++
//-*-===//
//
// Part of warplint: the only code that turns the clang AST into lib/Symbolic
// expressions.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_EXPRBUILDER_H
#define WARPLINT_FRONTEND_EXPRBUILDER_H

#include "Frontend/CooperativeGroups.h"
#include "Symbolic/Budgets.h"
#include "Symbolic/Expr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include <map>
#include <functional>
#include <optional>
#include <string>

namespace clang {
class ASTContext;
class ForStmt;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace warplint {

class MutationCache;
class ValueFlow;
struct FlowLoop;
struct UseFacts;
struct ValueDef;

/// For `threadIdx.x` and the like (a property access on clang's builtin
/// variables): the variable's name and the component.
std::optional<std::pair<llvm::StringRef, sym::Dim>>
cudaBuiltinComponent(const clang::Expr *E);

/// What is known of a `for` loop's induction variable: i = Init + K * Step, K =
/// 0, 1, ...
struct LoopVarInfo {
  const clang::ForStmt *Loop = nullptr;
  const clang::Expr *Init = nullptr;
  const clang::Expr *Step =
      nullptr;            ///< Additive step; null for i *= 2, i >>= 1 ...
  bool Negate = false;    ///< i -= Step
  bool Geometric = false; ///< i *= c, i <<= c, i /= c, i >>= c
};

/// Structural facts about one device function body, gathered in one walk: which
/// local variables are loop induction variables, and how.
class FunctionFacts {
public:
  FunctionFacts(const clang::FunctionDecl &FD, clang::ASTContext &Ctx,
                MutationCache &Mutations);
  const clang::FunctionDecl &function() const { return FD; }
  const clang::Stmt *body() const { return Body; }
  const LoopVarInfo *loopVar(const clang::VarDecl *V) const;
  /// True when nothing in the body can modify \p V after its initialisation.
  bool isUnmodified(const clang::VarDecl *V) const;

private:
  const clang::FunctionDecl &FD;
  const clang::Stmt *Body;
  clang::ASTContext &Ctx;
  MutationCache &Mutations;
  llvm::DenseMap<const clang::VarDecl *, LoopVarInfo> Loops;
};

/// Builds lib/Symbolic expressions from clang expressions of device code.
///
/// Followed: threadIdx/blockIdx/blockDim/gridDim components, warpSize, integer
/// constants (constexpr, template arguments, enumerators), kernel parameters,
/// local variables that are never modified after their initialiser, for-loop
/// induction variables (i = Init + K*Step with K a uniform iteration count;
/// geometric loops such as s >>= 1 become a uniform loop variable bound to its
/// first value when that is a constant), arithmetic, shifts, bit operations,
/// casts, ?:, min/max, __device__ helpers whose body is one return statement
/// (inlined, depth budget 4), and small straight-line helpers
/// (Frontend/HelperBody) run statement by statement: their returned value, and
/// the values their out-parameters give the caller's variables (ValueFlow's
/// CallOut definitions). Anything else becomes Unknown(reason) with the
/// uniformity that can be proven for it (a load from a uniform address is
/// uniform).
class ExprBuilder {
public:
  ExprBuilder(sym::ExprContext &SC, clang::ASTContext &Ctx,
              const FunctionFacts &Facts)
      : SC(SC), Ctx(Ctx), Facts(Facts) {}

  const sym::Expr *build(const clang::Expr *E);

  /// Values of variables as the code has assigned them so far (straight-line
  /// reassignment: `x = blockIdx.y * TILE + threadIdx.x;` after an earlier `x =
  /// ...`); the walker that visits statements in order keeps it up to date.
  void setEnvironment(
      const llvm::DenseMap<const clang::VarDecl *, const sym::Expr *> *E) {
    Env = E;
  }

  /// Reaching definitions of the function (lib/Frontend/ValueFlow): when set
  /// and the function was analysed, a tracked variable's use takes the value
  /// of the definitions that reach it (flow-sensitive), and loop-header merges
  /// become inductions; other variables keep the rules above.
  void setValueFlow(const ValueFlow *F) { Flow = F; }

  /// Whether an address the lanes compute differently is nonetheless the
  /// same for every lane of each warp (the divergence walker answers by
  /// evaluating the lanes of its block shape): a value loaded there is
  /// warp-uniform (`len[ix / 32]`), not data-dependent.
  void setWarpUniformAddress(std::function<bool(const sym::Expr *)> F) {
    WarpUniformAddress = std::move(F);
  }
  const ValueFlow *valueFlow() const { return Flow; }

  /// K, the uniform iteration count of the loop that moves \p V by \p Step
  /// (lane-varying when the step is): "V.iter".
  const sym::Expr *iterationCount(const clang::VarDecl *V,
                                  const sym::Expr *Step);

  /// First values of geometric loop variables used so far ("s" -> 1), to bind.
  const llvm::StringMap<int64_t> &loopFirstValues() const {
    return FirstValues;
  }
  /// The first values of the geometric loop variables named \p Name built so
  /// far (`for (s = steps; s > 0; s >>= 1)`: steps). The loop variable is
  /// uniform when its first value is; in a helper, whose parameters build as
  /// uniform values, the divergence walker asks whether that value reads a
  /// parameter whose argument differs between lanes.
  llvm::ArrayRef<const sym::Expr *> geometricStarts(llvm::StringRef Name) const {
    auto It = GeometricStarts.find(Name);
    if (It == GeometricStarts.end())
      return {};
    return It->second;
  }
  /// Human-readable notes on how loop variables were modelled.
  /// Each note with the loop variable it is about (an access takes the notes
  /// of the variables its address or guard uses).
  const std::vector<std::pair<std::string, std::string>> &loopNotes() const {
    return LoopNotes;
  }
  /// Whether the last build() met a value read from memory at a lane-varying
  /// address.
  bool sawDataDependence() const { return DataDependent; }
  void resetObservations();

  /// An integer variable reached by definitions of different branches
  /// (ValueFlow's Merge) whose values differ: the last build() met it.
  struct MergeSeen {
    const clang::VarDecl *Var = nullptr;
    llvm::SmallVector<const ValueDef *, 2> Defs;
  };
  const std::vector<MergeSeen> &mergesSeen() const { return MergesSeen; }
  /// Builds later uses of such a merge of \p V as the value of \p D (one
  /// candidate); null \p D: unknown again.
  void chooseDefinition(const clang::VarDecl *V, const ValueDef *D);
  /// An induction of a loop of the value flow that a build() met (kept for
  /// the whole function): the symbolic leaf that counts its iterations, so the
  /// memory walker can price an access at the iterations that matter.
  struct InductionUse {
    const UseFacts *Facts = nullptr; ///< The loop, its update and step.
    std::string Var; ///< The LoopIV leaf: "x.iter", or "s" (geometric).
    const sym::Expr *Start = nullptr; ///< Var's first value.
    /// The variable's value in terms of Var (null for a pointer).
    const sym::Expr *Value = nullptr;
  };
  const std::vector<InductionUse> &inductions() const { return Inductions; }
  void noteInduction(const UseFacts &F, llvm::StringRef Var,
                     const sym::Expr *Start, const sym::Expr *Value);

  /// Whether every lane leaves \p L at the same iteration: no exit the walker
  /// cannot read, and every exit test the same for the whole warp.
  bool exitsTogether(const FlowLoop &L);
  /// Merges with more definitions than this stay unknown.
  static constexpr size_t MaxMergeDefs = budget::MergeDefinitions;

  /// Builds a merge that one `if` decides (ValueFlow's JoinIf) as the select
  /// of its test, or as min/max where the test compares the two values (a
  /// clamp written as assignments: `if (n < j) h = n; else h = j;` is
  /// min(n, j)); and reads of one `__constant__` variable or member (a
  /// constant index) as one value, since a kernel cannot change them. Off
  /// (the default): such merges stay unknown, and the memory walker
  /// evaluates each definition in turn (AccessAddress::integerCandidates).
  void setBranchJoins(bool On) { BranchJoins = On; }

  /// Names of values the user assumes (Analysis/Assumptions): an integer
  /// local variable of such a name that is neither a constant nor different
  /// between lanes builds as a parameter leaf of that name, which the
  /// evaluation binds to the assumed value (a kernel parameter already is
  /// one).
  void setAssumedNames(const llvm::StringSet<> *Names) { AssumedNames = Names; }
  /// Selects, minima and maxima nested in one joined value at most: a lane's
  /// evaluation visits both arms of each, so shared arms cost twice per level.
  static constexpr unsigned MaxJoinNesting = budget::JoinNesting;

  static sym::IntType typeOf(clang::QualType T, clang::ASTContext &Ctx);

  /// Builds the one read \p Use of a variable as \p Value (null: as before).
  /// The divergence walker reads a bound that shrinks under its own test as
  /// the uniform sequence the passing lanes follow, in that test only
  /// (Analysis/ShrinkingBound); every other read keeps its value.
  void setUseValue(const clang::DeclRefExpr *Use, const sym::Expr *Value) {
    if (Value)
      UseValues[Use] = Value;
    else
      UseValues.erase(Use);
  }
  /// The value the definition \p D gives its variable, built where it is
  /// (null for a parameter's entry value).
  const sym::Expr *definitionValue(const ValueDef &D, const clang::Expr *Use) {
    return defValue(D, Use, 0);
  }

private:
  const sym::Expr *rec(const clang::Expr *E, unsigned Depth);
  const sym::Expr *builtinVar(const clang::Expr *E);
  const sym::Expr *var(const clang::VarDecl *V, const clang::Expr *Use,
                       unsigned Depth);
  const sym::Expr *call(const clang::CallExpr *CE, unsigned Depth);
  const sym::Expr *flowVar(const clang::VarDecl *V,
                           const clang::DeclRefExpr *Use, unsigned Depth);
  const sym::Expr *defValue(const ValueDef &D, const clang::Expr *Use,
                            unsigned Depth);
  const sym::Expr *inductionValue(const UseFacts &F, const clang::Expr *Use,
                                  unsigned Depth);
  const sym::Expr *joinValue(const UseFacts &F, const clang::Expr *Use,
                            unsigned Depth);
  const sym::Expr *afterLoopValue(const UseFacts &F,
                                  const clang::DeclRefExpr *Use,
                                  unsigned Depth);
  const sym::Expr *geometric(const clang::VarDecl *V, const sym::Expr *Init);

  /// What running a helper's body gives: per parameter, the final value of an
  /// out-parameter (null for the others); the returned value (null if none).
  struct HelperRun {
    llvm::SmallVector<const sym::Expr *, 4> Out;
    const sym::Expr *Return = nullptr;
  };
  HelperRun runHelper(const clang::FunctionDecl &Def, const clang::CallExpr &CE,
                      unsigned Depth);
  /// The value a CallOut definition gives its variable.
  const sym::Expr *outValue(const ValueDef &D, const clang::Expr *Use,
                            unsigned Depth);
  /// Whether \p Callee is a helper runHelper can run (cached).
  bool runnable(const clang::FunctionDecl *Callee);
  const sym::Expr *slotValue(const clang::VarDecl *V, unsigned Depth);
  const clang::VarDecl *slotOf(const clang::Expr *Designator) const;
  const sym::Expr *readDesignator(const clang::Expr *E, unsigned Depth);
  const sym::Expr *groupMember(const clang::CallExpr *CE);
  /// The caller's argument of a parameter of a helper being inlined or run,
  /// for the groups passed to helpers (null when none is bound).
  cg::ParamArgument groupArgument() const;
  /// Binds the parameters of \p Def to the arguments of \p CE in GroupArgs
  /// while a helper is inlined or run.
  class GroupArgScope {
  public:
    GroupArgScope(ExprBuilder &B, const clang::FunctionDecl &Def,
                  const clang::CallExpr &CE)
        : B(B) {
      for (unsigned I = 0; I < Def.getNumParams() && I < CE.getNumArgs(); ++I) {
        const clang::ParmVarDecl *P = Def.getParamDecl(I);
        if (P->getType()->isIntegerType() || P->getType()->isPointerType())
          continue;
        Saved.push_back({P, B.GroupArgs.lookup(P)});
        B.GroupArgs[P] = CE.getArg(I);
      }
    }
    ~GroupArgScope() {
      for (auto &[P, Old] : Saved)
        if (Old)
          B.GroupArgs[P] = Old;
        else
          B.GroupArgs.erase(P);
    }

  private:
    ExprBuilder &B;
    llvm::SmallVector<std::pair<const clang::ParmVarDecl *, const clang::Expr *>,
                      2>
        Saved;
  };
  llvm::DenseMap<const clang::ParmVarDecl *, const clang::Expr *> GroupArgs;
  const sym::Expr *pureIntrinsic(const clang::CallExpr *CE,
                                 llvm::StringRef Name, unsigned Depth);
  const sym::Expr *unknown(const std::string &Why, const clang::Expr *E,
                           sym::Uniformity U = sym::Uniformity::LaneVarying);

  sym::ExprContext &SC;
  clang::ASTContext &Ctx;
  const FunctionFacts &Facts;
  /// Parameters of inlined helpers, bound to the caller's argument expressions.
  llvm::DenseMap<const clang::ParmVarDecl *, const sym::Expr *> Bound;
  llvm::DenseMap<const clang::VarDecl *, const sym::Expr *> Memo;
  const llvm::DenseMap<const clang::VarDecl *, const sym::Expr *> *Env =
      nullptr;
  const ValueFlow *Flow = nullptr;
  /// Values of definitions, built once; a definition being built is in
  /// Building (a cycle reads as unknown, never recurses).
  llvm::DenseMap<const ValueDef *, const sym::Expr *> DefMemo;
  llvm::DenseSet<const ValueDef *> Building;
  llvm::StringMap<int64_t> FirstValues;
  std::function<bool(const sym::Expr *)> WarpUniformAddress;
  llvm::StringMap<llvm::SmallVector<const sym::Expr *, 1>> GeometricStarts;
  std::vector<std::pair<std::string, std::string>> LoopNotes;
  bool DataDependent = false;
  /// Building only to learn a value's uniformity: no bindings, notes or merges.
  bool Probing = false;
  std::vector<MergeSeen> MergesSeen;
  std::vector<InductionUse> Inductions;
  llvm::DenseMap<const clang::VarDecl *, const ValueDef *> Choices;
  bool BranchJoins = false;
  const llvm::StringSet<> *AssumedNames = nullptr;
  llvm::DenseMap<const clang::DeclRefExpr *, const sym::Expr *> UseValues;
  /// Joined values by the `if` and the variable (their arms are built once).
  llvm::DenseMap<std::pair<const clang::IfStmt *, const clang::VarDecl *>,
                 const sym::Expr *>
      JoinMemo;
  /// With BranchJoins: the one value of each `__constant__` lvalue read.
  std::map<llvm::FoldingSetNodeID, const sym::Expr *> ConstantReads;
  unsigned InlineDepth = 0;
  /// The variables of the helpers being run (parameters, locals): an
  /// out-parameter's slot holds the value it refers to, read from Old (the
  /// caller's designator of the variable) the first time it is needed.
  struct Slot {
    const sym::Expr *Value = nullptr;
    const clang::Expr *Old = nullptr;
    sym::IntType Type;
  };
  llvm::DenseMap<const clang::VarDecl *, Slot> Slots;
  /// Runs of the calls that define the analysed function's variables.
  llvm::DenseMap<const clang::CallExpr *, HelperRun> CallRuns;
  llvm::DenseSet<const clang::CallExpr *> Running;
  llvm::DenseMap<const clang::FunctionDecl *, bool> Runnable;
};

} // namespace warplint

#endif
