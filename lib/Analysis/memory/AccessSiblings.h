//===- AccessSiblings.h - Sibling accesses of a kernel ------*- C++ -*-===//
//
// Part of warplint. The passes that follow the collection of a kernel's memory
// accesses (KernelAccesses): sibling fields of one array element merged into
// the wide accesses nvcc makes of them, and sibling loads (fields of one
// element, one lane's neighbouring addresses) marked for evaluateAccess to
// price their traffic together.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_ACCESSSIBLINGS_H
#define WARPLINT_ANALYSIS_ACCESSSIBLINGS_H

#include "Analysis/memory/KernelAccesses.h"
#include "llvm/ADT/ArrayRef.h"
#include <cstdint>
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
class QualType;
} // namespace clang

namespace warplint {

/// Records of 1, 2, 4, 8 or 16 bytes aligned to their size (float2, float4,
/// int4, __align__(16) structs) move as one access; larger or odd-sized ones
/// are split by the compiler into per-field accesses.
bool isWholeRecord(clang::QualType T, const clang::ASTContext &Ctx);

/// The address sum(term * bytes) + Const in units of \p Width, when every
/// byte scale is a multiple of it (the usual case); null otherwise.
const sym::Expr *
indexInUnits(sym::ExprContext &SC,
             llvm::ArrayRef<std::pair<const sym::Expr *, int64_t>> Terms,
             int64_t Const, int64_t Width);

/// Merges the fields of one element accessed together (dropping the merged
/// ones from \p Out) and marks sibling loads (MemoryAccess::SiblingFields).
void mergeSiblingAccesses(std::vector<MemoryAccess> &Out,
                          clang::ASTContext &Ctx, sym::ExprContext &SC);

} // namespace warplint

#endif
