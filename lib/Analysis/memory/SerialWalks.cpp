//===- SerialWalks.cpp - Loops each thread walks alone over a runtime size ===//
#include "Analysis/memory/SerialWalks.h"

namespace warplint {

/// The first kernel parameter \p E names, or "".
static std::string firstParam(const sym::Expr *E) {
  std::string Name;
  sym::forEachNode(E, [&](const sym::Expr *N) {
    if (Name.empty() && N->kind() == sym::ExprKind::Param)
      Name = N->name().str();
  });
  return Name;
}

std::optional<SerialWalk> findSerialWalk(llvm::ArrayRef<MemoryAccess> Accesses) {
  for (const MemoryAccess &A : Accesses) {
    if (!A.Unresolved.empty() || !A.Index ||
        A.Space != sym::MemorySpace::Global || A.DataDependent)
      continue;
    for (const LoopIterations &L : A.Loops) {
      // Additive, the same values in every thread: starts without threadIdx
      // (a block- or grid-strided loop starts at the thread's index and
      // shares the walk), a constant step.
      if (L.Kind != LoopIterations::StepKind::Add || L.By == 0 || !L.Start ||
          L.Start->hasThreadIdx() || !L.While || L.While->hasThreadIdx() ||
          L.While->hasUnknown() || !mentionsVariable(A.Index, L.Var))
        continue;
      // To a runtime size: a parameter in the condition (a constant trip
      // count, a 3x3 stencil's nine steps, is no walk over the data).
      std::string Bound = firstParam(L.While);
      if (Bound.empty())
        continue;
      return SerialWalk{&A, L.Written, Bound};
    }
  }
  return std::nullopt;
}

} // namespace warplint
