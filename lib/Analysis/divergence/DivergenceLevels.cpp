//===- DivergenceLevels.cpp - The level of an expression ------------------===//
//
// Part of warplint. The divergence walker's transfer functions: the level of
// an expression from its operands, the variables' levels, what loads, calls
// of builtins (DivergenceSources) and calls of helpers (walked with the
// arguments' levels) return, and the sync dependence at joins.
//
//===----------------------------------------------------------------------===//
#include "Analysis/divergence/DivergenceWalker.h"

#include "Analysis/divergence/DivergenceSources.h"
#include "Analysis/divergence/LastTile.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include <functional>

using namespace clang;

namespace warplint {
namespace divergence {

using sym::Uniformity;

namespace {
/// Helpers are walked this many calls deep.
constexpr unsigned MaxCallDepth = 4;
} // namespace

std::string sourceText(const Expr *E, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = CharSourceRange::getTokenRange(
      SM.getExpansionRange(E->getSourceRange()).getAsRange());
  return Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
}

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

bool isSharedVar(const VarDecl *V) { return V && V->hasAttr<CUDASharedAttr>(); }

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

Uniformity Walker::threadIdxLevel(sym::Dim D) const {
  const auto &B = Shape.Shape.BlockDim;
  unsigned W = Opts.WarpSize;
  if (D == sym::Dim::Y && B[0] % W == 0)
    return Uniformity::WarpUniform;
  if (D == sym::Dim::Z && (B[0] * B[1]) % W == 0)
    return Uniformity::WarpUniform;
  // A dimension of one thread: threadIdx is 0 in it (for x: a block of one
  // column, e.g. a <<<1, 1>>> launch, whose warps hold one thread each).
  if (B[D == sym::Dim::X ? 0 : D == sym::Dim::Y ? 1 : 2] == 1)
    return Uniformity::Constant;
  return Uniformity::LaneVarying;
}

void Walker::setVar(FnState &F, const VarDecl *V, const Level &L, bool Strong) {
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

void Walker::syncJoin(FnState &F, uint64_t Since, Uniformity U, const Stmt *S,
                      const Level *Cond) {
  // After a join, a variable assigned inside may hold either value.
  for (const auto &[V, When] : F.LastAssign)
    if (When > Since) {
      F.LastValue.erase(V);
      F.Env.erase(V);
    }
  if (U == Uniformity::Constant)
    return;
  bool Loop = isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
              isa<CXXForRangeStmt>(S);
  for (const auto &[V, When] : F.LastAssign) {
    if (When <= Since)
      continue;
    Uniformity &Cur = F.Var[V];
    // Under a condition that data decides, which lanes hold which value is
    // decided by the same data: the variable is data-dependent, and the
    // condition's load is what to name.
    bool Data = Cond && Cond->DataDep && U == Uniformity::LaneVarying;
    if (Data && !F.DataDep.contains(V)) {
      F.DataDep.insert(V);
      if (Cur == U && !Cond->Source.empty())
        F.VarSource[V] = Cond->Source;
    } else if (Data && !Cond->Source.empty()) {
      // A constant assigned under the data's condition (`if (x > m) done =
      // 1;`, again on a later trip of a loop), or an index stepped there
      // (`i--` while s[i] matches): the data decides it, so the data is
      // what to name, not the thread index it started from.
      VarianceKind K = F.VarSource.lookup(V).Kind;
      if (K == VarianceKind::None || K == VarianceKind::ThreadIndex ||
          K == VarianceKind::LaneId)
        F.VarSource[V] = Cond->Source;
    }
    if (U > Cur) {
      Cur = U;
      F.VarSource[V] =
          Data && !Cond->Source.empty()
              ? Cond->Source
              : varianceSource(Loop ? VarianceKind::AssignedInLoop
                                    : VarianceKind::AssignedUnderCondition,
                               "", S);
    }
  }
}

Level Walker::level(const Expr *E, FnState &F, unsigned Depth) {
  Level L;
  if (!E || Depth > 60)
    return {Uniformity::LaneVarying, false,
            varianceSource(VarianceKind::TooDeep), E};
  E = E->IgnoreParens();
  if (auto C = cudaBuiltinComponent(E)) {
    if (C->first == "threadIdx") {
      L.U = threadIdxLevel(C->second);
      L.Source = varianceSource(VarianceKind::ThreadIndex, sourceText(E, Ctx));
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
    if (auto C = cg::dimComponent(ME))
      return groupIndexLevel(C->first, E, C->second);
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
    return {Uniformity::GridUniform, false, {}, nullptr};
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C))
      L.join(level(CE, F, Depth + 1));
  return L;
}

Level Walker::load(const Expr *E, std::initializer_list<const Expr *> AddrParts,
                   FnState &F, unsigned Depth) {
  Level A;
  llvm::SmallVector<std::pair<const Expr *, Uniformity>, 2> Parts;
  for (const Expr *P : AddrParts) {
    Level L = level(P, F, Depth + 1);
    Parts.push_back({P, L.U});
    A.join(L);
  }
  // A local array or struct: its elements have the variable's level.
  if (const VarDecl *V = baseVar(E))
    if (V->hasLocalStorage() && !isSharedVar(V) &&
        !V->getType()->isPointerType() && !isa<ParmVarDecl>(V))
      return A;
  // An address the same for every lane of a warp, though it reads the lane
  // (`counts[threadIdx.x / 32]`, `(blockIdx.x * blockDim.x + threadIdx.x) >>
  // 5`): the warp reads one value, the same for all its lanes.
  if (A.U == Uniformity::LaneVarying && !A.DataDep &&
      warpUniformAddress(Parts, F)) {
    A.U = Uniformity::WarpUniform;
    return A;
  }
  if (A.U == Uniformity::LaneVarying) {
    A.DataDep = true;
    A.Source = varianceSource(VarianceKind::Load, sourceText(E, Ctx));
    A.SourceExpr = E;
    return A;
  }
  A.U = std::max(A.U, Uniformity::BlockUniform);
  return A;
}

/// A source that is a tile of \p Tile threads.
static VarianceSource tileSource(VarianceKind K, unsigned Tile) {
  VarianceSource S = varianceSource(K);
  S.TileSize = Tile;
  return S;
}

/// A value that every lane of the warp receives.
static Level warpWide(Level L) {
  L.U = std::max(L.U == Uniformity::LaneVarying ? Uniformity::WarpUniform : L.U,
                 Uniformity::WarpUniform);
  L.DataDep = false;
  return L;
}

/// Member calls of cooperative groups' blocks, grids and tiles; \p Handled
/// is cleared for the members that mean nothing special here.
Level Walker::groupMemberCall(const CXXMemberCallExpr *MC, FnState &F,
                              unsigned Depth, bool &Handled) {
  Handled = true;
  const CXXRecordDecl *RD = MC->getMethodDecl()->getParent();
  unsigned Tile = tileSize(RD);
  bool Block = isBlockGroup(RD);
  const FunctionDecl *FD = MC->getDirectCallee();
  StringRef N = FD->getIdentifier() ? FD->getName() : "";
  auto Arg = [&](unsigned I) {
    return I < MC->getNumArgs() ? level(MC->getArg(I), F, Depth + 1) : Level();
  };
  if (Tile || Block) {
    switch (groupMember(N)) {
    case GroupMember::Size:
      return Level();
    case GroupMember::GroupIndex:
      return {Uniformity::BlockUniform, false, {}, nullptr};
    case GroupMember::MetaGroupRank:
      return Tile >= Opts.WarpSize
                 ? Level{Uniformity::WarpUniform, false, {}, nullptr}
                 : Level{Uniformity::LaneVarying, false,
                         tileSource(VarianceKind::TileMetaGroupRank, Tile), MC};
    case GroupMember::ThreadRank:
      return {Uniformity::LaneVarying, false,
              varianceSource(VarianceKind::ThreadIndex, sourceText(MC, Ctx)),
              MC};
    case GroupMember::Vote:
      if (Tile) {
        Level L;
        for (unsigned I = 0; I < MC->getNumArgs(); ++I)
          L.join(Arg(I));
        return Tile >= Opts.WarpSize ? warpWide(L)
               : L.U == Uniformity::LaneVarying
                   ? Level{Uniformity::LaneVarying, false,
                           tileSource(VarianceKind::TileVote, Tile), MC}
                   : L;
      }
      break;
    case GroupMember::Shuffle:
      if (Tile) {
        Level V = Arg(0), Src = Arg(1);
        if (Tile >= Opts.WarpSize && Src.U != Uniformity::LaneVarying)
          return warpWide(V);
      }
      break;
    case GroupMember::Sync:
    case GroupMember::None:
      break;
    }
  }
  Handled = false;
  return Level();
}

Level Walker::groupIndexLevel(const cg::MemberCall &C, const Expr *At,
                              std::optional<sym::Dim> D) const {
  auto Varying = [&](Uniformity U) {
    return Level{U, false,
                 varianceSource(VarianceKind::ThreadIndex, sourceText(At, Ctx)),
                 At};
  };
  const bool Tile = C.G.isTile();
  const unsigned Size = Tile ? C.G.Tiles.back() : 0;
  switch (C.M) {
  case cg::Member::ThreadRank:
    return Tile && Size == 1 ? Level() : Varying(Uniformity::LaneVarying);
  case cg::Member::ThreadIndex:
    // One component moves as that component of threadIdx (the grid's adds
    // a block-uniform base).
    if (!D)
      return Varying(Uniformity::LaneVarying);
    if (Uniformity U = threadIdxLevel(*D); U != Uniformity::Constant)
      return U == Uniformity::LaneVarying ? Varying(U)
                                          : Level{U, false, {}, nullptr};
    return C.G.Kind == cg::Group::Root::Grid
               ? Level{Uniformity::BlockUniform, false, {}, nullptr}
               : Level();
  case cg::Member::MetaGroupRank:
    if (!Tile)
      return Varying(Uniformity::LaneVarying);
    return Size >= Opts.WarpSize
               ? Level{Uniformity::WarpUniform, false, {}, nullptr}
               : Level{Uniformity::LaneVarying, false,
                       tileSource(VarianceKind::TileMetaGroupRank, Size), At};
  case cg::Member::GroupIndex:
  case cg::Member::BlockRank:
    return {Uniformity::BlockUniform, false, {}, nullptr};
  case cg::Member::NumThreads:
  case cg::Member::MetaGroupSize:
  case cg::Member::DimThreads:
  case cg::Member::NumBlocks:
  case cg::Member::DimBlocks:
  case cg::Member::None:
    break;
  }
  return Level();
}

Level Walker::registerLevel(StringRef S, const Expr *At) const {
  switch (specialRegister(S)) {
  case SpecialRegisterRole::ThreadIdx:
    return {threadIdxLevel(S == "tid_x"   ? sym::Dim::X
                           : S == "tid_y" ? sym::Dim::Y
                                          : sym::Dim::Z),
            false,
            varianceSource(VarianceKind::ThreadIndex,
                           "threadIdx." + S.substr(4).str()),
            At};
  case SpecialRegisterRole::LaneId:
    return {Uniformity::LaneVarying, false,
            varianceSource(VarianceKind::LaneId), At};
  case SpecialRegisterRole::BlockIdx:
    return {Uniformity::BlockUniform, false, {}, nullptr};
  case SpecialRegisterRole::LaunchDim:
    return {Uniformity::GridUniform, false, {}, nullptr};
  case SpecialRegisterRole::Clock:
    return {Uniformity::WarpUniform, false, {}, nullptr};
  case SpecialRegisterRole::Other:
    break;
  }
  return {Uniformity::LaneVarying, false,
          varianceSource(VarianceKind::SpecialRegister), At};
}

Level Walker::asmOutput(const GCCAsmStmt *AS, FnState &F) {
  StringRef Reg = asmSpecialRegister(AS->getAsmString());
  if (!Reg.empty())
    return registerLevel(Reg, nullptr);
  // Arithmetic on the inputs (or a load through them): as uniform as they
  // are. An asm with no inputs and no register it reads is taken as uniform,
  // as before this rule.
  Level L;
  for (unsigned I = 0; I < AS->getNumInputs(); ++I)
    L.join(level(AS->getInputExpr(I), F));
  return L;
}

Level Walker::call(const CallExpr *CE, FnState &F, unsigned Depth) {
  const FunctionDecl *FD = CE->getDirectCallee();
  auto Arg = [&](unsigned I) {
    return I < CE->getNumArgs() ? level(CE->getArg(I), F, Depth + 1) : Level();
  };
  auto AllArgs = [&]() {
    Level L;
    for (unsigned I = 0; I < CE->getNumArgs(); ++I)
      L.join(Arg(I));
    return L;
  };
  if (!FD)
    return AllArgs();
  StringRef N = FD->getIdentifier() ? FD->getName() : "";
  if (std::optional<cg::MemberCall> C = cg::memberCall(CE))
    return groupIndexLevel(*C, CE, std::nullopt);
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE)) {
    bool Handled;
    Level L = groupMemberCall(MC, F, Depth, Handled);
    if (Handled)
      return L;
  }
  switch (intrinsicRole(N)) {
  case IntrinsicRole::IndexedShuffle: {
    Level V = Arg(1), Src = Arg(2);
    bool FullWidth = CE->getNumArgs() < 4;
    if (!FullWidth)
      if (auto W = CE->getArg(3)->getIntegerConstantExpr(Ctx))
        FullWidth = W->getZExtValue() >= Opts.WarpSize;
    if (V.U != Uniformity::LaneVarying)
      return V;
    if (FullWidth && Src.U != Uniformity::LaneVarying)
      return warpWide(V);
    V.U = Uniformity::LaneVarying;
    return V;
  }
  case IntrinsicRole::RelativeShuffle:
    return Arg(1); // up/down/xor of a uniform value is that value
  case IntrinsicRole::WarpVote: {
    Level L = AllArgs();
    // Every warp votes over the same values, lane for lane: the warps get
    // one answer, the block's (an exit flag every warp reads alike).
    if (L.U == Uniformity::LaneVarying &&
        llvm::all_of(CE->arguments(), [&](const Expr *A) {
          return sameInEveryWarp(A, F, Depth + 1);
        }))
      return {Uniformity::BlockUniform, false, {}, nullptr};
    return warpWide(L);
  }
  case IntrinsicRole::SpecialRegister:
    return registerLevel(N.drop_front(SpecialRegisterPrefix.size()), CE);
  case IntrinsicRole::BlockVote:
    return {Uniformity::BlockUniform, false, {}, nullptr};
  case IntrinsicRole::WarpUniformResult:
    return {Uniformity::WarpUniform, false, {}, nullptr};
  case IntrinsicRole::AtomicResult:
  case IntrinsicRole::LaneVaryingResult:
    return {Uniformity::LaneVarying,
            intrinsicRole(N) == IntrinsicRole::AtomicResult,
            varianceSource(VarianceKind::CallResult, N.str()), CE};
  case IntrinsicRole::None:
    break;
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
      CallDepth < MaxCallDepth && Def->getNumParams() == CE->getNumArgs())
    return helper(*Def, CE, F, Depth);
  return AllArgs();
}

bool Walker::sameInEveryWarp(const Expr *E, FnState &F, unsigned Depth) {
  if (!E || Depth > 32)
    return false;
  E = E->IgnoreParenImpCasts();
  Level L = level(E, F, Depth);
  if (L.U <= Uniformity::BlockUniform)
    return true;
  // __shared__ memory is one copy for the block: lanes that read the same
  // address read the same value. Assumed: the reads do not race with
  // writes (a vote over flags follows the barrier that publishes them).
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    const Expr *Base = ASE->getBase()->IgnoreParenImpCasts();
    const Expr *Idx = ASE->getIdx();
    return isSharedVar(baseVar(Base)) &&
           level(Base, F, Depth + 1).U <= Uniformity::BlockUniform &&
           Idx->getType()->isIntegerType() && F.IsKernel &&
           Lanes.sameInEveryWarp(F.Builder->build(Idx));
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->getOpcode() != UO_Deref && !UO->isIncrementDecrementOp() &&
           sameInEveryWarp(UO->getSubExpr(), F, Depth + 1);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return !BO->isAssignmentOp() &&
           sameInEveryWarp(BO->getLHS(), F, Depth + 1) &&
           sameInEveryWarp(BO->getRHS(), F, Depth + 1);
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return sameInEveryWarp(CO->getCond(), F, Depth + 1) &&
           sameInEveryWarp(CO->getTrueExpr(), F, Depth + 1) &&
           sameInEveryWarp(CO->getFalseExpr(), F, Depth + 1);
  // A lane-linear value of the thread index itself (`tid % 32`), which the
  // lanes evaluate.
  if (E->getType()->isIntegerType() && F.IsKernel && !L.DataDep)
    return Lanes.sameInEveryWarp(F.Builder->build(E));
  return false;
}

Level Walker::helper(const FunctionDecl &Def, const CallExpr *CE,
                     FnState &Caller, unsigned Depth) {
  FnState F;
  initFunction(F, Def, Caller.ViaCall ? Caller.ViaCall : CE);
  for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
    Level A = level(CE->getArg(I), Caller, Depth + 1);
    const ParmVarDecl *P = Def.getParamDecl(I);
    F.ParamLevel[P] = A.U;
    F.ParamSource[P] = A.Source;
    if (A.DataDep)
      F.DataDep.insert(P);
    else if (A.U == Uniformity::LaneVarying &&
             CE->getArg(I)->getType()->isIntegerType() &&
             laneLinear(Caller.Builder->build(CE->getArg(I)), Caller))
      F.LaneLinearParam.insert(P);
    if (!A.DataDep && A.U == Uniformity::LaneVarying &&
        CE->getArg(I)->getType()->isIntegerType())
      if (auto T = lastTileArgument(CE->getArg(I), Caller))
        F.LastTileParam[P] = std::move(*T);
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
             !Def.getParamDecl(I)
                  ->getType()
                  .getNonReferenceType()
                  .isConstQualified())
      V = assignedLocal(A);
    if (!V)
      continue;
    // A reference parameter the helper assigned also carries what was
    // assigned (a value loaded from memory stays data-dependent); the
    // return value's level stays the conservative floor.
    const ParmVarDecl *P = Def.getParamDecl(I);
    Level Out = R;
    auto It = F.Var.find(P);
    if (P->getType()->isReferenceType() && It != F.Var.end())
      Out.join(Level{It->second, F.DataDep.contains(P), F.VarSource.lookup(P),
                     nullptr});
    setVar(Caller, V, Out, /*Strong=*/false);
  }
  return R;
}

