//===- BranchCost.cpp - The work under a divergent branch -----------------===//
#include "Analysis/divergence/BranchCost.h"

#include "Analysis/divergence/DivergenceSources.h"
#include "Analysis/TripCount.h"
#include "Frontend/ExprBuilder.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include <functional>

using namespace clang;

namespace warplint {
namespace divergence {

namespace {

/// Cost table of the predication heuristic, in SASS instructions (measured on
/// sm_90 with nvcc 13.0: docs/validation-divergence.md and
/// validation/divergence/calibration). Functions with a slow path or a long
/// expansion count 20, which no predicated body reaches. CUDA's own
/// intrinsics are counted by name, never through the bodies their headers
/// give them (cuda_fp16.hpp's __hadd2 is an inline-asm wrapper of a dozen
/// statements that compiles to one HADD2).
unsigned callCost(StringRef N) {
  static const char *Long[] = {
      "sqrtf",  "sinf",  "cosf",    "tanf",  "expf",  "exp10f",
      "logf",   "log2f", "log10f",  "powf",  "sqrt",  "sin",   "cos",
      "tan",    "exp",   "log",     "pow",   "erff",  "erf",   "atanf",
      "atan2f", "sinhf", "coshf",   "tanhf", "asinf", "acosf", "cbrtf",
      "fmodf",  "fmod",  "sincosf", "normf", "hypotf"};
  for (const char *T : Long)
    if (N == T)
      return 20;
  // exp2f: MUFU.EX2 with its range fix-up, predicated (probes13 q_exp2f: 6).
  if (N == "exp2f")
    return 6;
  // One instruction: half and bfloat16 arithmetic and comparisons (HADD2,
  // HFMA2, HSETP2, HMNMX2), conversions (F2F, I2F, PRMT), rounded
  // arithmetic, bit and lane intrinsics, the cached loads and stores.
  static const char *One[] = {
      "__popc",    "__popcll",   "__clz",       "__clzll",     "__ffs",
      "__ffsll",   "__brev",     "__brevll",    "__byte_perm", "__mul24",
      "__umul24",  "__mulhi",    "__umulhi",    "__sad",       "__usad",
      "__saturatef", "__ldg",    "__ldca",      "__ldcg",      "__ldcs",
      "__ldlu",    "__ldcv",     "__stcs",      "__stcg",      "__stwb",
      "__stwt",    "fminf",      "fmaxf",       "fabsf",       "fmaf",
      "fmin",      "fmax",       "fabs",        "fma",         "min",
      "max",       "abs",        "umin",        "umax",        "llmin",
      "llmax",     "__funnelshift_l", "__funnelshift_r", "__funnelshift_lc",
      "__funnelshift_rc"};
  for (const char *T : One)
    if (N == T)
      return 1;
  if (N.starts_with("__h") && !N.contains("div") && !N.contains("sqrt") &&
      !N.contains("rcp"))
    return 1;
  if (N.starts_with("__") &&
      (N.contains("2half") || N.contains("2float") || N.contains("2bfloat") ||
       N.contains("2int") || N.contains("2uint") || N.contains("2ll") ||
       N.contains("2ull") || N.contains("2double") || N.contains("half2") ||
       N.starts_with("__low") || N.starts_with("__high") ||
       N.starts_with("__halves") || N.starts_with("__lows") ||
       N.starts_with("__highs")))
    return 1;
  if (N.starts_with("__f") && (N.ends_with("_rn") || N.ends_with("_rz") ||
                               N.ends_with("_ru") || N.ends_with("_rd")) &&
      !N.contains("div") && !N.contains("sqrt") && !N.contains("rcp"))
    return 1;
  if (N.starts_with("__d") && (N.ends_with("_rn") || N.ends_with("_rz") ||
                               N.ends_with("_ru") || N.ends_with("_rd")) &&
      !N.contains("div") && !N.contains("sqrt") && !N.contains("rcp"))
    return 1;
  // The fast-math intrinsics: a multiply and one MUFU (two for __powf and
  // __tanf).
  if (N == "__powf" || N == "__tanf")
    return 4;
  if (N.starts_with("__") || N == "rsqrtf")
    return 2;
  return 8;
}

/// The instructions of one arithmetic operation on \p T: 64-bit integers
/// take two (a carry chain) and three for a multiply (IMAD.WIDE + IMAD.HI).
unsigned typedOpCost(QualType T, bool Mul) {
  if (T->isIntegerType() && !T->isBooleanType() && T->isScalarType()) {
    const auto *BT = T->getAs<BuiltinType>();
    bool Wide = BT && (BT->getKind() == BuiltinType::Long ||
                       BT->getKind() == BuiltinType::ULong ||
                       BT->getKind() == BuiltinType::LongLong ||
                       BT->getKind() == BuiltinType::ULongLong);
    if (Wide)
      return Mul ? 3 : 2;
  }
  return 1;
}

/// A function CUDA's headers define: costed by name, not by its body.
bool isToolkitFunction(const FunctionDecl *FD, const ASTContext &Ctx) {
  return Ctx.getSourceManager().isInSystemHeader(FD->getLocation());
}

bool isMul(const Expr *E) {
  const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  return BO && BO->getOpcode() == BO_Mul;
}

/// Division and remainder: a shift or multiply for constants, a long sequence
/// (integer) or a slow path (float) otherwise.
unsigned divisionCost(const BinaryOperator *BO, const CostInputs &In) {
  const Expr *D = BO->getRHS()->IgnoreParenImpCasts();
  if (BO->getType()->isIntegerType()) {
    if (auto C = D->getIntegerConstantExpr(In.Ctx))
      return C->isPowerOf2() ? 1 : 3;
    // A helper's parameter that this call gives a constant: nvcc inlines
    // the helper and folds it.
    if (const auto *DRE = dyn_cast<DeclRefExpr>(D); DRE && In.ConstArgs)
      if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl())) {
        auto It = In.ConstArgs->find(P);
        if (It != In.ConstArgs->end())
          return It->second.isPowerOf2() ? 1 : 3;
      }
  }
  if (const auto *FL = dyn_cast<FloatingLiteral>(D)) {
    llvm::APFloat V = FL->getValue();
    if (V.getExactInverse(nullptr))
      return 1; // an exact reciprocal: a multiply
  }
  return 20;
}

bool isLoop(const Stmt *S) {
  return isa<ForStmt>(S) || isa<WhileStmt>(S) ||
         (isa<DoStmt>(S) && !isSingleTrip(S)) || isa<CXXForRangeStmt>(S);
}

const Stmt *loopBody(const Stmt *L) {
  if (const auto *FS = dyn_cast<ForStmt>(L))
    return FS->getBody();
  if (const auto *WS = dyn_cast<WhileStmt>(L))
    return WS->getBody();
  if (const auto *DS = dyn_cast<DoStmt>(L))
    return DS->getBody();
  if (const auto *RS = dyn_cast<CXXForRangeStmt>(L))
    return RS->getBody();
  return nullptr;
}

/// What `#pragma unroll` says of the loop it is attached to.
struct UnrollHint {
  bool Disable = false; ///< `#pragma unroll 1`, `nounroll`
  bool Full = false;    ///< `#pragma unroll`
  uint64_t Count = 0;   ///< `#pragma unroll N`
};

UnrollHint unrollHint(const AttributedStmt *AS, const ASTContext &Ctx) {
  UnrollHint H;
  if (!AS)
    return H;
  for (const Attr *A : AS->getAttrs()) {
    const auto *LH = dyn_cast<LoopHintAttr>(A);
    if (!LH)
      continue;
    if (LH->getOption() == LoopHintAttr::Unroll) {
      H.Disable |= LH->getState() == LoopHintAttr::Disable;
      H.Full |= LH->getState() == LoopHintAttr::Enable ||
                LH->getState() == LoopHintAttr::Full;
    }
    if (LH->getOption() == LoopHintAttr::UnrollCount && LH->getValue())
      if (auto N = LH->getValue()->getIntegerConstantExpr(Ctx)) {
        if (N->getZExtValue() <= 1)
          H.Disable = true;
        else
          H.Count = N->getZExtValue();
      }
  }
  return H;
}

unsigned cost(const Stmt *S, const CostInputs &In, bool &Unpredicable,
              unsigned Depth);

/// The trips of \p L if nvcc unrolls it in full, else 0; \p BodyCost and
/// \p BodyUnpredicable receive its body's estimate when it was made (\p
/// Costed).
unsigned unrolled(const Stmt *L, const AttributedStmt *Hints,
                  const CostInputs &In, unsigned Depth, unsigned &BodyCost,
                  bool &BodyUnpredicable, bool &Costed) {
  UnrollHint H = unrollHint(Hints, In.Ctx);
  if (H.Disable || !isa<ForStmt>(L))
    return 0;
  std::optional<int64_t> T = constantTripCount(L, In.Ctx, In.Mutations);
  // A bound on the trips keeps the estimate's arithmetic small.
  if (!T || *T < 1 || *T > 4096)
    return 0;
  BodyCost = cost(loopBody(L), In, BodyUnpredicable, Depth + 1);
  Costed = true;
  uint64_t Trips = uint64_t(*T);
  if (H.Full || (H.Count && H.Count >= Trips))
    return unsigned(Trips);
  if (H.Count)
    return 0; // partly unrolled: still a loop
  return Trips <= MaxUnrolledTrips && Trips * BodyCost <= UnrollBudget
             ? unsigned(Trips)
             : 0;
}

unsigned cost(const Stmt *S, const CostInputs &In, bool &Unpredicable,
              unsigned Depth) {
  if (!S || Depth > 40)
    return 0;
  const ASTContext &Ctx = In.Ctx;
  // A loop nvcc unrolls in full is its trips times its body, as
  // straight-line code; any other loop stays a loop, which rules out
  // predication.
  const AttributedStmt *Hints = dyn_cast<AttributedStmt>(S);
  const Stmt *L = Hints ? Hints->getSubStmt() : S;
  const Stmt *Skip = nullptr;
  unsigned Cost = 0;
  if (isLoop(L)) {
    unsigned Body = 0;
    bool BodyUnpredicable = false, Costed = false;
    if (unsigned Trips =
            unrolled(L, Hints, In, Depth, Body, BodyUnpredicable, Costed)) {
      Unpredicable |= BodyUnpredicable;
      return Trips * Body;
    }
    Unpredicable = true;
    S = L;
    if (Costed) { // the body once, not estimated again below
      Cost = Body;
      Skip = loopBody(L);
    }
  }
  // threadIdx.x and friends: a special register the compiler reads once.
  if (const auto *E = dyn_cast<Expr>(S))
    if (isa<PseudoObjectExpr>(E) && cudaBuiltinComponent(E))
      return 0;
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (FD && FD->getIdentifier() && forcesBranch(FD->getName()))
      Unpredicable = true;
    const FunctionDecl *Def = nullptr;
    // A call that stays a call (CAL): nvcc branches around it (probes13
    // q_call).
    if (FD && FD->hasAttr<NoInlineAttr>())
      Unpredicable = true;
    if (FD && FD->hasBody(Def) && Def && Depth < 30 &&
        !isa<CXXOperatorCallExpr>(CE) && !isToolkitFunction(Def, Ctx)) {
      // The arguments that are constants here (or constants passed on).
      llvm::DenseMap<const ParmVarDecl *, llvm::APSInt> Consts;
      for (unsigned I = 0; I < CE->getNumArgs() && I < Def->getNumParams();
           ++I) {
        const Expr *A = CE->getArg(I)->IgnoreParenImpCasts();
        if (A->isValueDependent() || !A->getType()->isIntegerType())
          continue;
        if (auto V = A->getIntegerConstantExpr(Ctx))
          Consts[Def->getParamDecl(I)] = *V;
        else if (const auto *DRE = dyn_cast<DeclRefExpr>(A); DRE &&
                                                            In.ConstArgs)
          if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl())) {
            auto It = In.ConstArgs->find(P);
            if (It != In.ConstArgs->end())
              Consts[Def->getParamDecl(I)] = It->second;
          }
      }
      CostInputs Inner{In.Ctx, In.Mutations, Consts.empty() ? nullptr : &Consts};
      Cost += 2 + cost(Def->getBody(), Inner, Unpredicable, Depth + 10);
    }
    else if (FD && FD->getIdentifier())
      Cost += callCost(FD->getName());
    else if (FD && isa<CXXOperatorCallExpr>(CE) && isToolkitFunction(FD, Ctx))
      Cost += 1; // __half's operator+ and friends: one HADD2-class op
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
      Cost += divisionCost(BO, In);
      break;
    case BO_Add:
    case BO_Sub:
    case BO_AddAssign:
    case BO_SubAssign:
      // a * b + c is one FFMA / IMAD.
      if (!isMul(BO->getRHS()) && !isMul(BO->getLHS()))
        Cost += typedOpCost(BO->getType(), false);
      break;
    case BO_Mul:
    case BO_MulAssign:
      Cost += typedOpCost(BO->getType(), true);
      break;
    case BO_LAnd:
    case BO_LOr:
      Cost += 1;
      break;
    default:
      Cost += BO->isComparisonOp() ? typedOpCost(BO->getLHS()->getType(), false)
                                   : typedOpCost(BO->getType(), false);
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
  } else if (isa<ReturnStmt>(S) || isa<BreakStmt>(S) || isa<ContinueStmt>(S) ||
             isa<IfStmt>(S) || isa<ConditionalOperator>(S)) {
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
    if (C != Skip)
      Cost += cost(C, In, Unpredicable, Depth + 1);
  return Cost;
}

