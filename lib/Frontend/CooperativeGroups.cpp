//===- CooperativeGroups.cpp - Cooperative groups as thread indices -------===//
#include "Frontend/CooperativeGroups.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace warplint {
namespace cg {

namespace {

constexpr unsigned MaxDepth = 16;

bool inCgNamespace(const Decl *D) {
  for (const DeclContext *C = D ? D->getDeclContext() : nullptr; C;
       C = C->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(C))
      if (NS->getName() == "cooperative_groups")
        return true;
  return false;
}

/// A tile class of the toolkit: thread_block_tile<N, P> and the bases its
/// members live in (__static_size_tile_base<N>, ...): N, and P when given.
bool tileClass(const CXXRecordDecl *RD, unsigned &N, QualType &Parent) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(RD);
  if (!Spec || !RD->getName().contains("tile"))
    return false;
  const TemplateArgumentList &Args = Spec->getTemplateArgs();
  if (Args.size() < 1 || Args[0].getKind() != TemplateArgument::Integral)
    return false;
  N = unsigned(Args[0].getAsIntegral().getZExtValue());
  if (Args.size() >= 2 && Args[1].getKind() == TemplateArgument::Type)
    Parent = Args[1].getAsType();
  return N != 0;
}

Group fromRecord(const CXXRecordDecl *RD, unsigned Depth);

Group fromType(QualType T, unsigned Depth) {
  if (T.isNull() || Depth > MaxDepth)
    return Group();
  return fromRecord(T.getNonReferenceType()->getAsCXXRecordDecl(), Depth);
}

Group fromRecord(const CXXRecordDecl *RD, unsigned Depth) {
  Group G;
  if (!RD || !inCgNamespace(RD))
    return G;
  StringRef Name = RD->getName();
  if (Name == "thread_block") {
    G.Kind = Group::Root::Block;
    return G;
  }
  if (Name == "grid_group") {
    G.Kind = Group::Root::Grid;
    return G;
  }
  unsigned N = 0;
  QualType Parent;
  if (tileClass(RD, N, Parent)) {
    Group P = Parent.isNull() || Parent->isVoidType()
                  ? Group()
                  : fromType(Parent, Depth + 1);
    G = P.isGroup() ? P : Group{Group::Root::Unknown, {}};
    G.Tiles.push_back(N);
    return G;
  }
  if (Name == "thread_group" || Name == "coalesced_group" ||
      Name.starts_with("thread_group_base")) {
    G.Kind = Group::Root::Unknown;
    return G;
  }
  return G;
}

/// Whether the function around \p V assigns it after its declaration
/// (`g = tiled_partition(g, 16);`).
class AssignmentFinder : public RecursiveASTVisitor<AssignmentFinder> {
public:
  explicit AssignmentFinder(const VarDecl *V) : V(V) {}
  bool Found = false;
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *E) {
    if (E->isAssignmentOp() && E->getNumArgs() >= 1 && refersTo(E->getArg(0)))
      Found = true;
    return !Found;
  }
  bool VisitBinaryOperator(BinaryOperator *E) {
    if (E->isAssignmentOp() && refersTo(E->getLHS()))
      Found = true;
    return !Found;
  }

private:
  bool refersTo(const Expr *E) const {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == V;
  }
  const VarDecl *V;
};

bool assignedAgain(const VarDecl *V) {
  const auto *FD = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  if (!FD || !FD->getBody())
    return true;
  AssignmentFinder F(V);
  F.TraverseStmt(FD->getBody());
  return F.Found;
}

