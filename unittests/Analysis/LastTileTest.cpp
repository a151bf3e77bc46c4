//===- LastTileTest.cpp - Remainders that fall with the position ----------===//
#include "Analysis/divergence/LastTile.h"

#include "gtest/gtest.h"

using namespace warplint;
using namespace warplint::sym;

namespace {

class LastTileTest : public ::testing::Test {
protected:
  ExprContext SC;
  const Expr *U(int64_t V) { return SC.constant(V, IntType::u32()); }
  /// blockIdx.x * blockDim.x + threadIdx.x, unsigned.
  const Expr *pos() {
    return SC.add(SC.mul(SC.blockIdx(Dim::X), SC.blockDim(Dim::X)),
                  SC.threadIdx(Dim::X));
  }
  const Expr *param(const char *N) { return SC.param(N, IntType::u32()); }
  bool falls(const Expr *R) { return divergence::fallsWithPosition(SC, R); }
};

TEST_F(LastTileTest, GroupBaseOfMergeSort) {
  // N - (pos - (pos & (stride / 128 - 1))) * 256 - stride
  const Expr *M = SC.sub(SC.div(param("stride"), U(128)), U(1));
  const Expr *I = SC.bitAnd(pos(), M);
  const Expr *Base = SC.mul(SC.sub(pos(), I), U(256));
  EXPECT_TRUE(falls(SC.sub(SC.sub(param("N"), Base), param("stride"))));
  // The group base written pos & ~(m - 1).
  const Expr *Masked = SC.bitAnd(pos(), SC.bitXor(M, U(0xffffffff)));
  EXPECT_TRUE(falls(SC.sub(param("N"), SC.mul(Masked, U(256)))));
}

TEST_F(LastTileTest, BlockIndexAndQuotients) {
  const Expr *N = SC.param("n", IntType::i32());
  const Expr *Row0 =
      SC.mul(SC.cast(SC.blockIdx(Dim::Y), IntType::i32()), SC.constant(16));
  EXPECT_TRUE(falls(SC.sub(N, Row0)));
  const Expr *Tile = SC.div(SC.cast(pos(), IntType::i32()), SC.constant(16));
  EXPECT_TRUE(falls(SC.sub(N, SC.mul(Tile, SC.constant(16)))));
}

TEST_F(LastTileTest, RefusesGrowingModuloAndMasks) {
  // Grows with the thread.
  EXPECT_FALSE(falls(pos()));
  EXPECT_FALSE(falls(SC.add(param("N"), pos())));
  // Rises and falls along the grid.
  EXPECT_FALSE(falls(SC.sub(param("N"), SC.rem(pos(), U(7)))));
  // The low bits alone (not subtracted from the index they come from).
  const Expr *M = SC.sub(param("m"), U(1));
  EXPECT_FALSE(falls(SC.sub(param("N"), SC.bitAnd(pos(), M))));
  // A mask that is no power-of-two rounding.
  EXPECT_FALSE(falls(SC.sub(param("N"), SC.bitAnd(pos(), U(6)))));
  // No position at all: no last tile to speak of.
  EXPECT_FALSE(falls(param("N")));
  // A lane-varying value the analysis cannot follow.
  EXPECT_FALSE(falls(SC.sub(param("N"), SC.unknown("load", IntType::u32(),
                                                   Uniformity::LaneVarying))));
}

} // namespace
