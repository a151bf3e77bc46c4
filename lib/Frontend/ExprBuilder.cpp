//===- ExprBuilder.cpp - Clang expressions to symbolic ones ---------------===//
#include "Frontend/ExprBuilder.h"

#include "Frontend/CooperativeGroups.h"
#include "Frontend/HelperBody.h"
#include "Frontend/LoopInduction.h"
#include "Frontend/MutationCache.h"
#include "Frontend/ValueFlow.h"
#include "Symbolic/Budgets.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace clang;

namespace warplint {

namespace {

/// The induction variable of `for (T i = Init; ...; Inc)`, as the symbolic
/// builder models it (Frontend/LoopInduction recognises the forms).
std::optional<LoopVarInfo> inductionVariable(const ForStmt &FS,
                                             const VarDecl *&Var) {
  std::optional<ForInduction> I = forInduction(FS);
  if (!I)
    return std::nullopt;
  Var = I->Var;
  LoopVarInfo Info;
  Info.Loop = &FS;
  Info.Init = I->Init;
  Info.Negate = I->Step.Negate;
  if (I->Step.Additive)
    Info.Step = I->Step.Step; // null for ++/--: a step of 1
  else
    Info.Geometric = true;
  return Info;
}

class LoopCollector : public RecursiveASTVisitor<LoopCollector> {
public:
  LoopCollector(llvm::DenseMap<const VarDecl *, LoopVarInfo> &Out,
                ASTContext &Ctx)
      : Out(Out), Ctx(Ctx) {}
  bool VisitForStmt(ForStmt *FS) {
    const VarDecl *V = nullptr;
    std::optional<LoopVarInfo> Info = inductionVariable(*FS, V);
    if (!Info || !FS->getBody())
      return true;
    // The body must leave the variable alone: only the increment moves it.
    if (mayModify(FS->getBody(), V) || mayModify(FS->getCond(), V))
      return true;
    Out[V] = *Info;
    return true;
  }

private:
  llvm::DenseMap<const VarDecl *, LoopVarInfo> &Out;
  ASTContext &Ctx;
};

/// `threadIdx.x` is a property access on clang's builtin variable: which one
/// and which dim.
std::optional<std::pair<StringRef, sym::Dim>> builtinComponent(const Expr *E) {
  const auto *POE = dyn_cast<PseudoObjectExpr>(E);
  if (!POE)
    return std::nullopt;
  // `(threadIdx).x` and `(threadIdx.x)` (macro arguments) alike.
  const auto *MSP =
      dyn_cast<MSPropertyRefExpr>(POE->getSyntacticForm()->IgnoreParens());
  if (!MSP)
    return std::nullopt;
  const Expr *Base = MSP->getBaseExpr()->IgnoreImplicit();
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(Base))
    Base = OVE->getSourceExpr()->IgnoreImplicit();
  const auto *DRE = dyn_cast<DeclRefExpr>(Base);
  if (!DRE)
    return std::nullopt;
  StringRef Var = DRE->getDecl()->getName();
  std::optional<sym::Dim> Named =
      sym::dimNamed(MSP->getPropertyDecl()->getName());
  if (!Named)
    return std::nullopt;
  sym::Dim D = *Named;
  if (Var == "threadIdx" || Var == "blockIdx" || Var == "blockDim" ||
      Var == "gridDim")
    return std::make_pair(Var, D);
  return std::nullopt;
}

} // namespace

std::optional<std::pair<StringRef, sym::Dim>>
cudaBuiltinComponent(const Expr *E) {
  return builtinComponent(E);
}

FunctionFacts::FunctionFacts(const FunctionDecl &FD, ASTContext &Ctx,
                             MutationCache &Mutations)
    : FD(FD), Body(FD.getBody()), Ctx(Ctx), Mutations(Mutations) {
  if (Body)
    LoopCollector(Loops, Ctx).TraverseStmt(const_cast<Stmt *>(Body));
}

const LoopVarInfo *FunctionFacts::loopVar(const VarDecl *V) const {
  auto It = Loops.find(V);
  return It == Loops.end() ? nullptr : &It->second;
}

