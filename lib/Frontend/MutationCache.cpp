//===- MutationCache.cpp - Which local variables change -------------------===//
#include "Frontend/MutationCache.h"

#include "clang/AST/ASTContext.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"

using namespace clang;

namespace warplint {

bool MutationCache::isMutated(const VarDecl &Var, const Stmt &Body,
                              ASTContext &Ctx) {
  auto Key = std::make_pair(&Body, &Var);
  auto It = Results.find(Key);
  if (It != Results.end())
    return It->second;
  bool M = ExprMutationAnalyzer(Body, Ctx).isMutated(&Var);
  Results[Key] = M;
  return M;
}

void MutationCache::clear() { Results.clear(); }

MutationCache::~MutationCache() = default;

} // namespace warplint
