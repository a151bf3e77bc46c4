//===- AccessAddress.cpp - Addresses of memory accesses -------------------===//
#include "Analysis/memory/AccessAddress.h"

#include "Symbolic/Budgets.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace warplint {

int64_t AddressBuilder::sizeOf(QualType T) const {
  if (T->isIncompleteType() || T->isDependentType() || T->isUndeducedType() ||
      T->isVoidType())
    return 0;
  return Ctx.getTypeSizeInChars(T).getQuantity();
}

Address AddressBuilder::pointer(const Expr *E, unsigned Depth) {
  Address A;
  if (Depth > budget::PointerChainDepth) {
    A.Failure = "pointer chain too deep";
    return A;
  }
  E = E->IgnoreParens();
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
    switch (ICE->getCastKind()) {
    case CK_ArrayToPointerDecay:
      return lvalueAddress(ICE->getSubExpr(), Depth + 1);
    case CK_LValueToRValue:
    case CK_NoOp:
    case CK_BitCast:
    case CK_UserDefinedConversion:
      return pointer(ICE->getSubExpr(), Depth + 1);
    default:
      break;
    }
  }
  if (const auto *CE = dyn_cast<ExplicitCastExpr>(E))
    if (CE->getSubExpr()->getType()->isPointerType() ||
        CE->getSubExpr()->getType()->isArrayType())
      return pointer(CE->getSubExpr(), Depth + 1);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = DRE->getDecl();
    if (const auto *V = dyn_cast<VarDecl>(D); V && Flow && Flow->tracks(V)) {
      const UseFacts &F = Flow->use(DRE);
      if (F.S != UseFacts::NotTracked)
        return flowPointer(V, F, Depth);
    }
    if (const auto *P = dyn_cast<ParmVarDecl>(D)) {
      // `p += tid * 64; p[0]`: the parameter no longer points where it did.
      if (!Facts.isUnmodified(P)) {
        A.Failure = "pointer parameter '" + P->getNameAsString() +
                    "' is modified in the kernel";
        return A;
      }
      A.Base = P;
      // Pointers a kernel receives from the host point to global memory.
      A.Space = sym::MemorySpace::Global;
      return A;
    }
    if (const auto *V = dyn_cast<VarDecl>(D)) {
      if (V->getType()->isPointerType() && V->hasLocalStorage() &&
          V->getInit() && Facts.isUnmodified(V))
        return pointer(V->getInit(), Depth + 1);
      A.Failure = "pointer variable '" + V->getNameAsString() + "' changes";
      return A;
    }
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if ((BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub) &&
        BO->getType()->isPointerType()) {
      const Expr *P = BO->getLHS(), *I = BO->getRHS();
      if (!P->getType()->isPointerType())
        std::swap(P, I);
      A = pointer(P, Depth + 1);
      if (!A.ok())
        return A;
      int64_t Size = sizeOf(P->getType()->getPointeeType());
      if (!Size) {
        A.Failure = "pointer to an incomplete type";
        return A;
      }
      const sym::Expr *Idx = Builder.build(I);
      if (BO->getOpcode() == BO_Sub)
        Idx = SC.neg(Idx);
      A.addTerm(Idx, Size);
      return A;
    }
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_AddrOf)
      return lvalueAddress(UO->getSubExpr(), Depth + 1);
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
    return pointer(EWC->getSubExpr(), Depth + 1);
  if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
    return pointer(MTE->getSubExpr(), Depth + 1);
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    // A helper that hands out a shared buffer: `T *s = SharedMemory<T>();` (a
    // conversion operator whose body declares `extern __shared__ int
    // __smem[]` and returns it). Followed when the body is declarations and
    // one return of an expression that does not involve the helper's
    // parameters.
    if (const FunctionDecl *F = Call->getDirectCallee()) {
      const FunctionDecl *Def = nullptr;
      if (F->hasBody(Def) && Def && Def->getNumParams() == 0) {
        const auto *Body = dyn_cast<CompoundStmt>(Def->getBody());
        const ReturnStmt *Ret = nullptr;
        bool OnlyDecls = Body != nullptr;
        if (Body) {
          for (const Stmt *St : Body->body()) {
            if (const auto *R = dyn_cast<ReturnStmt>(St))
              Ret = R;
            else if (!isa<DeclStmt>(St))
              OnlyDecls = false;
          }
        }
        if (OnlyDecls && Ret && Ret->getRetValue() &&
            Ret->getRetValue()->getType()->isPointerType())
          return pointer(Ret->getRetValue(), Depth + 1);
      }
    }
  }
  if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E))
    return pointer(Cast->getSubExpr(), Depth + 1);
  if (E->getType()->isPointerType() &&
      (isa<MemberExpr>(E) || isa<ArraySubscriptExpr>(E) ||
       (isa<UnaryOperator>(E) &&
        cast<UnaryOperator>(E)->getOpcode() == UO_Deref)))
    return loadedPointer(E);
  A.Failure = std::string("pointer from ") + E->getStmtClassName();
  return A;
}

