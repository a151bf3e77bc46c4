//===- Expr.h - Symbolic expressions over thread symbols --------*- C++ -*-===//
//
// Part of warplint. Index and condition expressions of device code, built only
// through ExprContext's canonicalising factories: nodes are immutable and
// uniqued, so pointer equality is structural equality (a + b and b + a are the
// same node). Values are integers of a given bit width and signedness; every
// simplification a factory makes holds for all values in that arithmetic
// (two's complement, wrapping), which SimplifierTest and the fuzzer check by
// evaluation. LLVM's ScalarEvolution is the model.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_SYMBOLIC_EXPR_H
#define WARPLINT_SYMBOLIC_EXPR_H

#include "Symbolic/Budgets.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Allocator.h"
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace warplint {
namespace sym {

/// Every routine that recurses over an expression stops at this depth; the
/// factories refuse to build deeper nodes (they return Unknown instead).
constexpr unsigned MaxExprDepth = budget::ExprDepth;

/// Which of the three components of a dim3.
enum class Dim : uint8_t { X = 0, Y = 1, Z = 2 };
/// The dimension a component name ("x", "y", "z" of a dim3 or uint3) names.
inline std::optional<Dim> dimNamed(llvm::StringRef Component) {
  if (Component == "x")
    return Dim::X;
  if (Component == "y")
    return Dim::Y;
  if (Component == "z")
    return Dim::Z;
  return std::nullopt;
}

/// How far a value is shared among threads. Ordered: each level is uniform
/// over a larger group than the next.
enum class Uniformity : uint8_t {
  Constant,     ///< Known at compile time.
  GridUniform,  ///< Same for every thread of the launch (params, blockDim).
  BlockUniform, ///< Same within a block (blockIdx).
  WarpUniform,  ///< Same within each warp (threadIdx.y when blockDim.x % 32 ==
                ///< 0).
  LaneVarying,  ///< May differ between lanes of a warp.
};
llvm::StringRef uniformityName(Uniformity U);

enum class ExprKind : uint8_t {
  // Leaves.
  Constant,
  ThreadIdx,
  BlockIdx,
  BlockDim,
  GridDim,
  Param,
  LoopIV,
  Unknown,
  // Operators.
  Add, ///< n-ary, canonical: non-constant terms sorted, constant last.
  Mul, ///< n-ary, canonical: factors sorted, constant first.
  Div, ///< C division (truncating; unsigned when the type is unsigned).
  Rem, ///< C remainder.
  Shl,
  Shr, ///< Arithmetic when signed, logical when unsigned.
  And,
  Or,
  Xor,
  Min,
  Max,
  Select, ///< Ops: condition, true value, false value.
  Eq,
  Ne,
  Lt,
  Le,
  LogicalAnd,
  LogicalOr,
  LogicalNot,
  Cast, ///< Truncation or extension to this node's width and signedness.
};

/// An integer type: width in bits (1..64) and signedness.
struct IntType {
  uint8_t Bits = 32;
  bool Signed = true;
  bool operator==(const IntType &O) const {
    return Bits == O.Bits && Signed == O.Signed;
  }
  bool operator!=(const IntType &O) const { return !(*this == O); }
  /// Wraps \p V into this type (truncate, then sign- or zero-extend).
  int64_t wrap(int64_t V) const;
  static IntType i32() { return {32, true}; }
  static IntType u32() { return {32, false}; }
  static IntType i64() { return {64, true}; }
  static IntType u64() { return {64, false}; }
  static IntType boolean() { return {1, false}; }
};

/// An immutable, uniqued expression node. Create through ExprContext only.
class Expr : public llvm::FoldingSetNode {
public:
  ExprKind kind() const { return Kind; }
  IntType type() const { return Type; }
  unsigned depth() const { return Depth; }
  unsigned id() const { return ID; }
  llvm::ArrayRef<const Expr *> ops() const { return {Ops, NumOps}; }
  const Expr *op(unsigned I) const { return Ops[I]; }

  bool isConstant() const { return Kind == ExprKind::Constant; }
  /// The value of a Constant node.
  int64_t constant() const { return Value; }
  bool isConstant(int64_t V) const { return isConstant() && Value == V; }
  /// The dimension of a ThreadIdx/BlockIdx/BlockDim/GridDim leaf.
  Dim dim() const { return static_cast<Dim>(Value); }
  /// Name of a Param or LoopIV, reason of an Unknown.
  llvm::StringRef name() const { return Name; }
  /// LoopIV range [Lo, Hi) with Step, when known.
  std::optional<int64_t> ivLo() const { return IVLo; }
  std::optional<int64_t> ivHi() const { return IVHi; }
  int64_t ivStep() const { return IVStep; }
  /// Uniformity stated for an Unknown or LoopIV leaf.
  Uniformity leafUniformity() const { return LeafUniformity; }

  /// True when the value can differ between lanes of one warp for some
  /// blockDim: the subtree holds threadIdx or a lane-varying leaf.
  bool mayVaryByLane() const { return Flags & FlagLane; }
  bool hasThreadIdx() const { return Flags & FlagThreadIdx; }
  bool hasUnknown() const { return Flags & FlagUnknown; }

  void Profile(llvm::FoldingSetNodeID &ID) const;

private:
  friend class ExprContext;
  enum : uint8_t { FlagLane = 1, FlagThreadIdx = 2, FlagUnknown = 4 };
  Expr() = default;

  ExprKind Kind = ExprKind::Constant;
  IntType Type;
  uint8_t Flags = 0;
  Uniformity LeafUniformity = Uniformity::LaneVarying;
  unsigned Depth = 1;
  unsigned ID = 0;
  unsigned NumOps = 0;
  const Expr *const *Ops = nullptr;
  int64_t Value = 0;
  llvm::StringRef Name;
  std::optional<int64_t> IVLo, IVHi;
  int64_t IVStep = 1;
};

/// Owns expression nodes and builds them through canonicalising factories.
class ExprContext {
public:
  ExprContext();
  ~ExprContext();
  ExprContext(const ExprContext &) = delete;
  ExprContext &operator=(const ExprContext &) = delete;

  // Leaves.
  const Expr *constant(int64_t V, IntType T = IntType::i32());
  const Expr *threadIdx(Dim D);
  const Expr *blockIdx(Dim D);
  const Expr *blockDim(Dim D);
  const Expr *gridDim(Dim D);
  const Expr *param(llvm::StringRef Name, IntType T = IntType::i32());
  /// A loop induction variable; \p U says whether its value is the same
  /// across the warp (loop bounds and step uniform) or varies by lane.
  const Expr *loopIV(llvm::StringRef Name, std::optional<int64_t> Lo,
                     std::optional<int64_t> Hi, int64_t Step = 1,
                     IntType T = IntType::i32(),
                     Uniformity U = Uniformity::GridUniform);
  /// A value warplint cannot express. Every call makes a distinct leaf (two
  /// unknowns never cancel); \p U is what is known of its uniformity.
  const Expr *unknown(llvm::StringRef Reason, IntType T = IntType::i32(),
                      Uniformity U = Uniformity::LaneVarying);

  // Arithmetic (operands are converted to a common type as C does).
  const Expr *add(const Expr *A, const Expr *B);
  const Expr *sub(const Expr *A, const Expr *B);
  const Expr *neg(const Expr *A);
  const Expr *mul(const Expr *A, const Expr *B);
  const Expr *div(const Expr *A, const Expr *B);
  const Expr *rem(const Expr *A, const Expr *B);
  const Expr *shl(const Expr *A, const Expr *B);
  const Expr *shr(const Expr *A, const Expr *B);
  const Expr *bitAnd(const Expr *A, const Expr *B);
  const Expr *bitOr(const Expr *A, const Expr *B);
  const Expr *bitXor(const Expr *A, const Expr *B);
  const Expr *min(const Expr *A, const Expr *B);
  const Expr *max(const Expr *A, const Expr *B);
  const Expr *select(const Expr *C, const Expr *T, const Expr *F);
  const Expr *cast(const Expr *A, IntType T);

  // Conditions (type: 1-bit unsigned).
  const Expr *eq(const Expr *A, const Expr *B);
  const Expr *ne(const Expr *A, const Expr *B);
  const Expr *lt(const Expr *A, const Expr *B);
  const Expr *le(const Expr *A, const Expr *B);
  const Expr *gt(const Expr *A, const Expr *B) { return lt(B, A); }
  const Expr *ge(const Expr *A, const Expr *B) { return le(B, A); }
  const Expr *logicalAnd(const Expr *A, const Expr *B);
  const Expr *logicalOr(const Expr *A, const Expr *B);
  const Expr *logicalNot(const Expr *A);

  /// Number of distinct nodes built so far.
  unsigned size() const { return NextID; }

private:
  const Expr *make(ExprKind K, IntType T, llvm::ArrayRef<const Expr *> Ops,
                   int64_t Value = 0, llvm::StringRef Name = "");
  const Expr *makeAdd(IntType T, llvm::ArrayRef<const Expr *> Ops);
  const Expr *makeMul(IntType T, llvm::ArrayRef<const Expr *> Ops);
  const Expr *binary(ExprKind K, const Expr *A, const Expr *B);
  std::pair<const Expr *, const Expr *> unify(const Expr *A, const Expr *B);
  const Expr *promote(const Expr *E);
  const Expr *tooDeep(IntType T);
  struct Terms;
  void collect(const Expr *E, int64_t Coeff, IntType T, Terms &Out);

  llvm::BumpPtrAllocator Alloc;
  llvm::FoldingSet<Expr> Nodes;
  unsigned NextID = 0;
};

/// Values of the leaves for concrete evaluation.
struct Env {
  unsigned ThreadIdx[3] = {0, 0, 0};
  unsigned BlockIdx[3] = {0, 0, 0};
  unsigned BlockDim[3] = {1, 1, 1};
  unsigned GridDim[3] = {1, 1, 1};
  /// Values of Param and LoopIV leaves, by name.
  std::function<std::optional<int64_t>(llvm::StringRef)> Lookup;
};

/// Evaluates \p E; nullopt for Unknown leaves, unbound names, division by
/// zero and out-of-range shifts (C's undefined behaviour), or excessive depth.
std::optional<int64_t> evaluate(const Expr *E, const Env &Values);

/// C-like text: "threadIdx.x + 32 * blockIdx.x".
std::string toString(const Expr *E);

/// \p E with every node in \p Map replaced by its value, rebuilt through
/// \p SC so that constants fold (`(w % 2) && t == 7` with `w % 2` -> 0 is 0).
const Expr *substitute(ExprContext &SC, const Expr *E,
                       const llvm::DenseMap<const Expr *, const Expr *> &Map,
                       unsigned Depth = 0);

/// \p E with its products of sums multiplied out, (a + b) * c -> a * c + b * c,
/// so that the terms a difference shares cancel: `(tid + 1) * n - tid * n` is
/// n. \p Budget is the number of terms expansions may still create, shared by
/// the calls that pass it (it falls as they do); a product is left as it is
/// where expanding it would pass that (or nest deeper than 8).
const Expr *expandProducts(ExprContext &SC, const Expr *E, unsigned &Budget);

/// select(\p C, \p T, \p F) as min(T, F) or max(T, F) when the test compares
/// the two values: directly (`t < f ? t : f`, in either order, strict or not,
/// any signedness), or in signed arithmetic, where overflow is undefined, through
/// values whose difference is T - F's up to the one that makes the two tests
/// agree (`n < j + 1 ? j + 1 - n : 1` is max(j + 1 - n, 1); `n < e ? n : e` is
/// min(n, e)). Null when it is neither: a select that is not a clamp.
const Expr *minMaxOfSelect(ExprContext &SC, const Expr *C, const Expr *T,
                           const Expr *F);

/// select(\p C, \p T, \p F), as the minimum or maximum it is where it is one
/// (minMaxOfSelect).
const Expr *clampOrSelect(ExprContext &SC, const Expr *C, const Expr *T,
                          const Expr *F);

/// Calls F on every node of \p E once (post-order), within the depth budget.
void forEachNode(const Expr *E, llvm::function_ref<void(const Expr *)> F);

} // namespace sym
} // namespace warplint

#endif