bool Walker::mentionsVaryingParam(const sym::Expr *E, const FnState &F,
                                  unsigned Depth) {
  if (Depth > 64)
    return true;
  if (E->kind() == sym::ExprKind::Param) {
    for (const auto &[P, U] : F.ParamLevel)
      if (P->getName() == E->name() && U >= Uniformity::WarpUniform)
        return true;
    return false;
  }
  // A geometric loop variable started from a parameter (`for (s = steps; s
  // > 0; s >>= 1)`) is a uniform leaf whose start the builder keeps aside.
  if (E->kind() == sym::ExprKind::LoopIV && !F.IsKernel && F.Builder)
    for (const sym::Expr *Start : F.Builder->geometricStarts(E->name()))
      if (mentionsVaryingParam(Start, F, Depth + 1))
        return true;
  for (const sym::Expr *O : E->ops())
    if (mentionsVaryingParam(O, F, Depth + 1))
      return true;
  return false;
}

namespace {
/// \p E is a lane-varying operation that need not be monotone in the lane.
bool scrambles(const sym::Expr *E) {
  return E->kind() == sym::ExprKind::Rem || E->kind() == sym::ExprKind::And ||
         E->kind() == sym::ExprKind::Xor || E->kind() == sym::ExprKind::Or ||
         E->kind() == sym::ExprKind::Select;
}
} // namespace

