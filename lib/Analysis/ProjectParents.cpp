//===- ProjectParents.cpp - AST parents of the project's own code ---------===//
#include "Analysis/ProjectParents.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>
#include <map>

using namespace clang;

namespace warplint {

bool isSystemFileScopeDecl(const Decl &D, const SourceManager &SM) {
  if (isa<TranslationUnitDecl>(D))
    return false;
  const DeclContext *DC = D.getLexicalDeclContext();
  if (!DC || !DC->getRedeclContext()->isFileContext())
    return false;
  SourceLocation L = D.getLocation();
  return L.isValid() && SM.isInSystemHeader(L);
}

/// Visits the translation unit as clang's parent map does (template
/// instantiations and implicit code included, statements by data recursion)
/// and records each node's parents in visiting order, except:
/// - a declaration at file scope (namespace, extern "C" block or the
///   translation unit) located in a system header is not visited: nothing in
///   it is recorded;
/// - nothing under a default argument or a default member initialiser is
///   recorded (a parameter's or field's, and each CXXDefaultArgExpr's or
///   CXXDefaultInitExpr's): clang's map gives such a node a parent per call
///   that uses the default, in whatever file the call is, so only clang's map
///   knows them all.
/// Every other node has all its parents in the visited declarations (nodes
/// are not shared between declarations otherwise), found in the same order
/// as clang's visit finds them.
class ProjectParents::Builder : public RecursiveASTVisitor<Builder> {
  using Base = RecursiveASTVisitor<Builder>;

public:
  explicit Builder(ProjectParents &P) : P(P), SM(P.Ctx.getSourceManager()) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool TraverseDecl(Decl *D) {
    if (!D || outsideProject(*D))
      return true;
    record(D);
    bool Default = holdsDefault(*D);
    Open.push_back(DynTypedNode::create(*D));
    Unsure += Default;
    bool Result = Base::TraverseDecl(D);
    Unsure -= Default;
    Open.pop_back();
    return Result;
  }
  bool TraverseAttr(Attr *A) {
    if (!A)
      return true;
    record(A);
    Open.push_back(DynTypedNode::create(*A));
    bool Result = Base::TraverseAttr(A);
    Open.pop_back();
    return Result;
  }
  // Nodes without pointer identity are parents but never keys here (a
  // request for one goes to clang's map).
  bool TraverseTypeLoc(TypeLoc TL, bool TraverseQualifier = true) {
    if (TL.isNull())
      return true;
    Open.push_back(DynTypedNode::create(TL));
    bool Result = Base::TraverseTypeLoc(TL, TraverseQualifier);
    Open.pop_back();
    return Result;
  }
  bool TraverseNestedNameSpecifierLoc(NestedNameSpecifierLoc L) {
    if (!L)
      return true;
    Open.push_back(DynTypedNode::create(L));
    bool Result = Base::TraverseNestedNameSpecifierLoc(L);
    Open.pop_back();
    return Result;
  }
  bool TraverseObjCProtocolLoc(ObjCProtocolLoc L) {
    Open.push_back(DynTypedNode::create(L));
    bool Result = Base::TraverseObjCProtocolLoc(L);
    Open.pop_back();
    return Result;
  }
  // Statements through the data-recursion hooks, as clang's map does, so
  // that deep expressions do not deepen the stack.
  bool dataTraverseStmtPre(Stmt *S) {
    record(S);
    Open.push_back(DynTypedNode::create(*S));
    Unsure += isDefault(S);
    return true;
  }
  bool dataTraverseStmtPost(Stmt *S) {
    Unsure -= isDefault(S);
    Open.pop_back();
    return true;
  }

private:
  static bool isDefault(const Stmt *S) {
    return isa<CXXDefaultArgExpr>(S) || isa<CXXDefaultInitExpr>(S);
  }
  static bool holdsDefault(const Decl &D) {
    if (const auto *PV = dyn_cast<ParmVarDecl>(&D))
      return PV->hasDefaultArg() || PV->hasUninstantiatedDefaultArg() ||
             PV->hasUnparsedDefaultArg();
    if (const auto *FD = dyn_cast<FieldDecl>(&D))
      return FD->hasInClassInitializer();
    return false;
  }
  bool outsideProject(const Decl &D) const {
    return isSystemFileScopeDecl(D, SM);
  }
  template <typename T> void record(const T *Node) {
    if (Open.empty() || Unsure)
      return;
    llvm::SmallVector<DynTypedNode, 1> &Parents = P.Map[Node];
    const DynTypedNode &Parent = Open.back();
    // Like clang's map: a parent with pointer identity is listed once.
    if (Parent.getMemoizationData() && llvm::is_contained(Parents, Parent))
      return;
    Parents.push_back(Parent);
  }

