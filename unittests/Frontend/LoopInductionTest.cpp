//===- LoopInductionTest.cpp - The one induction-variable recogniser ------===//
#include "Frontend/LoopInduction.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace warplint;

namespace {

/// The for loops of \p Code, in source order, with the AST kept alive.
struct Loops {
  std::unique_ptr<ASTUnit> AST;
  llvm::SmallVector<const ForStmt *, 8> For;
  explicit Loops(llvm::StringRef Code)
      : AST(tooling::buildASTFromCode(Code)) {
    for (const BoundNodes &N :
         match(forStmt().bind("f"),
               AST->getASTContext()))
      For.push_back(N.getNodeAs<ForStmt>("f"));
  }
};

TEST(LoopInduction, AdditiveForms) {
  Loops L("void f(int n, int s) {"
          "  for (int i = 0; i < n; ++i) {}"
          "  for (int i = n; i > 0; i--) {}"
          "  for (int i = 0; i < n; i += s) {}"
          "  for (int i = 0; i < n; i -= 4) {}"
          "  for (int i = 0; i < n; i = i + s) {}"
          "}");
  ASSERT_EQ(L.For.size(), 5u);
  std::optional<ForInduction> I = forInduction(*L.For[0]);
  ASSERT_TRUE(I);
  EXPECT_EQ(I->Var->getName(), "i");
  EXPECT_TRUE(I->Step.Additive);
  EXPECT_EQ(I->Step.Step, nullptr); // ++: a step of 1
  EXPECT_FALSE(I->Step.Negate);
  I = forInduction(*L.For[1]);
  ASSERT_TRUE(I);
  EXPECT_TRUE(I->Step.Negate);
  I = forInduction(*L.For[2]);
  ASSERT_TRUE(I);
  ASSERT_NE(I->Step.Step, nullptr);
  EXPECT_TRUE(I->Step.ShortForm);
  I = forInduction(*L.For[3]);
  ASSERT_TRUE(I);
  EXPECT_TRUE(I->Step.Negate);
  I = forInduction(*L.For[4]);
  ASSERT_TRUE(I);
  EXPECT_TRUE(I->Step.Additive);
  EXPECT_FALSE(I->Step.ShortForm);
}

TEST(LoopInduction, GeometricForms) {
  Loops L("void f(int n) {"
          "  for (int s = n; s > 0; s >>= 1) {}"
          "  for (int s = 1; s < n; s *= 2) {}"
          "  for (int s = n; s > 0; s = s / 2) {}"
          "}");
  ASSERT_EQ(L.For.size(), 3u);
  std::optional<ForInduction> I = forInduction(*L.For[0]);
  ASSERT_TRUE(I);
  EXPECT_FALSE(I->Step.Additive);
  EXPECT_EQ(I->Step.GeometricOp, BO_Shr);
  I = forInduction(*L.For[1]);
  ASSERT_TRUE(I);
  EXPECT_EQ(I->Step.GeometricOp, BO_Mul);
  I = forInduction(*L.For[2]);
  ASSERT_TRUE(I);
  EXPECT_EQ(I->Step.GeometricOp, BO_Div);
  EXPECT_FALSE(I->Step.ShortForm);
}

TEST(LoopInduction, NotInduction) {
  Loops L("void f(int n, int j) {"
          "  for (int i = 0; i < n; ++j) {}"      // steps another variable
          "  for (int i = 0; i < n; i = j + 1) {}" // not i op s
          "  for (int i = 0; i < n; i %= 3) {}"   // not an induction form
          "  for (int i = 0, k = 0; i < n; ++i) {}" // two declarations
          "  for (float x = 0; x < n; x += 1) {}" // not an integer
          "  for (int i; i < n; ++i) {}"          // no initialiser
          "}");
  ASSERT_EQ(L.For.size(), 6u);
  for (const ForStmt *F : L.For)
    EXPECT_FALSE(forInduction(*F));
}

} // namespace