bool FunctionFacts::isUnmodified(const VarDecl *V) const {
  if (V->getType().isConstQualified())
    return true;
  if (!Body)
    return false;
  return !Mutations.isMutated(*V, *Body, Ctx);
}

sym::IntType ExprBuilder::typeOf(QualType T, ASTContext &Ctx) {
  T = T.getCanonicalType();
  if (!T->isIntegerType())
    return sym::IntType::i64();
  unsigned Bits = Ctx.getTypeSize(T);
  if (T->isBooleanType())
    return sym::IntType::boolean();
  return sym::IntType{uint8_t(std::min(64u, std::max(1u, Bits))),
                      T->isSignedIntegerType()};
}

void ExprBuilder::resetObservations() {
  DataDependent = false;
  MergesSeen.clear();
}

const sym::Expr *ExprBuilder::unknown(const std::string &Why, const Expr *E,
                                      sym::Uniformity U) {
  return SC.unknown(Why, typeOf(E->getType(), Ctx), U);
}

const sym::Expr *ExprBuilder::build(const Expr *E) { return rec(E, 0); }

const sym::Expr *ExprBuilder::builtinVar(const Expr *E) {
  auto C = builtinComponent(E);
  if (!C)
    return nullptr;
  if (C->first == "threadIdx")
    return SC.threadIdx(C->second);
  if (C->first == "blockIdx")
    return SC.blockIdx(C->second);
  if (C->first == "blockDim")
    return SC.blockDim(C->second);
  return SC.gridDim(C->second);
}

const sym::Expr *ExprBuilder::var(const VarDecl *V, const Expr *Use,
                                  unsigned Depth) {
  if (!Slots.empty() && Slots.count(V))
    return slotValue(V, Depth);
  if (!UseValues.empty())
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Use))
      if (const sym::Expr *R = UseValues.lookup(DRE))
        return R;
  if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
    auto It = Bound.find(P);
    if (It != Bound.end())
      return It->second;
    if (!P->getType()->isIntegerType()) {
      // A kernel's parameter is the same for the grid; a helper's takes
      // whatever its caller passes, which may differ between lanes.
      const auto *FD = dyn_cast<FunctionDecl>(P->getDeclContext());
      bool Kernel = FD && FD->hasAttr<CUDAGlobalAttr>();
      return unknown("parameter '" + P->getNameAsString() + "'", Use,
                     Kernel ? sym::Uniformity::GridUniform
                            : sym::Uniformity::LaneVarying);
    }
  }
  if (!V->getType()->isIntegerType())
    return unknown("non-integer variable '" + V->getNameAsString() + "'", Use);
  if (Flow)
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Use))
      if (const sym::Expr *R = flowVar(V, DRE, Depth))
        return R;
  if (isa<ParmVarDecl>(V))
    return SC.param(V->getName(), typeOf(V->getType(), Ctx));
  if (Env) {
    auto E = Env->find(V);
    if (E != Env->end())
      return E->second;
  }
  auto M = Memo.find(V);
  if (M != Memo.end())
    return M->second;
  const sym::Expr *Result = nullptr;
  if (const LoopVarInfo *L = Facts.loopVar(V)) {
    const sym::Expr *Init = rec(L->Init, Depth + 1);
    if (L->Geometric) {
      Result = geometric(V, Init);
    } else {
      // i = Init + K * Step for the iteration count K, uniform across the warp.
      const sym::Expr *Step = L->Step ? rec(L->Step, Depth + 1)
                                      : SC.constant(1, typeOf(V->getType(), Ctx));
      const sym::Expr *Delta = SC.mul(iterationCount(V, Step), Step);
      Result = L->Negate ? SC.sub(Init, Delta) : SC.add(Init, Delta);
    }
  } else if (V->hasLocalStorage() && V->getInit() && Facts.isUnmodified(V)) {
    Result = rec(V->getInit(), Depth + 1);
  } else if (V->getType().isConstQualified() && V->getInit()) {
    Result = rec(V->getInit(), Depth + 1);
  } else {
    Result = unknown("variable '" + V->getNameAsString() +
                         "' is assigned more than once",
                     Use);
  }
  Memo[V] = Result;
  return Result;
}

