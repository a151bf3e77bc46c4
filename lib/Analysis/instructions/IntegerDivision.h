//===- IntegerDivision.h - Divisions that could be shifts -------*- C++ -*-===//
//
// Part of warplint. The integer divisions and remainders of a device function
// whose divisor the code itself treats as a power of two that the compiler
// cannot see (the rules are in the .cpp's header); checks/IntegerDivisionCheck
// words them.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_INTEGERDIVISION_H
#define WARPLINT_ANALYSIS_INTEGERDIVISION_H

#include <vector>

namespace clang {
class ASTContext;
class BinaryOperator;
class ForStmt;
class FunctionDecl;
} // namespace clang

namespace warplint {

class MutationCache;
struct DeviceStatements;

/// Why a divisor is a power of two the compiler does not see.
enum class PowerOfTwoDivisor {
  /// warpSize, which nvcc reads from a register instead of folding.
  WarpSize,
  /// A for loop around the division starts the divisor's counter at a power
  /// of two and multiplies it by one each iteration.
  LoopMade,
  /// The function masks with the same value minus one elsewhere.
  Masked,
};

/// One integer division or remainder a shift or mask would do.
struct DivisionSite {
  const clang::BinaryOperator *Op = nullptr;
  PowerOfTwoDivisor Why = PowerOfTwoDivisor::WarpSize;
  /// LoopMade: the loop.
  const clang::ForStmt *Loop = nullptr;
  /// Masked: the first mask with the divisor minus one.
  const clang::BinaryOperator *Mask = nullptr;
};

/// The divisions of \p F (its statements \p S) by a power of two the compiler
/// does not see, in source order.
std::vector<DivisionSite> findPowerOfTwoDivisions(const clang::FunctionDecl &F,
                                                  const DeviceStatements &S,
                                                  clang::ASTContext &Ctx,
                                                  MutationCache &Mutations);

} // namespace warplint

#endif
