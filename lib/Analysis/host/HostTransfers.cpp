//===- HostTransfers.cpp - Host-device transfers of one translation unit --===//
//
// One walk over the host functions of the translation unit records the
// transfer calls with the loops around them, the calls between host functions
// (to find a loop in a caller), the launches (for round trips and for what a
// loop does besides copying), and every assignment that gives a host pointer
// its value (for where a buffer was allocated). The facts are then derived
// from those records; nothing here walks the AST twice.
//
//===----------------------------------------------------------------------===//
#include "Analysis/host/HostTransfers.h"

#include "Analysis/launch/LaunchConfig.h"
#include "Analysis/launch/LaunchSites.h"
#include "Analysis/ProjectParents.h"
#include "Analysis/TripCount.h"
#include "Frontend/LoopInduction.h"
#include "Symbolic/Budgets.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace warplint {

StringRef directionName(TransferDirection D) {
  switch (D) {
  case TransferDirection::HostToDevice:
    return "host-to-device";
  case TransferDirection::DeviceToHost:
    return "device-to-host";
  case TransferDirection::DeviceToDevice:
    return "device-to-device";
  case TransferDirection::HostToHost:
    return "host-to-host";
  case TransferDirection::DeviceSet:
    return "device-set";
  case TransferDirection::Unknown:
    break;
  }
  return "unknown-direction";
}

StringRef originName(HostOrigin O) {
  switch (O) {
  case HostOrigin::Pageable:
    return "pageable";
  case HostOrigin::Pinned:
    return "pinned";
  case HostOrigin::Registered:
    return "registered";
  case HostOrigin::Unknown:
    break;
  }
  return "unknown";
}

namespace {

/// Where the arguments of one transfer API are. -1: the API has none.
struct ApiShape {
  int Dst, Src, Bytes, Kind, Stream;
  TransferDirection Fixed; ///< The direction when there is no kind argument,
                           ///< or the kind argument's default.
  bool Async;
};

/// The transfer APIs, by name without a `_v2` suffix. cudaMemcpy3D and
/// cuMemcpy2D/3D take a parameter block whose kind is set field by field:
/// their direction stays unknown. cuMemcpy (unified addressing) has none.
std::optional<ApiShape> apiShape(StringRef Name) {
  using D = TransferDirection;
  return llvm::StringSwitch<std::optional<ApiShape>>(Name)
      .Case("cudaMemcpy", ApiShape{0, 1, 2, 3, -1, D::Unknown, false})
      .Case("cudaMemcpyAsync", ApiShape{0, 1, 2, 3, 4, D::Unknown, true})
      .Case("cudaMemcpy2D", ApiShape{0, 2, -1, 6, -1, D::Unknown, false})
      .Case("cudaMemcpy2DAsync", ApiShape{0, 2, -1, 6, 7, D::Unknown, true})
      .Case("cudaMemcpy3D", ApiShape{-1, -1, -1, -1, -1, D::Unknown, false})
      .Case("cudaMemcpy3DAsync", ApiShape{-1, -1, -1, -1, 1, D::Unknown, true})
      .Case("cudaMemcpyToSymbol",
            ApiShape{0, 1, 2, 4, -1, D::HostToDevice, false})
      .Case("cudaMemcpyToSymbolAsync",
            ApiShape{0, 1, 2, 4, 5, D::HostToDevice, true})
      .Case("cudaMemcpyFromSymbol",
            ApiShape{0, 1, 2, 4, -1, D::DeviceToHost, false})
      .Case("cudaMemcpyFromSymbolAsync",
            ApiShape{0, 1, 2, 4, 5, D::DeviceToHost, true})
      .Case("cudaMemset", ApiShape{0, -1, 2, -1, -1, D::DeviceSet, false})
      .Case("cudaMemsetAsync", ApiShape{0, -1, 2, -1, 3, D::DeviceSet, true})
      .Case("cudaMemset2D", ApiShape{0, -1, -1, -1, -1, D::DeviceSet, false})
      .Case("cudaMemset2DAsync", ApiShape{0, -1, -1, -1, 5, D::DeviceSet, true})
      .Case("cuMemcpyHtoD", ApiShape{0, 1, 2, -1, -1, D::HostToDevice, false})
      .Case("cuMemcpyHtoDAsync", ApiShape{0, 1, 2, -1, 3, D::HostToDevice, true})
      .Case("cuMemcpyDtoH", ApiShape{0, 1, 2, -1, -1, D::DeviceToHost, false})
      .Case("cuMemcpyDtoHAsync", ApiShape{0, 1, 2, -1, 3, D::DeviceToHost, true})
      .Case("cuMemcpyDtoD", ApiShape{0, 1, 2, -1, -1, D::DeviceToDevice, false})
      .Case("cuMemcpyDtoDAsync",
            ApiShape{0, 1, 2, -1, 3, D::DeviceToDevice, true})
      .Case("cuMemcpy", ApiShape{0, 1, 2, -1, -1, D::Unknown, false})
      .Case("cuMemcpyAsync", ApiShape{0, 1, 2, -1, 3, D::Unknown, true})
      .Cases({"cuMemsetD8", "cuMemsetD16", "cuMemsetD32"},
             ApiShape{0, -1, -1, -1, -1, D::DeviceSet, false})
      .Cases({"cuMemsetD8Async", "cuMemsetD16Async", "cuMemsetD32Async"},
             ApiShape{0, -1, -1, -1, 3, D::DeviceSet, true})
      .Default(std::nullopt);
}

StringRef calleeName(const CallExpr &C) {
  const FunctionDecl *F = C.getDirectCallee();
  if (!F || !F->getIdentifier())
    return {};
  StringRef N = F->getName();
  N.consume_back("_v2");
  return N;
}

bool isHostFunction(const FunctionDecl &F) {
  if (F.hasAttr<CUDAGlobalAttr>())
    return false;
  return !F.hasAttr<CUDADeviceAttr>() || F.hasAttr<CUDAHostAttr>();
}

const Expr *arg(const CallExpr &C, int I) {
  if (I < 0 || unsigned(I) >= C.getNumArgs())
    return nullptr;
  return C.getArg(I);
}

/// The stream argument as written; null for the default stream (absent, a
/// default argument, 0 or nullptr).
const Expr *streamArg(const CallExpr &C, int I, ASTContext &Ctx) {
  const Expr *S = arg(C, I);
  if (!S || isa<CXXDefaultArgExpr>(S))
    return nullptr;
  if (S->isValueDependent() ||
      S->IgnoreParenCasts()->isNullPointerConstant(
          Ctx, Expr::NPC_ValueDependentIsNotNull))
    return nullptr;
  if (auto *IL = dyn_cast<IntegerLiteral>(S->IgnoreParenCasts()))
    if (IL->getValue() == 0)
      return nullptr;
  return S;
}

TransferDirection kindDirection(const Expr *Kind, TransferDirection Default,
                                ASTContext &Ctx) {
  if (!Kind)
    return Default;
  if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(Kind))
    Kind = DA->getExpr();
  Expr::EvalResult R;
  if (Kind->isValueDependent() || !Kind->EvaluateAsInt(R, Ctx))
    return TransferDirection::Unknown;
  switch (R.Val.getInt().getExtValue()) {
  case 0:
    return TransferDirection::HostToHost;
  case 1:
    return TransferDirection::HostToDevice;
  case 2:
    return TransferDirection::DeviceToHost;
  case 3:
    return TransferDirection::DeviceToDevice;
  default: // cudaMemcpyDefault: the pointers decide at run time.
    return TransferDirection::Unknown;
  }
}