bool Walker::monotoneInLaneParams(const sym::Expr *E, const FnState &F,
                                  unsigned Depth) {
  if (Depth > 64)
    return false;
  if (E->kind() == sym::ExprKind::Param) {
    for (const auto &[P, U] : F.ParamLevel)
      if (P->getName() == E->name() && U >= Uniformity::WarpUniform)
        return F.LaneLinearParam.contains(P);
    return true;
  }
  // A geometric loop variable of a varying start: a sequence of halvings of
  // each lane's value, which the lane order need not keep.
  if (E->kind() == sym::ExprKind::LoopIV && mentionsVaryingParam(E, F))
    return false;
  if (scrambles(E) && mentionsVaryingParam(E, F))
    return false;
  for (const sym::Expr *O : E->ops())
    if (!monotoneInLaneParams(O, F, Depth + 1))
      return false;
  return true;
}

bool Walker::warpUniformIndex(const sym::Expr *X, const FnState &F) {
  if (!X->mayVaryByLane() || (!F.IsKernel && mentionsVaryingParam(X, F)))
    return false;
  // Only a division, shift, mask or remainder of the lane can make lanes
  // agree; an affine index (`in[tid]`) is not evaluated lane by lane.
  bool Folds = false;
  sym::forEachNode(X, [&](const sym::Expr *N) {
    sym::ExprKind K = N->kind();
    if ((K == sym::ExprKind::Div || K == sym::ExprKind::Shr ||
         K == sym::ExprKind::And || K == sym::ExprKind::Rem) &&
        N->mayVaryByLane())
      Folds = true;
  });
  return Folds && Lanes.warpUniform(X);
}

