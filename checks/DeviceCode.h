//===- DeviceCode.h - What the instruction checks share ----------*- C++ -*-===//
//
// Part of warplint. The four instruction checks (double precision, slow math
// functions, integer division, unsigned loop counters) look at the statements
// of device functions one by one; these helpers find those functions and quote
// their source.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_CHECKS_DEVICECODE_H
#define WARPLINT_CHECKS_DEVICECODE_H

#include "Frontend/ConstantValue.h" // constantValue, isWarpSize
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include <optional>
#include <string>

namespace warplint {

/// Definitions of functions that run on the GPU (__global__, __device__,
/// __host__ __device__), template instantiations included and template
/// patterns excluded (their types are still dependent). Bound to "fn".
clang::ast_matchers::DeclarationMatcher deviceFunctionDefinitions();

/// The expression as written, whitespace runs collapsed to one space and cut
/// to \p Max characters ("..." appended); empty when it is not in a file.
std::string sourceText(const clang::Expr *E, const clang::ASTContext &Ctx,
                       unsigned Max = 48);

/// A short, human-readable form of a double: "0.1", "2", "3.14159".
std::string formatNumber(double V);

} // namespace warplint

#endif