/// A thrust iterator or pointer type that refers to device memory.
bool isDeviceIteratorType(QualType T) {
  std::string S = T.getCanonicalType().getAsString();
  return StringRef(S).contains("device_ptr") ||
         StringRef(S).contains("device_reference") ||
         StringRef(S).contains("device_vector");
}

/// thrust::copy(first, last, result) between host and device iterators.
std::optional<TransferSite> thrustCopy(const CallExpr &C) {
  const FunctionDecl *F = C.getDirectCallee();
  if (!F || !F->getIdentifier() || F->getName() != "copy" || C.getNumArgs() < 3)
    return std::nullopt;
  const DeclContext *NS = F->getDeclContext()->getEnclosingNamespaceContext();
  const auto *ND = dyn_cast<NamespaceDecl>(NS);
  if (!ND || !ND->getIdentifier() || ND->getName() != "thrust")
    return std::nullopt;
  // thrust::copy(exec, first, last, result) has the policy first.
  unsigned First = C.getNumArgs() == 4 ? 1 : 0;
  const Expr *In = C.getArg(First), *Out = C.getArg(First + 2);
  bool InDev = isDeviceIteratorType(In->getType());
  bool OutDev = isDeviceIteratorType(Out->getType());
  if (InDev == OutDev)
    return std::nullopt;
  TransferSite S;
  S.Call = &C;
  S.Api = "thrust::copy";
  S.Direction = InDev ? TransferDirection::DeviceToHost
                      : TransferDirection::HostToDevice;
  S.Host = InDev ? Out : In;
  S.Device = InDev ? In : Out;
  return S;
}

