//===- Uniformity.cpp - Uniformity as a fixed point over the CFG ----------===//
#include "Analysis/divergence/Uniformity.h"

#include "Analysis/divergence/DivergenceSources.h"
#include "Frontend/ExprBuilder.h"
#include "Frontend/ValueFlow.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Analysis/Analyses/Dominators.h"
#include "clang/Analysis/CFG.h"
#include <deque>

using namespace clang;

namespace warplint {
namespace divergence {

namespace {

constexpr unsigned MaxDepth = 64, MaxRounds = 32, MaxHelperDepth = 4;

/// The local variable (or parameter) an lvalue designates: `v`, `v[i]`,
/// `v.x`, `v[i].y`; the index expressions on the way go to \p Indexes.
const VarDecl *baseVar(const Expr *E,
                       SmallVectorImpl<const Expr *> *Indexes = nullptr) {
  for (unsigned Steps = 0; E && Steps < 16; ++Steps) {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      return V && (V->hasLocalStorage() || isa<ParmVarDecl>(V)) ? V : nullptr;
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      if (Indexes)
        Indexes->push_back(AS->getIdx());
      E = AS->getBase();
      // Only a local array indexed in place; a pointer's element is memory.
      if (!E->IgnoreParenImpCasts()->getType()->isArrayType() &&
          !isa<ArraySubscriptExpr>(E->IgnoreParenImpCasts()))
        return nullptr;
      continue;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        return nullptr;
      E = ME->getBase();
      continue;
    }
    return nullptr;
  }
  return nullptr;
}

} // namespace

/// A write to a variable the value flow does not track.
struct UniformityAnalysis::Write {
  const VarDecl *Var = nullptr;
  const Stmt *S = nullptr;       ///< The writing statement (for its block).
  const Expr *Value = nullptr;   ///< What it writes (null: nothing readable).
  SmallVector<const Expr *, 2> Indexes;
  const GCCAsmStmt *Asm = nullptr;
};

UniformityAnalysis::UniformityAnalysis(
    const FunctionDecl &Kernel, ASTContext &Ctx, const ValueFlow &Flow,
    const sym::LaunchShape &Shape,
    std::function<bool(const clang::Expr *)> WarpUniformIndex)
    : Kernel(Kernel), Ctx(Ctx), Flow(Flow), Shape(Shape),
      WarpUniformIndex(std::move(WarpUniformIndex)) {
  const CFG *G = Flow.cfg();
  if (!Flow.analysed() || !G)
    return;
  Ran = true;
  unsigned N = G->getNumBlockIDs();
  BranchBits.assign(N, VaryNone);
  DefBits.assign(Flow.defs().size(), VaryNone);
  IPDom.assign(N, ~0u);
  CFGPostDomTree PDT(const_cast<CFG *>(G));
  for (const CFGBlock *B : *G) {
    auto *Node = PDT.getBase().getNode(const_cast<CFGBlock *>(B));
    if (Node && Node->getIDom() && Node->getIDom()->getBlock())
      IPDom[B->getBlockID()] = Node->getIDom()->getBlock()->getBlockID();
  }
  collectWrites();
  while (Rounds < MaxRounds && round())
    ++Rounds;

  // The branch statements to report: a lane-varying condition, or a loop
  // that lanes leave at different iterations.
  llvm::DenseMap<const Stmt *, unsigned> Seen;
  for (const CFGBlock *B : *G) {
    const Stmt *T = B->getTerminatorStmt();
    if (!T || !isa<IfStmt, ForStmt, WhileStmt, DoStmt, CXXForRangeStmt,
                   SwitchStmt>(T))
      continue;
    const Expr *Cond = nullptr;
    if (const auto *IS = dyn_cast<IfStmt>(T))
      Cond = IS->getCond();
    else if (const auto *FS = dyn_cast<ForStmt>(T))
      Cond = FS->getCond();
    else if (const auto *WS = dyn_cast<WhileStmt>(T))
      Cond = WS->getCond();
    else if (const auto *DS = dyn_cast<DoStmt>(T))
      Cond = DS->getCond();
    else if (const auto *SS = dyn_cast<SwitchStmt>(T))
      Cond = SS->getCond();
    else
      Cond = dyn_cast_or_null<Expr>(B->getTerminatorCondition());
    UniformityBranch Br;
    Br.S = T;
    Br.Cond = Cond;
    Br.Bits = Cond ? bits(Cond) : VaryNone;
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(T))
      for (const FlowLoop &L : Flow.loops())
        if (L.LoopStmt == T)
          Br.DivergentExit = BreakLoops.test(L.Id);
    if (!Br.Bits && !Br.DivergentExit)
      continue;
    if (!Seen.try_emplace(T, Branches.size()).second)
      continue;
    Branches.push_back(Br);
  }
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::sort(Branches, [&](const UniformityBranch &A,
                                  const UniformityBranch &B) {
    return SM.isBeforeInTranslationUnit(A.S->getBeginLoc(), B.S->getBeginLoc());
  });
}

