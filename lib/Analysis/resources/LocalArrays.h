//===- LocalArrays.h - Per-thread arrays: registers or local memory -*- C++
//-*-===//
//
// Part of warplint. For each automatic array of a device function: how every
// subscript indexes it (a constant, a constant after the compiler unrolls a
// loop, or a value only known at run time) and, from that and the array's
// size, where nvcc will keep it. The thresholds are measurements of nvcc/ptxas
// (CUDA 13.0, sm_80 and sm_90), recorded with the script that took them in
// validation/resource-checks/ (local_arrays_<arch>.csv).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_LOCALARRAYS_H
#define WARPLINT_ANALYSIS_LOCALARRAYS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include <cstdint>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
} // namespace clang

namespace llvm {
class raw_ostream;
}

namespace warplint {

class MutationCache;

/// How one subscript of a per-thread array is indexed.
enum class ArrayIndexKind {
  Constant,    ///< A constant, or a constant once constant-trip loops unroll.
  Dynamic,     ///< A run-time value, outside any loop that varies it.
  LoopRuntime, ///< Varies with a loop whose trip count is a run-time value.
  LoopNotUnrolled, ///< Varies with a constant-trip loop the compiler keeps
                   ///< rolled (`#pragma unroll 1`, or too many iterations).
};

/// One subscript (the outermost, element-level one for a multi-dimensional
/// array).
struct ArrayIndexUse {
  const clang::Expr *Site = nullptr;  ///< The ArraySubscriptExpr.
  const clang::Expr *Index = nullptr; ///< The index that decided the kind.
  ArrayIndexKind Kind = ArrayIndexKind::Constant;
  const clang::Stmt *Loop = nullptr; ///< The loop, for the Loop* kinds.
  std::string Why; ///< "'j' is read from memory", "loop trip count 'n'"...
};

/// Where the compiler will keep an array.
enum class ArrayPlacement {
  Registers,
  LocalMemory,
  Uncertain, ///< Measured both ways near this size; not reported.
};

/// The measured kinds of element (validation/resource-checks/element_types.cu):
/// 4-byte scalars and structures made only of 4-byte scalars (float2, float4,
/// int4) are split into 32-bit registers and a dynamic index into a small
/// array becomes selects; scalars of any other size (char, short, double,
/// long long, pointers) under a dynamic index go to local memory from 2
/// elements on; other structures (double2 stayed in registers, {double,
/// float} did not) are not judged.
enum class ElementClass { Word, OtherScalar, Other };

/// One automatic array of a device function and the verdict on it.
struct LocalArray {
  const clang::VarDecl *Var = nullptr;
  uint64_t Elements = 0;     ///< All dimensions multiplied.
  uint64_t ElementBytes = 0; ///< Of the innermost element type.
  uint64_t Bytes = 0;
  ElementClass ElementKind = ElementClass::Other;
  std::vector<ArrayIndexUse> Uses;
  /// The address leaves the subscript form (passed to a call, pointer
  /// arithmetic): the compiler may still resolve it after inlining, so this
  /// alone decides nothing.
  bool AddressEscapes = false;
  ArrayPlacement Placement = ArrayPlacement::Registers;
  /// The use that decided LocalMemory (null when the size alone decided).
  const ArrayIndexUse *Deciding = nullptr;
  /// Why, with the measurement behind it.
  std::string Reason;
  /// 4-byte registers the array occupies when it stays in registers.
  uint64_t words() const { return (Bytes + 3) / 4; }
};

/// Largest trip count of a constant-trip loop that warplint assumes nvcc
/// unrolls completely (measured: loops of 256 iterations indexing a local
/// array are unrolled, validation/resource-checks/local_arrays_sm_90.csv,
/// pattern "unrolled").
inline constexpr uint64_t MaxAssumedFullUnroll = 256;

/// Analyses the automatic arrays of \p F (a device function definition that is
/// not a dependent template). \p MaxRegistersPerThread comes from the target
/// model: an array larger than that many registers cannot stay in registers.
std::vector<LocalArray> analyzeLocalArrays(const clang::FunctionDecl &F,
                                           clang::ASTContext &Ctx,
                                           MutationCache &Mutations,
                                           unsigned MaxRegistersPerThread);

llvm::StringRef indexKindText(ArrayIndexKind K);

/// The dump of \p Arrays (of function \p F): one line per array with its size
/// and placement, one per indexed use with its kind (warplint-dump
/// --local-arrays).
void printLocalArrays(llvm::raw_ostream &OS, const clang::FunctionDecl &F,
                      llvm::ArrayRef<LocalArray> Arrays,
                      const clang::ASTContext &Ctx);

} // namespace warplint

#endif