std::optional<TransferSite> classify(const CallExpr &C, ASTContext &Ctx,
                                     MutationCache &Cache) {
  if (std::optional<TransferSite> T = thrustCopy(C))
    return T;
  std::optional<ApiShape> A = apiShape(calleeName(C));
  if (!A)
    return std::nullopt;
  TransferSite S;
  S.Call = &C;
  S.Api = calleeName(C).str();
  S.Async = A->Async;
  S.Direction = A->Kind >= 0 ? kindDirection(arg(C, A->Kind), A->Fixed, Ctx)
                             : A->Fixed;
  S.Stream = streamArg(C, A->Stream, Ctx);
  const Expr *Dst = arg(C, A->Dst), *Src = arg(C, A->Src);
  if (S.Direction == TransferDirection::HostToDevice) {
    S.Host = Src;
    S.Device = Dst;
  } else if (S.Direction == TransferDirection::DeviceToHost) {
    S.Host = Dst;
    S.Device = Src;
  } else {
    S.Device = Dst;
  }
  S.Bytes = arg(C, A->Bytes);
  if (S.Bytes && !S.Bytes->isValueDependent())
    S.BytesValue = foldInteger(*S.Bytes, Ctx, &Cache);
  return S;
}

/// The variable or field a host pointer expression reads, through casts,
/// `&x`, `&a[i]`, `p + k`, `v.data()` and `&v[0]`.
const ValueDecl *baseDecl(const Expr *E, unsigned Depth = 0) {
  if (!E || Depth > budget::VariableChainDepth)
    return nullptr;
  E = E->IgnoreParenCasts();
  if (const auto *DR = dyn_cast<DeclRefExpr>(E))
    return DR->getDecl();
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ME->getMemberDecl();
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_AddrOf)
      return baseDecl(UO->getSubExpr(), Depth + 1);
    return nullptr;
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return baseDecl(AS->getBase(), Depth + 1);
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAdditiveOp())
      return baseDecl(BO->getLHS()->getType()->isPointerType() ? BO->getLHS()
                                                               : BO->getRHS(),
                      Depth + 1);
    return nullptr;
  }
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *M = MC->getMethodDecl();
    if (M && M->getIdentifier() && M->getName() == "data")
      return baseDecl(MC->getImplicitObjectArgument(), Depth + 1);
    return nullptr;
  }
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E))
    if (OC->getOperator() == OO_Subscript && OC->getNumArgs() > 0)
      return baseDecl(OC->getArg(0), Depth + 1);
  return nullptr;
}

/// A standard container that owns pageable memory (std::vector with the
/// default allocator, thrust::host_vector without a pinned allocator).
bool isPageableContainer(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->getIdentifier())
    return false;
  std::string S = T.getCanonicalType().getAsString();
  if (StringRef(S).contains("pinned") || StringRef(S).contains("cuda"))
    return false;
  StringRef N = RD->getName();
  const DeclContext *NS = RD->getDeclContext()->getEnclosingNamespaceContext();
  const auto *ND = dyn_cast<NamespaceDecl>(NS);
  StringRef Space = ND && ND->getIdentifier() ? ND->getName() : "";
  return (N == "vector" && (Space == "std" || Space.starts_with("__"))) ||
         (N == "host_vector" && Space == "thrust");
}

/// One value given to a host pointer.
struct OriginEvent {
  HostOrigin Origin = HostOrigin::Unknown;
  const ValueDecl *CopyOf = nullptr; ///< `p = q`: p has q's origin.
  const Stmt *Where = nullptr;
  std::string How;
};

bool isAllocation(StringRef N) {
  return N == "malloc" || N == "calloc" || N == "realloc" ||
         N == "aligned_alloc" || N == "valloc" || N == "memalign";
}

