//===- LaunchSites.cpp - Every way host code launches a kernel ------------===//
#include "Analysis/launch/LaunchSites.h"

#include "Analysis/ProjectParents.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace warplint {

const char *LaunchSite::formName() const {
  switch (Form) {
  case LaunchForm::Chevron:
    return "<<<>>>";
  case LaunchForm::LaunchKernel:
    return "cudaLaunchKernel";
  case LaunchForm::Cooperative:
    return "cudaLaunchCooperativeKernel";
  case LaunchForm::LaunchKernelEx:
    return "cudaLaunchKernelEx";
  }
  return "launch";
}

namespace {

/// The launch form of a runtime function name; the toolkit renames the
/// functions with a _ptsz suffix under per-thread default streams.
std::optional<LaunchForm> apiForm(StringRef Name) {
  Name.consume_back("_ptsz");
  if (Name == "cudaLaunchKernel")
    return LaunchForm::LaunchKernel;
  if (Name == "cudaLaunchCooperativeKernel")
    return LaunchForm::Cooperative;
  if (Name == "cudaLaunchKernelEx" || Name == "cudaLaunchKernelExC")
    return LaunchForm::LaunchKernelEx;
  return std::nullopt;
}

/// The kernel a function-pointer argument names: `k`, `&k`, `(void *)k`,
/// `reinterpret_cast<const void *>(&k<float>)`.
const FunctionDecl *kernelOf(const Expr *E) {
  for (unsigned Steps = 0; E && Steps < 16; ++Steps) {
    E = E->IgnoreParenImpCasts();
    if (const auto *CE = dyn_cast<ExplicitCastExpr>(E)) {
      E = CE->getSubExpr();
      continue;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() != UO_AddrOf)
        return nullptr;
      E = UO->getSubExpr();
      continue;
    }
    break;
  }
  const auto *DRE = E ? dyn_cast<DeclRefExpr>(E) : nullptr;
  const auto *FD = DRE ? dyn_cast<FunctionDecl>(DRE->getDecl()) : nullptr;
  if (!FD || !FD->hasAttr<CUDAGlobalAttr>())
    return nullptr;
  return FD;
}

/// An argument that the call spells (not a default argument).
const Expr *spelled(const CallExpr &C, unsigned I) {
  if (I >= C.getNumArgs() || isa<CXXDefaultArgExpr>(C.getArg(I)))
    return nullptr;
  return C.getArg(I);
}

/// The function body that encloses \p S.
const Stmt *enclosingBody(const Stmt &S, ASTContext &Ctx) {
  DynTypedNodeList Parents = parentsOf(Ctx, S);
  for (unsigned Steps = 0; !Parents.empty() && Steps < 512; ++Steps) {
    if (const auto *FD = Parents[0].get<FunctionDecl>())
      return FD->getBody();
    if (const auto *LE = Parents[0].get<LambdaExpr>())
      return LE->getBody();
    Parents = parentsOf(Ctx, Parents[0]);
  }
  return nullptr;
}

const Stmt *parentStmt(const Stmt &S, ASTContext &Ctx) {
  DynTypedNodeList P = parentsOf(Ctx, S);
  return P.empty() ? nullptr : P[0].get<Stmt>();
}

/// Skips the implicit nodes between \p S and the parent that means something.
const Stmt *meaningfulParent(const Stmt &S, ASTContext &Ctx) {
  const Stmt *P = parentStmt(S, Ctx);
  while (P && (isa<ImplicitCastExpr>(P) || isa<ParenExpr>(P) ||
               isa<MaterializeTemporaryExpr>(P)))
    P = parentStmt(*P, Ctx);
  return P;
}

/// The right-hand side when \p P assigns to \p LHS as a whole.
const Expr *assignedValue(const Stmt *P, const Expr *LHS) {
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P))
    if (BO->isAssignmentOp() && BO->getLHS()->IgnoreParenImpCasts() == LHS)
      return BO->getOpcode() == BO_Assign ? BO->getRHS() : nullptr;
  if (const auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(P))
    if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2 &&
        OC->getArg(0)->IgnoreParenImpCasts() == LHS)
      return OC->getArg(1);
  return nullptr;
}

