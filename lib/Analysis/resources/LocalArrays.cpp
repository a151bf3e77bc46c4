//===- LocalArrays.cpp - Per-thread arrays: registers or local memory -----===//
//
// The verdicts follow what ptxas (CUDA 13.0; sm_80 and sm_90 agree) did with
// the kernels of validation/resource-checks/measure_local_arrays.py:
//
//  * every index a constant after full unrolling: registers, until the array
//    alone needs the per-thread register limit (float[256] and double[128]
//    went to the stack, float[128] and double[96] did not);
//  * a dynamic index into an array of 8-byte scalars: local memory from 2
//    elements on (double[2] already has a 16-byte stack frame);
//  * a dynamic index into an array of 4-byte elements, outside a loop:
//    registers up to 87 elements (348 bytes: ptxas turns the access into
//    selects), local from 95 elements (380 bytes) on, both in between;
//  * an index that varies with a loop the compiler keeps rolled (`#pragma
//    unroll 1`): local memory from 2 elements on;
//  * an index that varies with a loop of run-time trip count: local for every
//    4-byte array of 24 elements (96 bytes) or more; smaller ones went either
//    way (float[16] stayed in registers, float[15] did not).
//
//===----------------------------------------------------------------------===//
#include "Analysis/resources/LocalArrays.h"
#include "Frontend/LoopInduction.h"
#include "Frontend/MutationCache.h"
#include "Symbolic/Budgets.h"

#include "Analysis/launch/LaunchConfig.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace warplint {

static const char *placementText(ArrayPlacement P) {
  switch (P) {
  case ArrayPlacement::Registers:
    return "registers";
  case ArrayPlacement::LocalMemory:
    return "local memory";
  case ArrayPlacement::Uncertain:
    return "uncertain";
  }
  return "";
}

static std::string where(SourceLocation L, const SourceManager &SM) {
  PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(L));
  if (P.isInvalid())
    return "?";
  return (llvm::sys::path::filename(P.getFilename()) + ":" +
          llvm::Twine(P.getLine()) + ":" + llvm::Twine(P.getColumn()))
      .str();
}

void printLocalArrays(llvm::raw_ostream &OS, const FunctionDecl &F,
                      llvm::ArrayRef<LocalArray> Arrays,
                      const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const LocalArray &LA : Arrays) {
    OS << where(LA.Var->getLocation(), SM) << ": " << F.getNameAsString()
       << ": '" << LA.Var->getName() << "' " << LA.Elements << " x "
       << LA.ElementBytes << "B = " << LA.Bytes << " bytes ("
       << LA.words() << " words): " << placementText(LA.Placement);
    if (LA.AddressEscapes)
      OS << ", address escapes";
    OS << "\n";
    if (!LA.Reason.empty())
      OS << "  reason: " << LA.Reason << "\n";
    for (const ArrayIndexUse &U : LA.Uses) {
      OS << "  use " << where(U.Site->getExprLoc(), SM) << ": "
         << indexKindText(U.Kind);
      if (!U.Why.empty())
        OS << " (" << U.Why << ")";
      if (&U == LA.Deciding)
        OS << " [deciding]";
      OS << "\n";
    }
  }
}

llvm::StringRef indexKindText(ArrayIndexKind K) {
  switch (K) {
  case ArrayIndexKind::Constant:
    return "constant";
  case ArrayIndexKind::Dynamic:
    return "dynamic";
  case ArrayIndexKind::LoopRuntime:
    return "loop with run-time trip count";
  case ArrayIndexKind::LoopNotUnrolled:
    return "loop kept rolled";
  }
  return "";
}

