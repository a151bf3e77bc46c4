//===- UnsignedLoopCounterCheck.cpp ---------------------------------------===//
//
// The guide's rule (modern §11.1.2, "Low Medium"; absent from the 2.3 guide):
// "Use signed integers rather than unsigned integers as loop counters." Its
// example is `out[i] = in[offset + stride*i]`: with an unsigned i the product
// may wrap, and the defined wrap-around keeps the compiler from strength
// reduction. warplint reports it as Low (its priorities are High, Medium, Low).
//
// Reported: a for loop in device code whose narrow unsigned counter, an
// induction variable, is multiplied in a subscript or pointer offset
// (Analysis/instructions/UnsignedCounters says which loops and why; this
// check words them).
//
//===----------------------------------------------------------------------===//
#include "checks/UnsignedLoopCounterCheck.h"

#include "Analysis/AnalysisContext.h"
#include "checks/DeviceCode.h"
#include "clang/AST/ASTContext.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace warplint {

UnsignedLoopCounterCheck::UnsignedLoopCounterCheck(
    llvm::StringRef Name, tidy::ClangTidyContext *Context)
    : DeviceFunctionCheckBase(Name, Context) {}

void UnsignedLoopCounterCheck::checkFunction(const FunctionDecl &FD,
                                             ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const UnsignedCounterSite &Site : analysis(Ctx).unsignedCounters(FD)) {
    const VarDecl *Counter = Site.Counter;
    std::string Index = sourceText(Site.Index, Ctx);
    Report R;
    R.Loc = Counter->getLocation();
    R.Range = Counter->getSourceRange();
    R.Conf = Confidence::Likely;
    R.Message = "loop counter '" + Counter->getNameAsString() + "' is " +
                Counter->getType().getAsString() + ": it feeds the index '" +
                Index +
                "', and the defined wrap-around of unsigned arithmetic keeps "
                "the compiler from strength-reducing it; declare it as a "
                "signed int (reported as Low; the modern guide labels this "
                "'Low Medium')";
    R.Notes.push_back({Site.Index->getExprLoc(),
                       "index arithmetic on '" + Counter->getNameAsString() +
                           "'"});
    report(R, SM);
  }
}

} // namespace warplint
