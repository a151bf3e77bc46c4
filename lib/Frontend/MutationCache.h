//===- MutationCache.h - Which local variables change -----------*- C++ -*-===//
#ifndef WARPLINT_FRONTEND_MUTATIONCACHE_H
#define WARPLINT_FRONTEND_MUTATIONCACHE_H

#include "llvm/ADT/DenseMap.h"
#include <utility>

namespace clang {
class ASTContext;
class Stmt;
class VarDecl;
} // namespace clang

namespace warplint {

/// Whether anything in \p S may modify \p V after its initialisation (see the
/// .cpp for what counts); conservative: true when in doubt.
bool mayModify(const clang::Stmt *S, const clang::VarDecl *V);

/// Remembers, per translation unit, which local variables their functions
/// modify: a host function with dozens of launches of one `dim3 block`
/// (cuda-samples' reduction: 72) asks the same question dozens of times.
class MutationCache {
public:
  bool isMutated(const clang::VarDecl &Var, const clang::Stmt &Body,
                 clang::ASTContext &Ctx);
  void clear();
  ~MutationCache();

private:
  llvm::DenseMap<std::pair<const clang::Stmt *, const clang::VarDecl *>, bool>
      Results;
};

} // namespace warplint

#endif