UniformityAnalysis::~UniformityAnalysis() = default;

uint8_t UniformityAnalysis::bits(const Expr *E) { return expr(E, 0); }

uint8_t UniformityAnalysis::threadIdxBits(unsigned D) const {
  const auto &BD = Shape.BlockDim;
  unsigned W = Shape.WarpSize;
  if (BD[D] == 1)
    return VaryNone; // always 0
  if (D == 0)
    return VaryThread;
  // threadIdx.y (z) is the same in a warp when a row (plane) of the block is
  // a whole number of warps.
  unsigned Below = D == 1 ? BD[0] : BD[0] * BD[1];
  return Below % W == 0 ? VaryNone : VaryThread;
}

void UniformityAnalysis::collectWrites() {
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    auto Add = [&](const Expr *LHS, const Expr *Value, const Stmt *At) {
      Write W;
      W.Var = baseVar(LHS, &W.Indexes);
      if (!W.Var || Flow.tracks(W.Var))
        return;
      W.S = At;
      W.Value = Value;
      Writes.push_back(std::move(W));
    };
    if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->isAssignmentOp())
        Add(BO->getLHS(), BO->isCompoundAssignmentOp() ? BO : BO->getRHS(), BO);
    } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
      if (UO->isIncrementDecrementOp())
        Add(UO->getSubExpr(), UO->getSubExpr(), UO);
    } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D)) {
          std::optional<unsigned> At =
              V->getInit() ? Flow.blockOf(V->getInit()) : std::nullopt;
          DeclBlocks[V] = At ? At : Flow.blockOf(DS);
        }
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          if (V->hasLocalStorage() && !Flow.tracks(V)) {
            Write W;
            W.Var = V;
            W.S = V->getInit() ? static_cast<const Stmt *>(V->getInit()) : DS;
            W.Value = V->getInit();
            Writes.push_back(std::move(W));
          }
    } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S)) {
      if (OC->isAssignmentOp() && OC->getNumArgs() == 2)
        Add(OC->getArg(0), OC, OC);
    } else if (const auto *CE = dyn_cast<CallExpr>(S)) {
      // An argument the callee can write: `&v`, a local array, a variable
      // bound to a reference parameter. It gets what the call computes.
      const FunctionDecl *FD = CE->getDirectCallee();
      for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
        const Expr *A = CE->getArg(I)->IgnoreParenImpCasts();
        bool ByRef = FD && I < FD->getNumParams() &&
                     FD->getParamDecl(I)->getType()->isReferenceType() &&
                     !FD->getParamDecl(I)->getType().getNonReferenceType()
                          .isConstQualified();
        if (const auto *UO = dyn_cast<UnaryOperator>(A);
            UO && UO->getOpcode() == UO_AddrOf)
          Add(UO->getSubExpr(), CE, CE);
        else if (ByRef || A->getType()->isArrayType())
          Add(A, CE, CE);
      }
    } else if (const auto *AS = dyn_cast<GCCAsmStmt>(S)) {
      for (unsigned I = 0; I < AS->getNumOutputs(); ++I) {
        Write W;
        W.Var = baseVar(AS->getOutputExpr(I), &W.Indexes);
        if (!W.Var || Flow.tracks(W.Var))
          continue;
        W.S = AS;
        W.Asm = AS;
        Writes.push_back(std::move(W));
      }
    }
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(Kernel.getBody());
}

