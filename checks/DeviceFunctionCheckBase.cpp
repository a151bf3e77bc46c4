//===- DeviceFunctionCheckBase.cpp - Checks that read device code ---------===//
#include "checks/DeviceFunctionCheckBase.h"

#include "checks/AnalysisTrace.h"
#include "checks/DeviceCode.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace warplint {

void DeviceFunctionCheckBase::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(deviceFunctionDefinitions(), this);
}

void DeviceFunctionCheckBase::check(const MatchFinder::MatchResult &Result) {
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  if (!FD || !FD->getBody() || !admit(*FD, *Result.Context))
    return;
  AnalysisTrace Trace(getID(), *FD, *Result.SourceManager);
  CurrentFunction = FD;
  checkFunction(*FD, *Result.Context);
  CurrentFunction = nullptr;
}

void DeviceFunctionCheckBase::report(Report &R, const SourceManager &SM) {
  // An instruction check's findings in one function are one cause unless the
  // check says otherwise (FP64 separates its kinds of site): a float kernel
  // full of double literals is one finding with its sites listed, not one
  // per line.
  if (R.Cause.empty())
    R.Cause = "*";
  if (Reported.insert({SM.getFileLoc(R.Loc).getRawEncoding(), R.Message})
          .second)
    emit(R, SM);
}

} // namespace warplint
