//===- ValueFlowDetail.h - Shared by ValueFlow's parts ------------*- C++ -*-===//
//
// Part of warplint; private to lib/Frontend's ValueFlow*.cpp (the reaching
// definitions, the loops, the joins, the dump).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_VALUEFLOWDETAIL_H
#define WARPLINT_FRONTEND_VALUEFLOWDETAIL_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

namespace warplint {
namespace valueflow {

/// The variable \p E names (parentheses aside), or null.
inline const clang::VarDecl *varOf(const clang::Expr *E) {
  if (!E)
    return nullptr;
  const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(E->IgnoreParens());
  return DRE ? llvm::dyn_cast<clang::VarDecl>(DRE->getDecl()) : nullptr;
}

/// \p E as a reference to a declaration (parentheses aside), or null.
inline const clang::DeclRefExpr *refOf(const clang::Expr *E) {
  return E ? llvm::dyn_cast<clang::DeclRefExpr>(E->IgnoreParens()) : nullptr;
}

} // namespace valueflow
} // namespace warplint

#endif
