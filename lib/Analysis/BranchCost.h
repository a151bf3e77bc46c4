//===- BranchCost.h - The work under a divergent branch ---------*- C++ -*-===//
//
// Part of warplint; private to lib/Analysis. The model that decides whether
// nvcc predicates a divergent branch or really branches: the estimated SASS
// instructions under it (an FMA counts once; slow-path math and division by
// a runtime value count 20), and whether something under it (a loop, an
// atomic, a barrier, a switch of more than two cases) rules out predication.
// Calibrated on sm_90 with nvcc 13.0 (docs/validation-divergence.md).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_BRANCHCOST_H
#define WARPLINT_ANALYSIS_BRANCHCOST_H

namespace clang {
class ASTContext;
class Stmt;
} // namespace clang

namespace warplint {
namespace divergence {

/// The estimated instructions under a branch and whether it must branch.
struct BodyEstimate {
  unsigned Cost;
  bool Unpredicable;
};

/// The estimated SASS instructions of \p S; sets \p Unpredicable for a loop,
/// atomic or barrier, which nvcc always branches around.
unsigned estimateCost(const clang::Stmt *S, const clang::ASTContext &Ctx,
                      bool &Unpredicable);

/// Both paths of an `if`.
BodyEstimate estimateBranch(const clang::Stmt *Then, const clang::Stmt *Else,
                            const clang::ASTContext &Ctx);

/// `do { ... } while (0)`: runs once, not a loop.
bool isSingleTrip(const clang::Stmt *S);

/// A loop statement somewhere under \p S.
bool containsLoop(const clang::Stmt *S);

} // namespace divergence
} // namespace warplint

#endif