namespace {

/// What is known of one `for (int i = A; i < B; i += C)` loop.
struct LoopFacts {
  const ForStmt *Loop = nullptr;
  std::optional<uint64_t> Trips; ///< Constant trip count, when known.
  bool RolledByPragma = false;   ///< `#pragma unroll 1` / `#pragma nounroll`.
  std::optional<uint64_t> PragmaCount; ///< `#pragma unroll N`, N > 1.
  std::string TripText;                ///< The bound as written, for messages.
  /// nvcc unrolls it completely, so its variable is a constant in each copy.
  bool unrolled() const {
    if (RolledByPragma || !Trips)
      return false;
    if (PragmaCount && *PragmaCount < *Trips)
      return false;
    return *Trips <= MaxAssumedFullUnroll;
  }
};

std::optional<uint64_t> tripCount(int64_t Init, BinaryOperatorKind Op,
                                  int64_t Bound, int64_t Step) {
  if (Step == 0)
    return std::nullopt;
  if (Step > 0) {
    if (Op == BO_LE)
      ++Bound;
    else if (Op != BO_LT && Op != BO_NE)
      return std::nullopt;
    if (Bound <= Init)
      return 0;
    if (Op == BO_NE && (Bound - Init) % Step)
      return std::nullopt;
    return uint64_t((Bound - Init + Step - 1) / Step);
  }
  if (Op == BO_GE)
    --Bound;
  else if (Op != BO_GT && Op != BO_NE)
    return std::nullopt;
  if (Bound >= Init)
    return 0;
  if (Op == BO_NE && (Init - Bound) % -Step)
    return std::nullopt;
  return uint64_t((Init - Bound + (-Step) - 1) / (-Step));
}

class Collector : public RecursiveASTVisitor<Collector> {
public:
  /// Which measured rule applies to an element type.
  ElementClass classify(QualType Elt) {
    if (Elt->isArithmeticType() || Elt->isPointerType() ||
        Elt->isEnumeralType())
      return Ctx.getTypeSizeInChars(Elt).getQuantity() == 4
                 ? ElementClass::Word
                 : ElementClass::OtherScalar;
    if (const auto *RD = Elt->getAsRecordDecl()) {
      if (RD->isUnion() || !RD->getDefinition())
        return ElementClass::Other;
      if (const auto *CXX = dyn_cast<CXXRecordDecl>(RD))
        if (CXX->getNumBases())
          return ElementClass::Other;
      for (const FieldDecl *F : RD->fields()) {
        QualType FT = F->getType();
        if (F->isBitField() ||
            !(FT->isArithmeticType() || FT->isEnumeralType()) ||
            Ctx.getTypeSizeInChars(FT).getQuantity() != 4)
          return ElementClass::Other;
      }
      return ElementClass::Word;
    }
    return ElementClass::Other;
  }

  Collector(ASTContext &Ctx, MutationCache &Mutations)
      : Ctx(Ctx), Mutations(Mutations) {}

  std::vector<LocalArray> Arrays;
  llvm::DenseMap<const VarDecl *, size_t> ArrayIndex;
  llvm::DenseMap<const VarDecl *, LoopFacts> LoopOf;
  llvm::DenseMap<const ForStmt *, const AttributedStmt *> Hints;
  /// Array references consumed as the base of a subscript chain.
  llvm::DenseSet<const DeclRefExpr *> Subscripted;
  std::vector<std::pair<const ArraySubscriptExpr *, const VarDecl *>> Outer;
  std::vector<const DeclRefExpr *> AllRefs;

  bool VisitVarDecl(VarDecl *V) {
    if (!V->hasLocalStorage() || isa<ParmVarDecl>(V) ||
        V->hasAttr<CUDASharedAttr>())
      return true;
    QualType T = V->getType();
    const ConstantArrayType *CAT = Ctx.getAsConstantArrayType(T);
    if (!CAT || T->isDependentType())
      return true;
    uint64_t Elements = 1;
    QualType Elt = T;
    while (const ConstantArrayType *A = Ctx.getAsConstantArrayType(Elt)) {
      Elements *= A->getZExtSize();
      Elt = A->getElementType();
    }
    if (Elt->isIncompleteType() || Elt->isDependentType())
      return true;
    LocalArray LA;
    LA.Var = V;
    LA.Elements = Elements;
    LA.ElementBytes = Ctx.getTypeSizeInChars(Elt).getQuantity();
    LA.Bytes = Ctx.getTypeSizeInChars(T).getQuantity();
    LA.ElementKind = classify(Elt);
    ArrayIndex[V] = Arrays.size();
    Arrays.push_back(std::move(LA));
    return true;
  }

  bool VisitAttributedStmt(AttributedStmt *S) {
    if (const auto *FS = dyn_cast_or_null<ForStmt>(S->getSubStmt()))
      Hints[FS] = S;
    return true;
  }

