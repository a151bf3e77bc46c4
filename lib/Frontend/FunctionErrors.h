//===- FunctionErrors.h - Whether a function's own code parsed ---*- C++ -*-===//
//
// Part of warplint. After a compiler error clang keeps every declaration it
// could build: a function whose own code is valid has a complete body even
// when something else in the file did not parse, and a function with an error
// of its own holds RecoveryExprs or invalid declarations where the error was.
// warplint analyses the first kind and says which functions it skipped
// (docs/compatibility.md "Partial analysis").
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_FUNCTIONERRORS_H
#define WARPLINT_FRONTEND_FUNCTIONERRORS_H

namespace clang {
class FunctionDecl;
} // namespace clang

namespace warplint {

/// Whether \p FD's own declaration or body holds a compiler error: an invalid
/// declaration, an expression that contains errors (clang's RecoveryExpr and
/// everything built on one), or an invalid local declaration. Iterative, so
/// that a deep body cannot overflow the stack.
bool hasOwnErrors(const clang::FunctionDecl &FD);

} // namespace warplint

#endif
