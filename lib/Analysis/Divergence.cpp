//===- Divergence.cpp - Which branches and barriers split a warp ----------===//
#include "Analysis/Divergence.h"

#include "Frontend/ExprBuilder.h"
#include "Symbolic/WarpEval.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <functional>
#include <map>
#include <memory>
#include <tuple>

using namespace clang;

namespace warplint {

using sym::Uniformity;

namespace {

constexpr unsigned MaxCallDepth = 4;
constexpr unsigned MaxEnumeratedIterations = 64;

std::string sourceText(const Expr *E, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = CharSourceRange::getTokenRange(
      SM.getExpansionRange(E->getSourceRange()).getAsRange());
  std::string T =
      Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
  if (T.size() > 60)
    T = T.substr(0, 57) + "...";
  return T;
}

/// The variable an lvalue names, through subscripts, members and casts:
/// `acc[k].x` -> acc.
const VarDecl *baseVar(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return dyn_cast<VarDecl>(DRE->getDecl());
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
      E = ASE->getBase();
    else if (const auto *ME = dyn_cast<MemberExpr>(E))
      E = ME->getBase();
    else
      return nullptr;
  }
  return nullptr;
}

bool isSharedVar(const VarDecl *V) {
  return V && V->hasAttr<CUDASharedAttr>();
}

/// The variable `x` of a local scalar or aggregate lvalue that is written by
/// an assignment: a local variable or an element/field of a local array or
/// struct (not memory reached through a pointer).
const VarDecl *assignedLocal(const Expr *LHS) {
  const Expr *E = LHS->IgnoreParenImpCasts();
  while (true) {
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      if (!ASE->getBase()->IgnoreParenImpCasts()->getType()->isArrayType() &&
          !isa<DeclRefExpr>(ASE->getBase()->IgnoreParenImpCasts()))
        return nullptr;
      // a[i] with a a pointer: memory, not a local.
      const Expr *B = ASE->getBase()->IgnoreParenImpCasts();
      if (const auto *DRE = dyn_cast<DeclRefExpr>(B))
        if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
          if (!V->getType()->isArrayType())
            return nullptr;
      E = B;
    } else if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        return nullptr;
      E = ME->getBase()->IgnoreParenImpCasts();
    } else {
      break;
    }
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      if (V->hasLocalStorage() || isa<ParmVarDecl>(V))
        return V;
  return nullptr;
}

bool isBarrierName(StringRef N, bool &Warp) {
  Warp = false;
  if (N == "__syncthreads" || N == "__syncthreads_count" ||
      N == "__syncthreads_and" || N == "__syncthreads_or" ||
      N == "__barrier_sync")
    return true;
  if (N == "__syncwarp") {
    Warp = true;
    return true;
  }
  return false;
}

/// The tile size of a cooperative-groups thread_block_tile<N> (0 if not one).
unsigned tileSize(const CXXRecordDecl *RD) {
  if (!RD)
    return 0;
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
    if (Spec->getTemplateArgs().size() >= 1 &&
        Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Integral &&
        (RD->getName() == "thread_block_tile" ||
         RD->getName().starts_with("__static_size")))
      return Spec->getTemplateArgs()[0].getAsIntegral().getZExtValue();
  for (const CXXBaseSpecifier &B : RD->bases())
    if (unsigned N = tileSize(B.getType()->getAsCXXRecordDecl()))
      return N;
  return 0;
}

bool isBlockGroup(const CXXRecordDecl *RD) {
  return RD && (RD->getName() == "thread_block" || RD->getName() == "grid_group");
}

/// Cost table of the predication heuristic, in SASS instructions (measured on
/// sm_90 with nvcc 13.0: docs/validation-divergence.md). Functions with a slow
/// path or a long expansion count 20, which no predicated body reaches.
unsigned callCost(StringRef N) {
  static const char *Long[] = {
      "sqrtf", "sinf", "cosf", "tanf", "expf", "exp2f", "exp10f", "logf",
      "log2f", "log10f", "powf", "sqrt", "sin", "cos", "tan", "exp", "log",
      "pow", "erff", "erf", "atanf", "atan2f", "sinhf", "coshf", "tanhf",
      "asinf", "acosf", "cbrtf", "fmodf", "fmod", "sincosf", "normf", "hypotf"};
  for (const char *T : Long)
    if (N == T)
      return 20;
  if (N.starts_with("__") || N == "rsqrtf" || N == "fabsf" || N == "fminf" ||
      N == "fmaxf" || N == "fmaf" || N == "abs" || N == "min" || N == "max")
    return 2;
  return 8;
}

bool isMul(const Expr *E) {
  const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  return BO && BO->getOpcode() == BO_Mul;
}

/// Division and remainder: a shift or multiply for constants, a long sequence
/// (integer) or a slow path (float) otherwise.
unsigned divisionCost(const BinaryOperator *BO, const ASTContext *Ctx) {
  const Expr *D = BO->getRHS()->IgnoreParenImpCasts();
  if (Ctx && BO->getType()->isIntegerType())
    if (auto C = D->getIntegerConstantExpr(*Ctx))
      return C->isPowerOf2() ? 1 : 3;
  if (const auto *FL = dyn_cast<FloatingLiteral>(D)) {
    llvm::APFloat V = FL->getValue();
    if (V.getExactInverse(nullptr))
      return 1; // an exact reciprocal: a multiply
  }
  return 20;
}

} // namespace

/// The estimated SASS instructions of \p S (the predication heuristic); sets
/// \p Unpredicable for a loop, atomic or barrier, which nvcc always branches around.
static unsigned estimateCost(const Stmt *S, const ASTContext &Ctx,
                             bool &Unpredicable, unsigned Depth = 0) {
  if (!S || Depth > 40)
    return 0;
  if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
      isa<CXXForRangeStmt>(S))
    Unpredicable = true;
  // threadIdx.x and friends: a special register the compiler reads once.
  if (const auto *E = dyn_cast<Expr>(S))
    if (isa<PseudoObjectExpr>(E) && cudaBuiltinComponent(E))
      return 0;
  unsigned Cost = 0;
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    bool Warp;
    if (FD && FD->getIdentifier() &&
        (isBarrierName(FD->getName(), Warp) ||
         FD->getName().starts_with("atomic")))
      Unpredicable = true; // measured: an atomic under a condition branches
    const FunctionDecl *Def = nullptr;
    if (FD && FD->hasBody(Def) && Def && Depth < 30 &&
        !isa<CXXOperatorCallExpr>(CE))
      Cost += 2 + estimateCost(Def->getBody(), Ctx, Unpredicable, Depth + 10);
    else if (FD && FD->getIdentifier())
      Cost += callCost(FD->getName());
    else
      Cost += 4;
  } else if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    switch (BO->getOpcode()) {
    case BO_Assign:
    case BO_Comma:
      break;
    case BO_Div:
    case BO_Rem:
    case BO_DivAssign:
    case BO_RemAssign:
      Cost += divisionCost(BO, &Ctx);
      break;
    case BO_Add:
    case BO_Sub:
    case BO_AddAssign:
    case BO_SubAssign:
      // a * b + c is one FFMA / IMAD.
      if (!isMul(BO->getRHS()) && !isMul(BO->getLHS()))
        Cost += 1;
      break;
    default:
      Cost += 1;
    }
  } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_Deref ||
        UO->getOpcode() == UO_Minus || UO->getOpcode() == UO_Not ||
        UO->getOpcode() == UO_LNot)
      Cost += 1;
  } else if (isa<ArraySubscriptExpr>(S)) {
    Cost += 1; // the memory instruction; its address arithmetic is counted
               // with the index
  } else if (const auto *ICE = dyn_cast<CastExpr>(S)) {
    switch (ICE->getCastKind()) {
    case CK_IntegralToFloating:
    case CK_FloatingToIntegral:
    case CK_FloatingCast:
      Cost += 1;
      break;
    default:
      break;
    }
  } else if (isa<ReturnStmt>(S) || isa<BreakStmt>(S) ||
             isa<ContinueStmt>(S) || isa<IfStmt>(S) ||
             isa<ConditionalOperator>(S)) {
    Cost += 1;
  } else if (const auto *SW = dyn_cast<SwitchStmt>(S)) {
    unsigned Cases = 0;
    for (const SwitchCase *C = SW->getSwitchCaseList(); C;
         C = C->getNextSwitchCase())
      ++Cases;
    if (Cases > 2)
      Unpredicable = true;
  }
  for (const Stmt *C : S->children())
    Cost += estimateCost(C, Ctx, Unpredicable, Depth + 1);
  return Cost;
}