void UniformityAnalysis::regionOf(unsigned Id) {
  const CFG &G = *Flow.cfg();
  const CFGBlock *B = nullptr;
  for (const CFGBlock *X : G)
    if (X->getBlockID() == Id)
      B = X;
  unsigned N = G.getNumBlockIDs(), Exit = G.getExit().getBlockID();
  unsigned P = IPDom[Id];
  std::vector<unsigned> Count(N, 0);
  llvm::BitVector Any(N);
  for (const CFGBlock *S : B->succs()) {
    if (!S)
      continue;
    llvm::BitVector Reach(N);
    std::deque<const CFGBlock *> Work{S};
    while (!Work.empty()) {
      const CFGBlock *X = Work.front();
      Work.pop_front();
      unsigned XI = X->getBlockID();
      if (XI == Id || Reach.test(XI))
        continue;
      Reach.set(XI);
      if (XI == P)
        continue; // the paths meet again here
      for (const CFGBlock *Y : X->succs())
        if (Y)
          Work.push_back(Y);
    }
    for (unsigned I : Reach.set_bits())
      ++Count[I];
    Any |= Reach;
  }
  Region R;
  R.Inside = llvm::BitVector(N);
  R.Joins = llvm::BitVector(N);
  for (unsigned I : Any.set_bits()) {
    if (I == Exit)
      continue;
    if (Count[I] >= 2) {
      R.Joins.set(I);
      R.Joined = true;
    } else if (I != P) {
      R.Inside.set(I);
    }
  }
  Regions[Id] = std::move(R);
}

uint8_t UniformityAnalysis::control(unsigned WriteBlock,
                                    std::optional<unsigned> DeclBlock) const {
  uint8_t Out = VaryNone;
  for (const auto &[B, R] : Regions) {
    if (!R.Joined || !R.Inside.test(WriteBlock))
      continue;
    // A variable declared inside the region is private to the lanes there.
    if (DeclBlock && R.Inside.test(*DeclBlock))
      continue;
    Out |= VaryControl | (BranchBits[B] & VaryData);
  }
  for (const FlowLoop &L : Flow.loops())
    if (DivergentLoops.test(L.Id) && L.contains(WriteBlock) &&
        !(DeclBlock && L.contains(*DeclBlock)))
      Out |= VaryControl;
  return Out;
}

