//===- RedundantLoads.cpp - Global loads the threads of a block repeat ----===//
#include "Analysis/memory/RedundantLoads.h"

#include "Symbolic/Budgets.h"
#include "Symbolic/WarpEval.h"
#include "llvm/ADT/StringMap.h"
#include <map>
#include <set>

namespace warplint {

namespace {

/// A guard that holds for chosen lanes (`tx == k`, also under `&&`): an
/// equality whose sides differ in their dependence on the thread index.
bool selectsLanes(const sym::Expr *G, unsigned Depth = 0) {
  if (!G || Depth > budget::ValueQueryDepth)
    return false;
  if (G->kind() == sym::ExprKind::LogicalAnd) {
    for (const sym::Expr *O : G->ops())
      if (selectsLanes(O, Depth + 1))
        return true;
    return false;
  }
  if (G->kind() != sym::ExprKind::Eq || G->ops().size() != 2)
    return false;
  return G->ops()[0]->hasThreadIdx() != G->ops()[1]->hasThreadIdx();
}

/// A thread's value as a key: equal keys are the same address for every
/// value of the uniform atoms (blockIdx, parameters, loop variables).
std::string key(const sym::SymValue &V) { return V.str(); }

/// Whether the block of \p S is one the source or the user gives: a launch,
/// a __launch_bounds__, or a default whose every dimension above 1 the user
/// assumed (`--assume blockDim.x=16,blockDim.y=16` for a kernel launched from
/// Python). A default block alone says nothing about which threads share.
bool givenBlock(const KernelShape &S) {
  if (S.Origin != "assumed")
    return true;
  if (!S.AssumedDims)
    return false;
  for (unsigned D = 0; D < 3; ++D)
    if (!(S.AssumedDims & (1u << D)) && S.Shape.BlockDim[D] != 1)
      return false;
  return true;
}

/// Bounded: a block has at most 1024 threads.
constexpr unsigned MaxThreads = 1024;
} // namespace

std::optional<RedundantLoad> findRedundantLoad(sym::ExprContext &SC,
                                               const hw::HardwareModel &M,
                                               const MemoryAccess &A,
                                               const KernelShape &S) {
  if (!A.Unresolved.empty() || !A.Index || A.Space != sym::MemorySpace::Global ||
      !A.IsLoad || A.IsStore || A.DataDependent || !givenBlock(S))
    return std::nullopt;
  // The guide's case walks a loop: each iteration loads new elements, which
  // every thread of the group loads again. A load outside a loop, or one
  // whose address the loop does not move, is read once per thread (a
  // broadcast of a parameter-indexed scalar) and is not reported.
  const LoopIterations *Walk = nullptr;
  for (const LoopIterations &L : A.Loops)
    if (mentionsVariable(A.Index, L.Var))
      Walk = &L; // the innermost such loop
  if (!Walk)
    return std::nullopt;

  sym::LaunchShape Shape = S.Shape;
  Shape.WarpSize = M.WarpSize;
  unsigned N = Shape.threadsPerBlock();
  if (N < 2 || N > MaxThreads)
    return std::nullopt;
  sym::Bindings B = bindingsFor(A, S);
  sym::ThreadEvaluator TE(SC, Shape, B);

  // The threads of the block that read each address, for block \p Block
  // (null: any block, blockIdx symbolic); false when an address or a guard
  // that selects lanes cannot be evaluated.
  auto KeysOf = [&](const std::array<unsigned, 3> *Block,
                   std::vector<std::string> &Keys) {
    Keys.assign(N, std::string());
    const std::array<unsigned, 3> FirstBlock = {0, 0, 0};
    for (unsigned T = 0; T < N; ++T) {
      std::array<unsigned, 3> Tid = Shape.threadOf(T);
      if (A.Guard) {
        // A guard the evaluation decides for this thread (`if (ty == 0)`)
        // leaves it out; one that depends on blockIdx (`tid == 0` with tid =
        // blockIdx.x * blockDim.x + threadIdx.x) is decided for block 0; one
        // it cannot decide (`i < n`) trims only the last block and is taken
        // as true.
        std::optional<sym::SymValue> G = TE.eval(A.Guard, Tid, Block);
        if (!Block && (!G || !G->isConstant()))
          G = TE.eval(A.Guard, Tid, &FirstBlock);
        if (G && G->isConstant() && G->Const == 0)
          continue; // an empty key: not a load
        // An equality on the thread index the evaluation cannot decide
        // (`tx == df - 1`, df computed at run time) selects a lane, not the
        // block: which threads load is unknown.
        if ((!G || !G->isConstant()) && selectsLanes(A.Guard))
          return false;
      }
      std::optional<sym::SymValue> V = TE.eval(A.Index, Tid, Block);
      if (!V)
        return false; // a runtime lane stride: the groups are unknown
      Keys[T] = "@" + key(*V);
    }
    return true;
  };
  // The largest group of threads of a block that read one address.
  struct Group {
    unsigned Threads = 0;
    std::set<unsigned> Warps;
    std::map<unsigned, unsigned> PerWarp;
  };
  auto Largest = [&](const std::vector<std::string> &Keys) {
    llvm::StringMap<Group> Groups;
    for (unsigned T = 0; T < N; ++T) {
      if (Keys[T].empty())
        continue;
      Group &G = Groups[Keys[T]];
      ++G.Threads;
      unsigned W = T / Shape.WarpSize;
      G.Warps.insert(W);
      ++G.PerWarp[W];
    }
    std::optional<Group> Best;
    for (const auto &KV : Groups)
      if (!Best || KV.second.Threads > Best->Threads)
        Best = KV.second;
    return Best;
  };

  std::vector<std::string> Keys;
  std::optional<Group> Best;
  // Evaluated in these blocks when no formula holds for every block: an
  // index flattened by a size (`row = i / N`, N given by --assume) is a
  // floor division of blockIdx that only a known block decides. The block
  // that shares least decides, so the groups hold in each block evaluated.
  static const std::array<unsigned, 3> Samples[] = {
      {0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {7, 5, 3}};
  const std::array<unsigned, 3> *Decided = nullptr;
  if (KeysOf(nullptr, Keys)) {
    Best = Largest(Keys);
  } else {
    for (const std::array<unsigned, 3> &Blk : Samples) {
      if (!KeysOf(&Blk, Keys))
        return std::nullopt;
      std::optional<Group> G = Largest(Keys);
      if (!G)
        return std::nullopt;
      if (!Best || G->Warps.size() < Best->Warps.size() ||
          (G->Warps.size() == Best->Warps.size() &&
           G->Threads < Best->Threads)) {
        Best = G;
        Decided = &Blk;
      }
    }
  }
  if (!Best)
    return std::nullopt;

  RedundantLoad R;
  R.Threads = Best->Threads;
  R.Warps = unsigned(Best->Warps.size());
  for (const auto &KV : Best->PerWarp)
    R.LanesPerWarp = std::max(R.LanesPerWarp, KV.second);
  R.BlockThreads = N;
  R.BlockWarps = Shape.warpsPerBlock();
  // Which components the address ignores: thread 0 and its neighbour along
  // each component that varies within the block read the same address.
  std::optional<sym::SymValue> Zero = TE.eval(A.Index, {0, 0, 0}, Decided);
  for (unsigned D = 0; D < 3 && Zero; ++D) {
    if (Shape.BlockDim[D] < 2)
      continue;
    std::array<unsigned, 3> One = {0, 0, 0};
    One[D] = Shape.BlockDim[D] - 1;
    std::optional<sym::SymValue> V = TE.eval(A.Index, One, Decided);
    R.Missing[D] = V && key(*V) == key(*Zero);
  }
  R.LoopVar = Walk->Written;
  // The step of one thread's address between two iterations of the walking
  // loop (additive loops: its iteration count from its first value).
  if (Walk->Kind == LoopIterations::StepKind::Add && Walk->Start) {
    sym::ThreadEvaluator TS(SC, Shape, B);
    std::optional<sym::SymValue> S0 = TS.eval(Walk->Start, {0, 0, 0});
    if (S0 && S0->isConstant()) {
      sym::Bindings B0 = B, B1 = B;
      B0[Walk->Var] = S0->Const;
      B1[Walk->Var] = S0->Const + Walk->By;
      sym::ThreadEvaluator E0(SC, Shape, B0), E1(SC, Shape, B1);
      std::optional<sym::SymValue> V0 = E0.eval(A.Index, {0, 0, 0}, Decided);
      std::optional<sym::SymValue> V1 = E1.eval(A.Index, {0, 0, 0}, Decided);
      if (V0 && V1 && V0->sameTerms(*V1))
        R.StepBytes = (V1->Const - V0->Const) * int64_t(A.Width);
    }
  }
  return R;
}

std::string missingComponents(const RedundantLoad &R) {
  static const char *Names[3] = {"threadIdx.x", "threadIdx.y", "threadIdx.z"};
  std::vector<std::string> Parts;
  for (unsigned D = 0; D < 3; ++D)
    if (R.Missing[D])
      Parts.push_back(Names[D]);
  std::string S;
  for (size_t I = 0; I < Parts.size(); ++I)
    S += (I ? (I + 1 == Parts.size() ? " and " : ", ") : "") + Parts[I];
  return S;
}

} // namespace warplint
