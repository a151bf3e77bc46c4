//===- Budgets.h - Every analysis budget and threshold, named ---*- C++ -*-===//
//
// Part of warplint. The limits that bound warplint's work: how deep a
// recursive walk follows, how many iterations, definitions or warps are
// evaluated, how far a helper call is followed. Each is a decision about cost
// against reach; past a limit the analysis gives its conservative answer (an
// Unknown, "not invariant", "too complex") instead of running away on
// generated code. Values live here only, each with its reason, so one place
// shows what warplint gives up on and a change to one is a change to one line.
//
// The header sits in the lowest layer (Symbolic, no clang) so that every layer
// above can read it. The divergence walker's own budgets stay in
// lib/Analysis/divergence/ until its rewrite settles.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_SYMBOLIC_BUDGETS_H
#define WARPLINT_SYMBOLIC_BUDGETS_H

#include <cstddef>

namespace warplint::budget {

//===-- Walks over the clang AST ------------------------------------------===//

/// Nesting any recursive AST walk may follow (WalkDepth, WalkBudget.h): far
/// above what people write (a 1,000-term sum is 1,000 deep), far below what
/// 8 MiB of stack holds at a few hundred bytes a frame; a generated
/// 60,000-term index overflowed the stack without it.
inline constexpr unsigned WalkDepth = 1000;

/// Nesting a yes/no search of a statement or expression subtree follows (a
/// jump out of a loop, a nested loop, a mention of a variable, the pointers a
/// body reads); deeper subtrees get the search's conservative answer. Far
/// deeper than hand-written kernels nest.
inline constexpr unsigned SubtreeSearchDepth = 64;

/// Operators deep the expression builder translates one index or value into
/// Symbolic before it says "expression too deep" (ExprBuilder::rec); the same
/// bound applies to the statements of a followed helper body.
inline constexpr unsigned ExprBuildDepth = 64;

/// Nesting a question about one value's expression follows: is it invariant in
/// a loop, does it branch inside, does a guard select lanes, which leaves does
/// a local array's index read, does a statement fall through. Indices nest a
/// handful of operators; 32 leaves room and bounds the repeated walks.
inline constexpr unsigned ValueQueryDepth = 32;

/// Statements nested in a kernel that value flow indexes for its joins (the
/// ifs and switches that decide a merge); deeper bodies get no joins.
inline constexpr unsigned JoinIndexDepth = 256;

/// Links of a pointer chain followed to its base (p = q + k; q = r; ...) and
/// of a member or element chain naming a `__constant__` variable.
inline constexpr unsigned PointerChainDepth = 16;

/// Variables followed through their initialisers when folding a launch
/// configuration (dim3 b = a; dim3 a = c; ...), when finding the buffer a
/// host pointer names, and when asking whether a host value changes with a
/// loop. Launch arithmetic through floating point (ceil(n / 256.0)) nests
/// operators as well as variables and gets four times as many levels.
inline constexpr unsigned VariableChainDepth = 8;

/// Assignments followed to find where a host buffer comes from (malloc,
/// cudaMallocHost, a registration), one level per variable copied from.
inline constexpr unsigned HostOriginDepth = 4;

/// Helper calls searched up from a host-device transfer for the loop that
/// repeats it (a transfer in a helper called in a loop).
inline constexpr unsigned HostHelperCallDepth = 3;

//===-- Helpers the value flow runs ---------------------------------------===//

/// Statements per helper body the value flow follows. 16 takes Parboil rpes'
/// GetNs (11: a chain of divisions and remainders) and keeps every run a few
/// dozen symbolic operations.
inline constexpr unsigned HelperStatements = 16;
/// Nested helper calls the value flow follows.
inline constexpr unsigned HelperCallDepth = 4;
/// Statements followed over all nested helpers of one call.
inline constexpr unsigned HelperTotalStatements = 64;

/// Definitions a merge may join before its value stays unknown.
inline constexpr std::size_t MergeDefinitions = 4;
/// Selects, minima and maxima nested in one joined value: a lane's evaluation
/// visits both arms of each, so shared arms cost twice per level.
inline constexpr unsigned JoinNesting = 6;

//===-- Symbolic expressions ----------------------------------------------===//

/// Depth of a Symbolic expression: every routine that recurses over one stops
/// here, and the factories refuse to build deeper nodes (Unknown instead).
inline constexpr unsigned ExprDepth = 200;

/// Levels of substitution into an expression (sym::substitute); deeper
/// subexpressions are kept as they are.
inline constexpr unsigned SubstituteDepth = 64;

/// Levels of products of sums expanded (sym::expandProducts); the number of
/// terms an expansion may create is the caller's budget.
inline constexpr unsigned ExpandDepth = 8;

//===-- Evaluation of memory accesses -------------------------------------===//

/// Loop iterations evaluated per access, all loops together: enough for the
/// iterations whose cost differs (first, last, a tile boundary).
inline constexpr std::size_t AccessEvaluations = 64;
/// Iterations evaluated per loop whose trip count is unknown, for an additive
/// induction (i += k) and for a geometric one (i *= 2, i >>= 1).
inline constexpr std::size_t UnknownTripAdditive = 4;
inline constexpr std::size_t UnknownTripGeometric = 6;

/// Warps the whole grid may hold for an access to be evaluated for every
/// block, not a sample.
inline constexpr unsigned EnumeratedWarps = 4096;

//===-- Command lines -----------------------------------------------------===//

/// Nesting of nvcc `--options-file` files read; deeper files are dropped with
/// a note.
inline constexpr unsigned OptionsFileDepth = 4;

} // namespace warplint::budget

#endif