/// The origin of the value \p E gives a pointer; nullopt for a null pointer
/// (an initialisation before the allocation, not a value).
std::optional<OriginEvent> originOf(const Expr *E, ASTContext &Ctx) {
  OriginEvent Ev;
  Ev.Where = E;
  if (E->isValueDependent())
    return Ev;
  E = E->IgnoreParenCasts();
  if (E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
    return std::nullopt;
  if (const auto *C = dyn_cast<CallExpr>(E)) {
    StringRef N = calleeName(*C);
    if (isAllocation(N)) {
      Ev.Origin = HostOrigin::Pageable;
      Ev.How = N.str();
      return Ev;
    }
  }
  if (const auto *NE = dyn_cast<CXXNewExpr>(E)) {
    Ev.Origin = HostOrigin::Pageable;
    Ev.How = NE->isArray() ? "new[]" : "new";
    return Ev;
  }
  if (isa<DeclRefExpr, MemberExpr, CXXMemberCallExpr, UnaryOperator,
          ArraySubscriptExpr, CXXOperatorCallExpr>(E) &&
      (E->getType()->isPointerType() || E->getType()->isArrayType()))
    if (const ValueDecl *D = baseDecl(E)) {
      Ev.CopyOf = D;
      return Ev;
    }
  return Ev;
}

/// A host loop during the walk, with what its body does besides copying.
struct LoopRecord {
  const Stmt *Loop;
  const FunctionDecl *Function;
  bool Launches = false, SetsDevice = false;
  /// The streams (variables) that the loop's own launches name.
  llvm::SmallVector<const ValueDecl *, 4> LaunchStreams{};
};

/// A call from one host function of the translation unit to another.
struct CallEdge {
  const CallExpr *Call;
  const FunctionDecl *Caller, *Callee;
  const Stmt *Loop; ///< Innermost loop around the call in the caller.
};

class Collector : public RecursiveASTVisitor<Collector> {
public:
  Collector(ASTContext &Ctx, MutationCache &Cache) : Ctx(Ctx), Cache(Cache) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return false; }

  /// Host code outside system headers is all that is collected (traverseFn):
  /// a system header's declarations at file scope are skipped whole, without
  /// a visit of their classes, templates and instantiations.
  bool TraverseDecl(Decl *D) {
    if (D && isSystemFileScopeDecl(*D, Ctx.getSourceManager()))
      return true;
    return Base::TraverseDecl(D);
  }
  bool TraverseFunctionDecl(FunctionDecl *F) { return traverseFn(F); }
  bool TraverseCXXMethodDecl(CXXMethodDecl *F) { return traverseFn(F); }
  bool TraverseCXXConstructorDecl(CXXConstructorDecl *F) {
    return traverseFn(F);
  }
  bool TraverseCXXDestructorDecl(CXXDestructorDecl *F) { return traverseFn(F); }

  bool TraverseForStmt(ForStmt *S) { return loop(S, [&] { return Base::TraverseForStmt(S); }); }
  bool TraverseWhileStmt(WhileStmt *S) { return loop(S, [&] { return Base::TraverseWhileStmt(S); }); }
  bool TraverseDoStmt(DoStmt *S) { return loop(S, [&] { return Base::TraverseDoStmt(S); }); }
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *S) {
    return loop(S, [&] { return Base::TraverseCXXForRangeStmt(S); });
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *K) {
    recordLaunch(*K);
    return true;
  }

  /// `k<<<...>>>` or cudaLaunchKernel/cudaLaunchCooperativeKernel/
  /// cudaLaunchKernelEx: a kernel runs here.
  void recordLaunch(const CallExpr &K) {
    if (!Fn)
      return;
    Launches.push_back({&K, Fn});
    for (LoopRecord *L : Stack)
      L->Launches = true;
    if (Stack.empty())
      return;
    std::optional<LaunchSite> Site = launchSite(K, Ctx);
    if (!Site || !Site->Stream)
      return;
    if (const auto *DR =
            dyn_cast<DeclRefExpr>(Site->Stream->IgnoreParenImpCasts()))
      Stack.back()->LaunchStreams.push_back(DR->getDecl());
  }

  bool VisitCallExpr(CallExpr *C) {
    if (!Fn || isa<CUDAKernelCallExpr>(C) || C->isValueDependent())
      return true;
    StringRef N = calleeName(*C);
    if (isLaunchApiName(N)) {
      recordLaunch(*C);
      return true;
    }
    if (N == "cudaSetDevice" || N == "cuCtxSetCurrent" || N == "cuCtxPushCurrent")
      for (LoopRecord *L : Stack)
        L->SetsDevice = true;
    recordPointerArguments(*C, N);
    if (std::optional<TransferSite> S = classify(*C, Ctx, Cache)) {
      S->Function = Fn;
      Sites.push_back(std::move(*S));
      SiteLoops.push_back(Stack.empty() ? nullptr : Stack.back()->Loop);
      return true;
    }
    const FunctionDecl *Callee = C->getDirectCallee();
    if (Callee && Callee->getDefinition() &&
        isHostFunction(*Callee->getDefinition()))
      Edges.push_back({C, Fn, Callee->getDefinition(),
                       Stack.empty() ? nullptr : Stack.back()->Loop});
    return true;
  }

  bool VisitVarDecl(VarDecl *V) {
    if (!Fn || !V->getInit() || V->isInvalidDecl() ||
        !V->getType()->isPointerType() || isa<ParmVarDecl>(V))
      return true;
    if (std::optional<OriginEvent> E = originOf(V->getInit(), Ctx))
      Origins[V].push_back(*E);
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (!Fn || B->getOpcode() != BO_Assign || B->isValueDependent() ||
        !B->getLHS()->getType()->isPointerType())
      return true;
    const Expr *L = B->getLHS()->IgnoreParenImpCasts();
    if (!isa<DeclRefExpr, MemberExpr>(L))
      return true;
    if (const ValueDecl *D = baseDecl(L))
      if (std::optional<OriginEvent> E = originOf(B->getRHS(), Ctx))
        Origins[D].push_back(*E);
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *R) {
    if (Fn)
      Uses[R->getDecl()].push_back(R->getLocation());
    return true;
  }

  ASTContext &Ctx;
  MutationCache &Cache;
  std::vector<TransferSite> Sites;
  std::vector<const Stmt *> SiteLoops; ///< Parallel to Sites.
  std::vector<CallEdge> Edges;
  std::vector<std::pair<const CallExpr *, const FunctionDecl *>>
      Launches;
  llvm::DenseMap<const Stmt *, LoopRecord> Loops;
  llvm::DenseMap<const ValueDecl *, std::vector<OriginEvent>> Origins;
  llvm::DenseMap<const ValueDecl *, std::vector<SourceLocation>> Uses;

