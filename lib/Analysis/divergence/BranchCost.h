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

#include "Frontend/MutationCache.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/DenseMap.h"
#include <cstdint>

namespace clang {
class ASTContext;
class ParmVarDecl;
class Stmt;
} // namespace clang

namespace warplint {
namespace divergence {

/// What the cost model reads besides the statements: the AST, and the
/// mutation facts that fold a loop's trip count.
struct CostInputs {
  clang::ASTContext &Ctx;
  MutationCache &Mutations;
  /// In a helper's body, costed for one call: the parameters whose argument
  /// there is an integer constant (`divRndUp(n, 2)` divides by 2, a shift).
  const llvm::DenseMap<const clang::ParmVarDecl *, llvm::APSInt> *ConstArgs =
      nullptr;
};

/// A loop whose trip count the source fixes and whose unrolled body fits
/// nvcc's full-unroll budget (or that `#pragma unroll` asks to unroll in
/// full): nvcc emits it as straight-line code, which ptxas predicates like
/// any other body. Measured with nvcc 13 -arch=sm_90 (PTX,
/// validation/divergence/unroll13.cu): a one-FMA body unrolls in full up to
/// 128 trips and not at 256; a body of about 8 instructions at 16 trips and
/// not at 32.
constexpr unsigned UnrollBudget = 200, MaxUnrolledTrips = 128;

/// The estimated instructions under a branch and whether it must branch.
struct BodyEstimate {
  unsigned Cost;
  bool Unpredicable;
};

/// The estimated SASS instructions of \p S; sets \p Unpredicable for a loop
/// that stays a loop, an atomic or a barrier, which nvcc always branches
/// around. A loop nvcc unrolls in full counts as its trips times its body.
unsigned estimateCost(const clang::Stmt *S, const CostInputs &In,
                      bool &Unpredicable);

/// Both paths of an `if`.
BodyEstimate estimateBranch(const clang::Stmt *Then, const clang::Stmt *Else,
                            const CostInputs &In);

/// `do { ... } while (0)`: runs once, not a loop.
bool isSingleTrip(const clang::Stmt *S);

/// The trips of \p Loop when nvcc unrolls it in full (see UnrollBudget):
/// 0 when it stays a loop.
unsigned unrolledTrips(const clang::Stmt *Loop, const CostInputs &In);

/// A loop statement that stays a loop somewhere under \p S (one nvcc
/// unrolls in full is straight-line code).
bool containsLoop(const clang::Stmt *S, const CostInputs &In);

/// \p S (or a helper it calls) launches kernels, calls the runtime API
/// (streams, events, allocation) or prints: work one thread does for the
/// others, which a leader branch is the right shape for.
bool orchestrates(const clang::Stmt *S, const CostInputs &In);

/// Whether the paths of a branch only move data in from device memory: every
/// statement stores a value loaded from memory (or a constant) to memory, or
/// issues an asynchronous copy, at least one value comes from outside the
/// block's shared memory (a global pointer, a texture), with at most two
/// arithmetic operations per store outside the address computation (`if (tx < 4) tile[ty][tx] =
/// ((float4 *)A)[..]`, a halo or apron load, a `memcpy_async` by a quarter
/// of the lanes). A warp pays for the memory traffic such a body causes, not
/// for its idle lanes: the same bytes move however the lanes are packed.
bool movesDataOnly(const clang::Stmt *Then, const clang::Stmt *Else,
                   const CostInputs &In);

} // namespace divergence
} // namespace warplint

#endif