/// Whether \p P modifies \p E (assignment of any kind, ++/--).
bool modifies(const Stmt *P, const Expr *E) {
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P))
    return BO->isAssignmentOp() && BO->getLHS()->IgnoreParenImpCasts() == E;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(P))
    return UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf;
  if (const auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(P))
    return OC->isAssignmentOp() && OC->getNumArgs() >= 1 &&
           OC->getArg(0)->IgnoreParenImpCasts() == E;
  return false;
}

/// The references to one variable in a function body.
class RefFinder : public RecursiveASTVisitor<RefFinder> {
public:
  explicit RefFinder(const VarDecl &V) : V(V) {}
  bool VisitDeclRefExpr(DeclRefExpr *R) {
    if (R->getDecl() == &V)
      Refs.push_back(R);
    return true;
  }
  const VarDecl &V;
  llvm::SmallVector<const DeclRefExpr *, 8> Refs;
};

/// The value of each field of a local cudaLaunchConfig_t at one launch: the
/// single whole assignment before the launch (`cfg.blockDim = dim3(256);`),
/// else the variable's initialiser. Conservative: a field assigned twice, or
/// assigned element by element (`cfg.blockDim.x = 256`), or a configuration
/// whose address escapes to anything but a launch, is unknown.
class ConfigFields {
public:
  ConfigFields(const VarDecl &Cfg, const CallExpr &Launch, ASTContext &Ctx)
      : Cfg(Cfg), Launch(Launch), Ctx(Ctx) {}

  /// The value of field \p Name, or null with \p Why set. \p Zero is set when
  /// the field is zero-initialised and never assigned.
  const Expr *value(StringRef Name, std::string &Why, bool &Zero) {
    Zero = false;
    const Stmt *Body = enclosingBody(Launch, Ctx);
    if (!Body) {
      Why = "launch configuration outside a function body";
      return nullptr;
    }
    RefFinder F(Cfg);
    F.TraverseStmt(const_cast<Stmt *>(Body));
    const SourceManager &SM = Ctx.getSourceManager();
    const Expr *Found = nullptr;
    unsigned Assignments = 0;
    for (const DeclRefExpr *R : F.Refs) {
      const Stmt *P = meaningfulParent(*R, Ctx);
      if (const auto *ME = dyn_cast_or_null<MemberExpr>(P)) {
        if (ME->getMemberDecl()->getName() != Name)
          continue;
        const Stmt *PP = meaningfulParent(*ME, Ctx);
        if (const Expr *V = assignedValue(PP, ME)) {
          if (SM.isBeforeInTranslationUnit(PP->getEndLoc(),
                                           Launch.getBeginLoc())) {
            ++Assignments;
            Found = V;
          }
          continue;
        }
        if (modifies(PP, ME) || (isa_and_nonnull<MemberExpr>(PP) &&
                                 modifies(meaningfulParent(*PP, Ctx),
                                          cast<MemberExpr>(PP)))) {
          Why = "'" + Cfg.getNameAsString() + "." + Name.str() +
                "' is modified element by element";
          return nullptr;
        }
        continue;
      }
      if (const auto *UO = dyn_cast_or_null<UnaryOperator>(P)) {
        if (UO->getOpcode() == UO_AddrOf) {
          const Stmt *Use = meaningfulParent(*UO, Ctx);
          const auto *C = dyn_cast_or_null<CallExpr>(Use);
          const FunctionDecl *Callee = C ? C->getDirectCallee() : nullptr;
          if (Callee && apiForm(Callee->getName()))
            continue; // given to a launch: read only
          Why = "the address of '" + Cfg.getNameAsString() + "' escapes";
          return nullptr;
        }
      }
      if (modifies(P, R) || isa_and_nonnull<CXXOperatorCallExpr>(P)) {
        Why = "'" + Cfg.getNameAsString() + "' is assigned as a whole";
        return nullptr;
      }
    }
    if (Assignments > 1) {
      Why = "'" + Cfg.getNameAsString() + "." + Name.str() +
            "' is assigned more than once";
      return nullptr;
    }
    if (Found)
      return Found;
    // Never assigned: the initialiser's element, if it spells one.
    const Expr *Init = Cfg.getInit();
    if (!Init) {
      Why = "'" + Cfg.getNameAsString() + "." + Name.str() + "' is never set";
      return nullptr;
    }
    const auto *IL = dyn_cast<InitListExpr>(Init->IgnoreImplicit());
    const RecordDecl *RD = Cfg.getType()->getAsRecordDecl();
    if (IL && RD) {
      if (IL->isSyntacticForm() && IL->getSemanticForm())
        IL = IL->getSemanticForm();
      unsigned Index = 0;
      for (const FieldDecl *FD : RD->fields()) {
        if (FD->getName() == Name)
          break;
        ++Index;
      }
      if (Index < IL->getNumInits()) {
        const Expr *E = IL->getInit(Index);
        const Expr *Bare = E->IgnoreImplicit();
        bool Implicit = isa<ImplicitValueInitExpr>(Bare) ||
                        E->getBeginLoc().isInvalid();
        // dim3() value-initialised: its arguments are all defaults.
        if (const auto *CE = dyn_cast<CXXConstructExpr>(Bare))
          Implicit = Implicit ||
                     llvm::all_of(CE->arguments(), [](const Expr *A) {
                       return isa<CXXDefaultArgExpr>(A);
                     });
        if (!Implicit)
          return E;
      }
      Zero = true; // value-initialised: zero, or dim3's default (1, 1, 1)
      return nullptr;
    }
    Why = "'" + Cfg.getNameAsString() + "' is not initialised field by field";
    return nullptr;
  }

private:
  const VarDecl &Cfg;
  const CallExpr &Launch;
  ASTContext &Ctx;
};

