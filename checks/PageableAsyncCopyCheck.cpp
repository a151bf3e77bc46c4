//===- PageableAsyncCopyCheck.cpp -----------------------------------------===//
//
// The guide's rule (modern §9.1.2, 2.3 §3.1.2, under §9.1's High priority):
// "In contrast with cudaMemcpy(), the asynchronous transfer version requires
// pinned host memory". The CUDA Runtime API's "API synchronization behavior"
// says what happens otherwise: from pageable memory to the device the data is
// first copied into a staging buffer by the calling thread; from the device to
// pageable memory the call returns only once the copy has completed. Either
// way the overlap the asynchronous call was written for is lost.
//
// Reported: cudaMemcpyAsync, cudaMemcpy2DAsync, cudaMemcpyTo/FromSymbolAsync
// and cuMemcpyHtoD/DtoHAsync whose host side was allocated by malloc/calloc/
// realloc/posix_memalign, new, a std::vector, or is an array or variable of
// the host (Analysis/HostTransfers follows the pointer through its
// initialiser, assignments, copies from other pointers and fields).
//
// Not reported: host memory from cudaMallocHost/cudaHostAlloc or registered by
// cudaHostRegister anywhere in the translation unit; a pointer whose origin is
// not known in the translation unit (a parameter, a value from a call),
// or known from several allocations of different kinds.
//
//===----------------------------------------------------------------------===//
#include "checks/PageableAsyncCopyCheck.h"

#include "Analysis/AnalysisContext.h"
#include "Analysis/host/HostTransfers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace warplint {

PageableAsyncCopyCheck::PageableAsyncCopyCheck(llvm::StringRef Name,
                                               tidy::ClangTidyContext *Context)
    : WarplintCheck(Name, Context) {}

void PageableAsyncCopyCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(translationUnitDecl().bind("tu"), this);
}

void PageableAsyncCopyCheck::check(const MatchFinder::MatchResult &R) {
  ASTContext &Ctx = *R.Context;
  const SourceManager &SM = *R.SourceManager;
  for (const TransferSite &S : analysis(Ctx).hostTransfers().Sites) {
    if (!S.Async || S.HostSide.Origin != HostOrigin::Pageable || !S.Host ||
        SM.isInSystemHeader(S.Call->getBeginLoc()))
      continue;
    bool ToDevice = S.Direction == TransferDirection::HostToDevice;
    if (!ToDevice && S.Direction != TransferDirection::DeviceToHost)
      continue;
    Report Rep;
    Rep.Loc = S.Host->getBeginLoc();
    Rep.Range = S.Host->getSourceRange();
    Rep.Conf = Confidence::Likely;
    std::string Name =
        S.HostSide.Decl ? "'" + S.HostSide.Decl->getNameAsString() + "'"
                        : std::string("the host buffer");
    std::string Size =
        S.BytesValue ? " of " + std::to_string(*S.BytesValue) + " bytes" : "";
    Rep.Message =
        S.Api + Size + (ToDevice ? " from" : " to") + " pageable host memory (" +
        Name + ", " + S.HostSide.How + ") is not asynchronous: " +
        (ToDevice ? "the calling thread first copies the data into a staging "
                    "buffer"
                  : "the call returns only when the copy has completed") +
        ", so it overlaps neither host work nor " +
        (S.Stream ? "other streams' copies" : "the next host operations") +
        "; the asynchronous transfer requires pinned host memory";
    if (S.HostSide.Where)
      Rep.Notes.push_back({S.HostSide.Where->getBeginLoc(),
                           Name + " is allocated here (" + S.HostSide.How +
                               "): pageable memory"});
    else if (S.HostSide.Decl)
      Rep.Notes.push_back({S.HostSide.Decl->getLocation(),
                           Name + " is declared here: a " + S.HostSide.How +
                               " of the host is pageable memory"});
    Rep.Notes.push_back(
        {S.Call->getBeginLoc(),
         "allocate it with cudaMallocHost or cudaHostAlloc, or pin it with "
         "cudaHostRegister (pinning is expensive: do it once, outside loops)"});
    emit(Rep, SM);
  }
}

} // namespace warplint