  bool VisitForStmt(ForStmt *FS) {
    const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit());
    if (!DS || !DS->isSingleDecl())
      return true;
    const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl());
    if (!V || !V->getType()->isIntegerType())
      return true;
    LoopFacts L;
    L.Loop = FS;
    L.Trips = constantTrips(*FS, V, L.TripText);
    LoopOf[V] = L;
    return true;
  }

  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    // Walk down to the array variable; indices of inner subscripts of a
    // multi-dimensional array are visited again as their own expressions, so
    // only the outermost subscript records the use.
    const Expr *Base = E->getBase()->IgnoreParenImpCasts();
    while (const auto *Inner = dyn_cast<ArraySubscriptExpr>(Base))
      Base = Inner->getBase()->IgnoreParenImpCasts();
    const auto *DRE = dyn_cast<DeclRefExpr>(Base);
    if (!DRE)
      return true;
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V || !ArrayIndex.count(V) || Subscripted.count(DRE))
      return true;
    Subscripted.insert(DRE);
    Outer.push_back({E, V});
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    AllRefs.push_back(DRE);
    return true;
  }

  // sizeof(a) and decltype(a) do not use the array.
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) {
    return true;
  }

  /// Resolves the pragmas once every AttributedStmt has been seen.
  void applyHints() {
    for (auto &Entry : LoopOf) {
      LoopFacts &L = Entry.second;
      auto It = Hints.find(L.Loop);
      if (It == Hints.end())
        continue;
      for (const Attr *A : It->second->getAttrs()) {
        const auto *LH = dyn_cast<LoopHintAttr>(A);
        if (!LH)
          continue;
        if (LH->getOption() == LoopHintAttr::Unroll &&
            LH->getState() == LoopHintAttr::Disable)
          L.RolledByPragma = true;
        if (LH->getOption() == LoopHintAttr::UnrollCount && LH->getValue())
          if (auto N = LH->getValue()->getIntegerConstantExpr(Ctx)) {
            if (N->getZExtValue() <= 1)
              L.RolledByPragma = true;
            else
              L.PragmaCount = N->getZExtValue();
          }
      }
    }
  }

  /// Classifies one index expression.
  void classify(const Expr *Index, ArrayIndexUse &U) {
    U.Index = Index;
    if (Index->isValueDependent() || foldInteger(*Index, Ctx, &Mutations)) {
      U.Kind = ArrayIndexKind::Constant;
      return;
    }
    Leaves Found;
    scan(Index, Found, 0);
    if (Found.Rolled) {
      U.Kind = Found.Rolled->Trips || Found.Rolled->RolledByPragma
                   ? ArrayIndexKind::LoopNotUnrolled
                   : ArrayIndexKind::LoopRuntime;
      U.Loop = Found.Rolled->Loop;
      U.Why = Found.RolledWhy;
      return;
    }
    if (Found.Dynamic) {
      U.Kind = ArrayIndexKind::Dynamic;
      U.Why = Found.DynamicWhy;
      return;
    }
    U.Kind = ArrayIndexKind::Constant;
  }