bool containsLoopAt(const Stmt *S, const CostInputs &In, unsigned Depth) {
  if (!S || Depth > 40)
    return false;
  // A helper called here runs its loops here too (as the cost counts its
  // body); the toolkit's own functions are costed by name, without loops.
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *FD = CE->getDirectCallee(), *Def = nullptr;
    if (FD && FD->hasBody(Def) && Def && Depth < 30 &&
        !isa<CXXOperatorCallExpr>(CE) && !isToolkitFunction(Def, In.Ctx) &&
        containsLoopAt(Def->getBody(), In, Depth + 10))
      return true;
  }
  for (const Stmt *C : S->children()) {
    if (!C)
      continue;
    const auto *Hints = dyn_cast<AttributedStmt>(C);
    const Stmt *L = Hints ? Hints->getSubStmt() : C;
    if (isLoop(L)) {
      unsigned Body = 0;
      bool U = false, Costed = false;
      if (!unrolled(L, Hints, In, Depth, Body, U, Costed))
        return true;
      if (containsLoopAt(loopBody(L), In, Depth + 1))
        return true;
      continue;
    }
    if (containsLoopAt(C, In, Depth + 1))
      return true;
  }
  return false;
}

} // namespace

bool isSingleTrip(const Stmt *S) {
  const auto *DS = dyn_cast_or_null<DoStmt>(S);
  if (!DS)
    return false;
  // `do { ... } while (0)`: the macro idiom; a `break` in it is a jump to
  // its end. Literal-only: a constant that a template makes false is rare.
  const Expr *C = DS->getCond()->IgnoreParenImpCasts();
  if (const auto *IL = dyn_cast<IntegerLiteral>(C))
    return IL->getValue().isZero();
  if (const auto *BL = dyn_cast<CXXBoolLiteralExpr>(C))
    return !BL->getValue();
  return false;
}

