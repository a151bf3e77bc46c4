//===- AccessLoops.h - Loops of the value flow around an access -*- C++ -*-===//
//
// Part of warplint. The loops that lib/Frontend/ValueFlow finds on the CFG
// (while, do-while, goto loops, for loops whose counter is declared outside
// them, pointer inductions), described in the form evaluateAccess walks
// (LoopIterations), so that an access in any loop form is priced at the
// iterations that matter.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_ACCESSLOOPS_H
#define WARPLINT_ANALYSIS_ACCESSLOOPS_H

#include "Analysis/memory/KernelAccesses.h"
#include "Frontend/ExprBuilder.h"
#include "Frontend/ValueFlow.h"
#include <vector>

namespace warplint {

/// Adds to \p Loops the value-flow loops that run \p Site and whose iteration
/// leaf \p Index or \p Guard uses (the inductions \p Builder met while building
/// them), unless \p Loops already describes that leaf; then orders \p Loops
/// outermost first (an inner loop's start may use an outer variable).
void addFlowLoops(const ValueFlow &Flow, ExprBuilder &Builder,
                  sym::ExprContext &SC, const clang::Expr *Site,
                  const sym::Expr *Index, const sym::Expr *Guard,
                  std::vector<LoopIterations> &Loops);

/// The nesting depth of the loop statement \p S in \p Flow (0 when unknown).
unsigned loopDepth(const ValueFlow *Flow, const clang::Stmt *S);

} // namespace warplint

#endif