private:
  struct Leaves {
    const LoopFacts *Rolled = nullptr;
    std::string RolledWhy;
    bool Dynamic = false;
    std::string DynamicWhy;
  };

  void dynamic(Leaves &F, const std::string &Why) {
    if (!F.Dynamic)
      F.DynamicWhy = Why;
    F.Dynamic = true;
  }

  void scan(const Expr *E, Leaves &F, unsigned Depth) {
    if (!E)
      return;
    if (Depth > budget::ValueQueryDepth) {
      dynamic(F, "the index is too deep to follow");
      return;
    }
    E = E->IgnoreParenImpCasts();
    if (foldInteger(*E, Ctx, &Mutations))
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      if (!V) {
        if (!isa<EnumConstantDecl>(DRE->getDecl()) &&
            !isa<NonTypeTemplateParmDecl>(DRE->getDecl()))
          dynamic(F, "'" + DRE->getDecl()->getNameAsString() +
                         "' is a run-time value");
        return;
      }
      auto It = LoopOf.find(V);
      if (It != LoopOf.end() && isInside(E, It->second.Loop)) {
        const LoopFacts &L = It->second;
        if (L.unrolled())
          return;
        if (!F.Rolled) {
          F.Rolled = &L;
          if (L.RolledByPragma)
            F.RolledWhy = "'" + V->getNameAsString() +
                          "' is the variable of a loop kept rolled by "
                          "#pragma unroll";
          else if (L.Trips)
            F.RolledWhy = "'" + V->getNameAsString() +
                          "' is the variable of a loop that is not unrolled "
                          "completely";
          else
            F.RolledWhy =
                "'" + V->getNameAsString() +
                "' is the variable of a loop whose trip count is a run-time "
                "value" +
                (L.TripText.empty() ? "" : " ('" + L.TripText + "')");
        }
        return;
      }
      dynamic(F, "'" + V->getNameAsString() + "' is a run-time value");
      return;
    }
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      if (B->isAssignmentOp() || B->isCommaOp()) {
        dynamic(F, "the index has side effects");
        return;
      }
      scan(B->getLHS(), F, Depth + 1);
      scan(B->getRHS(), F, Depth + 1);
      return;
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E)) {
      if (U->isArithmeticOp() || U->getOpcode() == UO_Not) {
        scan(U->getSubExpr(), F, Depth + 1);
        return;
      }
      dynamic(F, "the index is a run-time value");
      return;
    }
    if (const auto *C = dyn_cast<ConditionalOperator>(E)) {
      scan(C->getCond(), F, Depth + 1);
      scan(C->getTrueExpr(), F, Depth + 1);
      scan(C->getFalseExpr(), F, Depth + 1);
      return;
    }
    if (const auto *C = dyn_cast<CastExpr>(E)) {
      scan(C->getSubExpr(), F, Depth + 1);
      return;
    }
    if (isa<MemberExpr>(E) || isa<PseudoObjectExpr>(E)) {
      dynamic(F, "the index depends on the thread or block index");
      return;
    }
    if (isa<ArraySubscriptExpr>(E) || isa<CallExpr>(E)) {
      dynamic(F, "the index is read from memory or computed by a call");
      return;
    }
    dynamic(F, "the index is a run-time value");
  }

  bool isInside(const Stmt *S, const ForStmt *Loop) {
    SourceRange R = Loop->getSourceRange();
    SourceLocation L = S->getBeginLoc();
    const SourceManager &SM = Ctx.getSourceManager();
    return R.isValid() && L.isValid() &&
           !SM.isBeforeInTranslationUnit(L, R.getBegin()) &&
           !SM.isBeforeInTranslationUnit(R.getEnd(), L);
  }

  std::optional<uint64_t> constantTrips(const ForStmt &FS, const VarDecl *V,
                                        std::string &TripText) {
    const auto *Cond = dyn_cast_or_null<BinaryOperator>(
        FS.getCond() ? FS.getCond()->IgnoreParenImpCasts() : nullptr);
    if (Cond) {
      const Expr *Other = nullptr;
      const auto *L =
          dyn_cast<DeclRefExpr>(Cond->getLHS()->IgnoreParenImpCasts());
      if (L && L->getDecl() == V)
        Other = Cond->getRHS();
      if (Other) {
        CharSourceRange R =
            CharSourceRange::getTokenRange(Other->getSourceRange());
        TripText =
            Lexer::getSourceText(R, Ctx.getSourceManager(), Ctx.getLangOpts())
                .str();
      }
    }
    if (!V->getInit() || !Cond)
      return std::nullopt;
    std::optional<int64_t> Init = foldInteger(*V->getInit(), Ctx, &Mutations);
    const auto *L =
        dyn_cast<DeclRefExpr>(Cond->getLHS()->IgnoreParenImpCasts());
    if (!Init || !L || L->getDecl() != V)
      return std::nullopt;
    std::optional<int64_t> Bound =
        foldInteger(*Cond->getRHS(), Ctx, &Mutations);
    if (!Bound)
      return std::nullopt;
    std::optional<int64_t> Step;
    if (std::optional<InductionStep> S = inductionStep(FS.getInc(), V);
        S && S->Additive) {
      Step = S->Step ? foldInteger(*S->Step, Ctx, &Mutations) : 1;
      if (Step && S->Negate)
        Step = -*Step;
    }
    if (!Step)
      return std::nullopt;
    // The body must leave the counter alone (the project's one definition of
    // "may modify": also through references and by-reference captures).
    if (mayModify(FS.getBody(), V))
      return std::nullopt;
    return tripCount(*Init, Cond->getOpcode(), *Bound, *Step);
  }

  ASTContext &Ctx;
  MutationCache &Mutations;
};

} // namespace