unsigned estimateCost(const Stmt *S, const CostInputs &In, bool &Unpredicable) {
  return cost(S, In, Unpredicable, 0);
}

BodyEstimate estimateBranch(const Stmt *Then, const Stmt *Else,
                            const CostInputs &In) {
  bool U = false;
  unsigned C = estimateCost(Then, In, U) + estimateCost(Else, In, U);
  return {C, U};
}

unsigned unrolledTrips(const Stmt *Loop, const CostInputs &In) {
  unsigned Body = 0;
  bool U = false, Costed = false;
  return unrolled(Loop, nullptr, In, 0, Body, U, Costed);
}

bool containsLoop(const Stmt *S, const CostInputs &In) {
  return containsLoopAt(S, In, 0);
}

namespace {

/// Calls that only one thread of a block or warp is meant to make: device-
/// side kernel launches and the runtime API around them (streams, events,
/// allocation, synchronisation), and output (printf, assert's report).
bool isOrchestrationCall(const CallExpr *CE) {
  if (isa<CUDAKernelCallExpr>(CE))
    return true;
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD || !FD->getIdentifier())
    return false;
  llvm::StringRef N = FD->getName();
  return N == "printf" || N == "vprintf" || N == "__assertfail" ||
         N == "__assert_fail" || N == "malloc" || N == "free" ||
         (N.starts_with("cuda") && N.size() > 4 &&
          llvm::isUpper(N[4]));
}