const sym::Expr *ExprBuilder::iterationCount(const VarDecl *V,
                                             const sym::Expr *Step) {
  sym::Uniformity KU = Step->mayVaryByLane() ? sym::Uniformity::LaneVarying
                                             : sym::Uniformity::GridUniform;
  return SC.loopIV((V->getName() + ".iter").str(), 0, std::nullopt, 1,
                   typeOf(V->getType(), Ctx), KU);
}

const sym::Expr *ExprBuilder::geometric(const VarDecl *V,
                                        const sym::Expr *Init) {
  // s = s >> 1 and the like: the same for every lane when the start is;
  // modelled as a uniform loop variable bound to its first value when that is
  // a constant.
  sym::Uniformity U = Init->mayVaryByLane() ? sym::Uniformity::LaneVarying
                                            : sym::Uniformity::GridUniform;
  const sym::Expr *R = SC.loopIV(V->getName(), std::nullopt, std::nullopt, 1,
                                 typeOf(V->getType(), Ctx), U);
  if (!Init->isConstant() && !llvm::is_contained(GeometricStarts[V->getName()], Init))
    GeometricStarts[V->getName()].push_back(Init);
  if (Init->isConstant() && !Probing) {
    FirstValues[V->getName()] = Init->constant();
    std::string Note = "loop variable '" + V->getNameAsString() +
                       "' evaluated at its first value " +
                       std::to_string(Init->constant());
    std::pair<std::string, std::string> Entry(V->getName().str(),
                                              std::move(Note));
    if (!llvm::is_contained(LoopNotes, Entry))
      LoopNotes.push_back(std::move(Entry));
  }
  return R;
}

/// Integer bit intrinsics: pure functions of their argument, so a constant
/// argument folds and a uniform one gives a uniform result (`__ffs(divisor)`
/// of a kernel parameter is the same for every lane).
const sym::Expr *ExprBuilder::pureIntrinsic(const CallExpr *CE, StringRef Name,
                                            unsigned Depth) {
  enum Op { None, Ffs, Popc, Clz, Brev };
  Op K = llvm::StringSwitch<Op>(Name)
             .Cases({"__ffs", "__ffsll"}, Ffs)
             .Cases({"__popc", "__popcll"}, Popc)
             .Cases({"__clz", "__clzll"}, Clz)
             .Cases({"__brev", "__brevll"}, Brev)
             .Default(None);
  if (K == None || CE->getNumArgs() != 1)
    return nullptr;
  const sym::Expr *A = rec(CE->getArg(0), Depth + 1);
  if (A->isConstant()) {
    bool Wide = Name.ends_with("ll");
    uint64_t V = uint64_t(A->constant());
    if (!Wide)
      V &= 0xffffffffu;
    unsigned Bits = Wide ? 64 : 32;
    int64_t R = 0;
    switch (K) {
    case Ffs:
      R = V ? llvm::countr_zero(V) + 1 : 0;
      break;
    case Popc:
      R = llvm::popcount(V);
      break;
    case Clz:
      R = V ? llvm::countl_zero(V) - (64 - Bits) : Bits;
      break;
    case Brev:
      R = int64_t(Wide ? llvm::reverseBits(V)
                       : uint64_t(llvm::reverseBits(uint32_t(V))));
      break;
    case None:
      break;
    }
    return SC.constant(R, typeOf(CE->getType(), Ctx));
  }
  return unknown("result of '" + Name.str() + "'", CE,
                 A->mayVaryByLane() ? sym::Uniformity::LaneVarying
                                    : sym::Uniformity::BlockUniform);
}

/// A cooperative-groups member that returns a thread index or a size
/// (Frontend/CooperativeGroups), in thread-index leaves; null for anything
/// else. A member the model does not know the value of (a tile of an unknown
/// parent's meta_group_rank) is an unknown as uniform as its meaning.
const sym::Expr *ExprBuilder::groupMember(const CallExpr *CE) {
  std::optional<cg::MemberCall> C = cg::memberCall(CE, groupArgument());
  if (!C || cg::returnsDim3(C->M))
    return nullptr;
  if (const sym::Expr *V = cg::memberValue(SC, *C))
    return V;
  bool WarpWide = C->M == cg::Member::MetaGroupRank && C->G.isTile() &&
                  C->G.Tiles.back() >= 32;
  bool Rank = C->M == cg::Member::ThreadRank || C->M == cg::Member::MetaGroupRank;
  return unknown("'" + CE->getDirectCallee()->getNameAsString() +
                     "' of a group whose parent the code does not show",
                 CE,
                 WarpWide ? sym::Uniformity::WarpUniform
                 : Rank   ? sym::Uniformity::LaneVarying
                          : sym::Uniformity::BlockUniform);
}

