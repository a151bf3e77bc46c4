//===- DivergenceLattice.cpp - Levels of uniformity and their join --------===//
#include "Analysis/divergence/DivergenceLattice.h"

#include <algorithm>

namespace warplint {
namespace divergence {

void Level::join(const Level &O) {
  // Prefer the root cause (threadIdx, a load, an atomic) over "an
  // assignment under ..." at the same level.
  // A data-dependent value keeps a source that names the data: the thread
  // index beside it (`tid < n && !done`, done set from loaded values) is not
  // what the message should name.
  bool Weaker = (Source.isAssignment() && !O.Source.isAssignment() &&
                 (O.DataDep || !DataDep)) ||
                (O.DataDep && !DataDep); // the data, not the index
  if (O.U > U ||
      (O.U == U && !O.Source.empty() && (Source.empty() || Weaker))) {
    Source = O.Source;
    SourceExpr = O.SourceExpr;
  }
  U = std::max(U, O.U);
  DataDep |= O.DataDep;
}

VarianceSource varianceSource(VarianceKind K, std::string Text,
                              const clang::Stmt *At) {
  VarianceSource S;
  S.Kind = K;
  S.Text = std::move(Text);
  S.At = At;
  return S;
}

void joinInto(VarLevels &Into, const VarLevels &Other) {
  for (const auto &[V, U] : Other) {
    auto It = Into.find(V);
    if (It == Into.end())
      Into[V] = U;
    else
      It->second = std::max(It->second, U);
  }
}

} // namespace divergence
} // namespace warplint