/// The expression a group value is copied, converted or bound from.
const Expr *peelOnce(const Expr *E) {
  if (const auto *P = dyn_cast<ParenExpr>(E))
    return P->getSubExpr();
  if (const auto *C = dyn_cast<CastExpr>(E))
    return C->getSubExpr();
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    return M->getSubExpr();
  if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
    return B->getSubExpr();
  if (const auto *W = dyn_cast<ExprWithCleanups>(E))
    return W->getSubExpr();
  if (const auto *C = dyn_cast<CXXConstructExpr>(E))
    return C->getNumArgs() >= 1 ? C->getArg(0) : nullptr;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    if (isa_and_nonnull<CXXConversionDecl>(MC->getMethodDecl()))
      return MC->getImplicitObjectArgument();
  return nullptr;
}

Group fromExpr(const Expr *E, const ParamArgument &Arg, unsigned Depth) {
  Group Typed;
  for (; E && Depth <= MaxDepth; ++Depth) {
    Group T = fromType(E->getType(), 0);
    if (T.isGroup() && T.Kind != Group::Root::Unknown)
      return T; // the type says everything
    if (T.isGroup() && !Typed.isGroup())
      Typed = T;
    if (const Expr *Inner = peelOnce(E)) {
      E = Inner;
      continue;
    }
    if (const auto *CE = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *F = CE->getDirectCallee();
      if (!F || !inCgNamespace(F) || !F->getIdentifier())
        break;
      StringRef N = F->getName();
      if (N == "this_thread_block")
        return Group{Group::Root::Block, {}};
      if (N == "this_grid")
        return Group{Group::Root::Grid, {}};
      if (N != "tiled_partition" || CE->getNumArgs() < 1)
        break;
      std::optional<uint64_t> Size;
      if (CE->getNumArgs() >= 2) {
        Expr::EvalResult R;
        if (!CE->getArg(1)->isValueDependent() &&
            CE->getArg(1)->EvaluateAsInt(R, F->getASTContext()))
          Size = R.Val.getInt().getZExtValue();
      } else if (const TemplateArgumentList *TA =
                     F->getTemplateSpecializationArgs()) {
        if (TA->size() >= 1 && TA->get(0).getKind() == TemplateArgument::Integral)
          Size = TA->get(0).getAsIntegral().getZExtValue();
      }
      if (!Size || *Size == 0)
        break;
      Group P = fromExpr(CE->getArg(0), Arg, Depth + 1);
      Group G = P.isGroup() ? P : Group{Group::Root::Unknown, {}};
      G.Tiles.push_back(unsigned(*Size));
      return G;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      if (!V)
        break;
      if (const auto *P = dyn_cast<ParmVarDecl>(V)) {
        E = Arg ? Arg(P) : nullptr;
        continue;
      }
      if (!V->hasLocalStorage() || !V->getInit() || assignedAgain(V))
        break;
      E = V->getInit();
      continue;
    }
    break;
  }
  return Typed;
}

Member memberNamed(StringRef N, const Group &G) {
  bool Grid = G.Kind == Group::Root::Grid && !G.isTile();
  return llvm::StringSwitch<Member>(N)
      .Case("thread_rank", Member::ThreadRank)
      .Cases({"size", "num_threads"}, Member::NumThreads)
      .Case("meta_group_rank", Member::MetaGroupRank)
      .Case("meta_group_size", Member::MetaGroupSize)
      .Case("thread_index", Member::ThreadIndex)
      .Cases({"group_index", "block_index"}, Member::GroupIndex)
      .Cases({"dim_threads", "block_dim"}, Member::DimThreads)
      // A grid's group_dim() is the grid in threads under another layout in
      // older toolkits: only the block's is modelled.
      .Case("group_dim", Grid ? Member::None : Member::DimThreads)
      .Case("block_rank", Member::BlockRank)
      .Case("num_blocks", Member::NumBlocks)
      .Case("dim_blocks", Member::DimBlocks)
      .Default(Member::None);
}

/// The object a member call is made on (`block` in `block.thread_rank()`,
/// whether the member is static or not).
const Expr *objectOf(const CallExpr *CE) {
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
    return MC->getImplicitObjectArgument();
  if (const auto *ME = dyn_cast<MemberExpr>(CE->getCallee()->IgnoreParenImpCasts()))
    return ME->getBase();
  return nullptr;
}

} // namespace

