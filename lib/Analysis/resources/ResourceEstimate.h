//===- ResourceEstimate.h - Registers and shared memory per kernel -*- C++ -*-//
//
// Part of warplint. What one kernel uses per thread and per block, the input
// of the occupancy calculator: registers and static shared memory, either as
// ptxas reported them (exact mode, Analysis/CompiledResources) or estimated
// from the source: a base for the scalars plus the words of the per-thread
// arrays that stay in registers (Analysis/LocalArrays), and the __shared__
// arrays the kernel declares.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_RESOURCEESTIMATE_H
#define WARPLINT_ANALYSIS_RESOURCEESTIMATE_H

#include "Analysis/resources/CompiledResources.h"
#include "Analysis/resources/LocalArrays.h"
#include "llvm/ADT/ArrayRef.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace warplint {

/// Registers every kernel needs besides its arrays in the estimate: the
/// sweep of validation/resource-checks (sm_90) gave N + 8 registers for
/// kernels holding float[N] live in registers, N >= 16.
inline constexpr unsigned EstimateBaseRegisters = 8;

/// A per-thread array the estimate counts: it stays in registers.
struct RegisterArray {
  const clang::VarDecl *Var = nullptr;
  uint64_t Words = 0; ///< 4-byte registers.
};

/// The registers and static shared memory of one kernel, with how they were
/// obtained.
struct KernelResources {
  unsigned Registers = 0; ///< Per thread.
  bool Exact = false;     ///< From ptxas; else estimated from the source.
  uint64_t StaticShared = 0; ///< Bytes per block.

  // The estimate: Registers = min(BaseRegisters + the arrays' words, the
  // architecture's limit). Scalars and called functions are not counted.
  unsigned BaseRegisters = 0;
  std::vector<RegisterArray> Arrays; ///< In declaration order.
  uint64_t ArrayWords = 0;
  bool AtLimit = false; ///< The sum exceeded the limit and was cut to it.

  // Exact mode: what ptxas reported, and how it was run.
  const CompiledKernel *Compiled = nullptr;
  std::string Arch;     ///< Of the compile.
  std::string Compiler; ///< CompiledTU::Compiler.
};

/// Estimates the resources of \p Kernel from its source: \p Arrays are its
/// per-thread arrays (analyzeLocalArrays), \p MaxRegistersPerThread the
/// target's limit.
KernelResources estimateResources(const clang::FunctionDecl &Kernel,
                                  clang::ASTContext &Ctx,
                                  llvm::ArrayRef<LocalArray> Arrays,
                                  unsigned MaxRegistersPerThread);

/// What \p TU reports for \p Kernel, or nullopt when ptxas did not compile it
/// (a kernel not emitted, a recording of another file). \p TU must outlive
/// the result.
std::optional<KernelResources>
compiledResources(const clang::FunctionDecl &Kernel, clang::ASTContext &Ctx,
                  const CompiledTU &TU);

/// Bytes of the __shared__ arrays \p Kernel declares in its own body (extern
/// and dependent ones excluded).
uint64_t staticSharedBytes(const clang::FunctionDecl &Kernel,
                           clang::ASTContext &Ctx);

/// The symbol ptxas names \p Kernel by: its mangled name (the plain name for
/// extern "C").
std::string kernelSymbol(const clang::FunctionDecl &Kernel,
                         clang::ASTContext &Ctx);

} // namespace warplint

#endif