bool Walker::warpUniformAddress(
    llvm::ArrayRef<std::pair<const Expr *, Uniformity>> Parts, FnState &F) {
  for (const auto &[P, U] : Parts) {
    if (U != Uniformity::LaneVarying)
      continue;
    if (!P->getType()->isIntegerType() ||
        !warpUniformIndex(F.Builder->build(P), F))
      return false;
  }
  return true;
}

bool Walker::uniformBesideLastTile(
    const sym::Expr *E, const FnState &F,
    const std::pair<std::string, std::string> **Texts) {
  if (Texts)
    *Texts = nullptr;
  if (E->mayVaryByLane())
    return false;
  // A helper builds its parameters as values the same for every lane; the
  // levels of their arguments say which may differ. One the same for a warp
  // (WarpUniform) splits none.
  bool Uniform = true;
  std::function<void(const sym::Expr *, unsigned)> Visit =
      [&](const sym::Expr *X, unsigned Depth) {
        sym::forEachNode(X, [&](const sym::Expr *N) {
          if (!Uniform)
            return;
          // A geometric loop variable of a helper: its start (see
          // mentionsVaryingParam).
          if (N->kind() == sym::ExprKind::LoopIV && !F.IsKernel && F.Builder) {
            for (const sym::Expr *Start : F.Builder->geometricStarts(N->name()))
              if (Depth > 8 || Start->mayVaryByLane())
                Uniform = false;
              else
                Visit(Start, Depth + 1);
            return;
          }
          if (N->kind() != sym::ExprKind::Param)
            return;
          for (const auto &[P, U] : F.ParamLevel) {
            if (P->getName() != N->name() || U != Uniformity::LaneVarying)
              continue;
            auto It = F.LastTileParam.find(P);
            if (It == F.LastTileParam.end())
              Uniform = false;
            else if (Texts && !*Texts)
              *Texts = &It->second;
          }
        });
      };
  Visit(E, 0);
  return Uniform;
}