private:
  using Base = RecursiveASTVisitor<Collector>;

  bool traverseFn(FunctionDecl *F) {
    if (!F->doesThisDeclarationHaveABody() || F->isDependentContext() ||
        !isHostFunction(*F))
      return true; // Device code and uninstantiated templates: not host work.
    // The toolkit's own wrappers (cudaMemcpyToSymbol<T> calls the untyped
    // one) are the API, not the user's host code.
    if (Ctx.getSourceManager().isInSystemHeader(F->getLocation()))
      return true;
    const FunctionDecl *Saved = Fn;
    std::vector<LoopRecord *> SavedStack;
    SavedStack.swap(Stack);
    Fn = F;
    bool R = Base::TraverseStmt(F->getBody());
    Fn = Saved;
    Stack.swap(SavedStack);
    return R;
  }

  /// A loop statement whose body runs at most once (`do { ... } while (0)`
  /// of an error-checking macro) is no loop: what it holds belongs to the
  /// loop around it, if any.
  template <class F> bool loop(Stmt *S, F Traverse) {
    if (!Fn || runsAtMostOnce(S, Ctx))
      return Traverse();
    LoopRecord &L = Loops.try_emplace(S, LoopRecord{S, Fn}).first->second;
    Stack.push_back(&L);
    bool R = Traverse();
    Stack.pop_back();
    return R;
  }

  /// Pinning and allocating calls that take the pointer's address, and
  /// cudaHostRegister, which pins what a pointer already holds. Any other call
  /// given `&p` may set p to anything.
  void recordPointerArguments(const CallExpr &C, StringRef N) {
    bool Pins = N == "cudaMallocHost" || N == "cudaHostAlloc" ||
                N == "cuMemAllocHost" || N == "cuMemHostAlloc";
    if ((N == "cudaHostRegister" || N == "cuMemHostRegister") &&
        C.getNumArgs() > 0) {
      if (const ValueDecl *D = baseDecl(C.getArg(0)))
        Origins[D].push_back({HostOrigin::Registered, nullptr, &C, N.str()});
      return;
    }
    for (unsigned I = 0; I < C.getNumArgs(); ++I) {
      const auto *UO =
          dyn_cast<UnaryOperator>(C.getArg(I)->IgnoreParenCasts());
      if (!UO || UO->getOpcode() != UO_AddrOf ||
          !UO->getSubExpr()->getType()->isPointerType())
        continue;
      const Expr *Sub = UO->getSubExpr()->IgnoreParenImpCasts();
      if (!isa<DeclRefExpr, MemberExpr>(Sub))
        continue;
      const ValueDecl *D = baseDecl(Sub);
      if (!D)
        continue;
      OriginEvent E;
      E.Where = &C;
      E.How = N.str();
      if (Pins && I == 0)
        E.Origin = HostOrigin::Pinned;
      else if (N == "posix_memalign" && I == 0)
        E.Origin = HostOrigin::Pageable;
      Origins[D].push_back(E);
    }
  }

  const FunctionDecl *Fn = nullptr;
  std::vector<LoopRecord *> Stack;
};

