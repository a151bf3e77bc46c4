//===- Divergence.cpp - Which branches and barriers split a warp ----------===//
//
// Part of warplint. The entry points of the divergence analysis; the walk is
// in DivergenceWalker.cpp and DivergenceLevels.cpp.
//
//===----------------------------------------------------------------------===//
#include "Analysis/Divergence.h"

#include "Analysis/DivergenceWalker.h"
#include "clang/AST/Decl.h"
#include <map>
#include <tuple>

using namespace clang;

namespace warplint {

KernelDivergence analyzeDivergence(const FunctionDecl &Kernel, ASTContext &Ctx,
                                   sym::ExprContext &SC,
                                   MutationCache &Mutations,
                                   const KernelShape &Shape,
                                   const DivergenceOptions &Opts) {
  KernelDivergence Out;
  if (!Kernel.getBody())
    return Out;
  divergence::Walker W(Ctx, SC, Mutations, Shape, Opts, Out);
  W.runKernel(Kernel);
  return Out;
}

namespace {
struct CacheKey {
  const FunctionDecl *Kernel;
  std::array<unsigned, 3> BlockDim;
  std::vector<std::pair<std::string, int64_t>> Params;
  unsigned WarpSize;
  bool operator<(const CacheKey &O) const {
    return std::tie(Kernel, BlockDim, Params, WarpSize) <
           std::tie(O.Kernel, O.BlockDim, O.Params, O.WarpSize);
  }
};
thread_local std::map<CacheKey, KernelDivergence> DivergenceCache;
} // namespace

const KernelDivergence &
cachedDivergence(const FunctionDecl &Kernel, ASTContext &Ctx,
                 sym::ExprContext &SC, MutationCache &Mutations,
                 const KernelShape &Shape, const DivergenceOptions &Opts) {
  CacheKey K{&Kernel, Shape.Shape.BlockDim, Shape.Params, Opts.WarpSize};
  auto It = DivergenceCache.find(K);
  if (It == DivergenceCache.end())
    It = DivergenceCache
             .emplace(std::move(K), analyzeDivergence(Kernel, Ctx, SC,
                                                      Mutations, Shape, Opts))
             .first;
  return It->second;
}

void clearDivergenceCache() { DivergenceCache.clear(); }

} // namespace warplint