namespace {

/// One enclosing piece of control flow during the walk.
struct Control {
  const Stmt *S = nullptr;
  const Expr *Cond = nullptr;
  Uniformity Level = Uniformity::Constant;
  /// Statements after a divergent `return`: only some threads run them, but
  /// the threads that left never use the values again.
  bool ExitOnly = false;
  bool SharedStoreAfter = false;
  bool IsLoopOrSwitch = false;
};

struct Jump {
  enum KindT { Break, Continue, Return } Kind;
  Uniformity Level;
  size_t Target; ///< Stack index of the loop/switch (break/continue) or the
                 ///< function base (return).
  const Stmt *S;
  const Expr *Cond; ///< The innermost divergent condition above it.
};

/// The facts about one function during one analysis.
struct FnState {
  const FunctionDecl *FD = nullptr;
  std::unique_ptr<FunctionFacts> Facts;
  std::unique_ptr<ExprBuilder> Builder;
  bool IsKernel = false;
  llvm::DenseMap<const ParmVarDecl *, Uniformity> ParamLevel;
  llvm::DenseMap<const ParmVarDecl *, std::string> ParamSource;
  /// The level of each local variable at the current point of the walk
  /// (flow-sensitive; joined at the ends of branches and loops).
  llvm::DenseMap<const VarDecl *, Uniformity> Var;
  /// When each variable was last assigned (a clock of assignments).
  llvm::DenseMap<const VarDecl *, uint64_t> LastAssign;
  uint64_t Clock = 0;
  /// The expression a scalar was last set to on the straight-line path to
  /// here (forgotten at joins), for reading an index through a variable.
  llvm::DenseMap<const VarDecl *, const Expr *> LastValue;
  /// The level of the divergent `continue`s of each loop.
  llvm::DenseMap<const Stmt *, Uniformity> LoopContinue;
  llvm::DenseMap<const VarDecl *, std::string> VarSource;
  llvm::DenseSet<const VarDecl *> DataDep;
  llvm::DenseMap<const Stmt *, Uniformity> LoopExit;
  /// Why a loop's exit differs between lanes: ("a break ...", data-dependent).
  llvm::DenseMap<const Stmt *, std::pair<std::string, bool>> LoopExitWhy;
  Uniformity Return = Uniformity::Constant;
  bool ReturnDataDep = false;
  std::string ReturnSource;
  size_t Base = 0; ///< Stack size when the function was entered.
  const CallExpr *ViaCall = nullptr;
  bool Changed = false;
};

struct Level {
  Uniformity U = Uniformity::Constant;
  bool DataDep = false;
  std::string Source;
  const Expr *SourceExpr = nullptr;
  void join(const Level &O) {
    // Prefer the root cause (threadIdx, a load, an atomic) over "an
    // assignment under ..." at the same level.
    bool Weaker = (StringRef(Source).starts_with("a value assigned") &&
                   !StringRef(O.Source).starts_with("a value assigned")) ||
                  (O.DataDep && !DataDep); // the data, not the index
    if (O.U > U ||
        (O.U == U && !O.Source.empty() && (Source.empty() || Weaker))) {
      Source = O.Source;
      SourceExpr = O.SourceExpr;
    }
    U = std::max(U, O.U);
    DataDep |= O.DataDep;
  }
};

class Walker {
public:
  Walker(ASTContext &Ctx, sym::ExprContext &SC, MutationCache &M,
         const KernelShape &Shape, const DivergenceOptions &Opts,
         KernelDivergence &Out)
      : Ctx(Ctx), SC(SC), Mutations(M), Shape(Shape), Opts(Opts), Out(Out) {
    for (const auto &P : Shape.Params)
      Bind[P.first] = P.second;
  }

  void runKernel(const FunctionDecl &K) {
    FnState F;
    initFunction(F, K, nullptr);
    F.IsKernel = true;
    runFunction(F, /*Report=*/true);
  }

private:
  void initFunction(FnState &F, const FunctionDecl &FD, const CallExpr *Via) {
    F.FD = &FD;
    F.Facts = std::make_unique<FunctionFacts>(FD, Ctx, Mutations);
    F.Builder = std::make_unique<ExprBuilder>(SC, Ctx, *F.Facts);
    F.ViaCall = Via;
  }

  /// Fixpoint over the variables' levels, then one reporting pass.
  void runFunction(FnState &F, bool Report) {
    bool Saved = Reporting;
    F.Base = Stack.size();
    Env Params = F.Var; // a helper's by-reference parameters, if any
    for (unsigned Pass = 0; Pass < 4; ++Pass) {
      F.Changed = false;
      F.Return = Uniformity::Constant;
      F.Var = Params;
      Reporting = false;
      visit(F.FD->getBody(), F);
      if (!F.Changed)
        break;
    }
    if (Report) {
      Reporting = true;
      F.Return = Uniformity::Constant;
      F.Var = Params;
      visit(F.FD->getBody(), F);
    }
    Reporting = Saved;
  }

  // ----- levels ------------------------------------------------------------

  Uniformity threadIdxLevel(sym::Dim D) const {
    const auto &B = Shape.Shape.BlockDim;
    unsigned W = Opts.WarpSize;
    if (D == sym::Dim::Y && B[0] % W == 0)
      return Uniformity::WarpUniform;
    if (D == sym::Dim::Z && (B[0] * B[1]) % W == 0)
      return Uniformity::WarpUniform;
    if (D != sym::Dim::X && Shape.Shape.BlockDim[D == sym::Dim::Y ? 1 : 2] == 1)
      return Uniformity::Constant;
    return Uniformity::LaneVarying;
  }

  /// Records an assignment: a strong update for a scalar (the variable now
  /// holds this value), a weak one (joined with the old level) for an element
  /// or field of a local array or struct.
  void setVar(FnState &F, const VarDecl *V, const Level &L, bool Strong) {
    auto It = F.Var.find(V);
    Uniformity Old = It == F.Var.end() ? Uniformity::Constant : It->second;
    Uniformity New = Strong ? L.U : std::max(Old, L.U);
    F.Var[V] = New;
    F.LastAssign[V] = ++F.Clock;
    if (Strong)
      F.VarSource[V] = L.Source; // the old value's story no longer applies
    else if (!L.Source.empty() && (New > Old || !F.VarSource.count(V)))
      F.VarSource[V] = L.Source;
    if (L.DataDep)
      F.DataDep.insert(V);
  }

  using Env = llvm::DenseMap<const VarDecl *, Uniformity>;

  static void joinInto(Env &Into, const Env &Other) {
    for (const auto &[V, U] : Other) {
      auto It = Into.find(V);
      if (It == Into.end())
        Into[V] = U;
      else
        It->second = std::max(It->second, U);
    }
  }

  /// Sync dependence at a join: the variables assigned since \p Since (inside
  /// the region that \p S controls with a condition of level \p U) now differ
  /// as much as the condition does, for the threads that meet again here.
  void syncJoin(FnState &F, uint64_t Since, Uniformity U, const Stmt *S) {
    // After a join, a variable assigned inside may hold either value.
    for (const auto &[V, When] : F.LastAssign)
      if (When > Since)
        F.LastValue.erase(V);
    if (U == Uniformity::Constant)
      return;
    bool Loop = isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
                isa<CXXForRangeStmt>(S);
    for (const auto &[V, When] : F.LastAssign) {
      if (When <= Since)
        continue;
      Uniformity &Cur = F.Var[V];
      if (U > Cur) {
        Cur = U;
        F.VarSource[V] =
            std::string(Loop ? "a value assigned in the loop at line "
                             : "a value assigned under the condition at line ") +
            std::to_string(line(S));
      }
    }
  }

  unsigned line(const Stmt *S) const {
    return Ctx.getSourceManager().getExpansionLineNumber(S->getBeginLoc());
  }