bool orchestratesAt(const Stmt *S, const CostInputs &In, unsigned Depth) {
  if (!S || Depth > 40)
    return false;
  if (const auto *CE = dyn_cast<CallExpr>(S)) {
    if (isOrchestrationCall(CE))
      return true;
    const FunctionDecl *FD = CE->getDirectCallee(), *Def = nullptr;
    if (FD && FD->hasBody(Def) && Def && Depth < 30 &&
        !isa<CXXOperatorCallExpr>(CE) && !isToolkitFunction(Def, In.Ctx) &&
        orchestratesAt(Def->getBody(), In, Depth + 10))
      return true;
  }
  for (const Stmt *C : S->children())
    if (orchestratesAt(C, In, Depth + 1))
      return true;
  return false;
}

} // namespace

bool orchestrates(const Stmt *S, const CostInputs &In) {
  return orchestratesAt(S, In, 0);
}

namespace {

/// The calls that start, commit or wait for an asynchronous copy.
bool isAsyncCopyCall(llvm::StringRef N) {
  return N == "memcpy_async" || N == "__pipeline_memcpy_async" ||
         N == "__pipeline_commit" || N == "__pipeline_wait_prior" ||
         N == "producer_acquire" || N == "producer_commit" ||
         N == "consumer_wait" || N == "consumer_release" ||
         N.starts_with("cp_async") || N == "memcpy";
}

/// The calls that read memory: texture and surface fetches, the cached
/// loads.
bool isLoadCall(llvm::StringRef N) {
  return N.starts_with("tex1D") || N.starts_with("tex2D") ||
         N.starts_with("tex3D") || N.starts_with("texCubemap") ||
         N.starts_with("surf") || N == "__ldg" || N == "__ldca" ||
         N == "__ldcg" || N == "__ldcs" || N == "__ldlu" || N == "__ldcv";
}

/// A memory location: a subscript, a dereference, a field of one.
bool isMemory(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (isa<ArraySubscriptExpr>(E))
    return true;
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->getOpcode() == UO_Deref;
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->isArrow() || isMemory(ME->getBase());
  return false;
}

/// The variable a subscript or dereference chain starts from.
const VarDecl *memoryBase(const Expr *E) {
  for (unsigned Depth = 0; E && Depth < 16; ++Depth) {
    E = E->IgnoreParenCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return dyn_cast<VarDecl>(DRE->getDecl());
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      E = AS->getBase();
    else if (const auto *UO = dyn_cast<UnaryOperator>(E))
      E = UO->getSubExpr();
    else if (const auto *ME = dyn_cast<MemberExpr>(E))
      E = ME->getBase();
    else if (const auto *BO = dyn_cast<BinaryOperator>(E))
      E = BO->getLHS()->getType()->isPointerType() ? BO->getLHS() : BO->getRHS();
    else
      return nullptr;
  }
  return nullptr;
}

/// Whether \p S reads one of \p Vars.
bool readsAny(const Stmt *S, const llvm::SmallPtrSetImpl<const VarDecl *> &Vars) {
  if (!S)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); V && Vars.count(V))
      return true;
  for (const Stmt *C : S->children())
    if (readsAny(C, Vars))
      return true;
  return false;
}

