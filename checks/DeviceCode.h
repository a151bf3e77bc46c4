//===- DeviceCode.h - What the instruction checks share ----------*- C++ -*-===//
//
// Part of warplint. The four instruction checks (double precision, slow math
// functions, integer division, unsigned loop counters) read the facts of
// device functions one by one; these helpers find those functions and quote
// their source (Analysis/SourceText) in messages.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_CHECKS_DEVICECODE_H
#define WARPLINT_CHECKS_DEVICECODE_H

#include "Analysis/SourceText.h"
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

/// A short, human-readable form of a double: "0.1", "2", "3.14159".
std::string formatNumber(double V);

} // namespace warplint

#endif