cg::ParamArgument ExprBuilder::groupArgument() const {
  if (GroupArgs.empty())
    return nullptr;
  return [this](const ParmVarDecl *P) { return GroupArgs.lookup(P); };
}

const sym::Expr *ExprBuilder::call(const CallExpr *CE, unsigned Depth) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  if (!Callee)
    return unknown("indirect call", CE);
  if (const sym::Expr *R = groupMember(CE))
    return R;
  StringRef Name = Callee->getName();
  // 24-bit multiplies (IMUL macros of older code): a product for index-sized
  // operands.
  if ((Name == "__mul24" || Name == "__umul24") && CE->getNumArgs() == 2)
    return SC.mul(rec(CE->getArg(0), Depth + 1), rec(CE->getArg(1), Depth + 1));
  if ((Name == "min" || Name == "max" || Name == "umin" || Name == "umax") &&
      CE->getNumArgs() == 2 && CE->getType()->isIntegerType()) {
    const sym::Expr *A = rec(CE->getArg(0), Depth + 1);
    const sym::Expr *B = rec(CE->getArg(1), Depth + 1);
    return Name.ends_with("min") ? SC.min(A, B) : SC.max(A, B);
  }
  if (const sym::Expr *R = pureIntrinsic(CE, Name, Depth))
    return R;
  // A __device__ helper whose body is `return <expr>;`: inline it (depth
  // budget).
  const FunctionDecl *Def = nullptr;
  if (Callee->hasBody(Def) && Def && InlineDepth < 4) {
    const auto *Body = dyn_cast<CompoundStmt>(Def->getBody());
    const ReturnStmt *Ret = nullptr;
    if (Body && Body->size() == 1)
      Ret = dyn_cast<ReturnStmt>(Body->body_front());
    if (Ret && Ret->getRetValue() && Def->getNumParams() == CE->getNumArgs()) {
      llvm::SmallVector<std::pair<const ParmVarDecl *, const sym::Expr *>, 4>
          Args;
      for (unsigned I = 0; I < CE->getNumArgs(); ++I)
        Args.push_back({Def->getParamDecl(I), rec(CE->getArg(I), Depth + 1)});
      for (auto &A : Args)
        Bound[A.first] = A.second;
      GroupArgScope Groups(*this, *Def, *CE);
      ++InlineDepth;
      const sym::Expr *R = rec(Ret->getRetValue(), Depth + 1);
      --InlineDepth;
      for (auto &A : Args)
        Bound.erase(A.first);
      return R;
    }
  }
  // A short straight-line helper ending in `return`: run it.
  if (InlineDepth < HelperBudget::MaxDepth && runnable(Callee)) {
    const FunctionDecl *H = helperDefinition(Callee, Ctx);
    HelperRun R = runHelper(*H, *CE, Depth + 1);
    if (R.Return)
      return R.Return;
  }
  return unknown("call to '" + Name.str() + "'", CE);
}

/// A `__constant__` variable, or a member or constant-index element of one,
/// named without any other variable (`d_common.in_cols`, `c_w[3]`).
static bool constantMemoryLValue(const Expr *E, ASTContext &Ctx,
                                 unsigned Depth) {
  if (!E || Depth > budget::PointerChainDepth)
    return false;
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    return V && V->hasGlobalStorage() && V->hasAttr<CUDAConstantAttr>();
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return !ME->isArrow() && constantMemoryLValue(ME->getBase(), Ctx, Depth + 1);
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    return !ASE->getIdx()->isValueDependent() &&
           ASE->getIdx()->isIntegerConstantExpr(Ctx) &&
           constantMemoryLValue(ASE->getBase(), Ctx, Depth + 1);
  return false;
}