  ProjectParents &P;
  const SourceManager &SM;
  llvm::SmallVector<DynTypedNode, 16> Open; ///< The nodes being visited.
  unsigned Unsure = 0;
};

namespace {
/// The maps of the translation units being analysed (one per thread).
struct Registry {
  std::mutex Mu;
  std::map<const ASTContext *, ProjectParents *> Live;
};
Registry &registry() {
  static Registry R;
  return R;
}
ProjectParents *lookup(const ASTContext &Ctx) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Lock(R.Mu);
  auto It = R.Live.find(&Ctx);
  return It == R.Live.end() ? nullptr : It->second;
}
bool checkAgainstClang() {
  static const bool On = std::getenv("WARPLINT_CHECK_PARENTS") != nullptr;
  return On;
}
} // namespace

ProjectParents::ProjectParents(ASTContext &Ctx) : Ctx(Ctx) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Lock(R.Mu);
  R.Live[&Ctx] = this;
}

ProjectParents::~ProjectParents() {
  Registry &R = registry();
  std::lock_guard<std::mutex> Lock(R.Mu);
  auto It = R.Live.find(&Ctx);
  if (It != R.Live.end() && It->second == this)
    R.Live.erase(It);
}

const llvm::SmallVector<DynTypedNode, 1> *
ProjectParents::find(const DynTypedNode &Node) {
  std::call_once(Built, [this] {
    Builder(*this).TraverseDecl(Ctx.getTranslationUnitDecl());
    Map[Ctx.getTranslationUnitDecl()]; // the root: no parents
  });
  const void *Key = Node.getNodeKind().hasPointerIdentity()
                        ? Node.getMemoizationData()
                        : nullptr;
  auto It = Key ? Map.find(Key) : Map.end();
  if (It == Map.end()) {
    ++Misses;
    return nullptr;
  }
  return &It->second;
}

DynTypedNodeList parentsOf(ASTContext &Ctx, const DynTypedNode &Node) {
  ProjectParents *P = lookup(Ctx);
  if (!P || Ctx.getParentMapContext().getTraversalKind() != TK_AsIs)
    return Ctx.getParents(Node);
  const llvm::SmallVector<DynTypedNode, 1> *Mine = P->find(Node);
  if (!Mine)
    return Ctx.getParents(Node);
  if (checkAgainstClang()) {
    DynTypedNodeList Theirs = Ctx.getParents(Node);
    bool Same = Theirs.size() == Mine->size();
    for (size_t I = 0; Same && I < Mine->size(); ++I)
      Same = Theirs[I] == (*Mine)[I];
    if (!Same) {
      llvm::errs() << "warplint: internal error: project parents differ from "
                      "clang's for a "
                   << Node.getNodeKind().asStringRef() << " at ";
      Node.getSourceRange().getBegin().print(llvm::errs(),
                                             Ctx.getSourceManager());
      llvm::errs() << " (" << Mine->size() << " against " << Theirs.size()
                   << ")\n";
      std::abort();
    }
  }
  return llvm::ArrayRef<DynTypedNode>(*Mine);
}

} // namespace warplint
