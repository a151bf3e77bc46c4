//===- UniformityTest.cpp - Warp-granular uniformity facts ----------------===//
#include "Symbolic/Uniformity.h"
#include "TestSupport/ExprParser.h"

#include "gtest/gtest.h"

using namespace warplint::sym;

namespace {

Uniformity level(llvm::StringRef S, ShapeFacts F = {}) {
  ExprContext C;
  auto E = parseExpr(C, S);
  EXPECT_TRUE(bool(E));
  return classifyUniformity(C, *E, F).Level;
}

ShapeFacts block(unsigned X, unsigned Y = 1) {
  ShapeFacts F;
  F.BlockDim = std::array<unsigned, 3>{X, Y, 1};
  return F;
}

TEST(Uniformity, LeavesHaveTheirScope) {
  EXPECT_EQ(level("42"), Uniformity::Constant);
  EXPECT_EQ(level("n * blockDim.x"), Uniformity::GridUniform);
  EXPECT_EQ(level("blockIdx.x * 256 + n"), Uniformity::BlockUniform);
  EXPECT_EQ(level("threadIdx.x"), Uniformity::LaneVarying);
}

TEST(Uniformity, ThreadIdxXOver32IsWarpUniformWhenBlockDimXIsAMultiple) {
  ShapeFacts F;
  F.BlockDimXMultipleOfWarp = true;
  EXPECT_EQ(level("threadIdx.x / 32", F), Uniformity::WarpUniform);
  EXPECT_EQ(level("threadIdx.x / 16", F), Uniformity::LaneVarying);
}

TEST(Uniformity, ThreadIdxYIsWarpUniformWhenBlockDimXIs32) {
  EXPECT_EQ(level("threadIdx.y", block(32, 8)), Uniformity::WarpUniform);
  EXPECT_EQ(level("threadIdx.y", block(16, 16)), Uniformity::LaneVarying);
}

TEST(Uniformity, WarpIndexOfA2DBlockIsWarpUniform) {
  EXPECT_EQ(level("(ty * 16 + tx) / 32", block(16, 16)),
            Uniformity::WarpUniform);
}

TEST(Uniformity, ValuesEqualAcrossTheBlockAreBlockUniform) {
  EXPECT_EQ(level("tx - tx + bx", block(64)), Uniformity::BlockUniform);
  EXPECT_EQ(level("tx / 64", block(64)), Uniformity::Constant);
}

TEST(Uniformity, LaneVaryingUnknownsStayVarying) {
  ExprContext C;
  const Expr *E = C.add(C.unknown("load from a[threadIdx.x]"), C.constant(1));
  EXPECT_EQ(classifyUniformity(C, E, block(32)).Level, Uniformity::LaneVarying);
  const Expr *S = C.unknown("__shfl_sync(m, v, 0)", IntType::i32(),
                            Uniformity::WarpUniform);
  EXPECT_EQ(classifyUniformity(C, S, {}).Level, Uniformity::WarpUniform);
}

} // namespace
