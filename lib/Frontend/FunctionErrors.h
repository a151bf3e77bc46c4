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

#include "clang/Basic/SourceLocation.h"
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace warplint {

/// Whether \p VD is a default-constructed __shared__ variable of a class whose
/// constructor or destructor is not empty (cuda::barrier,
/// cuda::pipeline_shared_state), which clang rejects ("initialization is not
/// supported for __shared__ variables") and nvcc accepts with a warning,
/// leaving the variable uninitialised. clang marks the declaration invalid and
/// wraps each use in a RecoveryExpr: the analyses read those uses as values
/// they do not know, as they read a call they cannot see into. An initializer
/// with arguments is an error to nvcc too, and stays one.
bool isUninitialisedSharedVar(const clang::VarDecl &VD);

/// Whether \p FD's own declaration or body holds a compiler error: an invalid
/// declaration, an expression that contains errors (clang's RecoveryExpr and
/// everything built on one), or an invalid local declaration. Neither the
/// declaration of a variable isUninitialisedSharedVar accepts nor its uses
/// count. Iterative, so that a deep body cannot overflow the stack.
bool hasOwnErrors(const clang::FunctionDecl &FD);

/// Where in \p FD a compiler error leaves what the analyses read whole, as
/// nvcc reads the code: inline asm that nvcc accepts and clang rejects
/// (docs/compatibility.md, "What nvcc accepts and clang does not"):
///  - an asm statement with no output operand that clang dropped (its parser
///    gives up on the statement at a syntax error, such as nvcc's operands
///    without a comma, `::"r"(v) "l"(p)`), found in the body's text: from
///    `asm` to its `;`. Or one clang kept despite an error (a constraint or
///    clobber it rejects), whole. The analyses read nothing of an asm
///    statement without outputs but its text, for the instruction count of a
///    branch (a dropped one is not counted there): its inputs only matter to
///    outputs, and it has none; no analysis reads clobbers;
///  - an asm statement with outputs whose template clang's GCC syntax
///    rejects (`%globaltimer` with one `%`, which nvcc passes through to
///    PTX): only the template's string literal. Sema diagnoses the template
///    after it built the statement with every operand, and keeps it
///    (Sema::ActOnGCCAsmStmt); the analyses read the template as PTX, where
///    `%globaltimer` and `%%globaltimer` name the same register.
///  - the declaration of a variable isUninitialisedSharedVar accepts, where
///    clang reports its error.
/// Anything else (an asm statement with outputs that clang dropped or read
/// only in part, asm goto) is not covered: the function stays "not
/// analysed".
std::vector<clang::SourceRange>
wholeDespiteErrors(const clang::FunctionDecl &FD, const clang::ASTContext &Ctx);

} // namespace warplint

#endif