std::vector<LocalArray> analyzeLocalArrays(const FunctionDecl &F,
                                           ASTContext &Ctx,
                                           MutationCache &Mutations,
                                           unsigned MaxRegistersPerThread) {
  if (!F.hasBody() || F.isDependentContext())
    return {};
  Collector C(Ctx, Mutations);
  C.TraverseStmt(F.getBody());
  C.applyHints();
  for (const auto &[E, V] : C.Outer) {
    LocalArray &LA = C.Arrays[C.ArrayIndex[V]];
    // All indices of the chain, outermost first; the worst decides.
    ArrayIndexUse Use;
    Use.Site = E;
    Use.Kind = ArrayIndexKind::Constant;
    const Expr *Cur = E;
    while (const auto *S = dyn_cast<ArraySubscriptExpr>(Cur)) {
      ArrayIndexUse One;
      C.classify(S->getIdx(), One);
      if (unsigned(One.Kind) > unsigned(Use.Kind) ||
          (Use.Kind == ArrayIndexKind::Constant && !Use.Index)) {
        One.Site = E;
        Use = One;
      }
      Cur = S->getBase()->IgnoreParenImpCasts();
    }
    LA.Uses.push_back(Use);
  }
  for (const DeclRefExpr *DRE : C.AllRefs) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (V && C.ArrayIndex.count(V) && !C.Subscripted.count(DRE))
      C.Arrays[C.ArrayIndex[V]].AddressEscapes = true;
  }

  for (LocalArray &LA : C.Arrays) {
    const bool Wide = LA.ElementKind == ElementClass::OtherScalar;
    const ArrayIndexUse *Worst = nullptr;
    ArrayPlacement Verdict = ArrayPlacement::Registers;
    std::string Reason;
    auto consider = [&](const ArrayIndexUse &U, ArrayPlacement P,
                        std::string Why) {
      if (P == ArrayPlacement::LocalMemory &&
          Verdict != ArrayPlacement::LocalMemory) {
        Verdict = P;
        Worst = &U;
        Reason = std::move(Why);
      } else if (P == ArrayPlacement::Uncertain &&
                 Verdict == ArrayPlacement::Registers) {
        Verdict = P;
        Worst = &U;
        Reason = std::move(Why);
      }
    };
    for (const ArrayIndexUse &U : LA.Uses) {
      if (U.Kind == ArrayIndexKind::Constant || LA.Elements < 2)
        continue;
      if (Wide) {
        consider(U, ArrayPlacement::LocalMemory,
                 "ptxas keeps dynamically indexed arrays of " +
                     std::to_string(LA.ElementBytes) +
                     "-byte scalars in local memory from 2 elements on (only "
                     "4-byte elements become selects)");
        continue;
      }
      if (LA.ElementKind == ElementClass::Other)
        continue; // Not measured (mixed structures): not reported.
      switch (U.Kind) {
      case ArrayIndexKind::LoopNotUnrolled:
        consider(U, ArrayPlacement::LocalMemory,
                 "ptxas keeps arrays indexed by the variable of a rolled "
                 "loop in local memory from 2 elements on");
        break;
      case ArrayIndexKind::LoopRuntime:
        consider(U,
                 LA.Bytes >= 96 ? ArrayPlacement::LocalMemory
                                : ArrayPlacement::Uncertain,
                 "ptxas keeps arrays of 96 bytes or more indexed by the "
                 "variable of a loop with a run-time trip count in local "
                 "memory");
        break;
      case ArrayIndexKind::Dynamic:
        consider(U,
                 LA.Bytes >= 380   ? ArrayPlacement::LocalMemory
                 : LA.Bytes <= 348 ? ArrayPlacement::Registers
                                   : ArrayPlacement::Uncertain,
                 "ptxas turns a dynamic index into selects over registers up "
                 "to 348 bytes of 4-byte elements, and keeps arrays of 380 "
                 "bytes or more in local memory");
        break;
      case ArrayIndexKind::Constant:
        break;
      }
    }
    if (Verdict != ArrayPlacement::LocalMemory &&
        LA.words() >= MaxRegistersPerThread) {
      Verdict = ArrayPlacement::LocalMemory;
      Worst = nullptr;
      Reason = "the array alone needs " + std::to_string(LA.words()) +
               " registers, and a thread has at most " +
               std::to_string(MaxRegistersPerThread);
    }
    LA.Placement = Verdict;
    LA.Deciding = Worst;
    LA.Reason = Reason;
  }
  return std::move(C.Arrays);
}

} // namespace warplint