/// The origin of \p D from every value the translation unit gives it: the
/// same kind every time, or unknown; a registration anywhere pins it.
HostBuffer resolve(const ValueDecl *D, const Collector &C, unsigned Depth = 0) {
  HostBuffer B;
  B.Decl = D;
  if (!D || Depth > budget::HostOriginDepth)
    return B;
  QualType T = D->getType();
  if (const auto *V = dyn_cast<VarDecl>(D)) {
    if (V->hasAttr<CUDADeviceAttr>() || V->hasAttr<CUDAConstantAttr>() ||
        V->hasAttr<CUDASharedAttr>() || V->hasAttr<HIPManagedAttr>())
      return B; // A symbol of device memory, not a host buffer.
  }
  auto It = C.Origins.find(D);
  if (It != C.Origins.end())
    for (const OriginEvent &E : It->second)
      if (E.Origin == HostOrigin::Registered) {
        B.Origin = HostOrigin::Registered;
        B.Where = E.Where;
        B.How = E.How;
        return B;
      }
  // An array of pointers (`int *h[STREAMS]`, each element from cudaHostAlloc):
  // the buffer is what its elements point to, known from the values given to
  // them, as for a pointer variable; the array's own storage is not copied.
  const ArrayType *AT = T->getAsArrayTypeUnsafe();
  bool PointerArray = AT && AT->getElementType()->isPointerType();
  if (!T->isPointerType() && !PointerArray) {
    const auto *V = dyn_cast<VarDecl>(D);
    if (isPageableContainer(T)) {
      B.Origin = HostOrigin::Pageable;
      B.How = "std::vector";
    } else if (V && !isa<ParmVarDecl>(V) && !T->isReferenceType()) {
      // An array or scalar object of the host: a local is on the stack, a
      // global or static in the data segment; both are pageable.
      B.Origin = HostOrigin::Pageable;
      B.How = V->hasLocalStorage()
                  ? (T->isArrayType() ? "stack array" : "stack variable")
                  : (T->isArrayType() ? "static array" : "static variable");
    }
    return B;
  }
  if (It == C.Origins.end() || It->second.empty())
    return B;
  std::optional<HostBuffer> Agreed;
  for (const OriginEvent &E : It->second) {
    HostBuffer One;
    if (E.CopyOf) {
      One = resolve(E.CopyOf, C, Depth + 1);
    } else {
      One.Origin = E.Origin;
      One.Where = E.Where;
      One.How = E.How;
    }
    if (One.Origin == HostOrigin::Unknown)
      return B;
    if (Agreed && Agreed->Origin != One.Origin)
      return B;
    if (!Agreed)
      Agreed = One;
  }
  B.Origin = Agreed->Origin;
  B.Where = Agreed->Where;
  B.How = Agreed->How;
  return B;
}

/// Does \p E read a variable that changes from one iteration of \p Loop to
/// the next: its induction variable, a variable the body (or a for loop's
/// increment: `int i; for (i = 0; i < n; i++)`) modifies, or a local of the
/// body initialised from one of those?
bool variesWithLoop(const Expr *E, const Stmt *Loop, MutationCache &Cache,
                    ASTContext &Ctx, unsigned Depth = 0) {
  if (!E || !Loop || Depth > budget::VariableChainDepth)
    return false;
  const Stmt *Body = nullptr, *Inc = nullptr;
  const VarDecl *IndVar = nullptr;
  if (const auto *F = dyn_cast<ForStmt>(Loop)) {
    Body = F->getBody();
    Inc = F->getInc();
    if (std::optional<ForInduction> I = forInduction(*F))
      IndVar = I->Var;
  } else if (const auto *W = dyn_cast<WhileStmt>(Loop)) {
    Body = W->getBody();
  } else if (const auto *D = dyn_cast<DoStmt>(Loop)) {
    Body = D->getBody();
  } else if (const auto *R = dyn_cast<CXXForRangeStmt>(Loop)) {
    Body = R->getBody();
    IndVar = R->getLoopVariable();
  }
  if (!Body)
    return false;
  if (const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts())) {
    const auto *V = dyn_cast<VarDecl>(DR->getDecl());
    if (!V)
      return false;
    if (V == IndVar || Cache.isMutated(*V, *Body, Ctx) ||
        (Inc && Cache.isMutated(*V, *Inc, Ctx)))
      return true;
    // A local of the body (`cudaStream_t s = streams[i % 2];`).
    if (V->hasLocalStorage() && V->getInit() &&
        Body->getSourceRange().fullyContains(V->getSourceRange()))
      return variesWithLoop(V->getInit(), Loop, Cache, Ctx, Depth + 1);
    return false;
  }
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      if (variesWithLoop(CE, Loop, Cache, Ctx, Depth + 1))
        return true;
  return false;
}

/// \p E with parameters of the helpers replaced by the arguments of the calls
/// in \p Through (innermost first), for a stream that a helper receives.
const Expr *throughCalls(const Expr *E,
                         llvm::ArrayRef<const CallExpr *> Through) {
  for (auto It = Through.rbegin(); E && It != Through.rend(); ++It) {
    const auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *P = DR ? dyn_cast<ParmVarDecl>(DR->getDecl()) : nullptr;
    if (!P)
      return E;
    unsigned Idx = P->getFunctionScopeIndex();
    E = Idx < (*It)->getNumArgs() ? (*It)->getArg(Idx) : nullptr;
  }
  return E;
}

} // namespace

