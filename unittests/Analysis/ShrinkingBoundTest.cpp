//===- ShrinkingBoundTest.cpp - Bounds that shrink under their own test ---===//
#include "Analysis/divergence/ShrinkingBound.h"

#include "Frontend/ValueFlow.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace warplint;
using namespace warplint::divergence;

namespace {

const IfStmt *firstIf(const Stmt *S) {
  if (!S)
    return nullptr;
  if (const auto *IS = dyn_cast<IfStmt>(S))
    return IS;
  for (const Stmt *C : S->children())
    if (const IfStmt *IS = firstIf(C))
      return IS;
  return nullptr;
}

/// shrinkingBound on the first `if` of function f in \p Code.
std::optional<ShrinkingBound> recognise(const std::string &Code) {
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCode(Code);
  EXPECT_TRUE(AST);
  ASTContext &Ctx = AST->getASTContext();
  const FunctionDecl *F = nullptr;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *FD = dyn_cast<FunctionDecl>(D))
      if (FD->getName() == "f" && FD->hasBody())
        F = FD;
  EXPECT_TRUE(F);
  ValueFlow Flow(*F, Ctx);
  const IfStmt *IS = firstIf(F->getBody());
  EXPECT_TRUE(IS);
  std::optional<ShrinkingBound> B = shrinkingBound(*IS, Flow, Ctx);
  // The AST dies with this function: keep only what the tests read.
  if (B) {
    B->Var = nullptr;
    B->Use = nullptr;
    B->Index = nullptr;
    B->Start = nullptr;
    B->Loop = nullptr;
  }
  return B;
}

TEST(ShrinkingBoundTest, HalvedUnderItsOwnTest) {
  auto B = recognise("void g(float);\n"
                     "void f(int tid, unsigned L) {\n"
                     "  unsigned n = 128;\n"
                     "  for (unsigned i = 0; i < L; ++i) {\n"
                     "    if (tid < n) { g(1.0f); n = n >> 1; }\n"
                     "    g(2.0f);\n"
                     "  }\n"
                     "}\n");
  ASSERT_TRUE(B);
  ASSERT_EQ(B->Steps.size(), 1u);
  EXPECT_EQ(B->Steps[0].Op, BO_Shr);
  EXPECT_EQ(B->Steps[0].By, 1);
  EXPECT_FALSE(B->Signed);
}

TEST(ShrinkingBoundTest, OtherFormsOfTheTestAndUpdate) {
  // v >= x, divided; two updates in order.
  auto B = recognise("void f(int tid, int L) {\n"
                     "  int n = 256;\n"
                     "  while (L-- > 0) {\n"
                     "    if (n > tid) { n /= 2; n -= 1; }\n"
                     "  }\n"
                     "}\n");
  ASSERT_TRUE(B);
  ASSERT_EQ(B->Steps.size(), 2u);
  EXPECT_EQ(B->Steps[0].Op, BO_Div);
  EXPECT_EQ(B->Steps[1].Op, BO_Sub);
  EXPECT_TRUE(B->Signed);
  EXPECT_EQ(shrinkOnce(*B, 256), std::optional<int64_t>(127));
  EXPECT_EQ(shrinkOnce(*B, 1), std::optional<int64_t>(-1));
  EXPECT_EQ(shrinkOnce(*B, -1), std::nullopt); // a negative value would grow
}

TEST(ShrinkingBoundTest, Refusals) {
  const char *Head = "void g(float);\nvoid f(int tid, unsigned L, bool c) {\n"
                     "  unsigned n = 128;\n"
                     "  for (unsigned i = 0; i < L; ++i) {\n";
  const char *Tail = "  }\n}\n";
  auto Refused = [&](const std::string &Body) {
    return !recognise(std::string(Head) + Body + Tail);
  };
  // The control: each case below differs from it in one respect.
  EXPECT_FALSE(Refused("if (tid < n) { g(1.0f); n >>= 1; }\ng(2.0f);\n"));
  EXPECT_FALSE(Refused("if (tid <= n) { n = n / 2; }\n"));
  EXPECT_TRUE(Refused("if (tid < n) { n <<= 1; }\n"));      // grows
  EXPECT_TRUE(Refused("if (tid < n) { n += 1; }\n"));       // grows
  EXPECT_TRUE(Refused("if (tid < n && c) { n >>= 1; }\n")); // another conjunct
  EXPECT_TRUE(Refused("if (tid % n == 0) { n >>= 1; }\n")); // not a threshold
  EXPECT_TRUE(Refused("if (n < tid) { n >>= 1; }\n")); // passes while small
  EXPECT_TRUE(
      Refused("if (tid < n) { if (c) n >>= 1; }\n")); // not every passer
  EXPECT_TRUE(Refused("if (tid < n) { if (c) break; n >>= 1; }\n"));
  EXPECT_TRUE(Refused("if (c) continue;\nif (tid < n) { n >>= 1; }\n"));
  EXPECT_TRUE(
      Refused("if (tid < n) { n >>= 1; }\nn >>= 1;\n")); // outside the test
  EXPECT_TRUE(
      Refused("if (tid < n) { n >>= 1; }\ntid = tid / 2;\n")); // x moves
  EXPECT_TRUE(Refused("if (tid < n) { n -= 2; }\n"));          // unsigned wraps
  EXPECT_TRUE(Refused("if (tid < n) { n >>= L; }\n"));         // not a constant
}

TEST(ShrinkingBoundTest, OneStartOnly) {
  // Two definitions reach the loop: no one start.
  EXPECT_FALSE(recognise("void f(int tid, unsigned L, bool c) {\n"
                         "  unsigned n = 128;\n"
                         "  if (c) n = 64;\n"
                         "  for (unsigned i = 0; i < L; ++i)\n"
                         "    if (tid < n) { n >>= 1; }\n"
                         "}\n"));
  // The loop around does not start it again: a lane's larger bound would
  // meet the next run.
  EXPECT_FALSE(recognise("void f(int tid, unsigned L) {\n"
                         "  unsigned n = 128;\n"
                         "  for (unsigned o = 0; o < L; ++o)\n"
                         "    for (unsigned i = 0; i < L; ++i)\n"
                         "      if (tid < n) { n >>= 1; }\n"
                         "}\n"));
  EXPECT_TRUE(recognise("void f(int tid, unsigned L) {\n"
                        "  for (unsigned o = 0; o < L; ++o) {\n"
                        "    unsigned n = 128;\n"
                        "    for (unsigned i = 0; i < L; ++i)\n"
                        "      if (tid < n) { n >>= 1; }\n"
                        "  }\n"
                        "}\n"));
}

} // namespace
