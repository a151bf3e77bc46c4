//===- TripCount.h - Iterations of a loop the source fixes ------*- C++ -*-===//
//
// Part of warplint. The number of iterations of `for (i = a; i < b; i += s)`
// when a, b and s fold to constants (Analysis/LaunchConfig's folding), i is
// not modified in the body and nothing jumps out of it (break, return, goto,
// throw). Shared by the host-transfer and the global-accumulator analyses,
// which also ask whether a loop statement runs its body at most once (and so
// is no loop at all: `do { ... } while (0)` in a macro).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_TRIPCOUNT_H
#define WARPLINT_ANALYSIS_TRIPCOUNT_H

#include "Frontend/MutationCache.h"
#include <cstdint>
#include <optional>

namespace clang {
class ASTContext;
class Stmt;
} // namespace clang

namespace warplint {

/// The iterations of \p Loop (a ForStmt; nullopt for other loops and for
/// anything not known from the source).
std::optional<int64_t> constantTripCount(const clang::Stmt *Loop,
                                         clang::ASTContext &Ctx,
                                         MutationCache &Cache);

/// Whether \p Loop (a for, while, do or range-for statement) runs its body at
/// most once: its condition is false as a constant (`do { ... } while (0)`,
/// the error-checking macros' idiom, runs it once; `while (0)` never), or
/// the body ends in an unconditional break, return or throw that no
/// continue of this loop can skip (`for (;;) { ...; break; }`).
bool runsAtMostOnce(const clang::Stmt *Loop, clang::ASTContext &Ctx);

} // namespace warplint

#endif