HostTransfers findHostTransfers(ASTContext &Ctx, MutationCache &Cache) {
  Collector C(Ctx, Cache);
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  const SourceManager &SM = Ctx.getSourceManager();
  HostTransfers Out;
  Out.Sites = std::move(C.Sites);

  for (size_t I = 0; I < Out.Sites.size(); ++I) {
    TransferSite &S = Out.Sites[I];
    S.HostSide = resolve(baseDecl(S.Host), C);
    // The innermost loop: in the function, else in a caller (breadth first,
    // MaxHelperDepth calls up).
    HostLoop L;
    const Stmt *Found = C.SiteLoops[I];
    if (!Found) {
      std::vector<std::vector<const CallExpr *>> Paths;
      std::vector<const FunctionDecl *> Frontier{S.Function};
      std::vector<std::vector<const CallExpr *>> FrontierPaths{{}};
      for (unsigned D = 0; D < MaxHelperDepth && !Found && !Frontier.empty();
           ++D) {
        std::vector<const FunctionDecl *> Next;
        std::vector<std::vector<const CallExpr *>> NextPaths;
        for (size_t F = 0; F < Frontier.size() && !Found; ++F)
          for (const CallEdge &E : C.Edges) {
            if (E.Callee != Frontier[F])
              continue;
            std::vector<const CallExpr *> Path{E.Call};
            Path.insert(Path.end(), FrontierPaths[F].begin(),
                        FrontierPaths[F].end());
            if (E.Loop) {
              Found = E.Loop;
              L.Through = Path;
              break;
            }
            if (Next.size() < 64) {
              Next.push_back(E.Caller);
              NextPaths.push_back(Path);
            }
          }
        Frontier.swap(Next);
        FrontierPaths.swap(NextPaths);
      }
    }
    if (!Found)
      continue;
    L.Loop = Found;
    L.TripCount = constantTripCount(Found, Ctx, Cache);
    auto LR = C.Loops.find(Found);
    if (LR != C.Loops.end()) {
      L.LaunchesKernels = LR->second.Launches;
      L.PerDevice = LR->second.SetsDevice;
    }
    if (S.Async && S.Stream)
      L.Staged = variesWithLoop(throughCalls(S.Stream, L.Through), Found, Cache,
                                Ctx);
    S.Loop = std::move(L);
  }

  // The guide's staged concurrent copy and execute written out by hand: one
  // iteration copies asynchronously on two or more fixed streams, and each of
  // those streams also runs a kernel in the same iteration (Rodinia huffman's
  // hist.cu: stream0 and stream1 alternate). The copies of one stream overlap
  // the other stream's kernel, which is the point of the loop.
  {
    llvm::DenseMap<const Stmt *, llvm::SmallPtrSet<const ValueDecl *, 4>>
        Paired;
    auto StreamDecl = [](const TransferSite &S) -> const ValueDecl * {
      const auto *DR =
          S.Stream ? dyn_cast<DeclRefExpr>(S.Stream->IgnoreParenImpCasts())
                   : nullptr;
      return DR ? DR->getDecl() : nullptr;
    };
    for (size_t I = 0; I < Out.Sites.size(); ++I) {
      const TransferSite &S = Out.Sites[I];
      const Stmt *Loop = C.SiteLoops[I];
      const ValueDecl *D = StreamDecl(S);
      if (!Loop || !S.Async || !D)
        continue;
      auto LR = C.Loops.find(Loop);
      if (LR != C.Loops.end() && llvm::is_contained(LR->second.LaunchStreams, D))
        Paired[Loop].insert(D);
    }
    for (size_t I = 0; I < Out.Sites.size(); ++I) {
      TransferSite &S = Out.Sites[I];
      const Stmt *Loop = C.SiteLoops[I];
      if (!S.Loop || !Loop || S.Loop->Loop != Loop)
        continue;
      auto P = Paired.find(Loop);
      if (P != Paired.end() && P->second.size() >= 2 &&
          P->second.contains(StreamDecl(S)))
        S.Loop->Staged = true;
    }
  }

  // Round trips: a device-to-host copy into h, then a host-to-device copy from
  // h with no use of h in between, a launch before the first and after the
  // second (in the same function), or a launch between them around a loop's
  // back edge.
  auto Before = [&](SourceLocation A, SourceLocation B) {
    return SM.isBeforeInTranslationUnit(A, B);
  };
  auto UsedBetween = [&](const ValueDecl *H, SourceLocation From,
                         SourceLocation To, const CallExpr *A,
                         const CallExpr *B) {
    auto It = C.Uses.find(H);
    if (It == C.Uses.end())
      return false;
    for (SourceLocation U : It->second) {
      if (!Before(From, U) || !Before(U, To))
        continue;
      if (A->getSourceRange().fullyContains(U) ||
          B->getSourceRange().fullyContains(U))
        continue;
      return true;
    }
    return false;
  };
  auto LaunchBetween = [&](const FunctionDecl *F, SourceLocation From,
                           SourceLocation To) {
    for (const auto &[K, KF] : C.Launches)
      if (KF == F && Before(From, K->getBeginLoc()) && Before(K->getBeginLoc(), To))
        return true;
    return false;
  };
  for (const TransferSite &A : Out.Sites) {
    if (A.Direction != TransferDirection::DeviceToHost)
      continue;
    const ValueDecl *H = baseDecl(A.Host);
    if (!H)
      continue;
    const FunctionDecl *F = A.Function;
    SourceLocation FnBegin = F->getBody()->getBeginLoc(),
                   FnEnd = F->getBody()->getEndLoc();
    for (const TransferSite &B : Out.Sites) {
      if (B.Function != F || B.Direction != TransferDirection::HostToDevice ||
          baseDecl(B.Host) != H)
        continue;
      RoundTrip RT{&A, &B, H, false, false};
      SourceLocation AB = A.Call->getBeginLoc(), BB = B.Call->getBeginLoc();
      if (Before(AB, BB)) {
        if (!LaunchBetween(F, FnBegin, AB) || !LaunchBetween(F, BB, FnEnd))
          continue;
        RT.HostTouches = UsedBetween(H, A.Call->getEndLoc(), BB, A.Call, B.Call);
      } else if (A.Loop && B.Loop && A.Loop->Loop == B.Loop->Loop &&
                 A.Loop->Through.empty() && B.Loop->Through.empty()) {
        const Stmt *Loop = A.Loop->Loop;
        if (!LaunchBetween(F, BB, AB))
          continue;
        RT.AcrossIterations = true;
        // Around the back edge: after A to the loop's end (its condition
        // included) and from the loop's start to B.
        RT.HostTouches =
            UsedBetween(H, A.Call->getEndLoc(), Loop->getEndLoc(), A.Call,
                        B.Call) ||
            UsedBetween(H, Loop->getBeginLoc(), BB, A.Call, B.Call);
      } else {
        continue;
      }
      Out.RoundTrips.push_back(RT);
      break; // The first copy back of h closes this trip.
    }
  }
  return Out;
}