/// A pointer read from memory: a field of a structure (`d_unique[bx].ptr`,
/// `args.data`, `args->data`) or an element of a pointer array (`rows[b]`).
/// Such pointers point to global memory unless shown otherwise: they are
/// treated as a kernel's pointer parameters are, the start of an allocation.
/// Every lane must read the same pointer (a uniform load address); otherwise
/// each lane has its own base and the access is a gather.
Address AddressBuilder::loadedPointer(const Expr *E) {
  Address A;
  const sym::Expr *Loaded = Builder.build(E);
  if (Loaded->mayVaryByLane()) {
    A.Failure = "pointer loaded from memory at a lane-varying address";
    return A;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    A.Base = ME->getMemberDecl();
  } else {
    const Expr *Root = E;
    for (unsigned Steps = 0; Steps < 8; ++Steps) {
      Root = Root->IgnoreParenImpCasts();
      if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Root))
        Root = ASE->getBase();
      else if (const auto *UO = dyn_cast<UnaryOperator>(Root))
        Root = UO->getSubExpr();
      else
        break;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Root))
      A.Base = DRE->getDecl();
    else if (const auto *ME = dyn_cast<MemberExpr>(Root))
      A.Base = ME->getMemberDecl();
  }
  if (!A.Base) {
    A.Failure = "pointer loaded from memory";
    return A;
  }
  A.Space = sym::MemorySpace::Global;
  A.Notes.push_back("the pointer '" + writtenText(E) +
                    "' is read from memory: assumed to point to the start "
                    "of a global allocation, as a kernel's pointer "
                    "parameters are");
  return A;
}

/// The address a definition gives a pointer variable.
Address AddressBuilder::defPointer(const ValueDef &D, unsigned Depth) {
  Address A;
  const VarDecl *V = D.Var;
  int64_t Size = sizeOf(V->getType()->getPointeeType());
  switch (D.K) {
  case ValueDef::Entry:
    A.Base = V;
    // Pointers a kernel receives from the host point to global memory.
    A.Space = sym::MemorySpace::Global;
    return A;
  case ValueDef::Uninit:
    A.Failure = "pointer '" + V->getNameAsString() +
                "' read before it is assigned";
    return A;
  case ValueDef::Init:
  case ValueDef::Assign:
    return pointer(D.RHS, Depth + 1);
  case ValueDef::Compound:
  case ValueDef::IncDec: {
    if (D.K == ValueDef::Compound && D.Op != BO_Add && D.Op != BO_Sub) {
      A.Failure = "pointer '" + V->getNameAsString() + "' updated by " +
                  BinaryOperator::getOpcodeStr(D.Op).str() + "=";
      return A;
    }
    if (!D.Old || !Size) {
      A.Failure = "pointer '" + V->getNameAsString() + "' moved";
      return A;
    }
    A = pointer(D.Old, Depth + 1);
    if (!A.ok())
      return A;
    bool Back = D.K == ValueDef::Compound ? D.Op == BO_Sub : D.Decrement;
    const sym::Expr *Delta = D.K == ValueDef::Compound
                                 ? Builder.build(D.RHS)
                                 : SC.constant(1, sym::IntType::i64());
    A.addTerm(Back ? SC.neg(Delta) : Delta, Size);
    return A;
  }
  case ValueDef::CallOut: // integers only (ValueFlow): never a pointer
    break;
  }
  A.Failure = "pointer definition";
  return A;
}

