//===- SimplifierFuzzer.cpp - libFuzzer: simplification keeps values -----===//
//
// The input bytes describe a random expression tree over threadIdx.x/y,
// blockIdx.x, a parameter and small constants, plus lane values. The tree is
// evaluated directly (C semantics, 32-bit int, no simplification) and through
// ExprContext's canonicalising factories; the two must agree wherever C
// defines the result. Build: see unittests/Symbolic/CMakeLists.txt
// (WARPLINT_FUZZERS=ON, Clang with compiler-rt).
//
//===----------------------------------------------------------------------===//
#include "Symbolic/Expr.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>

using namespace warplint::sym;

namespace {
struct Reader {
  const uint8_t *Data;
  size_t Size, Pos = 0;
  uint8_t next() { return Pos < Size ? Data[Pos++] : 0; }
};

int64_t i32(int64_t V) { return int64_t(int32_t(uint32_t(V))); }

/// Builds the same tree twice: a reference value and an Expr.
struct Built {
  std::optional<int64_t> Ref;
  const Expr *E;
};

Built build(Reader &R, ExprContext &C, const int64_t *Leaf, unsigned Depth) {
  uint8_t Op = R.next();
  if (Depth == 0 || Op < 64) {
    unsigned L = Op % 5;
    if (L == 0)
      return {Leaf[0], C.cast(C.threadIdx(Dim::X), IntType::i32())};
    if (L == 1)
      return {Leaf[1], C.cast(C.threadIdx(Dim::Y), IntType::i32())};
    if (L == 2)
      return {Leaf[2], C.cast(C.blockIdx(Dim::X), IntType::i32())};
    if (L == 3)
      return {Leaf[3], C.param("n")};
    int64_t K = int64_t(int8_t(R.next()));
    return {K, C.constant(K)};
  }
  Built A = build(R, C, Leaf, Depth - 1);
  Built B = build(R, C, Leaf, Depth - 1);
  std::optional<int64_t> X = A.Ref, Y = B.Ref, V;
  const Expr *E;
  switch (Op % 16) {
  case 0:
    E = C.add(A.E, B.E);
    if (X && Y)
      V = i32(*X + *Y);
    break;
  case 1:
    E = C.sub(A.E, B.E);
    if (X && Y)
      V = i32(*X - *Y);
    break;
  case 2:
    E = C.mul(A.E, B.E);
    if (X && Y)
      V = i32(int64_t(uint64_t(*X) * uint64_t(*Y)));
    break;
  case 3:
    E = C.div(A.E, B.E);
    if (X && Y && *Y && !(*X == INT32_MIN && *Y == -1))
      V = *X / *Y;
    break;
  case 4:
    E = C.rem(A.E, B.E);
    if (X && Y && *Y && !(*X == INT32_MIN && *Y == -1))
      V = *X % *Y;
    break;
  case 5:
    E = C.shl(A.E, B.E);
    if (X && Y && *Y >= 0 && *Y < 32)
      V = i32(int64_t(uint64_t(*X) << *Y));
    break;
  case 6:
    E = C.shr(A.E, B.E);
    if (X && Y && *Y >= 0 && *Y < 32)
      V = *X >> *Y;
    break;
  case 7:
    E = C.bitAnd(A.E, B.E);
    if (X && Y)
      V = *X & *Y;
    break;
  case 8:
    E = C.bitOr(A.E, B.E);
    if (X && Y)
      V = *X | *Y;
    break;
  case 9:
    E = C.bitXor(A.E, B.E);
    if (X && Y)
      V = *X ^ *Y;
    break;
  case 10:
    E = C.min(A.E, B.E);
    if (X && Y)
      V = std::min(*X, *Y);
    break;
  case 11:
    E = C.max(A.E, B.E);
    if (X && Y)
      V = std::max(*X, *Y);
    break;
  case 12:
    E = C.lt(A.E, B.E);
    if (X && Y)
      V = *X < *Y;
    break;
  case 13:
    E = C.eq(A.E, B.E);
    if (X && Y)
      V = *X == *Y;
    break;
  case 14:
    E = C.select(A.E, B.E, A.E);
    if (X && (!*X || Y))
      V = *X ? *Y : *X;
    break;
  default:
    E = C.logicalOr(A.E, C.logicalNot(B.E));
    if (X && Y)
      V = (*X != 0) || (*Y == 0);
    break;
  }
  return {V, E};
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  Reader R{Data, Size};
  int64_t Leaf[4];
  Leaf[0] = R.next() * 4 + (R.next() & 3);                // threadIdx.x < 1024
  Leaf[1] = R.next() & 63;                                // threadIdx.y
  Leaf[2] = (R.next() << 8) | R.next();                   // blockIdx.x
  Leaf[3] = int64_t(int16_t((R.next() << 8) | R.next())); // n
  ExprContext C;
  Built B = build(R, C, Leaf, 6);
  if (!B.Ref)
    return 0; // Undefined in C: nothing to compare.
  Env En;
  En.ThreadIdx[0] = unsigned(Leaf[0]);
  En.ThreadIdx[1] = unsigned(Leaf[1]);
  En.BlockIdx[0] = unsigned(Leaf[2]);
  int64_t N = Leaf[3];
  En.Lookup = [N](llvm::StringRef) { return std::optional<int64_t>(N); };
  std::optional<int64_t> Got = evaluate(B.E, En);
  if (!Got || *Got != *B.Ref) {
    std::fprintf(stderr, "mismatch: %s = %lld, reference %lld\n",
                 toString(B.E).c_str(), (long long)Got.value_or(-999999),
                 (long long)*B.Ref);
    std::abort();
  }
  return 0;
}
