//===- AccessEvaluation.cpp - One access, one block shape, every iteration ===//
//
// Part of warplint. evaluateAccess (KernelAccesses.h): binds the launch's
// constant arguments and the loop variables, prices the access with
// lib/Hardware, and when the cost depends on the iteration of an enclosing
// loop, prices it at the iterations that matter.
//
//===----------------------------------------------------------------------===//
#include "Analysis/memory/KernelAccesses.h"

#include "Symbolic/Budgets.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <functional>
#include <set>

namespace warplint {

sym::Bindings bindingsFor(const MemoryAccess &A, const KernelShape &S) {
  sym::Bindings B;
  for (const auto &P : S.Assumed)
    B[P.first] = P.second;
  for (const auto &P : S.Params)
    B[P.first] = P.second;
  for (const auto &E : A.Bindings)
    B[E.getKey()] = E.getValue();
  return B;
}

namespace {

/// Iterations evaluated at most per access (all loops together), and per loop
/// when the trip count is unknown (additive, geometric).
constexpr size_t MaxEvaluations = budget::AccessEvaluations;
constexpr size_t UnknownTripAdditive = budget::UnknownTripAdditive;
constexpr size_t UnknownTripGeometric = budget::UnknownTripGeometric;

bool mentions(const sym::Expr *E, llvm::StringRef Name, unsigned Depth) {
  if (!E || Depth > budget::SubtreeSearchDepth)
    return false;
  if (E->kind() == sym::ExprKind::LoopIV && E->name() == Name)
    return true;
  for (const sym::Expr *Op : E->ops())
    if (mentions(Op, Name, Depth + 1))
      return true;
  return false;
}
bool mentions(const sym::Expr *E, llvm::StringRef Name) {
  return mentions(E, Name, 0);
}

/// The access priced once with bindings \p B; a guard that compares lanes with
/// runtime values is dropped (every block but possibly the last), and said so.
hw::AccessReport evaluateOnce(sym::ExprContext &SC, const hw::HardwareModel &M,
                              const MemoryAccess &A, const KernelShape &S,
                              const sym::Bindings &B,
                              int64_t AssumedRuntimeValue,
                              hw::AccessMemo *Memo) {
  auto Analyze = [&](const sym::AccessQuery &Q, const sym::LaunchShape &Shape) {
    return Memo ? Memo->analyze(SC, M, Q, Shape, B, AssumedRuntimeValue)
                : hw::analyzeAccess(SC, M, Q, Shape, B, AssumedRuntimeValue);
  };
  sym::AccessQuery Q;
  Q.Index = A.Index;
  Q.ElementBytes = A.Width;
  Q.Guard = A.Guard;
  Q.Space = A.Space;
  Q.IsStore = A.IsStore && !A.IsLoad;
  sym::LaunchShape Shape = S.Shape;
  Shape.WarpSize = M.WarpSize;
  hw::AccessReport R = Analyze(Q, Shape);
  if (!R.Ok && Q.Guard && llvm::StringRef(R.Failure).starts_with("guard")) {
    Q.Guard = nullptr;
    R = Analyze(Q, Shape);
    if (R.Ok)
      R.Assumptions.push_back("all lanes pass the enclosing condition (" +
                              sym::toString(A.Guard) +
                              "), as in every block but possibly the last");
  }
  return R;
}

/// \p E for thread 0 of a block (blockIdx symbolic), when that is a constant.
std::optional<int64_t> uniformValue(sym::ExprContext &SC,
                                    const sym::LaunchShape &Shape,
                                    const sym::Bindings &B,
                                    const sym::Expr *E) {
  if (!E)
    return std::nullopt;
  sym::ThreadEvaluator TE(SC, Shape, B);
  std::optional<sym::SymValue> V = TE.eval(E, {0, 0, 0});
  if (!V || !V->isConstant())
    return std::nullopt;
  return V->Const;
}

/// \p V after one step of \p Kind by \p By.
int64_t step(LoopIterations::StepKind Kind, int64_t By, int64_t V) {
  switch (Kind) {
  case LoopIterations::StepKind::Add:
    return V + By;
  case LoopIterations::StepKind::Mul:
    return V * By;
  case LoopIterations::StepKind::Div:
    return By ? V / By : V;
  case LoopIterations::StepKind::Shl:
    return By >= 0 && By < 62 ? V << By : V;
  case LoopIterations::StepKind::Shr:
    return By >= 0 && By < 62 ? V >> By : V;
  }
  return V;
}

/// The values \p L's variable takes, given the outer loops' bindings \p B:
/// every one while the condition decides (up to \p Budget), else the first
/// few. \p Complete is cleared when the list is not every iteration.
std::vector<int64_t> iterationValues(sym::ExprContext &SC,
                                     const sym::LaunchShape &Shape,
                                     const sym::Bindings &B,
                                     const LoopIterations &L, size_t Budget,
                                     bool &Complete) {
  std::vector<int64_t> Values;
  std::optional<int64_t> Start = uniformValue(SC, Shape, B, L.Start);
  if (!Start)
    return Values;
  bool Geometric = L.Kind != LoopIterations::StepKind::Add;
  size_t Unknown = Geometric ? UnknownTripGeometric : UnknownTripAdditive;
  sym::Bindings Local = B;
  int64_t V = *Start, Prev = *Start;
  bool Decided = true;
  for (size_t N = 0; N < Budget + 1; ++N) {
    // Tested first: V runs when the test holds at V. Tested after the body:
    // the first value always runs, any other when the test held at the one
    // before.
    std::optional<int64_t> Go;
    if (L.BottomTested && N == 0) {
      Go = 1;
    } else {
      Local[L.Var] = L.BottomTested ? Prev : V;
      Go = uniformValue(SC, Shape, Local, L.While);
    }
    if (Go && !*Go)
      return Values; // every iteration listed
    if (!Go)
      Decided = false;
    if (!Decided && Values.size() >= Unknown)
      break;
    if (Values.size() >= Budget)
      break;
    Values.push_back(V);
    int64_t Next = step(L.Kind, L.By, V);
    // A step that stops changing the value, or runs away, ends the list.
    if (Next == V || Next > (int64_t(1) << 40) || Next < -(int64_t(1) << 40))
      break;
    Prev = V;
    V = Next;
  }
  Complete = false;
  return Values;
}

/// "s = 4" or "i = 0": the source variable at this iteration.
std::string label(sym::ExprContext &SC, const sym::LaunchShape &Shape,
                  const sym::Bindings &B, const LoopIterations &L) {
  auto V = uniformValue(SC, Shape, B, L.Value ? L.Value : nullptr);
  if (V)
    return L.Written + " = " + std::to_string(*V);
  auto It = B.find(L.Var);
  return "iteration " + std::to_string(It == B.end() ? 0 : It->second) +
         " of '" + L.Written + "'";
}

bool costs(const MemoryAccess &A, const hw::AccessReport &R, uint64_t &Cost,
           uint64_t &Ideal) {
  if (!R.Ok)
    return false;
  switch (A.Space) {
  case sym::MemorySpace::Global:
    Cost = R.Transactions;
    Ideal = R.IdealTransactions;
    break;
  case sym::MemorySpace::Shared:
    Cost = R.Wavefronts;
    Ideal = R.IdealWavefronts;
    break;
  case sym::MemorySpace::Constant:
    Cost = R.ConstantReads;
    Ideal = R.IdealConstantReads;
    break;
  }
  return true;
}

} // namespace

bool mentionsVariable(const sym::Expr *E, llvm::StringRef Name) {
  return mentions(E, Name);
}

/// One candidate address of \p A priced over the iterations that matter.
static hw::AccessReport
evaluateIterations(sym::ExprContext &SC, const hw::HardwareModel &M,
                   const MemoryAccess &A, const KernelShape &S,
                   int64_t AssumedRuntimeValue, hw::AccessMemo *Memo) {
  if (!A.Unresolved.empty() || !A.Index) {
    hw::AccessReport R;
    R.Failure = A.Unresolved.empty() ? "no address" : A.Unresolved;
    return R;
  }
  sym::Bindings B = bindingsFor(A, S);
  hw::AccessReport First =
      evaluateOnce(SC, M, A, S, B, AssumedRuntimeValue, Memo);
  if (A.Loops.empty())
    return First;

  // The loops whose iteration changes what the lanes do: geometric ones
  // (today's binding is the first value), and additive ones the guard
  // compares the lanes with or whose count sets the lane stride. A count that
  // only shifts the warp's base (a[i + tid]) is left symbolic: its alignment
  // is judged as a runtime value, as before.
  std::vector<const LoopIterations *> Varying;
  for (const LoopIterations &L : A.Loops) {
    bool Relevant = L.Kind != LoopIterations::StepKind::Add ||
                    llvm::any_of(L.Companions,
                                 [](const LoopIterations::Companion &C) {
                                   return C.Kind !=
                                          LoopIterations::StepKind::Add;
                                 }) ||
                    mentions(A.Guard, L.Var) ||
                    First.RuntimeCoefficient == L.Var ||
                    (!First.Ok && mentions(A.Index, L.Var));
    if (Relevant && L.Start)
      Varying.push_back(&L);
  }
  if (Varying.empty())
    return First;

  sym::LaunchShape Shape = S.Shape;
  Shape.WarpSize = M.WarpSize;
  // Every combination of the varying loops' values, outermost first (an inner
  // loop's start and bound may use an outer variable: triangular loops).
  struct Point {
    sym::Bindings B;
    std::string Label;
  };
  std::vector<Point> Points;
  bool Complete = true;
  std::function<void(size_t, const sym::Bindings &, const std::string &)> Walk =
      [&](size_t I, const sym::Bindings &Outer, const std::string &Text) {
        if (I == Varying.size()) {
          if (Points.size() < MaxEvaluations)
            Points.push_back({Outer, Text});
          else
            Complete = false;
          return;
        }
        size_t Budget = MaxEvaluations - std::min(MaxEvaluations, Points.size());
        std::vector<int64_t> Values = iterationValues(
            SC, Shape, Outer, *Varying[I], std::max<size_t>(Budget, 1),
            Complete);
        // Companions step with the walked variable: their value at the same
        // iteration (Values are consecutive iterations from the first).
        std::vector<std::optional<int64_t>> Comp;
        for (const LoopIterations::Companion &C : Varying[I]->Companions)
          Comp.push_back(uniformValue(SC, Shape, Outer, C.Start));
        for (int64_t V : Values) {
          sym::Bindings Inner = Outer;
          Inner[Varying[I]->Var] = V;
          for (size_t C = 0; C < Comp.size(); ++C) {
            if (!Comp[C])
              continue;
            Inner[Varying[I]->Companions[C].Var] = *Comp[C];
            Comp[C] = step(Varying[I]->Companions[C].Kind,
                           Varying[I]->Companions[C].By, *Comp[C]);
          }
          std::string L = label(SC, Shape, Inner, *Varying[I]);
          Walk(I + 1, Inner, Text.empty() ? L : Text + ", " + L);
        }
      };
  Walk(0, B, "");
  if (Points.size() < 2 && Complete && !Points.empty()) {
    // One iteration: exact at its value.
    return evaluateOnce(SC, M, A, S, Points.front().B, AssumedRuntimeValue,
                        Memo);
  }
  if (Points.empty())
    return First;

  hw::AccessReport Worst;
  double WorstRatio = -1;
  std::vector<hw::AccessReport::Iteration> Its;
  uint64_t TotalCost = 0, TotalIdeal = 0, TotalRequests = 0;
  bool AllSame = true;
  for (const Point &P : Points) {
    hw::AccessReport R =
        evaluateOnce(SC, M, A, S, P.B, AssumedRuntimeValue, Memo);
    uint64_t Cost = 0, Ideal = 0;
    if (!costs(A, R, Cost, Ideal) || !R.Requests) {
      if (!R.Ok)
        Complete = false;
      continue; // no lane runs this iteration, or no prediction for it
    }
    hw::AccessReport::Iteration It;
    It.Label = P.Label;
    It.Requests = R.Requests;
    It.Cost = Cost;
    It.Ideal = Ideal;
    It.Degree = A.Space == sym::MemorySpace::Constant ? R.MaxConstantAddresses
                                                      : R.MaxConflictDegree;
    for (const hw::WarpCost &W : R.Warps)
      if (W.ActiveLanes) {
        It.Warp = W; // what the HTML report draws for this iteration
        break;
      }
    if (!Its.empty() &&
        (Its.front().Cost * It.Requests != It.Cost * Its.front().Requests ||
         Its.front().Ideal * It.Requests != It.Ideal * Its.front().Requests))
      AllSame = false;
    Its.push_back(It);
    TotalCost += Cost;
    TotalIdeal += Ideal;
    TotalRequests += R.Requests;
    double Ratio = Ideal ? double(Cost) / double(Ideal) : 0;
    if (Ratio > WorstRatio) {
      WorstRatio = Ratio;
      Worst = std::move(R);
      Worst.WorstIteration = P.Label;
    }
  }
  if (Its.empty())
    return First;
  if (AllSame) {
    // The cost does not depend on the iteration: the first one's report,
    // exact at its value rather than under an assumed loop count.
    return evaluateOnce(SC, M, A, S, Points.front().B, AssumedRuntimeValue,
                        Memo);
  }
  Worst.Iterations = std::move(Its);
  Worst.AllIterations = Complete;
  Worst.TotalCost = TotalCost;
  Worst.TotalIdeal = TotalIdeal;
  Worst.TotalRequests = TotalRequests;
  if (!Complete)
    Worst.Assumptions.push_back(
        "the loop's trip count is not known here: its first " +
        std::to_string(Worst.Iterations.size()) + " iterations evaluated");
  return Worst;
}

/// How bad an evaluated access is: sectors per request (global), wavefronts
/// per request (shared).
static double costOf(const MemoryAccess &A, const hw::AccessReport &R) {
  switch (A.Space) {
  case sym::MemorySpace::Global:
    return R.WorstSectorsPerRequest;
  case sym::MemorySpace::Shared:
    return R.perRequest(R.Wavefronts);
  case sym::MemorySpace::Constant:
    return R.perRequest(R.ConstantReads);
  }
  return 0;
}

/// The sectors that the loads of \p A's sibling fields (A.SiblingFields) touch
/// together per warp, each once: sibling loads of one element hit in L1 the
/// sectors the first one brought, so L2 and DRAM see the union (measured on an
/// H100: three loads of a 12-byte structure, 12 sectors per request each in
/// L1, one third of that in L2). Evaluated at the first iteration's values.
static void siblingTraffic(sym::ExprContext &SC, const hw::HardwareModel &M,
                           const MemoryAccess &A, const KernelShape &S,
                           hw::AccessReport &R) {
  if (A.SiblingFields.size() < 2 || A.Space != sym::MemorySpace::Global ||
      A.IsStore || M.Coalescing != hw::CoalescingRule::Sectors ||
      !M.SectorBytes)
    return;
  // The element's first byte: the field's address less its offset.
  const sym::Expr *Bytes = SC.constant(
      A.ElementIndexBytes.Const - A.FieldOffset, sym::IntType::i64());
  for (const auto &T : A.ElementIndexBytes.Terms)
    Bytes = SC.add(Bytes, SC.mul(SC.cast(T.first, sym::IntType::i64()),
                                 SC.constant(T.second, sym::IntType::i64())));
  sym::Bindings B = bindingsFor(A, S);
  sym::AccessQuery Q;
  Q.Index = Bytes;
  Q.ElementBytes = 1;
  Q.Guard = A.Guard;
  Q.Space = sym::MemorySpace::Global;
  sym::LaunchShape Shape = S.Shape;
  Shape.WarpSize = M.WarpSize;
  sym::BlockLanes L = sym::evaluateLanes(SC, Q, Shape, B);
  if (!L.Ok && Q.Guard) {
    Q.Guard = nullptr; // as the access itself: every block but the last
    L = sym::evaluateLanes(SC, Q, Shape, B);
  }
  if (!L.Ok)
    return;
  uint64_t Sectors = 0, Ideal = 0;
  unsigned Warps = 0;
  for (const sym::WarpLanes &W : L.Warps) {
    std::set<uint64_t> Sec, Used;
    for (size_t I = 0; I < W.Active.size() && I < W.Addresses.size(); ++I) {
      if (!W.Active[I])
        continue;
      for (const auto &[Off, Width] : A.SiblingFields)
        for (unsigned Byte = 0; Byte < Width; ++Byte) {
          uint64_t At = W.Addresses[I] + uint64_t(Off) + Byte;
          Used.insert(At);
          Sec.insert(At / M.SectorBytes);
        }
    }
    if (Used.empty())
      continue;
    ++Warps;
    Sectors += Sec.size();
    Ideal += (Used.size() + M.SectorBytes - 1) / M.SectorBytes;
  }
  if (!Warps)
    return;
  R.TrafficSectors = Sectors;
  R.TrafficIdealSectors = Ideal;
  R.TrafficWarps = Warps;
  R.TrafficFields = unsigned(A.SiblingFields.size());
}

hw::AccessReport evaluateAccess(sym::ExprContext &SC,
                                const hw::HardwareModel &M,
                                const MemoryAccess &A, const KernelShape &S,
                                int64_t AssumedRuntimeValue,
                                hw::AccessMemo *Memo) {
  hw::AccessReport R =
      evaluateIterations(SC, M, A, S, AssumedRuntimeValue, Memo);
  if (R.Ok)
    siblingTraffic(SC, M, A, S, R);
  if (A.Alternatives.empty())
    return R;
  // A pointer with several definitions reaching the access (lib/Frontend/
  // ValueFlow): each candidate address is evaluated and the worse reported.
  std::string Chosen = A.Origin;
  MemoryAccess Alt = A;
  Alt.Alternatives.clear();
  for (const MemoryAccess::Alternative &C : A.Alternatives) {
    Alt.Index = C.Index;
    hw::AccessReport RA =
        evaluateIterations(SC, M, Alt, S, AssumedRuntimeValue, Memo);
    if (RA.Ok && (!R.Ok || costOf(A, RA) > costOf(A, R))) {
      R = std::move(RA);
      Chosen = C.Origin;
    }
  }
  if (R.Ok)
    R.Assumptions.push_back("of the " +
                            std::to_string(A.Alternatives.size() + 1) +
                            " definitions of " +
                            (A.ChoiceOf.empty() ? "the pointer" : A.ChoiceOf) +
                            " that reach here, "
                            "the worse (" +
                            Chosen + ") is reported");
  return R;
}

} // namespace warplint