struct MoveScan {
  explicit MoveScan(const CostInputs &In) : In(In) {}
  const CostInputs &In;
  unsigned Stores = 0, Arith = 0, DeviceLoads = 0;
  bool Ok = true;
  /// The locals the body declares or assigns: a nested condition on them
  /// compares the data moved (a compare-and-swap), which is computation.
  llvm::SmallPtrSet<const VarDecl *, 8> Locals;

  /// An address that calls a function of the program or an atomic
  /// (`dst[atomicAggInc(n)] = v`): the body does more than move data.
  void address(const Stmt *S, unsigned Depth = 0) {
    if (!S || !Ok || Depth > 24)
      return;
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *FD = CE->getDirectCallee(), *Def = nullptr;
      llvm::StringRef N =
          FD && FD->getIdentifier() ? FD->getName() : llvm::StringRef();
      if (N.empty() || N.starts_with("atomic") ||
          (FD->hasBody(Def) && Def && !isToolkitFunction(Def, In.Ctx))) {
        Ok = false;
        return;
      }
    }
    for (const Stmt *C : S->children())
      address(C, Depth + 1);
  }

  /// The instructions of a small helper's body: its arithmetic (the cost
  /// model's count, less the returns) and one per instruction of its inline
  /// assembly; none when it branches, loops or calls further helpers.
  std::optional<unsigned> helperOps(const FunctionDecl *Def) {
    const Stmt *Body = Def->getBody();
    unsigned Returns = 0, Asm = 0;
    bool Other = false;
    std::function<void(const Stmt *, unsigned)> Scan = [&](const Stmt *S,
                                                           unsigned D) {
      if (!S || Other || D > 16)
        return;
      if (isa<ReturnStmt>(S))
        ++Returns;
      else if (const auto *A = dyn_cast<GCCAsmStmt>(S)) {
        std::string Text = A->getAsmString();
        for (llvm::StringRef Line : llvm::split(Text, ';'))
          Asm += !Line.trim().empty();
      }
      else if (isa<IfStmt>(S) || isa<ForStmt>(S) || isa<WhileStmt>(S) ||
               isa<DoStmt>(S) || isa<SwitchStmt>(S) || isa<CallExpr>(S))
        Other = true;
      for (const Stmt *C : S->children())
        Scan(C, D + 1);
    };
    Scan(Body, 0);
    if (Other)
      return std::nullopt;
    bool Unpredicable = false;
    unsigned C = estimateCost(Body, In, Unpredicable);
    if (Unpredicable)
      return std::nullopt;
    return C - std::min(C, Returns) + Asm;
  }

  /// A load from memory other than the block's shared memory (a pointer
  /// into global memory, a texture): what a loader waits for.
  void load(const Expr *E) {
    address(E);
    const VarDecl *V = memoryBase(E);
    if (!V || !V->hasAttr<CUDASharedAttr>())
      ++DeviceLoads;
  }

  /// A value the body stores: loads, locals, constants, and the arithmetic
  /// counted in Arith. Address computations (subscripts) are free.
  void value(const Expr *E, unsigned Depth) {
    if (!Ok || Depth > 24) {
      Ok = false;
      return;
    }
    E = E->IgnoreParenImpCasts();
    if (isMemory(E)) {
      load(E);
      return;
    }
    if (isa<IntegerLiteral>(E) || isa<FloatingLiteral>(E) ||
        isa<CXXBoolLiteralExpr>(E) || isa<DeclRefExpr>(E) ||
        cudaBuiltinComponent(E))
      return;
    if (const auto *CE = dyn_cast<ExplicitCastExpr>(E))
      return value(CE->getSubExpr(), Depth + 1);
    if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E)) // `c = 0`
      return value(DA->getExpr(), Depth + 1);
    if (const auto *IL = dyn_cast<InitListExpr>(E)) {
      for (const Expr *I : IL->inits())
        value(I, Depth + 1);
      return;
    }
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
      for (const Expr *A : CE->arguments())
        value(A, Depth + 1);
      return;
    }
    if (const auto *CE = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *FD = CE->getDirectCallee();
      llvm::StringRef N =
          FD && FD->getIdentifier() ? FD->getName() : llvm::StringRef();
      if (isLoadCall(N)) {
        ++DeviceLoads; // a texture fetch, a cached load
        return;
      }
      if (N.starts_with("make_")) { // a vector built from loaded values
        for (const Expr *A : CE->arguments())
          value(A, Depth + 1);
        return;
      }
      // A function with a long expansion is computation; the toolkit's one-
      // and two-instruction intrinsics (`__sad`, `fminf`) count as such, and
      // so does a helper of the program whose body is one or two
      // instructions (stereoDisparity's `__usad4`, one inline-asm
      // `vabsdiff4`).
      const FunctionDecl *Def = nullptr;
      unsigned Ops = 0;
      if (N.empty()) {
        Ok = false;
        return;
      }
      if (FD->hasBody(Def) && Def && !isToolkitFunction(Def, In.Ctx)) {
        std::optional<unsigned> H = helperOps(Def);
        if (!H || *H > 2) {
          Ok = false;
          return;
        }
        Ops = *H;
      } else if ((Ops = callCost(N)) > 2) {
        Ok = false;
        return;
      }
      Arith += Ops;
      for (const Expr *A : CE->arguments())
        value(A, Depth + 1);
      return;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E);
        BO && !BO->isAssignmentOp() && !BO->isLogicalOp()) {
      ++Arith;
      value(BO->getLHS(), Depth + 1);
      value(BO->getRHS(), Depth + 1);
      return;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && (UO->getOpcode() == UO_Minus || UO->getOpcode() == UO_Not ||
               UO->getOpcode() == UO_AddrOf)) {
      if (UO->getOpcode() != UO_AddrOf)
        ++Arith;
      return value(UO->getSubExpr(), Depth + 1);
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      ++Arith;
      value(CO->getTrueExpr(), Depth + 1);
      value(CO->getFalseExpr(), Depth + 1);
      return;
    }
    Ok = false;
  }

  void stmt(const Stmt *S, unsigned Depth) {
    if (!S || !Ok)
      return;
    if (Depth > 16) {
      Ok = false;
      return;
    }
    if (isa<NullStmt>(S))
      return;
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *C : CS->body())
        stmt(C, Depth + 1);
      return;
    }
    if (const auto *IS = dyn_cast<IfStmt>(S)) {
      // A nested bound check of the same copy (`if (x < w) tile[..] = ..`),
      // not a test of the data it moves.
      if (readsAny(IS->getCond(), Locals)) {
        Ok = false;
        return;
      }
      stmt(IS->getThen(), Depth + 1);
      stmt(IS->getElse(), Depth + 1);
      return;
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls()) {
        const auto *V = dyn_cast<VarDecl>(D);
        if (!V) {
          Ok = false;
          return;
        }
        Locals.insert(V);
        if (const Expr *Init = V->getInit())
          value(Init, Depth + 1);
      }
      return;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->getOpcode() == BO_Assign) {
      if (isMemory(BO->getLHS())) {
        ++Stores;
        address(BO->getLHS());
      }
      else if (const auto *T =
                   dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts())) {
        if (const auto *V = dyn_cast<VarDecl>(T->getDecl()))
          Locals.insert(V);
      } else {
        Ok = false;
        return;
      }
      value(BO->getRHS(), Depth + 1);
      return;
    }
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S);
        OC && OC->getOperator() == OO_Equal && OC->getNumArgs() == 2) {
      if (isMemory(OC->getArg(0))) {
        ++Stores;
        address(OC->getArg(0));
      }
      value(OC->getArg(1), Depth + 1);
      return;
    }
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *FD = CE->getDirectCallee();
      if (FD && FD->getIdentifier() && isAsyncCopyCall(FD->getName())) {
        ++Stores;
        ++DeviceLoads; // a copy from global memory
        return;
      }
    }
    if (const auto *EWC = dyn_cast<ExprWithCleanups>(S))
      return stmt(EWC->getSubExpr(), Depth + 1);
    Ok = false;
  }
};

} // namespace

bool movesDataOnly(const Stmt *Then, const Stmt *Else, const CostInputs &In) {
  MoveScan M(In);
  M.stmt(Then, 0);
  unsigned ThenLoads = M.DeviceLoads;
  M.stmt(Else, 0);
  // Loads on both paths: the warp waits for one path's loads, then for the
  // other's, where one arrangement of the lanes would wait once.
  bool BothLoad = ThenLoads > 0 && M.DeviceLoads > ThenLoads;
  return M.Ok && !BothLoad && M.Stores > 0 && M.DeviceLoads > 0 &&
         M.Arith <= 2 * M.Stores;
}

} // namespace divergence
} // namespace warplint