/// The local cudaLaunchConfig_t that \p E points to (`&cfg`).
const VarDecl *configVar(const Expr *E) {
  if (!E)
    return nullptr;
  const auto *UO = dyn_cast<UnaryOperator>(E->IgnoreParenImpCasts());
  if (!UO || UO->getOpcode() != UO_AddrOf)
    return nullptr;
  const auto *DRE = dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParens());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || isa<ParmVarDecl>(VD) || !VD->hasLocalStorage())
    return nullptr;
  return VD;
}

} // namespace

bool isLaunchApiName(StringRef Name) { return apiForm(Name).has_value(); }

std::optional<LaunchSite> launchSite(const CallExpr &Call, ASTContext &Ctx) {
  LaunchSite S;
  S.Call = &Call;
  if (const auto *K = dyn_cast<CUDAKernelCallExpr>(&Call)) {
    S.Form = LaunchForm::Chevron;
    S.Kernel = K->getDirectCallee();
    const CallExpr *Config = K->getConfig();
    // The chevron's configuration is a call of the host runtime's
    // (grid, block, shared memory, stream). A launch in device code (dynamic
    // parallelism, or a __host__ __device__ function seen from the device
    // side: lambdas and constexpr functions are implicitly both) calls the
    // device runtime's cudaLaunchDevice(func, params, grid, block, shared
    // memory, stream) instead, whose first two are placeholders.
    unsigned First = 0;
    if (Config)
      if (const FunctionDecl *F = Config->getDirectCallee())
        if (F->getIdentifier() && F->getName() == "cudaLaunchDevice")
          First = 2;
    if (!Config || Config->getNumArgs() < First + 2) {
      S.UnknownReason = "launch has no block configuration";
      return S;
    }
    S.Grid = Config->getArg(First);
    S.Block = Config->getArg(First + 1);
    S.SharedMem = spelled(*Config, First + 2);
    S.Stream = spelled(*Config, First + 3);
    for (const Expr *A : K->arguments())
      S.Args.push_back(A);
    return S;
  }
  const FunctionDecl *Callee = Call.getDirectCallee();
  if (!Callee || !Callee->getIdentifier())
    return std::nullopt;
  std::optional<LaunchForm> Form = apiForm(Callee->getName());
  if (!Form)
    return std::nullopt;
  S.Form = *Form;
  if (S.Form != LaunchForm::LaunchKernelEx) {
    // cudaLaunchKernel(func, gridDim, blockDim, args, sharedMem, stream).
    if (Call.getNumArgs() < 3)
      return std::nullopt;
    S.Kernel = kernelOf(Call.getArg(0));
    S.Grid = Call.getArg(1);
    S.Block = Call.getArg(2);
    S.SharedMem = spelled(Call, 4);
    S.Stream = spelled(Call, 5);
    return S;
  }
  // cudaLaunchKernelEx(&config, kernel, args...) and
  // cudaLaunchKernelExC(&config, func, void **args).
  if (Call.getNumArgs() < 2)
    return std::nullopt;
  S.Kernel = kernelOf(Call.getArg(1));
  if (!Callee->getName().starts_with("cudaLaunchKernelExC"))
    for (unsigned I = 2; I < Call.getNumArgs(); ++I)
      S.Args.push_back(Call.getArg(I));
  S.ConfigVar = configVar(Call.getArg(0));
  if (!S.ConfigVar) {
    S.UnknownReason = "launch configuration is not a local cudaLaunchConfig_t";
    S.SharedMemKnown = false;
    return S;
  }
  ConfigFields F(*S.ConfigVar, Call, Ctx);
  bool Zero = false;
  std::string Why;
  S.Block = F.value("blockDim", Why, Zero);
  if (!S.Block)
    S.UnknownReason = Zero ? "'" + S.ConfigVar->getNameAsString() +
                                 ".blockDim' is never set"
                           : Why;
  std::string GridWhy;
  S.Grid = F.value("gridDim", GridWhy, Zero);
  std::string SmemWhy;
  S.SharedMem = F.value("dynamicSmemBytes", SmemWhy, Zero);
  S.SharedMemKnown = S.SharedMem || Zero;
  std::string StreamWhy;
  S.Stream = F.value("stream", StreamWhy, Zero);
  return S;
}

