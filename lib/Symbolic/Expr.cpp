//===- Expr.cpp - Symbolic expressions over thread symbols ----------------===//
#include "Symbolic/Expr.h"
#include "Symbolic/Budgets.h"
#include "Symbolic/ConstantFold.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <algorithm>
#include <map>

namespace warplint {
namespace sym {

llvm::StringRef uniformityName(Uniformity U) {
  switch (U) {
  case Uniformity::Constant:
    return "constant";
  case Uniformity::GridUniform:
    return "grid-uniform";
  case Uniformity::BlockUniform:
    return "block-uniform";
  case Uniformity::WarpUniform:
    return "warp-uniform";
  case Uniformity::LaneVarying:
    return "lane-varying";
  }
  return "lane-varying";
}

int64_t IntType::wrap(int64_t V) const {
  if (Bits >= 64)
    return V;
  uint64_t Mask = (uint64_t(1) << Bits) - 1;
  uint64_t U = uint64_t(V) & Mask;
  if (Signed && (U >> (Bits - 1)))
    U |= ~Mask;
  return int64_t(U);
}

void Expr::Profile(llvm::FoldingSetNodeID &FID) const {
  FID.AddInteger(unsigned(Kind));
  FID.AddInteger(Type.Bits);
  FID.AddBoolean(Type.Signed);
  FID.AddInteger(Value);
  FID.AddString(Name);
  for (const Expr *O : ops())
    FID.AddPointer(O);
  FID.AddBoolean(IVLo.has_value());
  FID.AddInteger(IVLo.value_or(0));
  FID.AddBoolean(IVHi.has_value());
  FID.AddInteger(IVHi.value_or(0));
  FID.AddInteger(IVStep);
  FID.AddInteger(unsigned(LeafUniformity));
}

ExprContext::ExprContext() = default;
ExprContext::~ExprContext() = default;

const Expr *ExprContext::make(ExprKind K, IntType T,
                              llvm::ArrayRef<const Expr *> Ops, int64_t Value,
                              llvm::StringRef Name) {
  unsigned Depth = 1;
  for (const Expr *O : Ops)
    Depth = std::max(Depth, O->depth() + 1);
  if (Depth > MaxExprDepth)
    return tooDeep(T);
  Expr Probe;
  Probe.Kind = K;
  Probe.Type = T;
  Probe.Value = Value;
  Probe.Name = Name;
  Probe.Ops = Ops.data();
  Probe.NumOps = Ops.size();
  llvm::FoldingSetNodeID FID;
  Probe.Profile(FID);
  void *Pos;
  if (Expr *E = Nodes.FindNodeOrInsertPos(FID, Pos))
    return E;
  auto *E = new (Alloc) Expr();
  E->Kind = K;
  E->Type = T;
  E->Value = Value;
  E->Depth = Depth;
  E->ID = NextID++;
  if (!Name.empty()) {
    char *Buf = Alloc.Allocate<char>(Name.size());
    std::copy(Name.begin(), Name.end(), Buf);
    E->Name = llvm::StringRef(Buf, Name.size());
  }
  if (!Ops.empty()) {
    auto **Buf = Alloc.Allocate<const Expr *>(Ops.size());
    std::copy(Ops.begin(), Ops.end(), Buf);
    E->Ops = Buf;
    E->NumOps = Ops.size();
  }
  for (const Expr *O : Ops)
    E->Flags |= O->Flags;
  if (K == ExprKind::ThreadIdx)
    E->Flags |= Expr::FlagLane | Expr::FlagThreadIdx;
  Nodes.InsertNode(E, Pos);
  return E;
}

const Expr *ExprContext::tooDeep(IntType T) {
  return unknown("expression deeper than the analysis budget", T);
}

const Expr *ExprContext::constant(int64_t V, IntType T) {
  return make(ExprKind::Constant, T, {}, T.wrap(V));
}
const Expr *ExprContext::threadIdx(Dim D) {
  return make(ExprKind::ThreadIdx, IntType::u32(), {}, int64_t(D));
}
const Expr *ExprContext::blockIdx(Dim D) {
  return make(ExprKind::BlockIdx, IntType::u32(), {}, int64_t(D));
}
const Expr *ExprContext::blockDim(Dim D) {
  return make(ExprKind::BlockDim, IntType::u32(), {}, int64_t(D));
}
const Expr *ExprContext::gridDim(Dim D) {
  return make(ExprKind::GridDim, IntType::u32(), {}, int64_t(D));
}
const Expr *ExprContext::param(llvm::StringRef Name, IntType T) {
  return make(ExprKind::Param, T, {}, 0, Name);
}

const Expr *ExprContext::loopIV(llvm::StringRef Name, std::optional<int64_t> Lo,
                                std::optional<int64_t> Hi, int64_t Step,
                                IntType T, Uniformity U) {
  // Built by hand: the range and uniformity are part of the identity.
  Expr Probe;
  Probe.Kind = ExprKind::LoopIV;
  Probe.Type = T;
  Probe.Name = Name;
  Probe.IVLo = Lo;
  Probe.IVHi = Hi;
  Probe.IVStep = Step;
  Probe.LeafUniformity = U;
  llvm::FoldingSetNodeID FID;
  Probe.Profile(FID);
  void *Pos;
  if (Expr *E = Nodes.FindNodeOrInsertPos(FID, Pos))
    return E;
  auto *E = new (Alloc) Expr();
  *E = Probe;
  char *Buf = Alloc.Allocate<char>(Name.size());
  std::copy(Name.begin(), Name.end(), Buf);
  E->Name = llvm::StringRef(Buf, Name.size());
  E->ID = NextID++;
  if (U == Uniformity::LaneVarying)
    E->Flags |= Expr::FlagLane;
  Nodes.InsertNode(E, Pos);
  return E;
}

const Expr *ExprContext::unknown(llvm::StringRef Reason, IntType T,
                                 Uniformity U) {
  // Never uniqued: every unknown is distinct, so two never cancel.
  auto *E = new (Alloc) Expr();
  E->Kind = ExprKind::Unknown;
  E->Type = T;
  E->ID = NextID++;
  E->Value = E->ID;
  char *Buf = Alloc.Allocate<char>(Reason.size());
  std::copy(Reason.begin(), Reason.end(), Buf);
  E->Name = llvm::StringRef(Buf, Reason.size());
  E->LeafUniformity = U;
  E->Flags |= Expr::FlagUnknown;
  if (U == Uniformity::LaneVarying)
    E->Flags |= Expr::FlagLane;
  return E;
}

const Expr *ExprContext::promote(const Expr *E) {
  // C's integer promotions: anything narrower than int becomes int.
  if (E->type().Bits < 32)
    return cast(E, IntType::i32());
  return E;
}

std::pair<const Expr *, const Expr *> ExprContext::unify(const Expr *A,
                                                         const Expr *B) {
  A = promote(A);
  B = promote(B);
  IntType TA = A->type(), TB = B->type();
  if (TA == TB)
    return {A, B};
  // C's usual arithmetic conversions, after promotion to at least 32 bits.
  unsigned BA = std::max<unsigned>(TA.Bits, 32),
           BB = std::max<unsigned>(TB.Bits, 32);
  bool SA = TA.Signed || TA.Bits < 32, SB = TB.Signed || TB.Bits < 32;
  IntType T;
  if (SA == SB)
    T = {uint8_t(std::max(BA, BB)), SA};
  else if (!SA && BA >= BB)
    T = {uint8_t(BA), false};
  else if (!SB && BB >= BA)
    T = {uint8_t(BB), false};
  else
    T = {uint8_t(std::max(BA, BB)), true};
  return {cast(A, T), cast(B, T)};
}

/// Sums of terms: coefficient per non-constant atom, plus a constant.
struct ExprContext::Terms {
  std::map<unsigned, std::pair<const Expr *, int64_t>> ByID;
  int64_t Const = 0;
  void addTerm(const Expr *Atom, int64_t C) {
    auto &Slot = ByID[Atom->id()];
    Slot.first = Atom;
    Slot.second = int64_t(uint64_t(Slot.second) + uint64_t(C));
  }
};

static int64_t mulWrap(int64_t A, int64_t B) {
  return int64_t(uint64_t(A) * uint64_t(B));
}

void ExprContext::collect(const Expr *E, int64_t Coeff, IntType T, Terms &Out) {
  if (E->isConstant()) {
    Out.Const =
        int64_t(uint64_t(Out.Const) + uint64_t(mulWrap(Coeff, E->constant())));
    return;
  }
  if (E->kind() == ExprKind::Add && E->type() == T) {
    for (const Expr *O : E->ops())
      collect(O, Coeff, T, Out); // Add operands are never Adds: depth 1.
    return;
  }
  if (E->kind() == ExprKind::Mul && E->type() == T && E->op(0)->isConstant()) {
    llvm::ArrayRef<const Expr *> Rest = E->ops().drop_front();
    const Expr *Atom =
        Rest.size() == 1 ? Rest[0] : make(ExprKind::Mul, T, Rest);
    Out.addTerm(Atom, mulWrap(Coeff, E->op(0)->constant()));
    return;
  }
  Out.addTerm(E, Coeff);
}

const Expr *ExprContext::makeAdd(IntType T, llvm::ArrayRef<const Expr *> In) {
  Terms Ts;
  for (const Expr *E : In)
    collect(E, 1, T, Ts);
  llvm::SmallVector<const Expr *, 4> Ops;
  for (auto &[ID, P] : Ts.ByID) {
    int64_t C = T.wrap(P.second);
    if (C == 0)
      continue;
    if (C == 1) {
      Ops.push_back(P.first);
      continue;
    }
    // c * (x * y ...) stays one Mul with the constant first.
    llvm::SmallVector<const Expr *, 4> F{constant(C, T)};
    if (P.first->kind() == ExprKind::Mul && P.first->type() == T)
      F.append(P.first->ops().begin(), P.first->ops().end());
    else
      F.push_back(P.first);
    Ops.push_back(make(ExprKind::Mul, T, F));
  }
  int64_t C = T.wrap(Ts.Const);
  if (C != 0 || Ops.empty())
    Ops.push_back(constant(C, T));
  if (Ops.size() == 1)
    return Ops.front();
  return make(ExprKind::Add, T, Ops);
}

const Expr *ExprContext::makeMul(IntType T, llvm::ArrayRef<const Expr *> In) {
  int64_t C = 1;
  llvm::SmallVector<const Expr *, 4> Factors;
  llvm::SmallVector<const Expr *, 8> Work(In.begin(), In.end());
  while (!Work.empty()) {
    const Expr *E = Work.pop_back_val();
    if (E->isConstant())
      C = mulWrap(C, E->constant());
    else if (E->kind() == ExprKind::Mul && E->type() == T)
      Work.append(E->ops().begin(), E->ops().end());
    else
      Factors.push_back(E);
  }
  C = T.wrap(C);
  if (C == 0 || Factors.empty())
    return constant(C, T);
  // Distribute a constant over a single sum: 4 * (x + 1) -> 4 * x + 4.
  if (Factors.size() == 1 && Factors[0]->kind() == ExprKind::Add &&
      Factors[0]->type() == T) {
    Terms Ts;
    collect(Factors[0], C, T, Ts);
    llvm::SmallVector<const Expr *, 4> Parts;
    for (auto &[ID, P] : Ts.ByID)
      Parts.push_back(makeMul(T, {constant(P.second, T), P.first}));
    Parts.push_back(constant(Ts.Const, T));
    return makeAdd(T, Parts);
  }
  llvm::sort(Factors,
             [](const Expr *A, const Expr *B) { return A->id() < B->id(); });
  if (C == 1 && Factors.size() == 1)
    return Factors[0];
  llvm::SmallVector<const Expr *, 4> Ops;
  if (C != 1)
    Ops.push_back(constant(C, T));
  Ops.append(Factors.begin(), Factors.end());
  return make(ExprKind::Mul, T, Ops);
}

const Expr *ExprContext::add(const Expr *A, const Expr *B) {
  std::tie(A, B) = unify(A, B);
  return makeAdd(A->type(), {A, B});
}
const Expr *ExprContext::neg(const Expr *A) {
  return makeMul(A->type(), {constant(-1, A->type()), A});
}
const Expr *ExprContext::sub(const Expr *A, const Expr *B) {
  std::tie(A, B) = unify(A, B);
  return makeAdd(A->type(), {A, neg(B)});
}
const Expr *ExprContext::mul(const Expr *A, const Expr *B) {
  std::tie(A, B) = unify(A, B);
  return makeMul(A->type(), {A, B});
}

namespace {
bool isCommutative(ExprKind K) {
  switch (K) {
  case ExprKind::And:
  case ExprKind::Or:
  case ExprKind::Xor:
  case ExprKind::Min:
  case ExprKind::Max:
  case ExprKind::Eq:
  case ExprKind::Ne:
  case ExprKind::LogicalAnd:
  case ExprKind::LogicalOr:
    return true;
  default:
    return false;
  }
}

bool isCondition(ExprKind K) {
  return K == ExprKind::Eq || K == ExprKind::Ne || K == ExprKind::Lt ||
         K == ExprKind::Le || K == ExprKind::LogicalAnd ||
         K == ExprKind::LogicalOr || K == ExprKind::LogicalNot;
}

/// Applies a binary operator to two wrapped values of type T (operand type).
std::optional<int64_t> applyBinary(ExprKind K, IntType T, int64_t A,
                                   int64_t B) {
  uint64_t UA = uint64_t(A), UB = uint64_t(B);
  if (!T.Signed && T.Bits < 64) {
    uint64_t Mask = (uint64_t(1) << T.Bits) - 1;
    UA &= Mask;
    UB &= Mask;
  }
  switch (K) {
  case ExprKind::Div:
  case ExprKind::Rem:
    if (B == 0)
      return std::nullopt;
    if (T.Signed) {
      if (A == INT64_MIN && B == -1)
        return K == ExprKind::Div ? A : 0;
      return K == ExprKind::Div ? A / B : A % B;
    }
    return int64_t(K == ExprKind::Div ? UA / UB : UA % UB);
  case ExprKind::Shl:
    if (B < 0 || B >= T.Bits)
      return std::nullopt;
    return int64_t(UA << B);
  case ExprKind::Shr:
    if (B < 0 || B >= T.Bits)
      return std::nullopt;
    return T.Signed ? (A >> B) : int64_t(UA >> B);
  case ExprKind::And:
    return A & B;
  case ExprKind::Or:
    return A | B;
  case ExprKind::Xor:
    return A ^ B;
  case ExprKind::Min:
    return T.Signed ? std::min(A, B) : int64_t(std::min(UA, UB));
  case ExprKind::Max:
    return T.Signed ? std::max(A, B) : int64_t(std::max(UA, UB));
  case ExprKind::Eq:
    return A == B;
  case ExprKind::Ne:
    return A != B;
  case ExprKind::Lt:
    return T.Signed ? A < B : UA < UB;
  case ExprKind::Le:
    return T.Signed ? A <= B : UA <= UB;
  case ExprKind::LogicalAnd:
    return A != 0 && B != 0;
  case ExprKind::LogicalOr:
    return A != 0 || B != 0;
  default:
    return std::nullopt;
  }
}
} // namespace

std::optional<int64_t> foldBinaryConstants(ExprKind K, IntType OpT, int64_t A,
                                           int64_t B) {
  // The steps of binary() on constant(A, OpT) and constant(B, OpT).
  A = OpT.wrap(A);
  B = OpT.wrap(B);
  if (K == ExprKind::LogicalAnd || K == ExprKind::LogicalOr) {
    if (OpT.Bits != 1) { // ne(X, 0): a truth value
      A = A != 0;
      B = B != 0;
    }
    std::optional<int64_t> V = applyBinary(K, IntType::boolean(), A, B);
    return V ? std::optional<int64_t>(IntType::boolean().wrap(*V)) : V;
  }
  // unify() (and the shifts' promote() and cast()): both operands have OpT,
  // so both become the promoted type.
  IntType T = OpT.Bits < 32 ? IntType::i32() : OpT;
  A = T.wrap(A);
  B = T.wrap(B);
  std::optional<int64_t> V = applyBinary(K, T, A, B);
  if (!V)
    return V;
  return (isCondition(K) ? IntType::boolean() : T).wrap(*V);
}

const Expr *ExprContext::binary(ExprKind K, const Expr *A, const Expr *B) {
  bool Cond = isCondition(K);
  if (K == ExprKind::LogicalAnd || K == ExprKind::LogicalOr) {
    // Operands are truth values; bring them to 0/1 first.
    if (A->type().Bits != 1)
      A = ne(A, constant(0, A->type()));
    if (B->type().Bits != 1)
      B = ne(B, constant(0, B->type()));
  } else {
    std::tie(A, B) = unify(A, B);
  }
  IntType OpT = A->type();
  IntType T = Cond ? IntType::boolean() : OpT;
  if (A->isConstant() && B->isConstant()) {
    if (auto V = applyBinary(K, OpT, A->constant(), B->constant()))
      return constant(*V, T);
    return make(K, T, {A, B}); // Undefined behaviour stays visible.
  }
  int64_t AllOnes = OpT.wrap(-1);
  auto IsC = [](const Expr *E, int64_t V) { return E->isConstant(V); };
  switch (K) {
  case ExprKind::Div:
    if (IsC(B, 1))
      return A;
    break;
  case ExprKind::Rem:
    if (IsC(B, 1) || (OpT.Signed && IsC(B, -1)))
      return constant(0, T);
    break;
  case ExprKind::Shl:
    if (B->isConstant() && B->constant() >= 0 && B->constant() < OpT.Bits)
      return makeMul(T,
                     {A, constant(int64_t(uint64_t(1) << B->constant()), T)});
    break;
  case ExprKind::Shr:
    if (IsC(B, 0))
      return A;
    break;
  case ExprKind::And:
    if (A == B || IsC(B, AllOnes))
      return A;
    if (IsC(A, AllOnes))
      return B;
    if (IsC(A, 0) || IsC(B, 0))
      return constant(0, T);
    break;
  case ExprKind::Or:
    if (A == B || IsC(B, 0))
      return A;
    if (IsC(A, 0))
      return B;
    if (IsC(A, AllOnes) || IsC(B, AllOnes))
      return constant(AllOnes, T);
    break;
  case ExprKind::Xor:
    if (A == B)
      return constant(0, T);
    if (IsC(B, 0))
      return A;
    if (IsC(A, 0))
      return B;
    break;
  case ExprKind::Min:
  case ExprKind::Max:
    if (A == B)
      return A;
    break;
  case ExprKind::Eq:
  case ExprKind::Le:
    if (A == B)
      return constant(1, T);
    break;
  case ExprKind::Ne:
  case ExprKind::Lt:
    if (A == B)
      return constant(0, T);
    break;
  case ExprKind::LogicalAnd:
    if (IsC(A, 0) || IsC(B, 0))
      return constant(0, T);
    if (IsC(A, 1) || A == B)
      return B;
    if (IsC(B, 1))
      return A;
    break;
  case ExprKind::LogicalOr:
    if (IsC(A, 1) || IsC(B, 1))
      return constant(1, T);
    if (IsC(A, 0) || A == B)
      return B;
    if (IsC(B, 0))
      return A;
    break;
  default:
    break;
  }
  if (isCommutative(K) && B->id() < A->id())
    std::swap(A, B);
  return make(K, T, {A, B});
}

const Expr *ExprContext::div(const Expr *A, const Expr *B) {
  return binary(ExprKind::Div, A, B);
}
const Expr *ExprContext::rem(const Expr *A, const Expr *B) {
  return binary(ExprKind::Rem, A, B);
}
const Expr *ExprContext::shl(const Expr *A, const Expr *B) {
  // C shifts take the type of the (promoted) left operand.
  A = promote(A);
  return binary(ExprKind::Shl, A, cast(B, A->type()));
}
const Expr *ExprContext::shr(const Expr *A, const Expr *B) {
  A = promote(A);
  return binary(ExprKind::Shr, A, cast(B, A->type()));
}
const Expr *ExprContext::bitAnd(const Expr *A, const Expr *B) {
  return binary(ExprKind::And, A, B);
}
const Expr *ExprContext::bitOr(const Expr *A, const Expr *B) {
  return binary(ExprKind::Or, A, B);
}
const Expr *ExprContext::bitXor(const Expr *A, const Expr *B) {
  return binary(ExprKind::Xor, A, B);
}
const Expr *ExprContext::min(const Expr *A, const Expr *B) {
  return binary(ExprKind::Min, A, B);
}
const Expr *ExprContext::max(const Expr *A, const Expr *B) {
  return binary(ExprKind::Max, A, B);
}
const Expr *ExprContext::eq(const Expr *A, const Expr *B) {
  return binary(ExprKind::Eq, A, B);
}
const Expr *ExprContext::ne(const Expr *A, const Expr *B) {
  return binary(ExprKind::Ne, A, B);
}
const Expr *ExprContext::lt(const Expr *A, const Expr *B) {
  return binary(ExprKind::Lt, A, B);
}
const Expr *ExprContext::le(const Expr *A, const Expr *B) {
  return binary(ExprKind::Le, A, B);
}
const Expr *ExprContext::logicalAnd(const Expr *A, const Expr *B) {
  return binary(ExprKind::LogicalAnd, A, B);
}
const Expr *ExprContext::logicalOr(const Expr *A, const Expr *B) {
  return binary(ExprKind::LogicalOr, A, B);
}

const Expr *ExprContext::logicalNot(const Expr *A) {
  if (A->isConstant())
    return constant(A->constant() == 0, IntType::boolean());
  if (A->kind() == ExprKind::LogicalNot)
    return A->op(0);
  if (A->type().Bits != 1)
    return eq(A, constant(0, A->type()));
  return make(ExprKind::LogicalNot, IntType::boolean(), {A});
}

const Expr *ExprContext::select(const Expr *C, const Expr *T, const Expr *F) {
  std::tie(T, F) = unify(T, F);
  if (C->isConstant())
    return C->constant() != 0 ? T : F;
  if (T == F)
    return T;
  if (C->type().Bits != 1)
    C = ne(C, constant(0, C->type()));
  return make(ExprKind::Select, T->type(), {C, T, F});
}

const Expr *ExprContext::cast(const Expr *A, IntType T) {
  if (A->type() == T)
    return A;
  if (A->isConstant())
    return constant(A->constant(), T);
  // Truncations compose: only the low bits of the inner value survive.
  if (A->kind() == ExprKind::Cast && T.Bits <= A->type().Bits)
    return cast(A->op(0), T);
  return make(ExprKind::Cast, T, {A});
}

namespace {
std::optional<int64_t> evalRec(const Expr *E, const Env &V, unsigned Depth) {
  if (Depth > MaxExprDepth)
    return std::nullopt;
  IntType T = E->type();
  auto Wrap = [&](std::optional<int64_t> X) -> std::optional<int64_t> {
    if (!X)
      return X;
    return T.wrap(*X);
  };
  switch (E->kind()) {
  case ExprKind::Constant:
    return E->constant();
  case ExprKind::ThreadIdx:
    return V.ThreadIdx[unsigned(E->dim())];
  case ExprKind::BlockIdx:
    return V.BlockIdx[unsigned(E->dim())];
  case ExprKind::BlockDim:
    return V.BlockDim[unsigned(E->dim())];
  case ExprKind::GridDim:
    return V.GridDim[unsigned(E->dim())];
  case ExprKind::Param:
  case ExprKind::LoopIV:
    if (!V.Lookup)
      return std::nullopt;
    return Wrap(V.Lookup(E->name()));
  case ExprKind::Unknown:
    return std::nullopt;
  case ExprKind::Add:
  case ExprKind::Mul: {
    uint64_t Acc = E->kind() == ExprKind::Add ? 0 : 1;
    for (const Expr *O : E->ops()) {
      auto X = evalRec(O, V, Depth + 1);
      if (!X)
        return std::nullopt;
      Acc =
          E->kind() == ExprKind::Add ? Acc + uint64_t(*X) : Acc * uint64_t(*X);
    }
    return T.wrap(int64_t(Acc));
  }
  case ExprKind::Select: {
    auto C = evalRec(E->op(0), V, Depth + 1);
    if (!C)
      return std::nullopt;
    return evalRec(E->op(*C ? 1 : 2), V, Depth + 1);
  }
  case ExprKind::LogicalNot: {
    auto X = evalRec(E->op(0), V, Depth + 1);
    if (!X)
      return std::nullopt;
    return *X == 0;
  }
  case ExprKind::Cast: {
    auto X = evalRec(E->op(0), V, Depth + 1);
    return Wrap(X);
  }
  default: {
    auto A = evalRec(E->op(0), V, Depth + 1);
    auto B = evalRec(E->op(1), V, Depth + 1);
    if (!A || !B)
      return std::nullopt;
    return Wrap(applyBinary(E->kind(), E->op(0)->type(), *A, *B));
  }
  }
}

const char *opSpelling(ExprKind K) {
  switch (K) {
  case ExprKind::Div:
    return " / ";
  case ExprKind::Rem:
    return " % ";
  case ExprKind::Shl:
    return " << ";
  case ExprKind::Shr:
    return " >> ";
  case ExprKind::And:
    return " & ";
  case ExprKind::Or:
    return " | ";
  case ExprKind::Xor:
    return " ^ ";
  case ExprKind::Eq:
    return " == ";
  case ExprKind::Ne:
    return " != ";
  case ExprKind::Lt:
    return " < ";
  case ExprKind::Le:
    return " <= ";
  case ExprKind::LogicalAnd:
    return " && ";
  case ExprKind::LogicalOr:
    return " || ";
  default:
    return " ? ";
  }
}

void print(const Expr *E, std::string &Out, unsigned Depth, bool Paren) {
  static const char *Dims = "xyz";
  if (Depth > MaxExprDepth) {
    Out += "...";
    return;
  }
  bool Leaf = E->ops().empty();
  bool Wrap = Paren && !Leaf && E->kind() != ExprKind::Min &&
              E->kind() != ExprKind::Max && E->kind() != ExprKind::Cast;
  if (Wrap)
    Out += "(";
  switch (E->kind()) {
  case ExprKind::Constant:
    Out += std::to_string(E->constant());
    break;
  case ExprKind::ThreadIdx:
    Out += std::string("threadIdx.") + Dims[unsigned(E->dim())];
    break;
  case ExprKind::BlockIdx:
    Out += std::string("blockIdx.") + Dims[unsigned(E->dim())];
    break;
  case ExprKind::BlockDim:
    Out += std::string("blockDim.") + Dims[unsigned(E->dim())];
    break;
  case ExprKind::GridDim:
    Out += std::string("gridDim.") + Dims[unsigned(E->dim())];
    break;
  case ExprKind::Param:
  case ExprKind::LoopIV:
    Out += E->name().str();
    break;
  case ExprKind::Unknown:
    Out += "unknown(" + E->name().str() + ")";
    break;
  case ExprKind::Add: {
    bool First = true;
    for (const Expr *O : E->ops()) {
      // Unsigned wrap-arounds of small negatives print as subtraction.
      auto AsSigned = [](const Expr *K) {
        IntType T = K->type();
        return IntType{T.Bits, true}.wrap(K->constant());
      };
      bool Negative = (O->isConstant() && AsSigned(O) < 0) ||
                      (O->kind() == ExprKind::Mul && O->op(0)->isConstant() &&
                       AsSigned(O->op(0)) < 0);
      if (!First)
        Out += Negative ? " - " : " + ";
      else if (Negative)
        Out += "-";
      First = false;
      if (Negative && O->isConstant()) {
        Out += std::to_string(-(uint64_t)AsSigned(O));
      } else if (Negative) {
        int64_t C = -AsSigned(O->op(0));
        if (C != 1)
          Out += std::to_string(C) + " * ";
        for (unsigned I = 1; I < O->ops().size(); ++I) {
          if (I > 1)
            Out += " * ";
          print(O->op(I), Out, Depth + 1, true);
        }
      } else {
        print(O, Out, Depth + 1, false);
      }
    }
    break;
  }
  case ExprKind::Mul:
    for (unsigned I = 0; I < E->ops().size(); ++I) {
      if (I)
        Out += " * ";
      print(E->op(I), Out, Depth + 1, true);
    }
    break;
  case ExprKind::Min:
  case ExprKind::Max:
    Out += E->kind() == ExprKind::Min ? "min(" : "max(";
    print(E->op(0), Out, Depth + 1, false);
    Out += ", ";
    print(E->op(1), Out, Depth + 1, false);
    Out += ")";
    break;
  case ExprKind::Select:
    print(E->op(0), Out, Depth + 1, true);
    Out += " ? ";
    print(E->op(1), Out, Depth + 1, true);
    Out += " : ";
    print(E->op(2), Out, Depth + 1, true);
    break;
  case ExprKind::LogicalNot:
    Out += "!";
    print(E->op(0), Out, Depth + 1, true);
    break;
  case ExprKind::Cast:
    Out += std::string("(") + (E->type().Signed ? "i" : "u") +
           std::to_string(E->type().Bits) + ")";
    print(E->op(0), Out, Depth + 1, true);
    break;
  default:
    print(E->op(0), Out, Depth + 1, true);
    Out += opSpelling(E->kind());
    print(E->op(1), Out, Depth + 1, true);
    break;
  }
  if (Wrap)
    Out += ")";
}
} // namespace

std::optional<int64_t> evaluate(const Expr *E, const Env &Values) {
  return evalRec(E, Values, 0);
}

std::string toString(const Expr *E) {
  std::string Out;
  print(E, Out, 0, false);
  return Out;
}

/// \p E with every node in \p Map replaced by its value (rebuilt through
/// the context, so constants fold).
namespace {
const Expr *expand(ExprContext &SC, const Expr *E, unsigned &Budget,
                   unsigned Depth) {
  if (Depth > budget::ExpandDepth || Budget == 0)
    return E;
  if (E->kind() == ExprKind::Add) {
    const Expr *R = nullptr;
    for (const Expr *O : E->ops()) {
      const Expr *X = expand(SC, O, Budget, Depth + 1);
      R = R ? SC.add(R, X) : X;
    }
    return R ? R : E;
  }
  if (E->kind() != ExprKind::Mul)
    return E;
  // The first factor that is a sum, times the product of the others.
  const Expr *Sum = nullptr, *Rest = nullptr;
  for (const Expr *O : E->ops()) {
    const Expr *X = expand(SC, O, Budget, Depth + 1);
    if (!Sum && X->kind() == ExprKind::Add)
      Sum = X;
    else
      Rest = Rest ? SC.mul(Rest, X) : X;
  }
  if (!Sum || !Rest || Sum->ops().size() > Budget)
    return E;
  Budget -= Sum->ops().size();
  const Expr *R = nullptr;
  for (const Expr *T : Sum->ops()) {
    const Expr *X = expand(SC, SC.mul(T, Rest), Budget, Depth + 1);
    R = R ? SC.add(R, X) : X;
  }
  return R;
}
} // namespace

const Expr *expandProducts(ExprContext &SC, const Expr *E, unsigned &Budget) {
  return expand(SC, E, Budget, 0);
}

const Expr *substitute(ExprContext &SC, const Expr *E,
                       const llvm::DenseMap<const Expr *, const Expr *> &Map,
                       unsigned Depth) {
  if (auto It = Map.find(E); It != Map.end())
    return It->second;
  if (E->ops().empty() || Depth > budget::SubstituteDepth)
    return E;
  llvm::SmallVector<const Expr *, 4> Ops;
  bool Changed = false;
  for (const Expr *O : E->ops()) {
    Ops.push_back(substitute(SC, O, Map, Depth + 1));
    Changed |= Ops.back() != O;
  }
  if (!Changed)
    return E;
  using K = ExprKind;
  auto Fold = [&](auto Op) {
    const Expr *R = Ops[0];
    for (size_t I = 1; I < Ops.size(); ++I)
      R = (SC.*Op)(R, Ops[I]);
    return R;
  };
  switch (E->kind()) {
  case K::Add: return Fold(&ExprContext::add);
  case K::Mul: return Fold(&ExprContext::mul);
  case K::Div: return SC.div(Ops[0], Ops[1]);
  case K::Rem: return SC.rem(Ops[0], Ops[1]);
  case K::Shl: return SC.shl(Ops[0], Ops[1]);
  case K::Shr: return SC.shr(Ops[0], Ops[1]);
  case K::And: return Fold(&ExprContext::bitAnd);
  case K::Or: return Fold(&ExprContext::bitOr);
  case K::Xor: return Fold(&ExprContext::bitXor);
  case K::Min: return Fold(&ExprContext::min);
  case K::Max: return Fold(&ExprContext::max);
  case K::Select: return SC.select(Ops[0], Ops[1], Ops[2]);
  case K::Eq: return SC.eq(Ops[0], Ops[1]);
  case K::Ne: return SC.ne(Ops[0], Ops[1]);
  case K::Lt: return SC.lt(Ops[0], Ops[1]);
  case K::Le: return SC.le(Ops[0], Ops[1]);
  case K::LogicalAnd: return Fold(&ExprContext::logicalAnd);
  case K::LogicalOr: return Fold(&ExprContext::logicalOr);
  case K::LogicalNot: return SC.logicalNot(Ops[0]);
  case K::Cast: return SC.cast(Ops[0], E->type());
  default:
    return E;
  }
}

const Expr *minMaxOfSelect(ExprContext &SC, const Expr *C, const Expr *T,
                           const Expr *F) {
  if (!C || !T || !F || T == F)
    return nullptr;
  // `!(a < b) ? t : f` is `a < b ? f : t`.
  for (unsigned Peel = 0; Peel < 4 && C->kind() == ExprKind::LogicalNot;
       ++Peel) {
    C = C->op(0);
    std::swap(T, F);
  }
  if (C->kind() != ExprKind::Lt && C->kind() != ExprKind::Le)
    return nullptr;
  const Expr *A = C->op(0), *B = C->op(1);
  // The test is the comparison of the two values themselves.
  if (A == T && B == F)
    return SC.min(T, F);
  if (A == F && B == T)
    return SC.max(T, F);
  // Through their difference: signed values of one type only (no wrap is
  // defined behaviour there, so the algebra below holds).
  IntType Ty = A->type();
  if (!Ty.Signed || B->type() != Ty || T->type() != Ty || F->type() != Ty)
    return nullptr;
  // The test holds exactly when Dp >= 0.
  const Expr *Dp = SC.sub(B, A);
  if (C->kind() == ExprKind::Lt)
    Dp = SC.sub(Dp, SC.constant(1, Ty));
  const Expr *DpPlus1 = SC.add(Dp, SC.constant(1, Ty));
  // T - F == Dp: the test is T >= F; == Dp + 1: T > F. Either way max.
  const Expr *E = SC.sub(T, F);
  if (E == Dp || E == DpPlus1)
    return SC.max(T, F);
  const Expr *NE = SC.sub(F, T);
  if (NE == Dp || NE == DpPlus1)
    return SC.min(T, F);
  return nullptr;
}

const Expr *clampOrSelect(ExprContext &SC, const Expr *C, const Expr *T,
                          const Expr *F) {
  if (const Expr *M = minMaxOfSelect(SC, C, T, F))
    return M;
  return SC.select(C, T, F);
}

void forEachNode(const Expr *E, llvm::function_ref<void(const Expr *)> F) {
  llvm::DenseSet<const Expr *> Seen;
  llvm::SmallVector<std::pair<const Expr *, bool>, 16> Stack{{E, false}};
  while (!Stack.empty()) {
    auto [N, Expanded] = Stack.pop_back_val();
    if (Expanded) {
      F(N);
      continue;
    }
    if (!Seen.insert(N).second)
      continue;
    Stack.push_back({N, true});
    for (const Expr *O : N->ops())
      Stack.push_back({O, false});
  }
}

} // namespace sym
} // namespace warplint