namespace {
std::string where(const SourceManager &SM, SourceLocation L) {
  PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(L));
  if (P.isInvalid())
    return "?";
  return (llvm::sys::path::filename(P.getFilename()) + ":" +
          std::to_string(P.getLine()) + ":" + std::to_string(P.getColumn()))
      .str();
}
unsigned lineOf(const SourceManager &SM, SourceLocation L) {
  return SM.getPresumedLoc(SM.getFileLoc(L)).getLine();
}
} // namespace

void printHostTransfers(raw_ostream &OS, const HostTransfers &T,
                        ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const TransferSite &S : T.Sites) {
    OS << where(SM, S.Call->getBeginLoc()) << ": " << S.Api << " "
       << directionName(S.Direction) << (S.Async ? " async" : "")
       << " in '" << S.Function->getNameAsString() << "'";
    if (S.Stream)
      OS << ", stream";
    if (S.BytesValue)
      OS << ", " << *S.BytesValue << " bytes";
    if (S.Host) {
      OS << ", host " << originName(S.HostSide.Origin);
      if (!S.HostSide.How.empty())
        OS << " (" << S.HostSide.How << ")";
    }
    if (S.Loop) {
      OS << ", loop at line " << lineOf(SM, S.Loop->Loop->getBeginLoc());
      if (S.Loop->TripCount)
        OS << " x" << *S.Loop->TripCount;
      for (const CallExpr *C : S.Loop->Through)
        OS << " via line " << lineOf(SM, C->getBeginLoc());
      if (S.Loop->Staged)
        OS << ", staged";
      if (S.Loop->PerDevice)
        OS << ", per-device";
      if (S.Loop->LaunchesKernels)
        OS << ", launches";
    }
    OS << "\n";
  }
  for (const RoundTrip &R : T.RoundTrips)
    OS << where(SM, R.ToDevice->Call->getBeginLoc()) << ": round trip of '"
       << R.HostBuffer->getNameAsString() << "' from line "
       << lineOf(SM, R.ToHost->Call->getBeginLoc())
       << (R.AcrossIterations ? ", across iterations" : "")
       << (R.HostTouches ? ", host uses it" : ", unchanged") << "\n";
}

} // namespace warplint
