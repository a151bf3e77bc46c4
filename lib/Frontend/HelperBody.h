//===- HelperBody.h - Helpers whose out-parameters can be followed -*- C++
//-*-===//
//
// Part of warplint: which small __device__ helpers give values to their
// caller's variables through reference and pointer parameters in a way the
// value flow can follow (`udivmod(i, DX / 2, x)` of cuda-samples'
// convolutionFFT2D): a short straight-line body of assignments that the
// expression builder runs statement by statement over symbolic values.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_HELPERBODY_H
#define WARPLINT_FRONTEND_HELPERBODY_H

#include "Symbolic/Budgets.h"
#include "clang/AST/Expr.h"
#include <string>

namespace clang {
class ASTContext;
class FunctionDecl;
class ParmVarDecl;
class VarDecl;
} // namespace clang

namespace warplint {

/// The budget of a helper the value flow follows: statements per body, nested
/// helper calls deep, and statements in all (nested helpers included;
/// Symbolic/Budgets.h says why).
struct HelperBudget {
  static constexpr unsigned MaxStatements = budget::HelperStatements;
  static constexpr unsigned MaxDepth = budget::HelperCallDepth;
  static constexpr unsigned MaxTotal = budget::HelperTotalStatements;
};

/// Whether \p P can carry a value out of its function: a non-const lvalue
/// reference, or a pointer to non-const, whose referenced type is an integer.
bool isOutParam(const clang::ParmVarDecl &P);

/// The variable that \p Arg hands to the out-parameter \p P (its reference):
/// `v` for a reference, `&v` for a pointer; null when the argument is anything
/// else.
const clang::DeclRefExpr *outArgReference(const clang::Expr *Arg,
                                          const clang::ParmVarDecl &P);

/// The definition of \p Callee that the builder may run: a function of the
/// program (not of a system or toolkit header) with a body. Null otherwise.
const clang::FunctionDecl *helperDefinition(const clang::FunctionDecl *Callee,
                                            clang::ASTContext &Ctx);

/// Why a call of \p Callee cannot be followed statement by statement: empty
/// when it can. A followed body has at most HelperBudget::MaxStatements
/// statements, each a declaration of a local with an initialiser, an
/// assignment, compound assignment or ++/-- of a local or of an out-parameter
/// (`v`, or `*p` for a pointer), a call of a helper of the same shape, or a
/// final `return`; no loop, no branch but `?:`, no address of a parameter or
/// local taken or bound elsewhere, no write to memory; not recursive.
std::string helperRefusal(const clang::FunctionDecl *Callee,
                          clang::ASTContext &Ctx);

} // namespace warplint

#endif