Group groupOf(const Expr *E, const ParamArgument &Arg) {
  return fromExpr(E, Arg, 0);
}

std::optional<MemberCall> memberCall(const CallExpr *CE,
                                     const ParamArgument &Arg) {
  const FunctionDecl *F = CE ? CE->getDirectCallee() : nullptr;
  if (!F || !F->getIdentifier() || !inCgNamespace(F))
    return std::nullopt;
  MemberCall C;
  StringRef N = F->getName();
  if (const auto *M = dyn_cast<CXXMethodDecl>(F)) {
    const Expr *Object = objectOf(CE);
    if (Object)
      C.G = groupOf(Object, Arg);
    if (!C.G.isGroup())
      C.G = fromRecord(M->getParent(), 0);
  } else {
    // cooperative_groups::thread_rank(g), group_size(g), num_threads(g).
    if (CE->getNumArgs() != 1 ||
        !(N == "thread_rank" || N == "group_size" || N == "num_threads"))
      return std::nullopt;
    C.G = groupOf(CE->getArg(0), Arg);
    if (N == "group_size")
      N = "size";
  }
  if (!C.G.isGroup())
    return std::nullopt;
  C.M = memberNamed(N, C.G);
  if (C.M == Member::None)
    return std::nullopt;
  return C;
}

bool returnsDim3(Member M) {
  return M == Member::ThreadIndex || M == Member::GroupIndex ||
         M == Member::DimThreads || M == Member::DimBlocks;
}

std::optional<std::pair<MemberCall, sym::Dim>>
dimComponent(const Expr *E, const ParamArgument &Arg) {
  const auto *ME = dyn_cast_or_null<MemberExpr>(E ? E->IgnoreParens() : nullptr);
  if (!ME || ME->isArrow() || !ME->getMemberDecl()->getIdentifier())
    return std::nullopt;
  std::optional<sym::Dim> Named = sym::dimNamed(ME->getMemberDecl()->getName());
  if (!Named)
    return std::nullopt;
  sym::Dim D = *Named;
  const Expr *Base = ME->getBase();
  for (unsigned I = 0; Base && I < MaxDepth; ++I) {
    if (const auto *CE = dyn_cast<CallExpr>(Base))
      if (!isa<CXXMemberCallExpr>(CE) ||
          !isa_and_nonnull<CXXConversionDecl>(
              cast<CXXMemberCallExpr>(CE)->getMethodDecl())) {
        std::optional<MemberCall> C = memberCall(CE, Arg);
        if (C && returnsDim3(C->M))
          return std::make_pair(*C, D);
        return std::nullopt;
      }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Base)) {
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      if (!V || isa<ParmVarDecl>(V) || !V->hasLocalStorage() || !V->getInit() ||
          assignedAgain(V))
        return std::nullopt;
      // A dim3 whose fields are written one by one is not the call's.
      Base = V->getInit();
      continue;
    }
    Base = peelOnce(Base);
  }
  return std::nullopt;
}

static bool readsGroupDim3(const Stmt *S, const ParamArgument &Arg,
                           unsigned Depth) {
  if (!S || Depth > 32)
    return false;
  if (const auto *E = dyn_cast<Expr>(S); E && isa<MemberExpr>(E) &&
                                         dimComponent(E, Arg))
    return true;
  for (const Stmt *C : S->children())
    if (readsGroupDim3(C, Arg, Depth + 1))
      return true;
  return false;
}

bool readsGroupDim3(const Expr *E, const ParamArgument &Arg) {
  return readsGroupDim3(E, Arg, 0);
}