/// The source text of \p E as clang prints it (`d_common.in_cols`).
static std::string writtenName(const Expr *E) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  E->printPretty(OS, nullptr, PrintingPolicy(LangOptions()));
  return S;
}

const sym::Expr *ExprBuilder::rec(const Expr *E, unsigned Depth) {
  if (!E)
    return SC.unknown("missing expression");
  if (Depth > budget::ExprBuildDepth)
    return unknown("expression too deep", E);
  if (E->isValueDependent() || E->isTypeDependent())
    return unknown("template-dependent value", E);
  E = E->IgnoreParens();
  if (const sym::Expr *B = builtinVar(E))
    return B;
  // Constants: literals, constexpr, template arguments, enumerators, sizeof.
  if (E->getType()->isIntegralOrEnumerationType()) {
    Expr::EvalResult R;
    if (!isa<DeclRefExpr>(E) ||
        !isa<ParmVarDecl>(cast<DeclRefExpr>(E)->getDecl())) {
      if (E->EvaluateAsInt(R, Ctx) && R.Val.isInt())
        return SC.constant(R.Val.getInt().getExtValue(),
                           typeOf(E->getType(), Ctx));
    }
  }
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
    const Expr *Sub = ICE->getSubExpr();
    switch (ICE->getCastKind()) {
    case CK_LValueToRValue:
    case CK_NoOp:
      return rec(Sub, Depth + 1);
    case CK_IntegralCast:
    case CK_IntegralToBoolean:
      return SC.cast(rec(Sub, Depth + 1), typeOf(E->getType(), Ctx));
    default:
      break;
    }
  }
  if (const auto *CE = dyn_cast<ExplicitCastExpr>(E)) {
    if (CE->getType()->isIntegerType() &&
        CE->getSubExpr()->getType()->isIntegerType())
      return SC.cast(rec(CE->getSubExpr(), Depth + 1),
                     typeOf(E->getType(), Ctx));
  }
  if (const auto *Sub = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return rec(Sub->getReplacement(), Depth + 1);
  // A value bound to a helper's const reference parameter; a default argument.
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    return rec(M->getSubExpr(), Depth + 1);
  // `block.thread_index().x`: a component of a cooperative group's dim3
  // (the dim3 temporary puts the initialiser under ExprWithCleanups; other
  // such initialisers stay as they were).
  if (const auto *W = dyn_cast<ExprWithCleanups>(E))
    if (E->getType()->isIntegerType() &&
        cg::readsGroupDim3(W->getSubExpr(), groupArgument()))
      return rec(W->getSubExpr(), Depth + 1);
  if (isa<MemberExpr>(E))
    if (auto C = cg::dimComponent(E, groupArgument()))
      if (const sym::Expr *V = cg::memberValue(SC, C->first, C->second))
        return V;
  if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
    return rec(DA->getExpr(), Depth + 1);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (DRE->getDecl()->getName() == "warpSize")
      return SC.constant(
          32); // every CUDA GPU: Programming Guide, Compute Capabilities
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl())) {
      const sym::Expr *R = var(V, E, Depth);
      if (AssumedNames && !isa<ParmVarDecl>(V) && V->getType()->isIntegerType() &&
          AssumedNames->contains(V->getName()) && !R->isConstant() &&
          !R->mayVaryByLane())
        return SC.param(V->getName(), typeOf(V->getType(), Ctx));
      return R;
    }
    return unknown("reference to '" + DRE->getDecl()->getNameAsString() + "'",
                   E);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    switch (UO->getOpcode()) {
    case UO_Minus:
      return SC.neg(rec(UO->getSubExpr(), Depth + 1));
    case UO_Plus:
      return rec(UO->getSubExpr(), Depth + 1);
    case UO_LNot:
      return SC.logicalNot(rec(UO->getSubExpr(), Depth + 1));
    case UO_Not:
      return SC.bitXor(rec(UO->getSubExpr(), Depth + 1),
                       SC.constant(-1, typeOf(UO->getType(), Ctx)));
    case UO_Deref:
      // `*p` of a pointer out-parameter of a helper being run.
      if (!Slots.empty())
        if (const VarDecl *V = slotOf(UO))
          return slotValue(V, Depth + 1);
      break;
    default:
      break;
    }
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Comma)
      return rec(BO->getRHS(), Depth + 1);
    if (!BO->isAssignmentOp()) {
      const sym::Expr *L = rec(BO->getLHS(), Depth + 1);
      const sym::Expr *R = rec(BO->getRHS(), Depth + 1);
      switch (BO->getOpcode()) {
      case BO_Add:
        return SC.add(L, R);
      case BO_Sub:
        return SC.sub(L, R);
      case BO_Mul:
        return SC.mul(L, R);
      case BO_Div:
        return SC.div(L, R);
      case BO_Rem:
        return SC.rem(L, R);
      case BO_Shl:
        return SC.shl(L, R);
      case BO_Shr:
        return SC.shr(L, R);
      case BO_And:
        return SC.bitAnd(L, R);
      case BO_Or:
        return SC.bitOr(L, R);
      case BO_Xor:
        return SC.bitXor(L, R);
      case BO_EQ:
        return SC.eq(L, R);
      case BO_NE:
        return SC.ne(L, R);
      case BO_LT:
        return SC.lt(L, R);
      case BO_LE:
        return SC.le(L, R);
      case BO_GT:
        return SC.gt(L, R);
      case BO_GE:
        return SC.ge(L, R);
      case BO_LAnd:
        return SC.logicalAnd(L, R);
      case BO_LOr:
        return SC.logicalOr(L, R);
      default:
        break;
      }
    }
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    const sym::Expr *C = rec(CO->getCond(), Depth + 1);
    const sym::Expr *T = rec(CO->getTrueExpr(), Depth + 1);
    const sym::Expr *F = rec(CO->getFalseExpr(), Depth + 1);
    // With joins, a clamp is a minimum or maximum however it is written.
    return BranchJoins ? sym::clampOrSelect(SC, C, T, F) : SC.select(C, T, F);
  }
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return call(CE, Depth);
  if (isa<ArraySubscriptExpr>(E) || isa<UnaryOperator>(E) ||
      isa<MemberExpr>(E)) {
    // A value read from memory: uniform when every lane reads the same address.
    const Expr *Addr = E;
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
      Addr = ASE->getIdx();
    else if (const auto *UO = dyn_cast<UnaryOperator>(E))
      Addr = UO->getSubExpr();
    else if (const auto *ME = dyn_cast<MemberExpr>(E))
      Addr = ME->getBase();
    // `__constant__` memory does not change during a kernel and a name
    // without variables is one address: every read of `d_common.cols` is
    // the same value for the whole grid (so `cols < j ? cols : j` is a
    // minimum).
    if (BranchJoins && constantMemoryLValue(E, Ctx, 0)) {
      llvm::FoldingSetNodeID Id;
      E->Profile(Id, Ctx, /*Canonical=*/true);
      const sym::Expr *&Read = ConstantReads[Id];
      if (!Read)
        Read = unknown("value of '" + writtenName(E) + "' in constant memory",
                       E, sym::Uniformity::GridUniform);
      return Read;
    }
    const sym::Expr *A = (Addr == E) ? nullptr : rec(Addr, Depth + 1);
    if (A && !A->mayVaryByLane())
      return unknown("value loaded from memory", E,
                     sym::Uniformity::BlockUniform);
    if (A && WarpUniformAddress && E->getType()->isIntegerType() &&
        WarpUniformAddress(A))
      return unknown("value loaded from memory at a warp-uniform address", E,
                     sym::Uniformity::WarpUniform);
    DataDependent = true;
    return unknown("value loaded from memory at a lane-varying address", E);
  }
  // Values the symbolic engine does not represent (floating point) are still
  // as uniform as their operands: `src[i] > 100.0f` with i uniform is the same
  // test in every lane.
  if (isa<FloatingLiteral>(E))
    return unknown("floating-point constant", E, sym::Uniformity::GridUniform);
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    const sym::Expr *Sub = rec(CE->getSubExpr(), Depth + 1);
    return unknown(std::string("unmodelled ") + E->getStmtClassName(), E,
                   Sub->mayVaryByLane() ? sym::Uniformity::LaneVarying
                                        : sym::Uniformity::BlockUniform);
  }
  return unknown(std::string("unmodelled ") + E->getStmtClassName(), E);
}

} // namespace warplint
