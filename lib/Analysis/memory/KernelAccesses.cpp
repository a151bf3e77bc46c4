//===- KernelAccesses.cpp - Memory accesses of a kernel, symbolically -----===//
#include "Analysis/memory/KernelAccesses.h"

#include "Symbolic/Budgets.h"

#include "Analysis/memory/AccessAddress.h"
#include "Analysis/memory/AccessLoops.h"
#include "Analysis/memory/AccessSiblings.h"
#include "Analysis/WalkBudget.h"

#include "Frontend/ExprBuilder.h"
#include "Frontend/LoopInduction.h"
#include "Frontend/MutationCache.h"
#include "Frontend/ValueFlow.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include <set>

#include <numeric>
using namespace clang;

namespace warplint {

namespace {


/// Access roles as the walker sees them.
enum class Role { Load, Store, LoadStore, AddressOnly };

class AccessWalker {
public:
  AccessWalker(const FunctionDecl &Kernel, ASTContext &Ctx,
               sym::ExprContext &SC, MutationCache &Mutations,
               const ValueFlow *Flow, const PaddingOverride *Pad,
               const llvm::StringSet<> *Assumed)
      : Ctx(Ctx), SC(SC), Facts(Kernel, Ctx, Mutations),
        Builder(SC, Ctx, Facts), Flow(Flow && Flow->analysed() ? Flow : nullptr),
        Addresses(Ctx, SC, Facts, Builder, this->Flow, Pad), Pad(Pad) {
    if (Assumed && !Assumed->empty())
      Builder.setAssumedNames(Assumed);
  }

  std::vector<MemoryAccess> run() {
    // Values of variables come from the reaching definitions over the CFG;
    // the straight-line environment is the fallback for a function the flow
    // analysis gave up on.
    if (Flow)
      Builder.setValueFlow(Flow);
    else
      Builder.setEnvironment(&Env);
    if (Facts.body())
      stmt(Facts.body(), nullptr);
    mergeSiblingAccesses(Out, Ctx, SC);
    return std::move(Out);
  }

  // ----- variables that are assigned more than once: straight-line values
  // -----

  /// A local integer variable that the code assigns after its declaration (loop
  /// induction variables are modelled by ExprBuilder instead).
  const VarDecl *tracked(const Expr *LHS) const {
    const auto *DRE = dyn_cast<DeclRefExpr>(LHS->IgnoreParenImpCasts());
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!V || !V->hasLocalStorage() || isa<ParmVarDecl>(V) ||
        !V->getType()->isIntegerType() || Facts.loopVar(V))
      return nullptr;
    return V;
  }

  /// Updates the environment after an assignment statement `V = E`, `V += E`,
  /// `++V`.
  void assign(const Expr *E) {
    if (Flow)
      return;
    E = E->IgnoreParenImpCasts();
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      const VarDecl *V = BO->isAssignmentOp() ? tracked(BO->getLHS()) : nullptr;
      if (!V)
        return;
      Builder.resetObservations();
      const sym::Expr *R = Builder.build(BO->getRHS());
      const sym::Expr *Old = Builder.build(BO->getLHS());
      switch (BO->getOpcode()) {
      case BO_Assign:
        Env[V] = SC.cast(R, ExprBuilder::typeOf(V->getType(), Ctx));
        break;
      case BO_AddAssign:
        Env[V] = SC.add(Old, R);
        break;
      case BO_SubAssign:
        Env[V] = SC.sub(Old, R);
        break;
      case BO_MulAssign:
        Env[V] = SC.mul(Old, R);
        break;
      case BO_ShlAssign:
        Env[V] = SC.shl(Old, R);
        break;
      case BO_ShrAssign:
        Env[V] = SC.shr(Old, R);
        break;
      default:
        Env[V] = SC.unknown("variable '" + V->getNameAsString() +
                            "' updated by " + BO->getOpcodeStr().str());
      }
      return;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      const VarDecl *V =
          UO->isIncrementDecrementOp() ? tracked(UO->getSubExpr()) : nullptr;
      if (!V)
        return;
      const sym::Expr *Old = Builder.build(UO->getSubExpr());
      const sym::Expr *One =
          SC.constant(1, ExprBuilder::typeOf(V->getType(), Ctx));
      Env[V] = UO->isIncrementOp() ? SC.add(Old, One) : SC.sub(Old, One);
    }
  }