  Level level(const Expr *E, FnState &F, unsigned Depth = 0) {
    Level L;
    if (!E || Depth > 60)
      return {Uniformity::LaneVarying, false, "an expression too deep", E};
    E = E->IgnoreParens();
    if (auto C = cudaBuiltinComponent(E)) {
      if (C->first == "threadIdx") {
        L.U = threadIdxLevel(C->second);
        L.Source = "'" + sourceText(E, Ctx) + "'";
        L.SourceExpr = E;
      } else if (C->first == "blockIdx") {
        L.U = Uniformity::BlockUniform;
      } else {
        L.U = Uniformity::GridUniform;
      }
      return L;
    }
    if (isa<IntegerLiteral>(E) || isa<FloatingLiteral>(E) ||
        isa<CharacterLiteral>(E) || isa<CXXBoolLiteralExpr>(E) ||
        isa<StringLiteral>(E) || isa<UnaryExprOrTypeTraitExpr>(E) ||
        isa<CXXNullPtrLiteralExpr>(E))
      return L;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const ValueDecl *D = DRE->getDecl();
      if (const auto *P = dyn_cast<ParmVarDecl>(D)) {
        if (F.IsKernel) {
          // A kernel parameter is the same for the whole grid, unless the
          // kernel assigns it.
          auto It = F.Var.find(P);
          L.U = std::max(Uniformity::GridUniform,
                         It == F.Var.end() ? Uniformity::Constant : It->second);
          if (It != F.Var.end() && F.VarSource.count(P))
            L.Source = F.VarSource.lookup(P);
          L.DataDep = F.DataDep.count(P);
          return L;
        }
        auto It = F.ParamLevel.find(P);
        L.U = It == F.ParamLevel.end() ? Uniformity::LaneVarying : It->second;
        L.Source = F.ParamSource.lookup(P);
        auto V = F.Var.find(P);
        if (V != F.Var.end() && V->second > L.U) {
          L.U = V->second;
          L.Source = F.VarSource.lookup(P);
        }
        L.DataDep = F.DataDep.count(P);
        return L;
      }
      if (const auto *V = dyn_cast<VarDecl>(D)) {
        if (V->hasLocalStorage() && !isSharedVar(V)) {
          auto It = F.Var.find(V);
          L.U = It == F.Var.end() ? Uniformity::Constant : It->second;
          L.Source = F.VarSource.lookup(V);
          L.DataDep = F.DataDep.count(V);
          return L;
        }
        if (V->getType().isConstQualified() || V->isConstexpr())
          return L; // a constant
        if (V->hasAttr<CUDAConstantAttr>())
          L.U = Uniformity::GridUniform;
        else
          L.U = Uniformity::BlockUniform; // __device__ / __shared__ memory
        return L;
      }
      return L; // enumerators, functions
    }
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
      return load(E, {ASE->getBase(), ASE->getIdx()}, F, Depth);
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() == UO_Deref)
        return load(E, {UO->getSubExpr()}, F, Depth);
      return level(UO->getSubExpr(), F, Depth + 1);
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        return load(E, {ME->getBase()}, F, Depth);
      return level(ME->getBase(), F, Depth + 1);
    }
    if (const auto *CE = dyn_cast<CallExpr>(E))
      return call(CE, F, Depth);
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      L = level(CO->getCond(), F, Depth + 1);
      L.join(level(CO->getTrueExpr(), F, Depth + 1));
      L.join(level(CO->getFalseExpr(), F, Depth + 1));
      return L;
    }
    if (isa<CXXThisExpr>(E))
      return {Uniformity::GridUniform, false, "", nullptr};
    for (const Stmt *C : E->children())
      if (const auto *CE = dyn_cast_or_null<Expr>(C))
        L.join(level(CE, F, Depth + 1));
    return L;
  }

  /// A value read from memory: the same for all lanes when they read the same
  /// address (at the same time), else data-dependent.
  Level load(const Expr *E, std::initializer_list<const Expr *> AddrParts,
             FnState &F, unsigned Depth) {
    Level A;
    for (const Expr *P : AddrParts)
      A.join(level(P, F, Depth + 1));
    // A local array or struct: its elements have the variable's level.
    if (const VarDecl *V = baseVar(E))
      if (V->hasLocalStorage() && !isSharedVar(V) &&
          !V->getType()->isPointerType() && !isa<ParmVarDecl>(V))
        return A;
    if (A.U == Uniformity::LaneVarying) {
      A.DataDep = true;
      A.Source = "the value loaded by '" + sourceText(E, Ctx) + "'";
      A.SourceExpr = E;
      return A;
    }
    A.U = std::max(A.U, Uniformity::BlockUniform);
    return A;
  }

  Level call(const CallExpr *CE, FnState &F, unsigned Depth) {
    const FunctionDecl *FD = CE->getDirectCallee();
    auto Arg = [&](unsigned I) {
      return I < CE->getNumArgs() ? level(CE->getArg(I), F, Depth + 1)
                                  : Level();
    };
    auto AllArgs = [&]() {
      Level L;
      for (unsigned I = 0; I < CE->getNumArgs(); ++I)
        L.join(Arg(I));
      return L;
    };
    auto Warp = [&](Level L) {
      // A value that every lane of the warp receives.
      L.U = std::max(L.U == Uniformity::LaneVarying ? Uniformity::WarpUniform
                                                    : L.U,
                     Uniformity::WarpUniform);
      L.DataDep = false;
      return L;
    };
    if (!FD)
      return AllArgs();
    StringRef N = FD->getIdentifier() ? FD->getName() : "";
    // Member calls of cooperative groups.
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE)) {
      const CXXRecordDecl *RD = MC->getMethodDecl()->getParent();
      unsigned Tile = tileSize(RD);
      bool Block = isBlockGroup(RD);
      if (Tile || Block) {
        if (N == "size" || N == "num_threads" || N == "meta_group_size" ||
            N == "dim_threads" || N == "group_dim" || N == "num_blocks")
          return Level();
        if (N == "group_index" || N == "block_index" || N == "block_rank")
          return {Uniformity::BlockUniform, false, "", nullptr};
        if (N == "meta_group_rank")
          return Tile >= Opts.WarpSize
                     ? Level{Uniformity::WarpUniform, false, "", nullptr}
                     : Level{Uniformity::LaneVarying, false,
                             "meta_group_rank() of a " + std::to_string(Tile) +
                                 "-thread tile",
                             CE};
        if (N == "thread_rank" || N == "thread_index") {
          Level L{Uniformity::LaneVarying, false, "'" + sourceText(CE, Ctx) + "'", CE};
          return L;
        }
        if (Tile && (N == "any" || N == "all" || N == "ballot" ||
                     N == "match_all")) {
          Level L = AllArgs();
          return Tile >= Opts.WarpSize ? Warp(L)
                 : L.U == Uniformity::LaneVarying
                     ? Level{Uniformity::LaneVarying, false,
                             "a vote of a " + std::to_string(Tile) +
                                 "-thread tile",
                             CE}
                     : L;
        }
        if (Tile && N == "shfl") {
          Level V = Arg(0), Src = Arg(1);
          if (Tile >= Opts.WarpSize && Src.U != Uniformity::LaneVarying)
            return Warp(V);
        }
      }
    }
    if (N == "__shfl_sync" || N == "__shfl") {
      Level V = Arg(1), Src = Arg(2);
      bool FullWidth = CE->getNumArgs() < 4;
      if (!FullWidth)
        if (auto W = CE->getArg(3)->getIntegerConstantExpr(Ctx))
          FullWidth = W->getZExtValue() >= Opts.WarpSize;
      if (V.U != Uniformity::LaneVarying)
        return V;
      if (FullWidth && Src.U != Uniformity::LaneVarying)
        return Warp(V);
      V.U = Uniformity::LaneVarying;
      return V;
    }
    if (N.starts_with("__shfl_")) {
      Level V = Arg(1);
      return V; // up/down/xor of a uniform value is that value
    }
    if (N == "__ballot_sync" || N == "__all_sync" || N == "__any_sync" ||
        N == "__uni_sync" || N.starts_with("__reduce_") ||
        N == "__match_all_sync" || N == "__activemask" || N == "__ballot" ||
        N == "__all" || N == "__any")
      return Warp(AllArgs());
    // The special registers behind threadIdx and friends.
    if (N.consume_front("__nvvm_read_ptx_sreg_")) {
      if (N.starts_with("tid_"))
        return {threadIdxLevel(N == "tid_x"   ? sym::Dim::X
                               : N == "tid_y" ? sym::Dim::Y
                                              : sym::Dim::Z),
                false, "'threadIdx." + N.substr(4).str() + "'", CE};
      if (N == "laneid")
        return {Uniformity::LaneVarying, false, "the lane id", CE};
      if (N.starts_with("ctaid_"))
        return {Uniformity::BlockUniform, false, "", nullptr};
      if (N.starts_with("ntid_") || N.starts_with("nctaid_"))
        return {Uniformity::GridUniform, false, "", nullptr};
      return {Uniformity::LaneVarying, false, "a special register", CE};
    }
    if (N == "__syncthreads_count" || N == "__syncthreads_and" ||
        N == "__syncthreads_or")
      return {Uniformity::BlockUniform, false, "", nullptr};
    if (N.starts_with("atomic") || N.starts_with("__atomic") ||
        N == "__match_any_sync" || N == "clock" || N == "clock64" ||
        N == "__lanemask_lt" || N == "__lanemask_le" || N == "__lanemask_gt" ||
        N == "__lanemask_ge") {
      Level L{Uniformity::LaneVarying, N.starts_with("atomic") ||
                                           N.starts_with("__atomic"),
              "the value returned by " + N.str() + "()", CE};
      return L;
    }
    // A helper with a body: its return value's level for these arguments.
    // Not a kernel launched from device code (dynamic parallelism: a new
    // grid, not a call), and not the toolkit's own headers (their generic
    // paths, e.g. thread_group::sync() switching over group kinds, are not
    // the user's control flow).
    const FunctionDecl *Def = nullptr;
    if (isa<CUDAKernelCallExpr>(CE) ||
        Ctx.getSourceManager().isInSystemHeader(FD->getLocation()))
      return AllArgs();
    if (FD->hasBody(Def) && Def && !isa<CXXOperatorCallExpr>(CE) &&
        CallDepth < MaxCallDepth && Def->getNumParams() == CE->getNumArgs()) {
      return helper(*Def, CE, F, Depth);
    }
    return AllArgs();
  }

  Level helper(const FunctionDecl &Def, const CallExpr *CE, FnState &Caller,
               unsigned Depth) {
    FnState F;
    initFunction(F, Def, Caller.ViaCall ? Caller.ViaCall : CE);
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      Level A = level(CE->getArg(I), Caller, Depth + 1);
      const ParmVarDecl *P = Def.getParamDecl(I);
      F.ParamLevel[P] = A.U;
      F.ParamSource[P] = A.Source;
      if (A.DataDep)
        F.DataDep.insert(P);
    }
    ++CallDepth;
    runFunction(F, Reporting);
    --CallDepth;
    Level R{F.Return, F.ReturnDataDep, F.ReturnSource, nullptr};
    // Arguments passed by reference or pointer to a local: the helper may
    // write them.
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      const Expr *A = CE->getArg(I)->IgnoreParenImpCasts();
      const VarDecl *V = nullptr;
      if (const auto *UO = dyn_cast<UnaryOperator>(A);
          UO && UO->getOpcode() == UO_AddrOf)
        V = assignedLocal(UO->getSubExpr());
      else if (Def.getParamDecl(I)->getType()->isReferenceType() &&
               !Def.getParamDecl(I)->getType().getNonReferenceType().isConstQualified())
        V = assignedLocal(A);
      if (V)
        setVar(Caller, V, R, /*Strong=*/false);
    }
    return R;
  }

  // ----- exact per-lane evaluation -----------------------------------------

  /// One warp's values of a condition: nullopt when some lane cannot be
  /// evaluated.
  using WarpValues = std::vector<sym::SymValue>;

  std::optional<std::vector<WarpValues>>
  evalLanes(const sym::Expr *E, const sym::Bindings &B) {
    sym::ThreadEvaluator TE(SC, Shape.Shape, B);
    std::vector<WarpValues> Warps;
    const sym::LaunchShape &S = Shape.Shape;
    for (unsigned W = 0; W < S.warpsPerBlock(); ++W) {
      WarpValues Vals;
      for (unsigned L = 0; L < S.WarpSize; ++L) {
        unsigned Linear = W * S.WarpSize + L;
        if (Linear >= S.threadsPerBlock())
          break;
        auto V = TE.eval(E, S.threadOf(Linear));
        if (!V)
          return std::nullopt;
        Vals.push_back(*V);
      }
      Warps.push_back(std::move(Vals));
    }
    return Warps;
  }

  static bool same(const sym::SymValue &A, const sym::SymValue &B) {
    return A.Const == B.Const && A.sameTerms(B);
  }

  static bool divergent(const WarpValues &W) {
    for (const auto &V : W)
      if (!same(V, W.front()))
        return true;
    return false;
  }

  /// "lanes 0-15", "even lanes", "lane 0", "lanes 0, 4, 8, ...".
  static std::string describeLanes(const std::vector<bool> &T) {
    std::vector<unsigned> On;
    for (unsigned I = 0; I < T.size(); ++I)
      if (T[I])
        On.push_back(I);
    if (On.size() == 1)
      return "lane " + std::to_string(On[0]);
    bool Contiguous = On.back() - On.front() + 1 == On.size();
    if (Contiguous)
      return "lanes " + std::to_string(On.front()) + "-" +
             std::to_string(On.back());
    if (On.size() >= 2) {
      unsigned P = On[1] - On[0];
      bool Periodic = true;
      for (unsigned I = 1; I < On.size(); ++I)
        Periodic &= On[I] - On[I - 1] == P;
      if (On.size() == 2)
        return "lanes " + std::to_string(On[0]) + " and " +
               std::to_string(On[1]);
      if (Periodic && On.front() < P && On.back() + P >= T.size()) {
        if (P == 2)
          return On.front() == 0 ? "even lanes" : "odd lanes";
        return "lanes " + std::to_string(On[0]) + ", " +
               std::to_string(On[1]) + ", " +
               std::to_string(On[2 < On.size() ? 2 : 1]) + ", ... (every " +
               std::to_string(P) + "th)";
      }
    }
    std::string S = std::to_string(On.size()) + " lanes (";
    for (unsigned I = 0; I < On.size() && I < 4; ++I)
      S += (I ? ", " : "") + std::to_string(On[I]);
    return S + (On.size() > 4 ? ", ...)" : ")");
  }

  /// Describes the split of the divergent warps; fills Split.
  void describe(const std::vector<WarpValues> &Warps, LaneSplit &Split) {
    Split.Exact = true;
    Split.Warps = Warps.size();
    Split.DivergentWarps = 0;
    std::optional<std::vector<bool>> Pattern;
    bool SamePattern = true, Boolean = true, Single = true;
    unsigned FirstWarp = 0;
    for (unsigned W = 0; W < Warps.size(); ++W) {
      if (!divergent(Warps[W]))
        continue;
      if (!Split.DivergentWarps)
        FirstWarp = W;
      ++Split.DivergentWarps;
      std::vector<bool> T;
      unsigned On = 0;
      for (const auto &V : Warps[W]) {
        if (!V.isConstant())
          Boolean = false;
        T.push_back(V.Const != 0);
        On += V.Const != 0;
      }
      Single &= On == 1;
      if (!Pattern)
        Pattern = T;
      else if (*Pattern != T)
        SamePattern = false;
    }
    Split.SingleLane = Boolean && Single && Split.DivergentWarps > 0;
    if (!Split.DivergentWarps)
      return;
    std::string Where =
        Split.DivergentWarps == Split.Warps && Split.Warps > 1
            ? "in every warp"
        : Split.DivergentWarps == 1
            ? "in warp " + std::to_string(FirstWarp) + " of each block"
            : "in " + std::to_string(Split.DivergentWarps) + " of the " +
                  std::to_string(Split.Warps) + " warps of each block";
    if (!Boolean || !SamePattern || !Pattern) {
      Split.Description = "lanes take different paths " + Where;
      return;
    }
    unsigned On = 0;
    for (bool B : *Pattern)
      On += B;
    std::string Lanes = describeLanes(*Pattern);
    if (Lanes == "even lanes" || Lanes == "odd lanes")
      Split.Description = "even and odd lanes take different paths, " + Where;
    else if (On == 1)
      Split.Description = "only " + Lanes + " takes the branch, " + Where;
    else
      Split.Description =
          Lanes + " take the branch and " +
          (Pattern->size() - On == 1
               ? std::string("the other lane does not, ")
               : "the other " + std::to_string(Pattern->size() - On) +
                     " lanes do not, ") +
          Where;
  }

  /// The loop variables a symbolic expression mentions.
  static void loopIVs(const sym::Expr *E, llvm::SmallVectorImpl<std::string> &Out,
                      unsigned Depth = 0) {
    if (Depth > 64)
      return;
    if (E->kind() == sym::ExprKind::LoopIV) {
      std::string N = E->name().str();
      if (llvm::find(Out, N) == Out.end())
        Out.push_back(N);
    }
    for (const sym::Expr *O : E->ops())
      loopIVs(O, Out, Depth + 1);
  }

  /// The values of the enclosing `for` loop variable named \p Name (as
  /// ExprBuilder names it: "s" for geometric loops, "i.iter" for the
  /// iteration count of additive ones), for this block shape.
  std::optional<std::vector<std::pair<int64_t, int64_t>>>
  enumerateLoop(FnState &F, llvm::StringRef Name) {
    for (size_t I = Stack.size(); I-- > F.Base;) {
      const auto *FS = dyn_cast_or_null<ForStmt>(Stack[I].S);
      if (!FS || !FS->getCond())
        continue;
      const VarDecl *V = nullptr;
      if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit());
          DS && DS->isSingleDecl())
        V = dyn_cast<VarDecl>(DS->getSingleDecl());
      if (!V)
        continue;
      const LoopVarInfo *LI = F.Facts->loopVar(V);
      if (!LI || LI->Loop != FS)
        continue;
      std::string VName = V->getName().str();
      bool Geometric = LI->Geometric;
      if (Name != (Geometric ? VName : VName + ".iter"))
        continue;
      const sym::Expr *Cond = F.Builder->build(FS->getCond());
      sym::Bindings B = Bind;
      sym::ThreadEvaluator TE(SC, Shape.Shape, B);
      std::vector<std::pair<int64_t, int64_t>> Values; // (binding, IV value)
      if (!Geometric) {
        const sym::Expr *IV = F.Builder->build(
            DeclRefExpr::Create(Ctx, NestedNameSpecifierLoc(), SourceLocation(),
                                const_cast<VarDecl *>(V), false,
                                SourceLocation(), V->getType(), VK_LValue));
        for (int64_t K = 0; K < MaxEnumeratedIterations; ++K) {
          B[Name] = K;
          sym::ThreadEvaluator T2(SC, Shape.Shape, B);
          auto C = T2.eval(Cond, {0, 0, 0});
          auto Val = T2.eval(IV, {0, 0, 0});
          if (!C || !C->isConstant() || !Val || !Val->isConstant())
            return std::nullopt;
          if (!C->Const)
            return Values;
          Values.push_back({K, Val->Const});
        }
        return std::nullopt;
      }
      // Geometric: first value, then the increment applied step by step.
      auto Init = TE.eval(F.Builder->build(LI->Init), {0, 0, 0});
      if (!Init || !Init->isConstant())
        return std::nullopt;
      int64_t Cur = Init->Const;
      for (unsigned K = 0; K < MaxEnumeratedIterations; ++K) {
        B[Name] = Cur;
        sym::ThreadEvaluator T2(SC, Shape.Shape, B);
        auto C = T2.eval(Cond, {0, 0, 0});
        if (!C || !C->isConstant())
          return std::nullopt;
        if (!C->Const)
          return Values;
        Values.push_back({Cur, Cur});
        auto Next = step(FS->getInc(), V, Cur);
        if (!Next || *Next == Cur)
          return std::nullopt;
        Cur = *Next;
      }
      return std::nullopt;
    }
    return std::nullopt;
  }

  std::optional<int64_t> step(const Expr *Inc, const VarDecl *V, int64_t Cur) {
    if (!Inc)
      return std::nullopt;
    Inc = Inc->IgnoreParenImpCasts();
    auto Const = [&](const Expr *E) -> std::optional<int64_t> {
      if (auto C = E->getIntegerConstantExpr(Ctx))
        return C->getExtValue();
      return std::nullopt;
    };
    if (const auto *CA = dyn_cast<CompoundAssignOperator>(Inc)) {
      auto C = Const(CA->getRHS());
      if (!C)
        return std::nullopt;
      switch (CA->getOpcode()) {
      case BO_ShrAssign:
        return *C >= 0 && *C < 63 ? std::optional<int64_t>(Cur >> *C)
                                  : std::nullopt;
      case BO_ShlAssign:
        return *C >= 0 && *C < 32 ? std::optional<int64_t>(Cur << *C)
                                  : std::nullopt;
      case BO_MulAssign:
        return Cur * *C;
      case BO_DivAssign:
        return *C ? std::optional<int64_t>(Cur / *C) : std::nullopt;
      default:
        return std::nullopt;
      }
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(Inc);
        BO && BO->getOpcode() == BO_Assign) {
      const auto *R = dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
      if (!R)
        return std::nullopt;
      const auto *L = dyn_cast<DeclRefExpr>(R->getLHS()->IgnoreParenImpCasts());
      auto C = Const(R->getRHS());
      if (R->getOpcode() == BO_Mul && (!L || L->getDecl() != V)) {
        // c * i
        L = dyn_cast<DeclRefExpr>(R->getRHS()->IgnoreParenImpCasts());
        C = Const(R->getLHS());
      }
      if (!L || L->getDecl() != V || !C)
        return std::nullopt;
      switch (R->getOpcode()) {
      case BO_Shr:
        return *C >= 0 && *C < 63 ? std::optional<int64_t>(Cur >> *C)
                                  : std::nullopt;
      case BO_Shl:
        return *C >= 0 && *C < 32 ? std::optional<int64_t>(Cur << *C)
                                  : std::nullopt;
      case BO_Mul:
        return Cur * *C;
      case BO_Div:
        return *C ? std::optional<int64_t>(Cur / *C) : std::nullopt;
      default:
        return std::nullopt;
      }
    }
    return std::nullopt;
  }

  /// Refines the level of a condition by evaluating it for every lane of the
  /// block shape (and every iteration of a loop it depends on).
  Uniformity refine(const Expr *Cond, FnState &F, Uniformity AST,
                    LaneSplit &Split) {
    if (AST < Uniformity::WarpUniform)
      return AST;
    QualType T = Cond->getType();
    if (!T->isIntegerType() && !T->isBooleanType() && !T->isPointerType())
      return AST;
    const sym::Expr *E = F.Builder->build(Cond);
    // In a helper, the builder takes parameters for uniform values; those
    // that carry lane-varying arguments make the evaluation meaningless.
    if (!F.IsKernel && mentionsVaryingParam(E, F))
      return AST;
    if (auto Warps = evalLanes(E, Bind))
      return fromWarps(*Warps, AST, Split);
    // A condition on a loop variable: every iteration.
    llvm::SmallVector<std::string, 2> IVs;
    loopIVs(E, IVs);
    if (IVs.size() != 1)
      return AST;
    auto Iters = enumerateLoop(F, IVs[0]);
    if (!Iters || Iters->empty())
      return AST;
    std::vector<int64_t> DivValues, UniValues;
    Uniformity Result = Uniformity::Constant;
    LaneSplit First;
    for (const auto &[Binding, Value] : *Iters) {
      sym::Bindings B = Bind;
      B[IVs[0]] = Binding;
      auto Warps = evalLanes(E, B);
      if (!Warps)
        return AST;
      LaneSplit S;
      Uniformity U = fromWarps(*Warps, AST, S);
      Result = std::max(Result, U);
      if (U == Uniformity::LaneVarying) {
        DivValues.push_back(Value);
        if (!First.Exact)
          First = S;
      } else {
        UniValues.push_back(Value);
      }
    }
    if (Result != Uniformity::LaneVarying) {
      return Result;
    }
    Split = First;
    std::string IVName = IVs[0];
    if (StringRef(IVName).ends_with(".iter"))
      IVName = IVName.substr(0, IVName.size() - 5);
    if (UniValues.empty() && Iters->size() > 1) {
      Split.Iterations = "in all " + std::to_string(Iters->size()) +
                         " iterations of the loop";
    } else if (!UniValues.empty()) {
      int64_t MaxDiv = *std::max_element(DivValues.begin(), DivValues.end());
      int64_t MinDiv = *std::min_element(DivValues.begin(), DivValues.end());
      int64_t MaxUni = *std::max_element(UniValues.begin(), UniValues.end());
      int64_t MinUni = *std::min_element(UniValues.begin(), UniValues.end());
      std::string Range;
      if (MaxDiv < MinUni)
        Range = " where " + IVName + " < " + std::to_string(MinUni);
      else if (MinDiv > MaxUni)
        Range = " where " + IVName + " > " + std::to_string(MaxUni);
      std::string List;
      for (unsigned I = 0; I < DivValues.size() && I < 6; ++I)
        List += (I ? ", " : "") + std::to_string(DivValues[I]);
      if (DivValues.size() > 6)
        List += ", ...";
      Split.Iterations = "only in the iterations" + Range + " (" + IVName +
                         " = " + List + ": " +
                         std::to_string(DivValues.size()) + " of " +
                         std::to_string(Iters->size()) + ")";
    }
    return Result;
  }

  Uniformity fromWarps(const std::vector<WarpValues> &Warps, Uniformity AST,
                       LaneSplit &Split) {
    bool AnyDivergent = false, AllSame = true;
    for (const auto &W : Warps) {
      AnyDivergent |= divergent(W);
      if (!W.empty() && !same(W.front(), Warps.front().front()))
        AllSame = false;
    }
    if (AnyDivergent) {
      describe(Warps, Split);
      return Uniformity::LaneVarying;
    }
    Split.Exact = true;
    if (!AllSame)
      return Uniformity::WarpUniform;
    return std::min(AST, Uniformity::BlockUniform);
  }

  /// `i < n`, `x < w && y < h`, `i >= n`: lane-linear indices against bounds
  /// that are the same for every lane and not known at compile time.
  bool isBoundGuard(const Expr *C, FnState &F, unsigned Depth = 0,
                    const Stmt *Loop = nullptr) {
    C = C->IgnoreParenImpCasts();
    if (Depth > 8)
      return false;
    if (const auto *UO = dyn_cast<UnaryOperator>(C);
        UO && UO->getOpcode() == UO_LNot)
      return isBoundGuard(UO->getSubExpr(), F, Depth + 1, Loop);
    const auto *BO = dyn_cast<BinaryOperator>(C);
    if (!BO)
      return false;
    if (BO->getOpcode() == BO_LAnd || BO->getOpcode() == BO_LOr) {
      auto Side = [&](const Expr *S) {
        Level L = level(S, F);
        return L.U != Uniformity::LaneVarying ||
               isBoundGuard(S, F, Depth + 1, Loop);
      };
      return Side(BO->getLHS()) && Side(BO->getRHS());
    }
    if (!BO->isRelationalOp())
      return false;
    Level L = level(BO->getLHS(), F), R = level(BO->getRHS(), F);
    const Expr *Var = nullptr, *Bound = nullptr;
    if (L.U == Uniformity::LaneVarying && R.U != Uniformity::LaneVarying) {
      Var = BO->getLHS();
      Bound = BO->getRHS();
    } else if (R.U == Uniformity::LaneVarying &&
               L.U != Uniformity::LaneVarying) {
      Var = BO->getRHS();
      Bound = BO->getLHS();
    }
    if (Var && isQueueSlot(Var, F))
      return true;
    if (Var && Loop && isStrideCounter(Var, Loop, F))
      return !L.DataDep && !R.DataDep;
    if (!Var || L.DataDep || R.DataDep)
      return false;
    // A constant bound is a tail guard too when the lanes could not be
    // evaluated (the index carries a runtime offset: `ix > 0` with ix =
    // blockX * blockDim.x + threadIdx.x); evaluable conditions such as
    // `threadIdx.x < 16` never get here.
    (void)Bound;
    if (!Var->getType()->isIntegerType())
      return false;
    // The index is affine in the thread index: no unknown lane-varying leaf.
    // A variable reassigned on the way here is read through its last value.
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Var->IgnoreParenImpCasts()))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        if (const Expr *Last = F.LastValue.lookup(V);
            !Loop && Last && !F.Facts->isUnmodified(V) &&
            Last->getType()->isIntegerType())
          Var = Last;
    const sym::Expr *S = F.Builder->build(Var);
    return !hasLaneVaryingUnknown(S) && (F.IsKernel || !mentionsVaryingParam(S, F));
  }

  /// `while (i < n) { ...; i += stride; }`: a counter that the loop only
  /// advances by a uniform stride (a grid-stride loop written with while or
  /// with a counter declared before the loop), starting from a value that is
  /// not read from memory.
  bool isStrideCounter(const Expr *E, const Stmt *Loop, FnState &F) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!V || !V->hasLocalStorage() || !V->getType()->isIntegerType() ||
        F.DataDep.count(V))
      return false;
    bool Ok = true, Advanced = false;
    std::function<void(const Stmt *)> Scan = [&](const Stmt *S) {
      if (!S || !Ok)
        return;
      const Expr *Target = nullptr;
      if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
        Target = BO->getLHS();
      else if (const auto *UO = dyn_cast<UnaryOperator>(S);
               UO && UO->isIncrementDecrementOp())
        Target = UO->getSubExpr();
      if (Target) {
        const auto *T = dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts());
        if (T && T->getDecl() == V) {
          if (const auto *CA = dyn_cast<CompoundAssignOperator>(S)) {
            Ok &= CA->getOpcode() == BO_AddAssign &&
                  level(CA->getRHS(), F).U != Uniformity::LaneVarying;
          } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
            Ok &= UO->isIncrementOp();
          } else {
            const auto *R = dyn_cast<BinaryOperator>(
                cast<BinaryOperator>(S)->getRHS()->IgnoreParenImpCasts());
            const DeclRefExpr *Self =
                R ? dyn_cast<DeclRefExpr>(R->getLHS()->IgnoreParenImpCasts())
                  : nullptr;
            Ok &= R && R->getOpcode() == BO_Add && Self && Self->getDecl() == V &&
                  level(R->getRHS(), F).U != Uniformity::LaneVarying;
          }
          Advanced = true;
        }
      }
      for (const Stmt *C : S->children())
        Scan(C);
    };
    if (const auto *WS = dyn_cast<WhileStmt>(Loop))
      Scan(WS->getBody());
    else if (const auto *FS = dyn_cast<ForStmt>(Loop)) {
      Scan(FS->getBody());
      Scan(FS->getInc());
    } else if (const auto *DS = dyn_cast<DoStmt>(Loop))
      Scan(DS->getBody());
    else
      return false;
    return Ok && Advanced;
  }

  /// `slot = atomicAdd(counter, 1)` with a uniform counter and increment: the
  /// lanes of a warp get consecutive values (nvcc aggregates the warp's
  /// atomics), so `slot < capacity` splits only the warp that crosses it.
  bool isQueueSlot(const Expr *E, FnState &F) {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        if (V->hasLocalStorage() && V->getInit() && F.Facts->isUnmodified(V))
          E = V->getInit()->IgnoreParenImpCasts();
    const auto *CE = dyn_cast<CallExpr>(E);
    const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
    if (!FD || !FD->getIdentifier() ||
        !(FD->getName() == "atomicAdd" || FD->getName() == "atomicInc") ||
        CE->getNumArgs() != 2 || !CE->getType()->isIntegerType())
      return false;
    return level(CE->getArg(0), F).U != Uniformity::LaneVarying &&
           level(CE->getArg(1), F).U != Uniformity::LaneVarying;
  }

  static bool mentionsVaryingParam(const sym::Expr *E, const FnState &F,
                                   unsigned Depth = 0) {
    if (Depth > 64)
      return true;
    if (E->kind() == sym::ExprKind::Param) {
      for (const auto &[P, U] : F.ParamLevel)
        if (P->getName() == E->name() && U >= Uniformity::WarpUniform)
          return true;
      return false;
    }
    for (const sym::Expr *O : E->ops())
      if (mentionsVaryingParam(O, F, Depth + 1))
        return true;
    return false;
  }

  static bool hasLaneVaryingUnknown(const sym::Expr *E, unsigned Depth = 0) {
    if (Depth > 64)
      return true;
    if ((E->kind() == sym::ExprKind::Unknown ||
         E->kind() == sym::ExprKind::LoopIV) &&
        E->leafUniformity() == Uniformity::LaneVarying)
      return true;
    if ((E->kind() == sym::ExprKind::Rem || E->kind() == sym::ExprKind::And ||
         E->kind() == sym::ExprKind::Xor) &&
        E->mayVaryByLane())
      return true; // not monotone in the lane (uniform operands are fine)
    for (const sym::Expr *O : E->ops())
      if (hasLaneVaryingUnknown(O, Depth + 1))
        return true;
    return false;
  }

  // ----- the walk ----------------------------------------------------------

  Uniformity jumpLevel(size_t From) const {
    Uniformity U = Uniformity::Constant;
    for (size_t I = From; I < Stack.size(); ++I)
      if (!Stack[I].ExitOnly)
        U = std::max(U, Stack[I].Level);
    return U;
  }

  const Expr *innermostCond(size_t From, Uniformity AtLeast) const {
    for (size_t I = Stack.size(); I-- > From;)
      if (!Stack[I].ExitOnly && Stack[I].Level >= AtLeast && Stack[I].Cond)
        return Stack[I].Cond;
    return nullptr;
  }

  void push(const Stmt *S, const Expr *Cond, Uniformity U, bool Loop,
            FnState &F) {
    Control C;
    C.S = S;
    C.Cond = Cond;
    C.Level = U;
    C.IsLoopOrSwitch = Loop;
    Stack.push_back(C);
  }

  void assign(const Expr *LHS, const Level &RHS, FnState &F,
              const Expr *Value = nullptr) {
    const VarDecl *V = assignedLocal(LHS);
    if (!V) {
      noteStore(LHS);
      return;
    }
    bool Scalar = isa<DeclRefExpr>(LHS->IgnoreParenImpCasts());
    setVar(F, V, RHS, Scalar);
    F.LastValue.erase(V);
    if (Scalar && Value)
      F.LastValue[V] = Value;
  }

  void noteStore(const Expr *LHS) {
    const VarDecl *V = baseVar(LHS);
    if (!isSharedVar(V))
      return;
    // Only a store that every remaining thread makes (no divergent condition
    // between the early return and the store) is one the departed threads
    // would have made too; a leader's store under `if (threadIdx.x == 0)` is
    // not missing when other threads leave.
    bool Conditional = false;
    for (size_t I = Stack.size(); I-- > 0;) {
      Control &C = Stack[I];
      if (C.ExitOnly) {
        if (!Conditional)
          C.SharedStoreAfter = true;
      } else if (C.Level >= Uniformity::WarpUniform) {
        Conditional = true;
      }
    }
  }

  void visitChildren(const Stmt *S, FnState &F) {
    for (const Stmt *C : S->children())
      visit(C, F);
  }

  void visit(const Stmt *S, FnState &F) {
    if (!S)
      return;
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      size_t Base = Stack.size();
      for (const Stmt *Child : CS->body()) {
        size_t J = Jumps.size();
        visit(Child, F);
        // A divergent break/continue/return inside Child: the rest of this
        // block runs for only some threads.
        Uniformity ValueLevel = Uniformity::Constant,
                   ExitLevel = Uniformity::Constant;
        const Stmt *ExitS = nullptr;
        const Expr *ExitCond = nullptr;
        for (size_t I = J; I < Jumps.size(); ++I) {
          const Jump &Jp = Jumps[I];
          if (Jp.Kind == Jump::Return) {
            if (Jp.Target == F.Base && Jp.Level > ExitLevel) {
              ExitLevel = Jp.Level;
              ExitS = Jp.S;
              ExitCond = Jp.Cond;
            }
          } else if (Jp.Target < Base) {
            ValueLevel = std::max(ValueLevel, Jp.Level);
            if (!ExitS || Jp.Level > ExitLevel) {
              ExitS = Jp.S;
              ExitCond = Jp.Cond;
            }
          }
        }
        if (ValueLevel >= Uniformity::WarpUniform)
          push(ExitS, ExitCond, ValueLevel, false, F);
        else if (ExitLevel >= Uniformity::WarpUniform) {
          push(ExitS, ExitCond, ExitLevel, false, F);
          Stack.back().ExitOnly = true;
        }
      }
      Stack.resize(Base);
      return;
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D)) {
          if (const Expr *Init = V->getInit()) {
            visit(Init, F);
            if (!isSharedVar(V)) {
              setVar(F, V, level(Init, F), /*Strong=*/true);
              F.LastValue[V] = Init;
            }
          } else {
            F.Var[V] = Uniformity::Constant;
          }
        }
      return;
    }
    if (const auto *IS = dyn_cast<IfStmt>(S)) {
      if (IS->getInit())
        visit(IS->getInit(), F);
      if (IS->getConditionVariableDeclStmt())
        visit(IS->getConditionVariableDeclStmt(), F);
      visit(IS->getCond(), F);
      Level C = level(IS->getCond(), F);
      LaneSplit Split;
      Uniformity U = refine(IS->getCond(), F, C.U, Split);
      if (IS->isConsteval() || IS->isConstexpr())
        U = Uniformity::Constant;
      if (Reporting && U == Uniformity::LaneVarying)
        record(IS, IS->getCond(), BranchKind::If, C, Split, F,
               estimateBranch(IS->getThen(), IS->getElse()));
      push(IS, IS->getCond(), U, false, F);
      uint64_t Since = F.Clock;
      Env Before = F.Var;
      visit(IS->getThen(), F);
      Env AfterThen = std::move(F.Var);
      F.Var = std::move(Before);
      visit(IS->getElse(), F);
      joinInto(F.Var, AfterThen);
      Stack.pop_back();
      syncJoin(F, Since, U, IS);
      return;
    }
    if (const auto *FS = dyn_cast<ForStmt>(S)) {
      visit(FS->getInit(), F);
      loop(FS, FS->getCond(), {FS->getCond(), FS->getBody(), FS->getInc()}, F);
      return;
    }
    if (const auto *WS = dyn_cast<WhileStmt>(S)) {
      if (WS->getConditionVariableDeclStmt())
        visit(WS->getConditionVariableDeclStmt(), F);
      loop(WS, WS->getCond(), {WS->getCond(), WS->getBody()}, F);
      return;
    }
    if (const auto *DoS = dyn_cast<DoStmt>(S)) {
      loop(DoS, DoS->getCond(), {DoS->getBody(), DoS->getCond()}, F);
      return;
    }
    if (const auto *RS = dyn_cast<CXXForRangeStmt>(S)) {
      visit(RS->getRangeStmt(), F);
      visit(RS->getBeginStmt(), F);
      visit(RS->getEndStmt(), F);
      loop(RS, RS->getCond(),
           {RS->getCond(), RS->getLoopVarStmt(), RS->getBody(), RS->getInc()},
           F);
      return;
    }
    if (const auto *SW = dyn_cast<SwitchStmt>(S)) {
      if (SW->getInit())
        visit(SW->getInit(), F);
      visit(SW->getCond(), F);
      Level C = level(SW->getCond(), F);
      LaneSplit Split;
      Uniformity U = refine(SW->getCond(), F, C.U, Split);
      if (Reporting && U == Uniformity::LaneVarying) {
        bool Unpred = false;
        unsigned Cost = estimateCost(SW->getBody(), Ctx, Unpred);
        record(SW, SW->getCond(), BranchKind::Switch, C, Split, F,
               {Cost, Unpred});
      }
      push(SW, SW->getCond(), U, true, F);
      uint64_t Since = F.Clock;
      Env Before = F.Var;
      visit(SW->getBody(), F);
      joinInto(F.Var, Before);
      Stack.pop_back();
      syncJoin(F, Since, U, SW);
      return;
    }
    if (isa<BreakStmt>(S) || isa<ContinueStmt>(S)) {
      // The innermost loop (or switch, for break) on the stack.
      for (size_t I = Stack.size(); I-- > F.Base;) {
        if (!Stack[I].IsLoopOrSwitch)
          continue;
        if (isa<ContinueStmt>(S) && isa<SwitchStmt>(Stack[I].S))
          continue;
        Uniformity U = jumpLevel(I + 1);
        Jumps.push_back({isa<BreakStmt>(S) ? Jump::Break : Jump::Continue, U,
                         I, S, innermostCond(I + 1, U)});
        if (isa<ContinueStmt>(S)) {
          Uniformity &E = F.LoopContinue[Stack[I].S];
          if (U > E) {
            E = U;
            F.Changed = true;
          }
        }
        if (isa<BreakStmt>(S) && !isa<SwitchStmt>(Stack[I].S)) {
          Uniformity &E = F.LoopExit[Stack[I].S];
          if (U > E) {
            E = U;
            F.Changed = true;
          }
          if (const Expr *C = innermostCond(I + 1, U)) {
            Level CL = level(C, F);
            F.LoopExitWhy[Stack[I].S] = {
                "a break at line " + std::to_string(line(S)) +
                    " that only some lanes take" +
                    (CL.Source.empty() ? "" : ", through " + CL.Source),
                CL.DataDep};
          }
        }
        break;
      }
      return;
    }
    if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
      if (RS->getRetValue()) {
        visit(RS->getRetValue(), F);
        Level L = level(RS->getRetValue(), F);
        L.join(Level{jumpLevel(F.Base), false, "", nullptr});
        if (L.U >= F.Return) {
          if (!L.Source.empty())
            F.ReturnSource = L.Source;
          F.Return = L.U;
        }
        F.ReturnDataDep |= L.DataDep;
      }
      Uniformity U = jumpLevel(F.Base);
      Jumps.push_back({Jump::Return, U, F.Base, S, innermostCond(F.Base, U)});
      return;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->isAssignmentOp()) {
        visit(BO->getRHS(), F);
        visit(BO->getLHS(), F);
        Level R = level(BO->getRHS(), F);
        if (BO->isCompoundAssignmentOp())
          R.join(level(BO->getLHS(), F));
        assign(BO->getLHS(), R, F,
               BO->isCompoundAssignmentOp() ? nullptr : BO->getRHS());
        return;
      }
      if (BO->isLogicalOp()) {
        visit(BO->getLHS(), F);
        Level C = level(BO->getLHS(), F);
        LaneSplit Split;
        Uniformity U = refine(BO->getLHS(), F, C.U, Split);
        bool Unpred = false;
        unsigned Cost = estimateCost(BO->getRHS(), Ctx, Unpred);
        if (Reporting && U == Uniformity::LaneVarying && (Unpred || Cost > 7))
          record(BO, BO->getLHS(), BranchKind::ShortCircuit, C, Split, F,
                 {Cost, Unpred});
        push(BO, BO->getLHS(), U, false, F);
        uint64_t Since = F.Clock;
        Env Before = F.Var;
        visit(BO->getRHS(), F);
        joinInto(F.Var, Before);
        Stack.pop_back();
        syncJoin(F, Since, U, BO);
        return;
      }
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && UO->isIncrementDecrementOp()) {
      visit(UO->getSubExpr(), F);
      assign(UO->getSubExpr(), level(UO->getSubExpr(), F), F);
      return;
    }
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      visitChildren(S, F);
      callStatement(CE, F);
      return;
    }
    if (isa<LambdaExpr>(S))
      return;
    visitChildren(S, F);
  }

  struct BodyEstimate {
    unsigned Cost;
    bool Unpredicable;
  };
  BodyEstimate estimateBranch(const Stmt *Then, const Stmt *Else) {
    bool U = false;
    unsigned C = estimateCost(Then, Ctx, U) + estimateCost(Else, Ctx, U);
    return {C, U};
  }

  void loop(const Stmt *L, const Expr *Cond,
            std::initializer_list<const Stmt *> Parts, FnState &F) {
    // The variables' levels at the loop head: the entry joined with the back
    // edge, iterated until stable (a few rounds; levels only rise).
    uint64_t Since = F.Clock;
    Env Entry = F.Var;
    bool Saved = Reporting;
    Reporting = false;
    Uniformity U = Uniformity::Constant;
    for (unsigned Round = 0; Round < 3; ++Round) {
      Env Head = F.Var;
      U = loopOnce(L, Cond, Parts, F);
      joinInto(F.Var, Entry);
      // Back at the head: lanes that skipped the rest of an iteration (a
      // divergent continue) hold different values. Lanes that left do not
      // take part any more.
      syncJoin(F, Since, F.LoopContinue.lookup(L), L);
      joinInto(F.Var, Head);
      if (F.Var == Head)
        break;
    }
    Reporting = Saved;
    if (Reporting) {
      Env Head = F.Var;
      U = loopOnce(L, Cond, Parts, F);
      F.Var = std::move(Head);
    }
    // After the loop, threads that ran different numbers of iterations (or
    // broke out at different points) meet again.
    syncJoin(F, Since, U, L);
  }

  /// One walk over the loop at the current head levels; the loop's level.
  Uniformity loopOnce(const Stmt *L, const Expr *Cond,
                      std::initializer_list<const Stmt *> Parts, FnState &F) {
    Level C = Cond ? level(Cond, F) : Level();
    LaneSplit Split;
    Uniformity U = Cond ? refine(Cond, F, C.U, Split) : C.U;
    if (Cond && U == Uniformity::LaneVarying && !Split.Exact)
      laneTripCounts(L, F, U, Split);
    Uniformity Exit = F.LoopExit.lookup(L);
    if (Exit == Uniformity::LaneVarying &&
        (U != Uniformity::LaneVarying ||
         StringRef(C.Source).starts_with("a value assigned"))) {
      // The condition is uniform but some lanes break out early.
      U = Exit;
      C.U = Exit;
      auto It = F.LoopExitWhy.find(L);
      if (It != F.LoopExitWhy.end()) {
        C.Source = It->second.first;
        C.DataDep = It->second.second;
      }
    }
    if (Reporting && U == Uniformity::LaneVarying) {
      bool Unpred = true;
      const Stmt *Body = nullptr;
      if (const auto *FS = dyn_cast<ForStmt>(L))
        Body = FS->getBody();
      else if (const auto *WS = dyn_cast<WhileStmt>(L))
        Body = WS->getBody();
      else if (const auto *DS = dyn_cast<DoStmt>(L))
        Body = DS->getBody();
      else if (const auto *RS = dyn_cast<CXXForRangeStmt>(L))
        Body = RS->getBody();
      unsigned Cost = estimateCost(Body, Ctx, Unpred);
      record(L, Cond, BranchKind::Loop, C, Split, F, {Cost, true});
    }
    Uniformity Level = std::max(U, Exit);
    push(L, Cond, Level, true, F);
    for (const Stmt *P : Parts)
      visit(P, F);
    Stack.pop_back();
    return Level;
  }

  /// A loop whose condition is lane-varying only because its variable starts
  /// at a lane-varying value: count each lane's iterations when the bound
  /// is known (for (k = threadIdx.x; k < 64; k += 32)).
  void laneTripCounts(const Stmt *L, FnState &F, Uniformity &U,
                      LaneSplit &Split) {
    const auto *FS = dyn_cast<ForStmt>(L);
    if (!FS || !FS->getCond())
      return;
    const sym::Expr *E = F.Builder->build(FS->getCond());
    llvm::SmallVector<std::string, 2> IVs;
    loopIVs(E, IVs);
    if (IVs.size() != 1 || !StringRef(IVs[0]).ends_with(".iter"))
      return;
    sym::ThreadEvaluator TE(SC, Shape.Shape, Bind);
    const sym::LaunchShape &S = Shape.Shape;
    std::vector<WarpValues> Warps;
    for (unsigned W = 0; W < S.warpsPerBlock(); ++W) {
      WarpValues Vals;
      for (unsigned Ln = 0; Ln < S.WarpSize; ++Ln) {
        unsigned Linear = W * S.WarpSize + Ln;
        if (Linear >= S.threadsPerBlock())
          break;
        int64_t Trips = -1;
        for (int64_t K = 0; K <= MaxEnumeratedIterations; ++K) {
          sym::Bindings B = Bind;
          B[IVs[0]] = K;
          sym::ThreadEvaluator T2(SC, Shape.Shape, B);
          auto V = T2.eval(E, S.threadOf(Linear));
          if (!V || !V->isConstant())
            return;
          if (!V->Const) {
            Trips = K;
            break;
          }
        }
        if (Trips < 0)
          return;
        sym::SymValue SV;
        SV.Const = Trips;
        Vals.push_back(SV);
      }
      Warps.push_back(std::move(Vals));
    }
    LaneSplit S2;
    U = fromWarps(Warps, U, S2);
    if (U == Uniformity::LaneVarying)
      S2.Description = "lanes run different numbers of iterations " +
                       S2.Description.substr(S2.Description.rfind(", ") + 2);
    Split = S2;
  }

  void callStatement(const CallExpr *CE, FnState &F) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (!FD)
      return;
    StringRef N = FD->getIdentifier() ? FD->getName() : "";
    bool Warp = false;
    std::string Name;
    if (isBarrierName(N, Warp)) {
      Name = N.str();
      if (Warp && CE->getNumArgs() >= 1) {
        auto M = CE->getArg(0)->getIntegerConstantExpr(Ctx);
        if (!M || M->getZExtValue() != 0xffffffffULL)
          return; // a partial mask names its lanes: not a full-warp barrier
      }
    } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE)) {
      const CXXRecordDecl *RD = MC->getMethodDecl()->getParent();
      if (N == "sync" && isBlockGroup(RD))
        Name = RD->getName() == "grid_group" ? "sync() of a grid group"
                                             : "sync() of a thread block group";
      else if (N == "sync" && tileSize(RD) == Opts.WarpSize) {
        Name = "sync() of a 32-thread tile";
        Warp = true;
      }
    } else if (N == "sync" && CE->getNumArgs() == 1) {
      // cg::sync(group)
      if (const auto *RD =
              CE->getArg(0)->getType().getNonReferenceType()->getAsCXXRecordDecl())
        if (isBlockGroup(RD))
          Name = "cg::sync() of a thread block group";
    }
    if (!Name.empty()) {
      if (Reporting)
        barrier(CE, Name, Warp, F);
      return;
    }
    // Helpers: their barriers are found when level() walks them.
    if (FD->hasBody() && !isa<CXXOperatorCallExpr>(CE) &&
        !isa<CUDAKernelCallExpr>(CE))
      (void)level(CE, F);
  }

  void barrier(const CallExpr *CE, const std::string &Name, bool Warp,
               FnState &F) {
    Uniformity Need =
        Warp ? Uniformity::LaneVarying : Uniformity::WarpUniform;
    for (size_t I = 0; I < Stack.size(); ++I) {
      const Control &C = Stack[I];
      if (C.Level < Need)
        continue;
      DivergentBarrier B;
      B.Call = CE;
      B.Name = Name;
      B.WarpScope = Warp;
      B.Control = C.S;
      B.ControlCond = C.Cond;
      B.AfterExit = C.ExitOnly;
      B.SharedStoreAfterExit = C.SharedStoreAfter;
      B.Level = C.Level;
      B.ViaCall = F.ViaCall;
      for (const auto &Old : Out.Barriers)
        if (Old.Call == CE)
          return;
      Out.Barriers.push_back(B);
      return;
    }
  }

  static bool containsLoop(const Stmt *S, unsigned Depth) {
    if (!S || Depth > 40)
      return false;
    for (const Stmt *C : S->children())
      if (C && (isa<ForStmt>(C) || isa<WhileStmt>(C) || isa<DoStmt>(C) ||
                isa<CXXForRangeStmt>(C) || containsLoop(C, Depth + 1)))
        return true;
    return false;
  }

  void record(const Stmt *S, const Expr *Cond, BranchKind K, const Level &C,
              const LaneSplit &Split, FnState &F, BodyEstimate Est) {
    for (const auto &Old : Out.Branches)
      if (Old.S == S)
        return;
    DivergentBranch B;
    B.S = S;
    B.Cond = Cond;
    B.Kind = K;
    B.DataDependent = C.DataDep;
    B.Source = C.Source;
    B.SourceExpr = C.SourceExpr;
    B.BodyCost = Est.Cost;
    B.ContainsLoop = K == BranchKind::Loop || containsLoop(S, 0);
    B.Unpredicable = Est.Unpredicable;
    B.Split = Split;
    if (K == BranchKind::Switch && Split.Exact)
      B.Split.Description =
          "lanes go to different cases" +
          Split.Description.substr(Split.Description.rfind(", "));
    B.ViaCall = F.ViaCall;
    if (!Split.Exact && Cond) {
      if (K == BranchKind::If || K == BranchKind::ShortCircuit)
        B.TailGuard = isBoundGuard(Cond, F);
      else if (K == BranchKind::Loop)
        B.TailGuard = isBoundGuard(Cond, F, 0, S);
    }
    Out.Branches.push_back(B);
  }

  ASTContext &Ctx;
  sym::ExprContext &SC;
  MutationCache &Mutations;
  const KernelShape &Shape;
  const DivergenceOptions &Opts;
  KernelDivergence &Out;
  sym::Bindings Bind;
  std::vector<Control> Stack;
  std::vector<Jump> Jumps;
  bool Reporting = false;
  unsigned CallDepth = 0;
};

} // namespace