const sym::Expr *memberValue(sym::ExprContext &SC, const MemberCall &C,
                             sym::Dim D) {
  using sym::Dim;
  const sym::Expr *TX = SC.threadIdx(Dim::X), *TY = SC.threadIdx(Dim::Y),
                  *TZ = SC.threadIdx(Dim::Z);
  const sym::Expr *BX = SC.blockDim(Dim::X), *BY = SC.blockDim(Dim::Y),
                  *BZ = SC.blockDim(Dim::Z);
  const sym::Expr *GX = SC.gridDim(Dim::X), *GY = SC.gridDim(Dim::Y),
                  *GZ = SC.gridDim(Dim::Z);
  // The linear thread id of the block: x fastest, then y, then z.
  const sym::Expr *Linear =
      SC.add(TX, SC.add(SC.mul(TY, BX), SC.mul(TZ, SC.mul(BX, BY))));
  const sym::Expr *BlockThreads = SC.mul(BX, SC.mul(BY, BZ));
  const sym::Expr *Blocks = SC.mul(GX, SC.mul(GY, GZ));
  const sym::Expr *BlockRank =
      SC.add(SC.blockIdx(Dim::X),
             SC.add(SC.mul(SC.blockIdx(Dim::Y), GX),
                    SC.mul(SC.blockIdx(Dim::Z), SC.mul(GX, GY))));
  const Group &G = C.G;
  bool Grid = G.Kind == Group::Root::Grid;
  if (G.isTile()) {
    // A tile's rank is the block's linear id modulo its size (the toolkit:
    // `cta::thread_rank() & (N - 1)`), whatever its parent; which tile it is
    // needs the parent's rank.
    unsigned N = G.Tiles.back();
    const sym::Expr *Size = SC.constant(N);
    const sym::Expr *ParentRank = nullptr, *ParentSize = nullptr;
    if (G.Tiles.size() >= 2) {
      ParentSize = SC.constant(G.Tiles[G.Tiles.size() - 2]);
      ParentRank = SC.rem(Linear, ParentSize);
    } else if (G.Kind == Group::Root::Block) {
      ParentRank = Linear;
      ParentSize = BlockThreads;
    }
    switch (C.M) {
    case Member::ThreadRank:
      return SC.rem(Linear, Size);
    case Member::NumThreads:
      return Size;
    case Member::MetaGroupRank:
      return ParentRank ? SC.div(ParentRank, Size) : nullptr;
    case Member::MetaGroupSize:
      return ParentSize ? SC.div(SC.add(ParentSize, SC.constant(N - 1)), Size)
                        : nullptr;
    default:
      return nullptr;
    }
  }
  if (G.Kind != Group::Root::Block && !Grid)
    return nullptr;
  auto Pick = [&](const sym::Expr *X, const sym::Expr *Y, const sym::Expr *Z) {
    return D == Dim::X ? X : D == Dim::Y ? Y : Z;
  };
  switch (C.M) {
  case Member::ThreadRank:
    return Grid ? SC.add(SC.mul(BlockRank, BlockThreads), Linear) : Linear;
  case Member::NumThreads:
    return Grid ? SC.mul(Blocks, BlockThreads) : BlockThreads;
  case Member::ThreadIndex: {
    const sym::Expr *T = Pick(TX, TY, TZ);
    return Grid ? SC.add(SC.mul(SC.blockIdx(D), SC.blockDim(D)), T) : T;
  }
  case Member::GroupIndex:
    return SC.blockIdx(D);
  case Member::DimThreads:
    return Grid ? SC.mul(SC.gridDim(D), SC.blockDim(D)) : SC.blockDim(D);
  case Member::BlockRank:
    return Grid ? BlockRank : nullptr;
  case Member::NumBlocks:
    return Grid ? Blocks : nullptr;
  case Member::DimBlocks:
    return Grid ? SC.gridDim(D) : nullptr;
  case Member::MetaGroupRank:
  case Member::MetaGroupSize:
  case Member::None:
    break;
  }
  return nullptr;
}

} // namespace cg
} // namespace warplint
