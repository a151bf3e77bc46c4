//===- Divergence.cpp - Which branches and barriers split a warp ----------===//
//
// Part of warplint. The entry points of the divergence analysis; the walk is
// in DivergenceWalker.cpp and DivergenceLevels.cpp.
//
//===----------------------------------------------------------------------===//
#include "Analysis/divergence/Divergence.h"

#include "Analysis/divergence/DivergenceWalker.h"
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

} // namespace warplint