KernelDivergence analyzeDivergence(const FunctionDecl &Kernel, ASTContext &Ctx,
                                   sym::ExprContext &SC,
                                   MutationCache &Mutations,
                                   const KernelShape &Shape,
                                   const DivergenceOptions &Opts) {
  KernelDivergence Out;
  if (!Kernel.getBody())
    return Out;
  Walker W(Ctx, SC, Mutations, Shape, Opts, Out);
  W.runKernel(Kernel);
  return Out;
}

namespace {
struct CacheKey {
  const FunctionDecl *Kernel;
  std::array<unsigned, 3> BlockDim;
  std::vector<std::pair<std::string, int64_t>> Params;
  unsigned WarpSize;
  bool operator<(const CacheKey &O) const {
    return std::tie(Kernel, BlockDim, Params, WarpSize) <
           std::tie(O.Kernel, O.BlockDim, O.Params, O.WarpSize);
  }
};
thread_local std::map<CacheKey, KernelDivergence> DivergenceCache;
} // namespace

const KernelDivergence &
cachedDivergence(const FunctionDecl &Kernel, ASTContext &Ctx,
                 sym::ExprContext &SC, MutationCache &Mutations,
                 const KernelShape &Shape, const DivergenceOptions &Opts) {
  CacheKey K{&Kernel, Shape.Shape.BlockDim, Shape.Params, Opts.WarpSize};
  auto It = DivergenceCache.find(K);
  if (It == DivergenceCache.end())
    It = DivergenceCache
             .emplace(std::move(K), analyzeDivergence(Kernel, Ctx, SC,
                                                      Mutations, Shape, Opts))
             .first;
  return It->second;
}

void clearDivergenceCache() { DivergenceCache.clear(); }

} // namespace warplint
