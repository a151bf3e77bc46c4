//===- ParserTest.cpp - Text to expressions -------------------------------===//
#include "TestSupport/ExprParser.h"

#include "gtest/gtest.h"

using namespace warplint::sym;

namespace {

std::string err(ExprContext &C, llvm::StringRef S) {
  auto E = parseExpr(C, S);
  if (E)
    return "";
  return llvm::toString(E.takeError());
}

TEST(Parser, PrecedenceIsC) {
  ExprContext C;
  EXPECT_EQ(*parseExpr(C, "1 + 2 * 3 << 1"), C.constant(14));
  EXPECT_EQ(*parseExpr(C, "1 | 2 ^ 3 & 1"), C.constant(3));
}

TEST(Parser, ShortNamesAreIntCastsOfTheBuiltins) {
  ExprContext C;
  EXPECT_EQ(*parseExpr(C, "tx"), C.cast(C.threadIdx(Dim::X), IntType::i32()));
  EXPECT_EQ(*parseExpr(C, "threadIdx.y"), C.threadIdx(Dim::Y));
  EXPECT_EQ(*parseExpr(C, "width"), C.param("width"));
}

TEST(Parser, ErrorsSayWhere) {
  ExprContext C;
  EXPECT_EQ(err(C, "tx +"), "column 5: expected an expression");
  EXPECT_EQ(err(C, "threadIdx.w"), "column 12: expected x, y or z");
  EXPECT_EQ(err(C, "(tx"), "column 4: expected ')'");
}

TEST(Parser, DeepNestingIsRejectedNotACrash) {
  ExprContext C;
  std::string S(5000, '(');
  EXPECT_NE(err(C, S + "1" + std::string(5000, ')')).find("nested too deeply"),
            std::string::npos);
}

} // namespace
