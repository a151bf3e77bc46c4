//===- LocalMemoryArrayCheck.cpp ------------------------------------------===//
//
// The guide (modern §9.2.3, 2.3 §3.2.3): "Automatic variables that are likely
// to be placed in local memory are large structures or arrays that would
// consume too much register space and arrays that the compiler determines may
// be indexed dynamically", and local memory "is off-chip. Hence, access to
// local memory is as expensive as access to global memory." Where an array
// really goes is decided by lib/Analysis/LocalArrays from measurements of
// nvcc; arrays that ptxas keeps in registers (constant indices, small arrays
// it turns into selects) are not findings.
//
//===----------------------------------------------------------------------===//
#include "checks/LocalMemoryArrayCheck.h"

#include "Analysis/LocalArrays.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace warplint {

void LocalMemoryArrayCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(
      functionDecl(isDefinition(),
                   anyOf(hasAttr(attr::CUDAGlobal), hasAttr(attr::CUDADevice)),
                   unless(isExpansionInSystemHeader()))
          .bind("fn"),
      this);
}

static std::string typeText(const LocalArray &LA, const ASTContext &Ctx) {
  QualType T = LA.Var->getType();
  while (const ConstantArrayType *A = Ctx.getAsConstantArrayType(T))
    T = A->getElementType();
  return std::to_string(LA.Elements) + " x " +
         T.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
}

void LocalMemoryArrayCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  if (!FD || FD->isDependentContext())
    return;
  ASTContext &Ctx = *Result.Context;
  if (!admit(*FD, Ctx))
    return;
  const SourceManager &SM = *Result.SourceManager;
  const hw::HardwareModel &M = target(Ctx);
  for (const LocalArray &LA : analysis(Ctx).localArrays(*FD)) {
    if (LA.Placement != ArrayPlacement::LocalMemory)
      continue;
    Report R;
    R.Loc = LA.Var->getLocation();
    R.Range = LA.Var->getSourceRange();
    R.Conf = Confidence::Likely;
    std::string What = "per-thread array '" + LA.Var->getNameAsString() +
                       "' of '" + FD->getNameAsString() + "' (" +
                       typeText(LA, Ctx) + ", " + std::to_string(LA.Bytes) +
                       " bytes)";
    if (LA.Deciding) {
      const ArrayIndexUse &U = *LA.Deciding;
      std::string Index = Lexer::getSourceText(CharSourceRange::getTokenRange(
                                                   U.Index->getSourceRange()),
                                               SM, getLangOpts())
                              .str();
      R.Message = What +
                  " will live in local memory, as slow as global memory: it "
                  "is indexed by '" +
                  Index + "', which the compiler cannot resolve to a constant";
      R.Notes.push_back({U.Site->getExprLoc(), "indexed here: " + U.Why});
      R.Notes.push_back(
          {R.Loc, LA.Reason + " (measured with nvcc 13.0 for sm_80 and sm_90, "
                              "validation/resource-checks)"});
    } else {
      R.Message = What +
                  " will live in local memory, as slow as global memory: it "
                  "is too large for the registers of a thread";
      R.Notes.push_back(
          {R.Loc, LA.Reason + " on " + M.Name + " (hardware model)"});
    }
    emit(R, SM);
  }
}

} // namespace warplint