bool UniformityAnalysis::round() {
  bool Changed = false;
  const CFG &G = *Flow.cfg();
  for (const CFGBlock *B : G)
    if (BranchBits[B->getBlockID()] && !Regions.count(B->getBlockID())) {
      regionOf(B->getBlockID());
      Changed = true;
    }
  // Loops that lanes leave at different iterations: an exit test that
  // differs between lanes, or a branch inside whose region leaves the loop
  // to anything but a return.
  if (DivergentLoops.size() != Flow.loops().size()) {
    DivergentLoops.resize(Flow.loops().size());
    BreakLoops.resize(Flow.loops().size());
  }
  const CFGBlock *Exit = &G.getExit();
  auto ReturnsOnly = [&](const CFGBlock *X) {
    if (X == Exit)
      return true;
    if (X->succ_size() != 1 || *X->succ_begin() != Exit || X->empty())
      return false;
    auto Last = X->back().getAs<CFGStmt>();
    return Last && isa<ReturnStmt>(Last->getStmt());
  };
  for (const FlowLoop &L : Flow.loops()) {
    if (BreakLoops.test(L.Id))
      continue;
    bool Div = false, Break = false;
    for (const CFGBlock *B : G) {
      unsigned Id = B->getBlockID();
      if (!L.contains(Id) || !BranchBits[Id])
        continue;
      bool Here = false;
      for (const CFGBlock *S : B->succs())
        if (S && !L.contains(S->getBlockID()) && !ReturnsOnly(S))
          Here = true;
      auto It = Regions.find(Id);
      if (It != Regions.end())
        for (const CFGBlock *X : G) {
          unsigned XI = X->getBlockID();
          if ((It->second.Inside.test(XI) || It->second.Joins.test(XI)) &&
              !L.contains(XI) && !ReturnsOnly(X))
            Here = true;
        }
      Div |= Here;
      // An exit other than the loop's own test (the header of a while or
      // for loop): a break some lanes take.
      Break |= Here && Id != L.Header;
    }
    if (Div && !DivergentLoops.test(L.Id)) {
      DivergentLoops.set(L.Id);
      Changed = true;
    }
    if (Break) {
      BreakLoops.set(L.Id);
      Changed = true;
    }
  }
  // Definitions of tracked variables.
  for (const ValueDef &D : Flow.defs()) {
    uint8_t B = VaryNone;
    switch (D.K) {
    case ValueDef::Entry:
    case ValueDef::Uninit:
      break;
    case ValueDef::Init:
    case ValueDef::Assign:
      B = D.RHS ? expr(D.RHS, 0) : VaryNone;
      break;
    case ValueDef::Compound:
      B = (D.RHS ? expr(D.RHS, 0) : VaryNone) |
          (D.Old ? use(D.Old, D.Var) : VaryNone);
      break;
    case ValueDef::IncDec:
      B = D.Old ? use(D.Old, D.Var) : VaryNone;
      break;
    case ValueDef::CallOut:
      B = D.S && isa<Expr>(D.S) ? expr(cast<Expr>(D.S), 0) : VaryThread;
      break;
    }
    if (B & ~DefBits[D.Id]) {
      DefBits[D.Id] |= B;
      Changed = true;
    }
  }
  // Variables the value flow does not track: every write, and where it is.
  for (const Write &W : Writes) {
    uint8_t B = VaryNone;
    if (W.Asm) {
      StringRef Reg = asmSpecialRegister(W.Asm->getAsmString());
      if (!Reg.empty()) {
        switch (specialRegister(Reg)) {
        case SpecialRegisterRole::ThreadIdx:
        case SpecialRegisterRole::LaneId:
        case SpecialRegisterRole::Other:
          B = VaryThread;
          break;
        default:
          break;
        }
      } else {
        for (unsigned I = 0; I < W.Asm->getNumInputs(); ++I)
          B |= expr(W.Asm->getInputExpr(I), 0);
      }
    } else if (W.Value) {
      B = expr(W.Value, 0);
    }
    for (const Expr *I : W.Indexes)
      B |= expr(I, 0);
    if (auto Blk = Flow.blockOf(W.S)) {
      auto DB = DeclBlocks.find(W.Var);
      B |= control(*Blk, DB == DeclBlocks.end() ? std::nullopt : DB->second);
    }
    uint8_t &Cur = Untracked[W.Var];
    if (B & ~Cur) {
      Cur |= B;
      Changed = true;
    }
  }
  // Branch conditions.
  for (const CFGBlock *B : G) {
    if (B->succ_size() < 2)
      continue;
    const Stmt *C = B->getTerminatorCondition();
    const auto *CE = dyn_cast_or_null<Expr>(C);
    if (!CE)
      continue;
    uint8_t Bits = expr(CE, 0);
    uint8_t &Cur = BranchBits[B->getBlockID()];
    if (Bits & ~Cur) {
      Cur |= Bits;
      Changed = true;
    }
  }
  return Changed;
}