/// A tracked pointer variable's address at a use, from the definitions that
/// reach it (lib/Frontend/ValueFlow).
Address AddressBuilder::flowPointer(const VarDecl *V, const UseFacts &F,
                                    unsigned Depth) {
  Address A;
  if (Depth > budget::PointerChainDepth) {
    A.Failure = "pointer chain too deep";
    return A;
  }
  switch (F.S) {
  case UseFacts::NotTracked:
    break;
  case UseFacts::Single:
    return defPointer(*F.Defs[0], Depth);
  case UseFacts::Induction:
  case UseFacts::AfterLoop: {
    // p = Start + K * Step elements. In its loop (`p += blockDim.x`), K
    // counts the iterations; after the loop, K is the uniform count of
    // iterations the loop ran, when every lane leaves it together (as for
    // integers: ExprBuilder).
    bool After = F.S == UseFacts::AfterLoop;
    int64_t Size = sizeOf(V->getType()->getPointeeType());
    if (!F.Step.Additive || !Size ||
        (After && !Builder.exitsTogether(*F.Loop))) {
      A.Failure = "pointer '" + V->getNameAsString() +
                  (After ? "' after the loop that moves it (the loop's exit "
                           "varies by lane)"
                         : "' changes in its loop other than by a step");
      return A;
    }
    A = alternatives(V, F.Inits, Depth);
    if (!A.ok())
      return A;
    const sym::Expr *Step = F.Step.Step
                                ? Builder.build(F.Step.Step)
                                : SC.constant(1, sym::IntType::i64());
    const sym::Expr *K;
    if (After) {
      K = SC.unknown("iterations the loop of '" + V->getNameAsString() +
                         "' ran",
                     sym::IntType::i64(), sym::Uniformity::BlockUniform);
    } else {
      K = Builder.iterationCount(V, Step);
      Builder.noteInduction(F, K->name(), SC.constant(0, K->type()), nullptr);
    }
    const sym::Expr *Delta = SC.mul(K, Step);
    A.addTerm(F.Step.Negate ? SC.neg(Delta) : Delta, Size);
    return A;
  }
  case UseFacts::Merge:
    if (F.Loop) {
      A.Failure = F.Why;
      return A;
    }
    return alternatives(V, F.Defs, Depth);
  }
  A.Failure = "pointer variable '" + V->getNameAsString() + "' changes";
  return A;
}

Address AddressBuilder::integerCandidates(Address A,
                                          llvm::function_ref<Address()> Rebuild) {
  // Copied: each rebuild records its own merges.
  std::vector<ExprBuilder::MergeSeen> Merges = Builder.mergesSeen();
  if (Merges.empty() || !A.ok() || !A.Alternatives.empty())
    return A;
  // One variable's definitions (the first met): a second merged variable stays
  // unknown in every candidate, so the candidates stay few (at most
  // ExprBuilder::MaxMergeDefs).
  const ExprBuilder::MergeSeen &M = Merges.front();
  std::vector<Address> All;
  for (const ValueDef *D : M.Defs) {
    Builder.chooseDefinition(M.Var, D);
    Address One = Rebuild();
    if (!One.ok() || !One.Alternatives.empty()) {
      All.clear();
      break;
    }
    One.Origin = D->S ? locationText(D->S->getBeginLoc()) : "entry";
    All.push_back(std::move(One));
  }
  Builder.chooseDefinition(M.Var, nullptr);
  if (All.size() < 2)
    return A;
  Address First = std::move(All.front());
  for (size_t I = 1; I < All.size(); ++I)
    First.Alternatives.push_back(std::move(All[I]));
  First.ChoiceOf = "'" + M.Var->getNameAsString() + "'";
  First.Notes.push_back("'" + M.Var->getNameAsString() + "' has " +
                        std::to_string(All.size()) +
                        " definitions reaching this access; each is "
                        "evaluated and the worse reported");
  return First;
}