  /// After a branch or a loop that may assign \p S's variables, their values
  /// are no longer one expression: forget them (a later use is Unknown, never a
  /// guess).
  void invalidateAssignedIn(const Stmt *S) {
    if (!S || Flow)
      return;
    llvm::SmallVector<const VarDecl *, 8> Gone;
    for (auto &KV : Env)
      if (mayModify(S, KV.first))
        Gone.push_back(KV.first);
    for (const VarDecl *V : Gone)
      Env[V] = SC.unknown("variable '" + V->getNameAsString() +
                          "' is assigned under a condition or in a loop");
  }

private:
  unsigned Depth = 0; ///< Nesting of stmt()/expr() (WalkBudget.h).
  // ----- statements: track the guard (conjunction of enclosing conditions)
  // -----
  void stmt(const Stmt *S, const sym::Expr *G) {
    if (!S)
      return;
    WalkDepth Nesting(Depth);
    if (Nesting.exceeded())
      return noteTooComplex(Ctx, *S, "memory accesses");
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *Child : CS->body()) {
        stmt(Child, G);
        // `if (cond) return;` guards everything after it with !cond; so do
        // returns nested in ifs, `if (c) { ...; return; }` and an else that
        // returns: the lanes that reach the next statement are those for
        // which the child falls through.
        if (const sym::Expr *F = fallsThrough(Child, 0))
          G = conj(G, F);
      }
      return;
    }
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      if (If->getInit())
        stmt(If->getInit(), G);
      expr(If->getCond(), G, Role::Load);
      const sym::Expr *C = cond(If->getCond());
      auto Saved = Env;
      ++Region;
      stmt(If->getThen(), conj(G, C));
      ++Region;
      Env = Saved;
      stmt(If->getElse(), conj(G, SC.logicalNot(C)));
      ++Region;
      Env = std::move(Saved);
      invalidateAssignedIn(If->getThen());
      invalidateAssignedIn(If->getElse());
      return;
    }
    if (const auto *E = dyn_cast<Expr>(S)) {
      expr(E, G, Role::Load);
      assign(E);
      return;
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          if (V->getInit()) {
            expr(V->getInit(), G, Role::Load);
            // A variable assigned again later starts from its initialiser.
            if (!Flow && V->hasLocalStorage() &&
                V->getType()->isIntegerType() && !Facts.loopVar(V) &&
                !Facts.isUnmodified(V)) {
              Builder.resetObservations();
              Env[V] = SC.cast(Builder.build(V->getInit()),
                               ExprBuilder::typeOf(V->getType(), Ctx));
            }
          }
      return;
    }
    if (const auto *FS = dyn_cast<ForStmt>(S)) {
      // Iterations after the first see values assigned in the loop: unknown
      // inside. In the order they run: the increment after the body (a counter
      // declared before the loop, `for (i = 0; ...; i++)`, is 0 in the body).
      invalidateAssignedIn(S);
      stmt(FS->getInit(), G);
      ++Region;
      stmt(FS->getCond(), G);
      Loops.push_back(FS);
      stmt(FS->getBody(), G);
      Loops.pop_back();
      stmt(FS->getInc(), G);
      ++Region;
      invalidateAssignedIn(S);
      return;
    }
    if (isa<WhileStmt>(S) || isa<DoStmt>(S) || isa<CXXForRangeStmt>(S) ||
        isa<SwitchStmt>(S)) {
      invalidateAssignedIn(S);
      ++Region;
      for (const Stmt *Child : S->children())
        stmt(Child, G);
      ++Region;
      invalidateAssignedIn(S);
      return;
    }
    for (const Stmt *Child : S->children())
      stmt(Child, G);
  }

  /// The condition under which control leaves \p S for the next statement:
  /// null when it always does, the constant 0 when it never does. A return,
  /// break or continue never falls through (break and continue leave the
  /// enclosing compound of a loop body, where that is what guards the rest); an
  /// if falls through where its taken branch does. Loops and switches are
  /// taken to fall through: a return inside one is not modelled (every lane is
  /// taken to reach what follows, as before). Depth-bounded.
  const sym::Expr *fallsThrough(const Stmt *S, unsigned Depth) {
    if (!S || Depth > budget::ValueQueryDepth)
      return nullptr;
    if (isa<ReturnStmt>(S) || isa<ContinueStmt>(S) || isa<BreakStmt>(S))
      return never();
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      const sym::Expr *F = nullptr;
      for (const Stmt *Child : CS->body()) {
        F = both(F, fallsThrough(Child, Depth + 1));
        if (F == never())
          break;
      }
      return F;
    }
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      const sym::Expr *T = fallsThrough(If->getThen(), Depth + 1);
      const sym::Expr *E = fallsThrough(If->getElse(), Depth + 1);
      if (!T && !E)
        return nullptr;
      const sym::Expr *C = cond(If->getCond());
      return either(both(C, T), both(SC.logicalNot(C), E));
    }
    return nullptr;
  }
  const sym::Expr *never() { return SC.constant(0, sym::IntType::boolean()); }
  /// Conjunction where null is "true".
  const sym::Expr *both(const sym::Expr *A, const sym::Expr *B) {
    if (A == never() || B == never())
      return never();
    if (!A)
      return B;
    if (!B)
      return A;
    return SC.logicalAnd(A, B);
  }
  /// Disjunction where null is "true".
  const sym::Expr *either(const sym::Expr *A, const sym::Expr *B) {
    if (!A || !B)
      return nullptr;
    if (A == never())
      return B;
    if (B == never())
      return A;
    return SC.logicalOr(A, B);
  }

  const sym::Expr *cond(const Expr *C) {
    Builder.resetObservations();
    return Builder.build(C);
  }
  const sym::Expr *conj(const sym::Expr *G, const sym::Expr *C) {
    return G ? SC.logicalAnd(G, C) : C;
  }

  /// A number \p E is known to be a multiple of (1 when nothing is known;
  /// 0 for the constant 0): constant factors, sums of multiples, shifts.
  static int64_t knownMultiple(const sym::Expr *E, unsigned Depth) {
    if (Depth > 16)
      return 1;
    switch (E->kind()) {
    case sym::ExprKind::Constant:
      return E->constant() < 0 ? -E->constant() : E->constant();
    case sym::ExprKind::Cast:
      // A widening keeps the value; a truncation to fewer bits keeps the
      // low bits, so a power-of-two multiple that fits survives too.
      return knownMultiple(E->op(0), Depth + 1);
    case sym::ExprKind::Mul: {
      int64_t M = 1;
      for (const sym::Expr *Op : E->ops()) {
        int64_t F = knownMultiple(Op, Depth + 1);
        if (F == 0)
          return 0;
        if (M > (int64_t(1) << 32) || F > (int64_t(1) << 32))
          return M;
        M *= F;
      }
      return M;
    }
    case sym::ExprKind::Add: {
      int64_t G = 0;
      for (const sym::Expr *Op : E->ops())
        G = std::gcd(G, knownMultiple(Op, Depth + 1));
      return G;
    }
    case sym::ExprKind::Shl:
      if (E->op(1)->isConstant() && E->op(1)->constant() >= 0 &&
          E->op(1)->constant() < 31) {
        int64_t M = knownMultiple(E->op(0), Depth + 1);
        return M > (int64_t(1) << 32) ? M : M << E->op(1)->constant();
      }
      return 1;
    default:
      return 1;
    }
  }

  /// Straight-line regions: the walker starts a new one at every branch, loop
  /// and barrier, so accesses of one region run in order with nothing
  /// between them that could keep ptxas from merging them.
  unsigned Region = 0;

  static bool isBarrierCall(const CallExpr *CE) {
    const FunctionDecl *F = CE->getDirectCallee();
    if (!F || !F->getDeclName().isIdentifier())
      return true; // unknown callee: may synchronise
    StringRef N = F->getName();
    return N.contains("sync") || N.contains("fence") || N.contains("barrier") ||
           N.contains("wait") || N.starts_with("atomic");
  }

  // ----- expressions: find accesses and their roles -----
  void expr(const Expr *E, const sym::Expr *G, Role R) {
    if (!E)
      return;
    WalkDepth Nesting(Depth);
    if (Nesting.exceeded())
      return noteTooComplex(Ctx, *E, "memory accesses");
    E = E->IgnoreParens();
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->isAssignmentOp()) {
        expr(BO->getLHS(), G,
             BO->isCompoundAssignmentOp() ? Role::LoadStore : Role::Store);
        expr(BO->getRHS(), G, Role::Load);
        return;
      }
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->isIncrementDecrementOp()) {
        expr(UO->getSubExpr(), G, Role::LoadStore);
        return;
      }
      if (UO->getOpcode() == UO_AddrOf) {
        expr(UO->getSubExpr(), G, Role::AddressOnly);
        return;
      }
    }
    if (const auto *Call = dyn_cast<CXXOperatorCallExpr>(E)) {
      // Vector types assigned as a whole: `out[i] = v;` on float4 is operator=.
      if (Call->isAssignmentOp() && Call->getNumArgs() == 2) {
        expr(Call->getArg(0), G, Role::Store);
        expr(Call->getArg(1), G, Role::Load);
        return;
      }
    }
    if (const auto *CE = dyn_cast<CallExpr>(E)) {
      if (isBarrierCall(CE))
        ++Region;
      // __ldg(&a[i]) and the other cache-hinted loads: a global load of *arg.
      if (const FunctionDecl *F = CE->getDirectCallee())
        if (CE->getNumArgs() == 1 &&
            CE->getArg(0)->getType()->isPointerType() &&
            llvm::is_contained(
                {"__ldg", "__ldca", "__ldcg", "__ldcs", "__ldlu", "__ldcv"},
                F->getName())) {
          record(CE, G, Role::Load, CE->getArg(0));
          subExprs(CE->getArg(0), G);
          return;
        }
      // __stcs(p, v) and the other cache-hinted stores: a global store of *p.
      if (const FunctionDecl *F = CE->getDirectCallee())
        if (CE->getNumArgs() == 2 &&
            CE->getArg(0)->getType()->isPointerType() &&
            llvm::is_contained({"__stcs", "__stcg", "__stwt", "__stwb"},
                               F->getName())) {
          record(CE, G, Role::Store, CE->getArg(0));
          subExprs(CE->getArg(0), G);
          expr(CE->getArg(1), G, Role::Load);
          return;
        }
    }
    if (isAccessSite(E) && R != Role::AddressOnly) {
      record(E, G, R);
      // The operands: the base chain is not an access of its own; indices are
      // loads.
      subExprs(E, G);
      return;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      // a[i].x with a record element: the member is the access (handled above
      // when the base is an element); other member accesses pass their role to
      // the base.
      expr(ME->getBase(), G, R);
      return;
    }
    for (const Stmt *Child : E->children())
      if (const auto *CE = dyn_cast_or_null<Expr>(Child))
        expr(CE, G, Role::Load);
  }

  /// Children of an access site: the index is evaluated (loads), the base is
  /// not an access of its own (`p[i]` inside `p[i].x`, the row `t[y]` inside
  /// `t[y][x]`).
  void subExprs(const Expr *E, const sym::Expr *G) {
    E = E->IgnoreParenImpCasts();
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
      subExprs(ASE->getBase(), G);
      expr(ASE->getIdx(), G, Role::Load);
      return;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      if (UO->getOpcode() == UO_Deref)
        return subExprs(UO->getSubExpr(), G);
    if (isa<DeclRefExpr>(E))
      return;
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        return expr(ME->getBase(), G, Role::Load); // the pointer is a value
      return subExprs(ME->getBase(), G);
    }
    expr(E, G, Role::Load);
  }

  /// `b[i].start` in `b[i].start.serial`: the expression under a chain of
  /// `.` member accesses of record fields (a nested field is a load of its
  /// own, at the element's stride plus the fields' offsets).
  static const Expr *memberChainBase(const Expr *Base) {
    for (unsigned Depth = 0; Depth < 8; ++Depth) {
      const auto *ME = dyn_cast<MemberExpr>(Base->IgnoreParenImpCasts());
      if (!ME || ME->isArrow() || !isa<FieldDecl>(ME->getMemberDecl()) ||
          !ME->getType()->isRecordType())
        return Base;
      Base = ME->getBase();
    }
    return Base;
  }

  /// The array element or dereference a member access reads from, if any.
  static const Expr *elementOf(const Expr *Base) {
    Base = Base->IgnoreParenImpCasts();
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Base))
      return ASE->getType()->isArrayType() ? nullptr : ASE;
    if (const auto *UO = dyn_cast<UnaryOperator>(Base))
      if (UO->getOpcode() == UO_Deref)
        return UO;
    return nullptr;
  }

  bool wholeRecord(QualType T) const { return isWholeRecord(T, Ctx); }

  /// The first scalar field of a record the compiler splits into per-field
  /// accesses (a 12-byte struct, a 4-byte struct of chars), with its byte
  /// offset.
  std::optional<std::pair<const FieldDecl *, int64_t>>
  firstScalarField(QualType T) const {
    const RecordDecl *RD = T->getAsRecordDecl();
    if (!RD || T->isIncompleteType() || T->isDependentType() ||
        Ctx.getTypeSizeInChars(T).getQuantity() > 64)
      return std::nullopt;
    for (const FieldDecl *F : RD->fields()) {
      if (F->isBitField())
        return std::nullopt;
      QualType FT = F->getType();
      if (FT->isScalarType())
        return std::make_pair(
            F, int64_t(Ctx.getFieldOffset(F) / Ctx.getCharWidth()));
      return std::nullopt;
    }
    return std::nullopt;
  }

  bool isAccessSite(const Expr *E) const {
    auto WholeRecordOk = [&](QualType T) {
      return !T->isRecordType() || wholeRecord(T) || firstScalarField(T);
    };
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
      return !ASE->getType()->isArrayType() && WholeRecordOk(ASE->getType());
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      return UO->getOpcode() == UO_Deref && WholeRecordOk(UO->getType()) &&
             !UO->getType()->isArrayType() && !UO->getType()->isFunctionType();
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        return !ME->getType()->isRecordType() &&
               !ME->getType()->isArrayType() &&
               isa<FieldDecl>(ME->getMemberDecl());
      return elementOf(memberChainBase(ME->getBase())) &&
             isa<FieldDecl>(ME->getMemberDecl()) &&
             !ME->getType()->isRecordType() && !ME->getType()->isArrayType();
    }
    return false;
  }

  /// The name the source uses for the accessed object: the array or pointer
  /// expression of a subscript (through rows of multi-dimensional arrays), else
  /// the whole site.
  std::string writtenBase(const Expr *E) {
    const Expr *B = E->IgnoreParenImpCasts();
    for (unsigned Steps = 0; Steps < 8; ++Steps) {
      if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(B)) {
        B = ASE->getBase()->IgnoreParenImpCasts();
        continue;
      }
      if (const auto *UO = dyn_cast<UnaryOperator>(B)) {
        B = UO->getSubExpr()->IgnoreParenImpCasts();
        continue;
      }
      // `in + i * 32`, an intrinsic's pointer: the pointer operand.
      if (const auto *BO = dyn_cast<BinaryOperator>(B);
          BO && BO->isAdditiveOp() && BO->getType()->isPointerType()) {
        const Expr *L = BO->getLHS()->IgnoreParenImpCasts();
        B = L->getType()->isPointerType() ? L
                                          : BO->getRHS()->IgnoreParenImpCasts();
        continue;
      }
      break;
    }
    const SourceManager &SM = Ctx.getSourceManager();
    CharSourceRange R = CharSourceRange::getTokenRange(B->getSourceRange());
    if (R.getBegin().isMacroID() || R.getEnd().isMacroID())
      R = SM.getExpansionRange(R);
    std::string Text = Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
    if (Text.empty() || Text.size() > 60 ||
        Text.find('\n') != std::string::npos)
      return "";
    return Text;
  }

  /// \p A's address in units of \p Width: exact when every term's byte scale
  /// is a multiple of it (the usual case); otherwise a division the engine
  /// evaluates per lane. When the language guarantees the address is a
  /// multiple of Width (\p Aligned: the accessed type's alignment is at least
  /// its width, as for float4, int2 or __half2, whose misaligned access is an
  /// error on the GPU), the terms whose scale is a multiple of Width are
  /// divided exactly and only the rest, a multiple of Width itself, is one
  /// division: `reinterpret_cast<const float4 *>(in + row * N)[tx]` is
  /// (4 * row * N) / 16 + tx, a uniform part plus the lane's own index.
  const sym::Expr *unitIndex(const Address &A, int64_t Width, bool Aligned) {
    if (const sym::Expr *Index = indexInUnits(SC, A.Terms, A.Const, Width))
      return Index;
    auto I64 = sym::IntType::i64();
    const sym::Expr *Bytes = SC.constant(0, I64);
    const sym::Expr *Units = SC.constant(0, I64);
    int64_t Const = A.Const;
    if (Aligned && Const % Width == 0) {
      Units = SC.constant(Const / Width, I64);
      Const = 0;
    }
    Bytes = SC.constant(Const, I64);
    for (auto &T : A.Terms) {
      if (Aligned && T.second % Width == 0)
        Units = SC.add(Units, SC.mul(SC.cast(T.first, I64),
                                     SC.constant(T.second / Width, I64)));
      else
        Bytes = SC.add(Bytes, SC.mul(SC.cast(T.first, I64),
                                     SC.constant(T.second, I64)));
    }
    return SC.add(Units, SC.div(Bytes, SC.constant(Width, I64)));
  }

  int64_t sizeOf(QualType T) {
    if (T->isIncompleteType() || T->isDependentType() || T->isUndeducedType() ||
        T->isVoidType())
      return 0;
    return Ctx.getTypeSizeInChars(T).getQuantity();
  }

  static void extents(QualType T, std::vector<uint64_t> &Out) {
    while (const auto *CAT =
               dyn_cast<ConstantArrayType>(T.getCanonicalType())) {
      Out.push_back(CAT->getZExtSize());
      T = CAT->getElementType();
    }
  }

  /// Records an access at \p Site; \p Pointer, when given, is the address
  /// loaded from (intrinsics such as __ldg), else the site is the lvalue
  /// itself.
  void record(const Expr *Site, const sym::Expr *G, Role R,
              const Expr *Pointer = nullptr) {
    Builder.resetObservations();
    // What moves: the pointee of an intrinsic's pointer (a store returns
    // void), else the lvalue's type.
    QualType Accessed =
        Pointer ? Pointer->getType()->getPointeeType() : Site->getType();
    auto Build = [&] {
      return Pointer ? Addresses.pointer(Pointer, 0)
                     : Addresses.lvalueAddress(Site, 0);
    };
    // An integer assigned on two branches: each definition is a candidate.
    Address A = Addresses.integerCandidates(Build(), Build);
    if (!A.ok()) {
      // Listed, not judged: the dump tool says why there is no prediction.
      MemoryAccess M;
      M.Site = Site;
      M.IsLoad = R == Role::Load || R == Role::LoadStore;
      M.IsStore = R == Role::Store || R == Role::LoadStore;
      M.Unresolved = A.Failure.empty() ? "address not derived" : A.Failure;
      int64_t W = sizeOf(Accessed);
      M.Width = W > 0 && W <= 16 ? unsigned(W) : 0;
      Out.push_back(std::move(M));
      return;
    }
    if (!A.Space)
      return;
    int64_t Width = sizeOf(Accessed);
    std::string SplitNote;
    if (Accessed->isRecordType() && !wholeRecord(Accessed)) {
      // Copied field by field: evaluate the first field's access (every field
      // has the struct's stride, so the verdict is the same for each).
      auto F = firstScalarField(Accessed);
      if (!F)
        return;
      // The compiler copies it in the widest pieces its alignment allows
      // (double4: two 16-byte halves; a 12-byte struct of floats: three 4-byte
      // words), each piece one request at the struct's stride; the first piece
      // is evaluated.
      int64_t Align = Ctx.getTypeAlignInChars(Accessed).getQuantity();
      int64_t Piece = std::min<int64_t>({16, Align, Width});
      SplitNote = "the compiler copies this " + std::to_string(Width) +
                  "-byte struct (aligned to " + std::to_string(Align) +
                  " bytes) in " + std::to_string(Piece) +
                  "-byte pieces; the first is evaluated";
      Width = Piece;
    }
    if (Width != 1 && Width != 2 && Width != 4 && Width != 8 && Width != 16)
      return; // wider than one instruction: the compiler splits it
    // Every access of this width is at a multiple of it (pieces of a struct
    // are as wide as its alignment at most).
    bool Aligned =
        !SplitNote.empty() ||
        Ctx.getTypeAlignInChars(Accessed).getQuantity() >= Width;
    MemoryAccess M;
    M.Site = Site;
    M.Base = A.Base;
    M.BaseText = writtenBase(Pointer ? Pointer : Site);
    M.Space = *A.Space;
    M.IsLoad = R == Role::Load || R == Role::LoadStore;
    M.IsStore = R == Role::Store || R == Role::LoadStore;
    M.Width = unsigned(Width);
    M.Guard = G;
    M.DataDependent = Builder.sawDataDependence();
    // The index in units of the access width: exact when every term's byte
    // scale is a multiple of it (the usual case); otherwise a division the
    // engine evaluates per lane.
    M.Index = unitIndex(A, Width, Aligned);
    if (!A.Alternatives.empty()) {
      M.Origin = A.Origin;
      M.ChoiceOf = A.ChoiceOf;
      for (const Address &Alt : A.Alternatives)
        M.Alternatives.push_back({unitIndex(Alt, Width, Aligned), Alt.Origin});
    }
    for (const auto &B : Builder.loopFirstValues())
      M.Bindings[B.getKey()] = B.getValue();
    // Notes on the loop variables this access uses (not every loop met so
    // far in the function: a note on `s` has nothing to say after its loop).
    for (const auto &[Var, Note] : Builder.loopNotes())
      if (mentionsVariable(M.Index, Var) || mentionsVariable(G, Var))
        M.Notes.push_back(Note);
    M.Notes.insert(M.Notes.end(), A.Notes.begin(), A.Notes.end());
    M.Loops = loopIterations(Site, M.Index, G);
    if (!SplitNote.empty())
      M.Notes.push_back(SplitNote);
    // A field of an array element (`dst[i].x`): remember the element, so that
    // sibling fields written or read together can be treated as the one wide
    // access the compiler makes of them.
    if (const auto *ME = dyn_cast<MemberExpr>(Site->IgnoreParenImpCasts()))
      if (const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl()))
        if (!ME->isArrow() && elementOf(ME->getBase()) &&
            A.Alternatives.empty()) {
          QualType RT = ME->getBase()->getType();
          int64_t FieldOff = Ctx.getFieldOffset(FD) / Ctx.getCharWidth();
          std::string Key;
          llvm::raw_string_ostream KS(Key);
          KS << (const void *)A.Base << "|" << (M.IsStore ? "st" : "ld") << "|"
             << (A.Const - FieldOff);
          for (auto &T : A.Terms)
            KS << "|" << sym::toString(T.first) << "*" << T.second;
          M.ElementKey = Key;
          M.ElementRecord = RT.getCanonicalType().getTypePtr();
          M.FieldOffset = FieldOff;
          M.ElementIndexBytes.Terms = A.Terms;
          M.ElementIndexBytes.Const = A.Const;
        }
    // A global load at a lane-varying address plus a constant: its siblings
    // are the loads of the same pointer, width, guard and varying part
    // (mergeSiblingAccesses). The index is canonical: a constant comes last.
    if (M.ElementKey.empty() && R == Role::Load && A.Alternatives.empty() &&
        M.Space == sym::MemorySpace::Global && M.Index) {
      const sym::Expr *Varying = M.Index;
      int64_t Units = 0;
      auto SplitConstant = [&](const sym::Expr *E) -> const sym::Expr * {
        if (E->kind() != sym::ExprKind::Add || !E->ops().back()->isConstant())
          return nullptr;
        Units = E->ops().back()->constant();
        return SC.sub(E, E->ops().back());
      };
      if (const sym::Expr *V = SplitConstant(Varying))
        Varying = V;
      else if (Varying->kind() == sym::ExprKind::Cast)
        // `b[c + 1]` with an int index: (i64)(c + 1). Within one access's
        // range the widening and the addition commute; only the key and the
        // offset between siblings are taken from this.
        if (const sym::Expr *V = SplitConstant(Varying->op(0)))
          Varying = SC.cast(V, Varying->type());
      if (!Varying->isConstant()) {
        std::string Key;
        llvm::raw_string_ostream KS(Key);
        KS << (const void *)A.Base << "|" << (const void *)G << "|" << Width
           << "|" << (const void *)Varying;
        M.ScalarKey = Key;
        M.ElementIndexBytes.Terms.clear();
        M.ElementIndexBytes.Terms.push_back({Varying, Width});
        M.ElementIndexBytes.Const = Units * Width;
      }
    }
    // A scalar shared load or store at a varying address plus a constant:
    // its straight-line neighbours of the same array, width, guard and
    // varying part may be one wide access (mergeSiblingAccesses).
    if ((R == Role::Load || R == Role::Store) && A.Alternatives.empty() &&
        M.Space == sym::MemorySpace::Shared && M.Index &&
        (Width == 4 || Width == 8) && !Accessed->isRecordType()) {
      const sym::Expr *Varying = M.Index;
      int64_t Units = 0;
      if (Varying->kind() == sym::ExprKind::Cast)
        Varying = Varying->op(0);
      if (Varying->kind() == sym::ExprKind::Add &&
          Varying->ops().back()->isConstant()) {
        Units = Varying->ops().back()->constant();
        Varying = SC.sub(Varying, Varying->ops().back());
      } else if (Varying->isConstant()) {
        Units = Varying->constant();
        Varying = SC.constant(0, Varying->type());
      }
      std::string Key;
      llvm::raw_string_ostream KS(Key);
      KS << (const void *)A.Base << "|" << (R == Role::Store ? "st" : "ld")
         << "|" << Width << "|" << Region << "|" << (const void *)G << "|"
         << (const void *)Varying;
      M.SharedRunKey = Key;
      M.SharedRunUnits = Units;
      M.SharedRunMultiple = knownMultiple(Varying, 0) * Width;
    }
    if (A.Array && M.Space == sym::MemorySpace::Shared) {
      M.SharedArray = A.Array;
      extents(A.Array->getType(), M.Extents);
    }
    Out.push_back(std::move(M));
  }

  /// The enclosing loops whose induction variable \p Index or \p Guard
  /// uses, outermost first, in the form evaluateAccess walks: the for loops
  /// with their own counter, then every other loop form the value flow found.
  std::vector<LoopIterations> loopIterations(const Expr *Site,
                                             const sym::Expr *Index,
                                             const sym::Expr *Guard) {
    std::vector<LoopIterations> Result;
    for (const ForStmt *FS : Loops) {
      std::optional<ForInduction> I = forInduction(*FS);
      const LoopVarInfo *Info = I ? Facts.loopVar(I->Var) : nullptr;
      if (!Info || Info->Loop != FS)
        continue;
      const VarDecl *V = I->Var;
      sym::IntType T = ExprBuilder::typeOf(V->getType(), Ctx);
      LoopIterations L;
      L.Written = V->getNameAsString();
      L.Var = Info->Geometric ? L.Written : L.Written + ".iter";
      if (!mentionsVariable(Index, L.Var) && !mentionsVariable(Guard, L.Var))
        continue;
      Builder.resetObservations();
      const sym::Expr *Init = Builder.build(Info->Init);
      const sym::Expr *Var = SC.loopIV(L.Var, std::nullopt, std::nullopt, 1, T,
                                       sym::Uniformity::GridUniform);
      if (Info->Geometric) {
        const sym::Expr *F =
            I->Step.Factor ? Builder.build(I->Step.Factor) : nullptr;
        if (!F || !F->isConstant())
          continue;
        L.By = F->constant();
        auto Kind = geometricStepKind(I->Step.GeometricOp);
        if (!Kind)
          continue;
        L.Kind = *Kind;
        L.Start = Init;
        L.Value = Var;
      } else {
        // i = Init + K * Step: K counts the iterations from 0.
        const sym::Expr *Step =
            Info->Step ? Builder.build(Info->Step) : SC.constant(1, T);
        L.Start = SC.constant(0, T);
        L.By = 1;
        const sym::Expr *Delta = SC.mul(Var, Step);
        L.Value = Info->Negate ? SC.sub(Init, Delta) : SC.add(Init, Delta);
      }
      if (FS->getCond()) {
        Builder.resetObservations();
        L.While = Builder.build(FS->getCond());
      }
      L.Depth = loopDepth(Flow, FS);
      L.Loop = FS;
      Result.push_back(std::move(L));
    }
    if (Flow)
      addFlowLoops(*Flow, Builder, SC, Site, Index, Guard, Result);
    return Result;
  }

  ASTContext &Ctx;
  sym::ExprContext &SC;
  FunctionFacts Facts;
  ExprBuilder Builder;
  const ValueFlow *Flow; ///< Null when not analysed: Env instead.
  AddressBuilder Addresses;
  std::vector<const ForStmt *> Loops; ///< Enclosing for loops, outermost first.
  llvm::DenseMap<const VarDecl *, const sym::Expr *> Env;
  const PaddingOverride *Pad;
  std::vector<MemoryAccess> Out;
};

} // namespace

std::vector<MemoryAccess> collectAccesses(const FunctionDecl &Kernel,
                                          ASTContext &Ctx, sym::ExprContext &SC,
                                          MutationCache &Mutations,
                                          const ValueFlow *Flow,
                                          const PaddingOverride *Pad,
                                          const llvm::StringSet<> *Assumed) {
  return AccessWalker(Kernel, Ctx, SC, Mutations, Flow, Pad, Assumed).run();
}

std::optional<LoopIterations::StepKind>
geometricStepKind(clang::BinaryOperatorKind Op) {
  switch (Op) {
  case clang::BO_Mul:
    return LoopIterations::StepKind::Mul;
  case clang::BO_Div:
    return LoopIterations::StepKind::Div;
  case clang::BO_Shl:
    return LoopIterations::StepKind::Shl;
  case clang::BO_Shr:
    return LoopIterations::StepKind::Shr;
  default:
    return std::nullopt;
  }
}

} // namespace warplint