uint8_t UniformityAnalysis::use(const DeclRefExpr *DRE, const VarDecl *V) {
  if (!V->hasLocalStorage() && !isa<ParmVarDecl>(V))
    return VaryNone; // a global, __shared__ or __constant__ scalar
  if (!Flow.tracks(V)) {
    auto It = Untracked.find(V);
    return It == Untracked.end() ? VaryNone : It->second;
  }
  const UseFacts &F = Flow.use(DRE);
  if (F.S == UseFacts::NotTracked) {
    auto It = Untracked.find(V);
    return It == Untracked.end() ? VaryNone : It->second;
  }
  uint8_t Out = VaryNone;
  for (const ValueDef *D : F.Defs)
    Out |= DefBits[D->Id];
  std::optional<unsigned> UB = Flow.blockOf(DRE);
  if (!UB)
    return Out;
  // Sync dependence: definitions from inside a divergent branch's region
  // meet others where its paths have joined.
  if (F.Defs.size() >= 2)
    for (const auto &[B, R] : Regions) {
      if (!R.Joined || R.Inside.test(*UB))
        continue;
      for (const ValueDef *D : F.Defs)
        if (R.Inside.test(D->Block)) {
          Out |= VaryControl | (BranchBits[B] & VaryData);
          break;
        }
    }
  // Temporal divergence: a value defined in a loop that lanes leave at
  // different iterations, read after it.
  for (const FlowLoop &L : Flow.loops())
    if (DivergentLoops.test(L.Id) && !L.contains(*UB))
      for (const ValueDef *D : F.Defs)
        if (L.contains(D->Block)) {
          Out |= VaryControl;
          break;
        }
  return Out;
}

uint8_t UniformityAnalysis::helperSources(const FunctionDecl *FD,
                                          unsigned Depth) {
  if (!FD || !FD->hasBody() || Depth > MaxHelperDepth)
    return VaryNone;
  FD = FD->getDefinition() ? FD->getDefinition() : FD;
  auto It = HelperMemo.find(FD);
  if (It != HelperMemo.end())
    return It->second;
  HelperMemo[FD] = VaryNone; // recursion reads nothing new
  uint8_t Out = VaryNone;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *E = dyn_cast<Expr>(S))
      if (auto C = cudaBuiltinComponent(E); C && C->first == "threadIdx")
        Out |= threadIdxBits(unsigned(C->second));
    if (const auto *CE = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *Callee = CE->getDirectCallee();
      StringRef N = Callee && Callee->getIdentifier() ? Callee->getName() : "";
      switch (intrinsicRole(N)) {
      case IntrinsicRole::AtomicResult:
        Out |= VaryData;
        break;
      case IntrinsicRole::LaneVaryingResult:
        Out |= VaryThread;
        break;
      case IntrinsicRole::SpecialRegister:
        switch (specialRegister(N.drop_front(SpecialRegisterPrefix.size()))) {
        case SpecialRegisterRole::ThreadIdx:
        case SpecialRegisterRole::LaneId:
        case SpecialRegisterRole::Other:
          Out |= VaryThread;
          break;
        default:
          break;
        }
        break;
      case IntrinsicRole::None:
        if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE);
            MC && MC->getMethodDecl() &&
            groupMember(N) == GroupMember::ThreadRank)
          Out |= VaryThread;
        else
          Out |= helperSources(Callee, Depth + 1);
        break;
      default:
        break;
      }
    }
    for (const Stmt *C : S->children())
      Walk(C);
  };
  Walk(FD->getBody());
  HelperMemo[FD] = Out;
  return Out;
}

