//===- FunctionErrors.cpp - Whether a function's own code parsed ----------===//
#include "Frontend/FunctionErrors.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace warplint {

bool hasOwnErrors(const FunctionDecl &FD) {
  if (FD.isInvalidDecl())
    return true;
  const Stmt *Body = FD.getBody();
  if (!Body)
    return false;
  llvm::SmallVector<const Stmt *, 64> Work{Body};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    // Error dependence propagates up through expressions: the outermost
    // expression of a statement says it for everything beneath it.
    if (const auto *E = dyn_cast<Expr>(S)) {
      if (E->containsErrors())
        return true;
      continue;
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls()) {
        if (D->isInvalidDecl())
          return true;
        if (const auto *VD = dyn_cast<VarDecl>(D))
          if (const Expr *Init = VD->getInit(); Init && Init->containsErrors())
            return true;
      }
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  return false;
}

} // namespace warplint
