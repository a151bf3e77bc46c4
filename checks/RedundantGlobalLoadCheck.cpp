//===- RedundantGlobalLoadCheck.cpp ---------------------------------------===//
//
// The guide's rule (modern §9.2.2 "Shared Memory in Matrix Multiplication",
// 2.3 §3.2.2.2, Medium): "Use shared memory to avoid redundant transfers from
// global memory." Its example, simpleMultiply, reads `b[i*N+col]` in a loop
// over i: the address ignores threadIdx.y, so each of the 32 warps of the
// 32x32 block loads the same row of the B tile in every iteration;
// sharedABMultiply loads the tile into shared memory once per block.
//
// What is reported: a global load in a kernel loop whose variable moves the
// address (each iteration loads new elements), for a block shape the file
// gives (a launch or __launch_bounds__, never an assumed one), where at least
// MinWarps warps of the block load the same element (Analysis/RedundantLoads
// evaluates the address for every thread of the block). What is not:
//  - a load outside a loop, or one the loop does not move (a broadcast of a
//    parameter-indexed scalar read once per thread);
//  - repeats within one warp only (the guide's `a[row*TILE_DIM+i]`): the
//    warp's lanes share one request, and the next iterations find its sector
//    in L1 unless it was evicted; the guide measured 119.9 -> 144.4 GB/s for
//    tiling it, and the cost depends on the cache, not on the source;
//  - data-dependent addresses and runtime lane strides (unknown groups);
//  - a load whose innermost loop holds another loop: made once per outer
//    iteration, it is amortised over the inner loop's work.
// The L1 cache serves some of the repeats, so the factor is an upper bound on
// the traffic saved; the guide's own measurement (V100, Table 2) is the
// evidence: tiling B took the kernel from 144.4 to 195.5 GB/s.
//
//===----------------------------------------------------------------------===//
#include "checks/RedundantGlobalLoadCheck.h"

#include "Analysis/AnalysisContext.h"
#include "Analysis/ProjectParents.h"
#include "Symbolic/Budgets.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;

namespace warplint {

namespace {
bool isLoop(const Stmt *S) {
  return isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
         isa<CXXForRangeStmt>(S);
}
bool containsLoop(const Stmt *S, unsigned Depth = 0) {
  if (!S || Depth > budget::SubtreeSearchDepth)
    return false;
  for (const Stmt *C : S->children())
    if (C && (isLoop(C) || containsLoop(C, Depth + 1)))
      return true;
  return false;
}
/// Whether the innermost loop around \p Site holds another loop: the load is
/// then made once per outer iteration, and amortised over the inner loop's
/// work (Rodinia lavaMD's neighbour-box index read once per box).
bool inOuterLoop(const Expr *Site, ASTContext &Ctx) {
  DynTypedNodeList Parents = parentsOf(Ctx, *Site);
  for (unsigned Steps = 0; Steps < 128 && Parents.size() == 1; ++Steps) {
    DynTypedNode N = Parents[0];
    if (const Stmt *P = N.get<Stmt>(); P && isLoop(P))
      return containsLoop(P);
    if (N.get<FunctionDecl>())
      return false;
    // Statements, and declarations (`int b = x[k];`).
    Parents = parentsOf(Ctx, N);
  }
  return false;
}
} // namespace

RedundantGlobalLoadCheck::RedundantGlobalLoadCheck(
    StringRef Name, tidy::ClangTidyContext *Context)
    : KernelCheckBase(Name, Context),
      MinWarps(std::max(2u, Options.get("MinWarps", 4u))) {}

void RedundantGlobalLoadCheck::storeOptions(
    tidy::ClangTidyOptions::OptionMap &Opts) {
  KernelCheckBase::storeOptions(Opts);
  Options.store(Opts, "MinWarps", MinWarps);
}

void RedundantGlobalLoadCheck::checkKernel(const FunctionDecl &Kernel,
                                           ArrayRef<KernelShape> Shapes,
                                           ASTContext &Ctx) {
  AnalysisContext &AC = analysis(Ctx);
  const SourceManager &SM = Ctx.getSourceManager();
  for (const MemoryAccess &A : AC.accesses(Kernel)) {
    if (!A.Unresolved.empty() || A.Space != sym::MemorySpace::Global ||
        !A.IsLoad || A.IsStore || A.DataDependent)
      continue;
    // The shape whose block repeats the load in the most warps decides.
    const RedundantLoad *Worst = nullptr;
    const KernelShape *WorstShape = nullptr;
    for (const KernelShape &S : Shapes) {
      const std::optional<RedundantLoad> &R = AC.redundantLoad(A, S);
      if (R && (!Worst || R->Warps > Worst->Warps)) {
        Worst = &*R;
        WorstShape = &S;
      }
    }
    if (!Worst || Worst->Warps < MinWarps || inOuterLoop(A.Site, Ctx))
      continue;
    const RedundantLoad &R = *Worst;
    std::string Missing = missingComponents(R);

    Report Rep;
    Rep.Loc = A.Site->getBeginLoc();
    Rep.Range = A.Site->getSourceRange();
    Rep.Conf = Confidence::Likely;
    std::string Name =
        "'" + (A.BaseText.empty() && A.Base ? A.Base->getNameAsString()
                                            : A.BaseText) +
        "'";
    Rep.Message = llvm::formatv(
        "global load from {0} is repeated by {1} warps of each block: in every "
        "iteration of the loop over '{2}' they load the same elements ({3} "
        "threads of the {4} read each one{5}), {1}x the global loads a "
        "shared-memory tile loaded once per block needs",
        Name, R.Warps, R.LoopVar, R.Threads, R.BlockThreads,
        Missing.empty() ? std::string()
                        : "; the address does not depend on " + Missing);
    Rep.Notes.push_back(
        {A.Site->getBeginLoc(),
         "address: " + Name + " + (" + sym::toString(A.Index) + ") * " +
             std::to_string(A.Width) + " bytes"});
    Rep.Notes.push_back(
        {A.Site->getBeginLoc(),
         "load the elements one iteration block needs into a __shared__ tile "
         "once, each thread one element (the guide's sharedABMultiply: "
         "'bTile[threadIdx.y][threadIdx.x] = b[threadIdx.y*N+col]; "
         "__syncthreads();'), then read the tile in the loop"});
    Rep.Notes.push_back(
        {A.Site->getBeginLoc(),
         "the L1 cache serves some of the repeated loads, so the saving is "
         "less than the factor: the guide measured 144.4 -> 195.5 GB/s on a "
         "V100 for tiling simpleMultiply's B this way (§9.2.2, Table 2)"});
    auto [Loc, Text] = shapeNote(*WorstShape, SM);
    Rep.Notes.push_back({Loc.isValid() ? Loc : Kernel.getLocation(), Text});
    if (auto Assumed = assumptionNote(A, *WorstShape))
      Rep.Notes.push_back({A.Site->getBeginLoc(), *Assumed});
    Rep.Facts.Block = shapeFact(*WorstShape, SM);
    Rep.Cause = Name + " " + std::to_string(R.Warps) + " warps";
    emit(Rep, SM);
  }
}

} // namespace warplint