uint8_t UniformityAnalysis::call(const CallExpr *CE, unsigned Depth) {
  const FunctionDecl *FD = CE->getDirectCallee();
  StringRef N = FD && FD->getIdentifier() ? FD->getName() : "";
  auto Arg = [&](unsigned I) -> uint8_t {
    return I < CE->getNumArgs() ? expr(CE->getArg(I), Depth + 1) : VaryNone;
  };
  auto AllArgs = [&] {
    uint8_t B = VaryNone;
    for (unsigned I = 0; I < CE->getNumArgs(); ++I)
      B |= Arg(I);
    return B;
  };
  unsigned W = Shape.WarpSize;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE); MC && MC->getMethodDecl()) {
    const CXXRecordDecl *RD = MC->getMethodDecl()->getParent();
    unsigned Tile = tileSize(RD);
    if (Tile || isBlockGroup(RD)) {
      switch (groupMember(N)) {
      case GroupMember::Size:
      case GroupMember::GroupIndex:
      case GroupMember::Sync:
        return VaryNone;
      case GroupMember::MetaGroupRank:
        return Tile && Tile < W ? VaryThread : VaryNone;
      case GroupMember::ThreadRank:
        return VaryThread;
      case GroupMember::Vote:
        return Tile && Tile < W ? (AllArgs() ? VaryThread : VaryNone)
                                : VaryNone;
      case GroupMember::Shuffle:
        if (Tile >= W && !Arg(1))
          return VaryNone;
        return Arg(0) | Arg(1);
      case GroupMember::None:
        break;
      }
    }
  }
  switch (intrinsicRole(N)) {
  case IntrinsicRole::IndexedShuffle: {
    uint8_t V = Arg(1), Src = Arg(2);
    bool FullWidth = CE->getNumArgs() < 4;
    if (!FullWidth)
      if (auto Wd = CE->getArg(3)->getIntegerConstantExpr(Ctx))
        FullWidth = Wd->getZExtValue() >= W;
    if (!V || (FullWidth && !Src))
      return VaryNone;
    return V | Src;
  }
  case IntrinsicRole::RelativeShuffle:
    return Arg(1);
  case IntrinsicRole::WarpVote:
  case IntrinsicRole::BlockVote:
  case IntrinsicRole::WarpUniformResult:
    return VaryNone;
  case IntrinsicRole::AtomicResult:
    return VaryData;
  case IntrinsicRole::LaneVaryingResult:
    return VaryThread;
  case IntrinsicRole::SpecialRegister:
    switch (specialRegister(N.drop_front(SpecialRegisterPrefix.size()))) {
    case SpecialRegisterRole::ThreadIdx: {
      StringRef Suffix = N.drop_front(SpecialRegisterPrefix.size());
      unsigned D = Suffix.ends_with("y") ? 1 : Suffix.ends_with("z") ? 2 : 0;
      return threadIdxBits(D);
    }
    case SpecialRegisterRole::LaneId:
    case SpecialRegisterRole::Other:
      return VaryThread;
    default:
      return VaryNone;
    }
  case IntrinsicRole::None:
    break;
  }
  uint8_t Out = AllArgs();
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
    Out |= expr(MC->getImplicitObjectArgument(), Depth + 1);
  return Out | helperSources(FD, 0);
}

uint8_t UniformityAnalysis::expr(const Expr *E, unsigned Depth) {
  if (!E)
    return VaryNone;
  if (Depth > MaxDepth)
    return VaryThread;
  E = E->IgnoreParens();
  if (auto C = cudaBuiltinComponent(E))
    return C->first == "threadIdx" ? threadIdxBits(unsigned(C->second))
                                   : VaryNone;
  if (isa<IntegerLiteral, FloatingLiteral, CharacterLiteral, CXXBoolLiteralExpr,
          StringLiteral, CXXNullPtrLiteralExpr, UnaryExprOrTypeTraitExpr>(E))
    return VaryNone;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      return use(DRE, V);
    return VaryNone; // enumerators, functions
  }
  if (const auto *CE = dyn_cast<CallExpr>(E))
    return call(CE, Depth);
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    uint8_t Base = expr(AS->getBase(), Depth + 1);
    uint8_t B = Base | expr(AS->getIdx(), Depth + 1);
    // A local array is the lane's own; any other element is memory, and
    // lanes that read different addresses read data.
    if (baseVar(AS))
      return B;
    // Unless every lane of each warp reads the same element.
    if (B && !Base && !(B & VaryData) && WarpUniformIndex) {
      auto It = IndexMemo.find(AS->getIdx());
      if (It == IndexMemo.end())
        It = IndexMemo.try_emplace(AS->getIdx(), WarpUniformIndex(AS->getIdx()))
                 .first;
      if (It->second)
        return VaryNone;
    }
    return B ? B | VaryData : VaryNone;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    uint8_t B = expr(UO->getSubExpr(), Depth + 1);
    if (UO->getOpcode() == UO_Deref && B)
      B |= VaryData;
    return B;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    uint8_t B = expr(ME->getBase(), Depth + 1);
    return ME->isArrow() && B ? B | VaryData : B;
  }
  uint8_t B = VaryNone;
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C))
      B |= expr(CE, Depth + 1);
  return B;
}

} // namespace divergence
} // namespace warplint
