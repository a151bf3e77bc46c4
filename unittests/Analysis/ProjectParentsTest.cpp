//===- ProjectParentsTest.cpp - The project's parents are clang's ---------===//
#include "Analysis/ProjectParents.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace warplint;

namespace {

// A system header with what shares nodes across files: default arguments and
// default member initialisers used from the main file, templates instantiated
// from it, a function taking the main file's lambdas.
const char *SystemHeader = R"(
#pragma once
namespace sys {
struct dim {
  dim(unsigned x = 1, unsigned y = 1) : x(x), y(y) {}
  unsigned x, y;
  int pad = 3;
};
template <class T> T twice(T v, int k = 2) { return v * k; }
template <class F> int apply(F f) { return f(1); }
inline int helper(int a) { int b = a + 1; return b; }
}
)";

const char *MainFile = R"(
#include <lib.h>
template <int N> int scaled(int v) {
  int w = v * N;
  for (int i = 0; i < N; ++i)
    w += i;
  return w;
}
struct Local { int q = 4; };
int user(int n, int d = 7) {
  sys::dim a(3);
  sys::dim b{2u, 5u};
  int t = sys::twice(n);
  int u = scaled<4>(n) + scaled<8>(t) + sys::helper(d);
  int arr[3] = {1, 2, 3};
  for (int x : arr)
    t += x;
  auto l = [&](int z) { int k = z + t; return k; };
  u += sys::apply(l) + sys::apply([](int z) { return z * 2; });
  struct Inner { int m(int y) { return y * 2; } };
  Local lo;
  while (t < 100) {
    t += Inner().m(u) + lo.q;
  }
  if (int c = t % 3)
    u += c;
  decltype(t + 1) r = sizeof(int[4]);
  return u + (n ? user(r) : 0) + a.x + b.y + a.pad;
}
)";

/// Every declaration and statement of the translation unit, as clang's map
/// visits them (instantiations and implicit code included), headers too.
class AllNodes : public RecursiveASTVisitor<AllNodes> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }
  bool VisitDecl(Decl *D) {
    Nodes.push_back(DynTypedNode::create(*D));
    return true;
  }
  bool VisitStmt(Stmt *S) {
    Nodes.push_back(DynTypedNode::create(*S));
    return true;
  }
  std::vector<DynTypedNode> Nodes;
};

std::unique_ptr<ASTUnit> parse() {
  return tooling::buildASTFromCodeWithArgs(
      MainFile, {"-std=c++17", "-isystem", "/sys"}, "main.cc", "clang-tool",
      std::make_shared<PCHContainerOperations>(),
      tooling::getClangStripDependencyFileAdjuster(),
      {{"/sys/lib.h", SystemHeader}});
}

bool sameList(DynTypedNodeList A, DynTypedNodeList B) {
  if (A.size() != B.size())
    return false;
  for (size_t I = 0; I < A.size(); ++I)
    if (!(A[I] == B[I]))
      return false;
  return true;
}

TEST(ProjectParents, SameAsClangForEveryNode) {
  std::unique_ptr<ASTUnit> AST = parse();
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->getASTContext();
  AllNodes All;
  All.TraverseAST(Ctx);
  ASSERT_GT(All.Nodes.size(), 200u);
  ProjectParents P(Ctx);
  // Ours first, so that clang's map is not what answers them.
  std::vector<std::vector<DynTypedNode>> Mine;
  for (const DynTypedNode &N : All.Nodes) {
    DynTypedNodeList L = parentsOf(Ctx, N);
    Mine.emplace_back(L.begin(), L.end());
  }
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned MainNodes = 0;
  for (size_t I = 0; I < All.Nodes.size(); ++I) {
    const DynTypedNode &N = All.Nodes[I];
    DynTypedNodeList Theirs = Ctx.getParents(N);
    EXPECT_TRUE(sameList(llvm::ArrayRef<DynTypedNode>(Mine[I]), Theirs))
        << N.getNodeKind().asStringRef().str() << " at "
        << N.getSourceRange().getBegin().printToString(SM);
    if (SM.isInMainFile(SM.getExpansionLoc(N.getSourceRange().getBegin())))
      ++MainNodes;
  }
  // Most of the main file's nodes were answered without clang's map.
  EXPECT_LT(P.misses(), All.Nodes.size() - MainNodes / 2);
}

/// The first node of kind T whose source text begins at \p Line:\p Col of the
/// main file.
template <typename T>
const T *nodeAt(ASTContext &Ctx, const std::vector<DynTypedNode> &Nodes,
                unsigned Line, unsigned Col) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const DynTypedNode &N : Nodes)
    if (const T *X = N.get<T>()) {
      SourceLocation L = SM.getExpansionLoc(X->getBeginLoc());
      if (SM.isInMainFile(L) && SM.getExpansionLineNumber(L) == Line &&
          SM.getExpansionColumnNumber(L) == Col)
        return X;
    }
  return nullptr;
}

TEST(ProjectParents, MainFileWalksNeedNoClangMap) {
  std::unique_ptr<ASTUnit> AST = parse();
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->getASTContext();
  AllNodes All;
  All.TraverseAST(Ctx);
  ProjectParents P(Ctx);
  // `t` in the lambda's body (line 18), walked up to the function.
  const auto *T = nodeAt<DeclRefExpr>(Ctx, All.Nodes, 18, 37);
  ASSERT_TRUE(T);
  DynTypedNode N = DynTypedNode::create(*T);
  unsigned Steps = 0;
  for (DynTypedNodeList L = parentsOf(Ctx, N); !L.empty() && Steps < 64;
       L = parentsOf(Ctx, L[0]), ++Steps)
    if (L[0].get<FunctionDecl>() && !L[0].get<CXXMethodDecl>())
      break;
  EXPECT_GT(Steps, 3u);
  EXPECT_EQ(P.misses(), 0u);
  // A node of the system header is clang's to answer.
  for (const DynTypedNode &X : All.Nodes)
    if (const auto *R = X.get<ReturnStmt>())
      if (Ctx.getSourceManager().isInSystemHeader(R->getBeginLoc())) {
        EXPECT_TRUE(sameList(parentsOf(Ctx, X), Ctx.getParents(X)));
        break;
      }
  EXPECT_EQ(P.misses(), 1u);
}

TEST(ProjectParents, WithoutARegisteredMapClangAnswers) {
  std::unique_ptr<ASTUnit> AST = parse();
  ASSERT_TRUE(AST);
  ASTContext &Ctx = AST->getASTContext();
  AllNodes All;
  All.TraverseAST(Ctx);
  for (const DynTypedNode &N : All.Nodes)
    EXPECT_TRUE(sameList(parentsOf(Ctx, N), Ctx.getParents(N)));
}

} // namespace