std::optional<std::pair<std::string, std::string>>
Walker::lastTileArgument(const Expr *Arg, FnState &Caller) {
  auto Uniform = [&Caller](const sym::Expr *Y) {
    return uniformBesideLastTile(Y, Caller);
  };
  const sym::Expr *X = Caller.Builder->build(Arg);
  // The caller's own last-tile parameter, passed on (or a function of it).
  const std::pair<std::string, std::string> *Passed = nullptr;
  if (uniformBesideLastTile(X, Caller, &Passed)) {
    if (Passed)
      return *Passed;
    return std::nullopt;
  }
  // The clamp in the argument itself: `sumTile(in + base, min(TILE, n -
  // base))`.
  if (auto C = divergence::findLastTileClamp(SC, X, Uniform))
    return lastTileText(Arg, *C, *Caller.Builder, Ctx);
  // A function of variables that hold one, which the builder may not see
  // through (`nextPowerOfTwo(segmentElementsB)`, whose __clz keeps no
  // structure): each lane-varying variable the argument reads must hold a
  // clamp; read as its full arm, the argument must vary by no lane.
  llvm::SmallVector<const DeclRefExpr *, 8> Uses;
  llvm::SmallVector<const Stmt *, 16> Work{Arg};
  while (!Work.empty() && Uses.size() <= 8) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && V->getType()->isIntegerType())
        Uses.push_back(DRE);
    for (const Stmt *C : S->children())
      Work.push_back(C);
  }
  if (Uses.empty() || Uses.size() > 8)
    return std::nullopt;
  std::optional<std::pair<std::string, std::string>> Texts;
  llvm::SmallVector<const DeclRefExpr *, 8> Set;
  bool Clamped = true;
  for (const DeclRefExpr *DRE : Uses) {
    const sym::Expr *V = Caller.Builder->build(DRE);
    if (Uniform(V))
      continue;
    auto C = divergence::findLastTileClamp(SC, V, Uniform);
    if (!C) {
      Clamped = false;
      break;
    }
    llvm::DenseMap<const sym::Expr *, const sym::Expr *> Map;
    Map[C->Clamp] = C->Full;
    Caller.Builder->setUseValue(DRE, sym::substitute(SC, V, Map));
    Set.push_back(DRE);
    if (!Texts)
      Texts = lastTileText(DRE, *C, *Caller.Builder, Ctx);
  }
  bool Full = Clamped && !Set.empty() && Uniform(Caller.Builder->build(Arg));
  for (const DeclRefExpr *DRE : Set)
    Caller.Builder->setUseValue(DRE, nullptr);
  if (!Full)
    return std::nullopt;
  return Texts;
}

bool Walker::laneLinear(const sym::Expr *E, const FnState &F) {
  // No lane-varying unknown or loop variable, nothing that scrambles the
  // lanes, and (in a helper) only lane-linear parameters.
  llvm::SmallVector<const sym::Expr *, 16> Work{E};
  for (unsigned Seen = 0; !Work.empty(); ++Seen) {
    const sym::Expr *X = Work.pop_back_val();
    if (Seen > 256)
      return false;
    if ((X->kind() == sym::ExprKind::Unknown ||
         X->kind() == sym::ExprKind::LoopIV) &&
        X->leafUniformity() == Uniformity::LaneVarying)
      return false;
    if (scrambles(X) && X->mayVaryByLane())
      return false;
    for (const sym::Expr *O : X->ops())
      Work.push_back(O);
  }
  // The lanes must differ through the index itself (a value that varies
  // only through control flow builds to something that looks uniform).
  if (!mentionsVaryingParam(E, F))
    return E->mayVaryByLane();
  return !F.IsKernel && monotoneInLaneParams(E, F);
}

} // namespace divergence
} // namespace warplint
