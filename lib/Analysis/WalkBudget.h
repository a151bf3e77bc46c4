//===- WalkBudget.h - A depth budget for recursive AST walks ----*- C++ -*-===//
//
// Part of warplint. clang parses expressions far deeper than a recursive walk
// can follow on a thread's stack (a generated 60,000-term index overflowed
// the access and divergence walks). Each recursive walk over statements and
// expressions counts its nesting with a WalkDepth; past the budget it stops
// descending, and what it skipped is "too complex, not analysed", said in the
// file's one-line status (docs/compatibility.md).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_WALKBUDGET_H
#define WARPLINT_ANALYSIS_WALKBUDGET_H

#include "Symbolic/Budgets.h"

namespace clang {
class ASTContext;
class Stmt;
} // namespace clang

namespace warplint {

/// Nesting a walk may follow (Symbolic/Budgets.h says why).
inline constexpr unsigned MaxWalkDepth = budget::WalkDepth;

/// One level of a recursive walk: construct at the top of the recursive
/// function with the walk's counter; exceeded() says to stop descending.
class WalkDepth {
public:
  explicit WalkDepth(unsigned &Depth) : Depth(Depth) { ++Depth; }
  ~WalkDepth() { --Depth; }
  WalkDepth(const WalkDepth &) = delete;
  WalkDepth &operator=(const WalkDepth &) = delete;
  bool exceeded() const { return Depth > MaxWalkDepth; }

private:
  unsigned &Depth;
};

/// Whether \p S nests deeper than \p Limit (iterative; for the walks that
/// cannot stop midway, such as clang's recursive ParentMap).
bool nestingExceeds(const clang::Stmt *S, unsigned Limit);

/// Records that \p S was too deeply nested for \p Walk to analyse (once per
/// statement and walk; the file's status line counts them).
void noteTooComplex(const clang::ASTContext &Ctx, const clang::Stmt &S,
                    const char *Walk);

} // namespace warplint

#endif
