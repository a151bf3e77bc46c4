//===- DivergenceWording.h - The English of divergence facts -*- C++ -*-===//
//
// Part of warplint. How warplint-divergent-branch and
// warplint-barrier-in-divergent-code word the facts of Analysis/Divergence:
// what makes a condition vary, how the lanes split, which loop iterations
// diverge, and what a barrier is called.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_CHECKS_DIVERGENCEWORDING_H
#define WARPLINT_CHECKS_DIVERGENCEWORDING_H

#include "Analysis/divergence/Divergence.h"
#include <string>

namespace clang {
class SourceManager;
} // namespace clang

namespace warplint {

/// "'threadIdx.x'", "the value loaded by 'a[i]'", "a value assigned in the
/// loop at line 12"; empty for no source.
std::string describeSource(const VarianceSource &S,
                           const clang::SourceManager &SM);

/// "lanes 0-15 take the branch and the other 16 lanes do not, in warp 0 of
/// each block"; empty unless the split is exact and some warp diverges.
std::string describeSplit(const DivergentBranch &B);

/// "only in the iterations where s < 32 (s = 16, 8, 4, 2, 1: 5 of 8)", "in
/// all 8 iterations of the loop"; empty for a condition on no loop variable.
std::string describeIterations(const LaneSplit &S);

/// "__syncthreads()", "sync() of a grid group".
std::string describeBarrier(const DivergentBarrier &B);

} // namespace warplint

#endif