namespace {
class LaunchCallFinder : public RecursiveASTVisitor<LaunchCallFinder> {
public:
  explicit LaunchCallFinder(ASTContext &Ctx) : Ctx(Ctx) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  /// A system header's file-scope declarations are skipped whole: the
  /// toolkit's and libraries' headers are most of a small unit, and a launch
  /// written there launches the library's own kernel, or one it was passed at
  /// run time (thrust's and CUB's launchers take the kernel as a parameter),
  /// which no launch site resolves. Templates instantiated from there are
  /// the library's code too.
  bool TraverseDecl(Decl *D) {
    if (D && isSystemFileScopeDecl(*D, Ctx.getSourceManager()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  /// A generic lambda's body as written is a template: its launches are
  /// found, and folded, in each instantiation of its call operator (a member
  /// of the lambda's implicit class, which this visit does not enter
  /// otherwise), as a function template's are.
  bool TraverseLambdaExpr(LambdaExpr *L) {
    if (!RecursiveASTVisitor::TraverseLambdaExpr(L))
      return false;
    if (const FunctionTemplateDecl *T = L->getDependentCallOperator())
      for (FunctionDecl *Spec : T->specializations())
        if (!TraverseDecl(Spec))
          return false;
    return true;
  }
  bool VisitCallExpr(CallExpr *Call) {
    if (!isa<CUDAKernelCallExpr>(Call) &&
        Ctx.getSourceManager().isInSystemHeader(Call->getBeginLoc()))
      return true;
    if (launchSite(*Call, Ctx))
      Calls.push_back(Call);
    return true;
  }
  ASTContext &Ctx;
  std::vector<const CallExpr *> Calls;
};
} // namespace

std::vector<const CallExpr *> findLaunchCalls(ASTContext &Ctx) {
  LaunchCallFinder F(Ctx);
  F.TraverseAST(Ctx);
  return std::move(F.Calls);
}

StatementMatcher launchCallExpr() {
  return callExpr(anyOf(cudaKernelCallExpr(),
                        callee(functionDecl(hasAnyName(
                            "cudaLaunchKernel", "cudaLaunchKernel_ptsz",
                            "cudaLaunchCooperativeKernel",
                            "cudaLaunchCooperativeKernel_ptsz",
                            "cudaLaunchKernelEx", "cudaLaunchKernelExC",
                            "cudaLaunchKernelExC_ptsz")))),
                  unless(isExpansionInSystemHeader()))
      .bind("launch");
}

} // namespace warplint