/// The addresses of several definitions that reach one use: the first, with
/// the others as its alternatives (each evaluated; the worse is reported).
Address AddressBuilder::alternatives(const VarDecl *V,
                                     llvm::ArrayRef<const ValueDef *> Defs,
                                     unsigned Depth) {
  std::vector<Address> All;
  for (const ValueDef *D : Defs) {
    Address One = defPointer(*D, Depth + 1);
    if (!One.ok())
      return One;
    if (!All.empty() && One.Space != All.front().Space) {
      Address Bad;
      Bad.Failure = "pointer '" + V->getNameAsString() +
                    "' may point to different memory spaces";
      return Bad;
    }
    One.Origin = D->S ? locationText(D->S->getBeginLoc()) : "entry";
    // Nested alternatives flatten into one list (bounded).
    std::vector<Address> Nested = std::move(One.Alternatives);
    One.Alternatives.clear();
    All.push_back(std::move(One));
    for (Address &N : Nested)
      All.push_back(std::move(N));
    if (All.size() > 8) {
      Address Bad;
      Bad.Failure = "pointer '" + V->getNameAsString() +
                    "' has too many definitions reaching here";
      return Bad;
    }
  }
  Address First = std::move(All.front());
  for (size_t I = 1; I < All.size(); ++I)
    First.Alternatives.push_back(std::move(All[I]));
  if (!First.Alternatives.empty())
    First.Notes.push_back(
        "the pointer '" + V->getNameAsString() + "' has " +
        std::to_string(All.size()) +
        " definitions reaching this access; each is evaluated and the "
        "worse reported");
  return First;
}

std::string AddressBuilder::locationText(SourceLocation L) const {
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(L));
  if (P.isInvalid())
    return "?";
  return "line " + std::to_string(P.getLine());
}

/// An expression as written (for notes), or "" when too long.
std::string AddressBuilder::writtenText(const Expr *E) const {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = CharSourceRange::getTokenRange(E->getSourceRange());
  if (R.getBegin().isMacroID() || R.getEnd().isMacroID())
    R = SM.getExpansionRange(R);
  std::string Text = Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
  if (Text.size() > 60 || Text.find('\n') != std::string::npos)
    return "";
  return Text;
}

/// Address of an lvalue: an array variable, an element, a row, a member.
Address AddressBuilder::lvalueAddress(const Expr *E, unsigned Depth) {
  Address A;
  E = E->IgnoreParens();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V) {
      A.Failure = "not a variable";
      return A;
    }
    A.Base = V;
    A.Array = V;
    if (V->hasAttr<CUDASharedAttr>())
      A.Space = sym::MemorySpace::Shared;
    else if (V->hasAttr<CUDAConstantAttr>())
      // Read through the constant cache: priced by distinct addresses per
      // warp (Hardware/MemoryCost, constantAccessCost).
      A.Space = sym::MemorySpace::Constant;
    else if (V->hasAttr<CUDADeviceAttr>() ||
             (V->hasGlobalStorage() && !V->isStaticLocal()))
      A.Space = sym::MemorySpace::Global;
    else
      A.Space.reset(); // a local array: local memory or registers
    return A;
  }
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    A = pointer(ASE->getBase(), Depth + 1);
    if (!A.ok())
      return A;
    int64_t Size = sizeOf(ASE->getType());
    if (!Size) {
      A.Failure = "element of unknown size";
      return A;
    }
    // What-if padding of the innermost dimension (bank-conflict fix-its): a
    // row of the padded array is Extra elements longer.
    if (Pad && A.Array == Pad->Array) {
      QualType T = ASE->getType().getCanonicalType();
      if (const auto *Row = dyn_cast<ConstantArrayType>(T))
        if (!isa<ArrayType>(Row->getElementType().getCanonicalType()))
          Size += Pad->Extra * sizeOf(Row->getElementType());
    }
    A.addTerm(Builder.build(ASE->getIdx()), Size);
    return A;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_Deref)
      return pointer(UO->getSubExpr(), Depth + 1);
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!FD || FD->isBitField()) {
      A.Failure = "not a plain field";
      return A;
    }
    A = ME->isArrow() ? pointer(ME->getBase(), Depth + 1)
                      : lvalueAddress(ME->getBase(), Depth + 1);
    if (!A.ok())
      return A;
    A.addConst(Ctx.getFieldOffset(FD) / Ctx.getCharWidth());
    return A;
  }
  A.Failure = std::string("lvalue ") + E->getStmtClassName();
  return A;
}

} // namespace warplint
