//===- GlobalAccumulatorInLoopCheck.cpp -----------------------------------===//
//
// The guide's rule (modern §11.2, 2.3 §5.2): "Minimize the use of global
// memory. Prefer shared memory access where possible." The guide ranks the
// rule High in general; this check reports one instance of it, one load and
// one store per iteration that a register would absorb, where the data stays
// in L1/L2 between iterations: Medium, the ranking.
//
// Reported (Analysis/GlobalAccumulators): `c[idx] op= e` (or `c[idx] = c[idx]
// op e`) in every iteration of a kernel loop, with c a pointer parameter that
// the loop does not change, idx unchanged by the loop, and the loop reading
// through another pointer parameter while neither is __restrict__. Then the
// compiler must assume that the store through c may change what the other
// pointer reads, and keeps the load and the store in the loop: nvcc 13 at -O3
// for sm_90 emits 29 STG for the gemm loop (validation/accumulator).
//
// Not reported: the same loop with __restrict__ on the accumulated pointer or
// on the others (nvcc then keeps the element in a register: 1 STG, measured),
// or reading no other pointer (nothing stops the compiler from promoting it);
// updates under a condition inside the loop; indices that change in the loop.
//
//===----------------------------------------------------------------------===//
#include "checks/GlobalAccumulatorInLoopCheck.h"

#include "Analysis/AnalysisContext.h"
#include "Analysis/memory/GlobalAccumulators.h"
#include "checks/DeviceCode.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace warplint {

GlobalAccumulatorInLoopCheck::GlobalAccumulatorInLoopCheck(
    llvm::StringRef Name, tidy::ClangTidyContext *Context)
    : KernelCheckBase(Name, Context) {}

static std::string quoteList(llvm::ArrayRef<const ParmVarDecl *> Ps) {
  std::string S;
  for (size_t I = 0; I < Ps.size(); ++I) {
    if (I)
      S += I + 1 == Ps.size() ? " and " : ", ";
    S += "'" + Ps[I]->getNameAsString() + "'";
  }
  return S;
}

void GlobalAccumulatorInLoopCheck::checkKernel(
    const FunctionDecl &Kernel, llvm::ArrayRef<KernelShape>, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const GlobalAccumulator &A : analysis(Ctx).globalAccumulators(Kernel)) {
    if (A.MayAlias.empty())
      continue;
    std::string Target = sourceText(A.Target, Ctx);
    std::string Elem =
        A.Target->getType().isNull()
            ? std::string("element")
            : A.Target->getType().getUnqualifiedType().getAsString();
    Report Rep;
    Rep.Loc = A.Update->getBeginLoc();
    Rep.Range = A.Update->getSourceRange();
    Rep.Conf = Confidence::Likely;
    std::string Count =
        A.TripCount ? std::to_string(*A.TripCount) + " global loads and " +
                          std::to_string(*A.TripCount) +
                          " global stores per thread"
                    : "a global load and a global store per iteration";
    Rep.Message = "'" + Target +
                  "' is read and written in global memory in every iteration "
                  "of the loop: " +
                  Count +
                  " where a register accumulator needs one of each; '" +
                  A.Pointer->getNameAsString() + "' may alias " +
                  quoteList(A.MayAlias) +
                  ", so the compiler keeps the store in the loop";
    Rep.Notes.push_back(
        {A.Loop->getBeginLoc(),
         std::string("the index does not change in this loop") +
             (A.TripCount ? " (" + std::to_string(*A.TripCount) +
                                " iterations)"
                          : "")});
    std::string Param = A.Pointer->getNameAsString();
    Rep.Notes.push_back(
        {A.Update->getBeginLoc(),
         "accumulate in a register: '" + Elem + " sum = " + Target +
             ";' before the loop, 'sum' in the loop, '" + Target +
             " = sum;' after it; or declare the pointers __restrict__ ('" +
             A.Pointer->getType().getAsString() + " __restrict__ " + Param +
             "') if they never overlap, and the compiler does it"});
    emit(Rep, SM);
  }
}

} // namespace warplint
