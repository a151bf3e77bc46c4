//===- IntegerDivisionCheck.cpp -------------------------------------------===//
//
// The guide's rule (modern §11.1.1, 2.3 §5.1.1, Low): "Use shift operations to
// avoid expensive division and modulo calculations. ... If n is a power of 2,
// (i / n) is equivalent to (i >> log2 n) and (i % n) is equivalent to
// (i & (n - 1)). The compiler will perform these conversions if n is literal."
//
// So literals, constant variables and template arguments are the compiler's
// job and are not findings. A divisor is reported when the code itself treats
// it as a power of two that the compiler cannot see (warpSize, a loop that
// makes it one, a mask with it minus one): Analysis/instructions/
// IntegerDivision finds those; this check words them.
//
//===----------------------------------------------------------------------===//
#include "checks/IntegerDivisionCheck.h"

#include "Analysis/AnalysisContext.h"
#include "checks/DeviceCode.h"
#include "clang/AST/ASTContext.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace warplint {

IntegerDivisionCheck::IntegerDivisionCheck(llvm::StringRef Name,
                                           tidy::ClangTidyContext *Context)
    : DeviceFunctionCheckBase(Name, Context) {}

void IntegerDivisionCheck::checkFunction(const FunctionDecl &FD,
                                         ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const DivisionSite &Site : analysis(Ctx).powerOfTwoDivisions(FD)) {
    const BinaryOperator *B = Site.Op;
    const Expr *D = B->getRHS();
    bool Rem = B->getOpcode() == BO_Rem || B->getOpcode() == BO_RemAssign;
    const Expr *LHS = B->getLHS()->IgnoreParenImpCasts();
    bool Unsigned = LHS->getType()->isUnsignedIntegerType();
    std::string DText = sourceText(D->IgnoreParenImpCasts(), Ctx);
    std::string LText = sourceText(LHS, Ctx);
    Report R;
    R.Loc = B->getOperatorLoc();
    R.Range = B->getSourceRange();
    R.Conf = Confidence::Likely;
    std::string Op = Rem ? "modulo" : "division";
    std::string Replacement =
        Rem ? "'& (" + DText + " - 1)'" : "a shift by log2(" + DText + ")";
    std::string Sign = Unsigned ? "" : " (for non-negative '" + LText + "')";
    // The mask fix-it, for an unsigned `%` whose operands are written out
    // in the file: the same value whenever the divisor is a power of two.
    // Safe only where the divisor is proven a power of two (the loop makes
    // it one); where the code merely masks with it elsewhere, unsafe.
    auto SuggestMask = [&](bool Proven) {
      if (Rem && Unsigned && B->getOpcode() == BO_Rem && !LText.empty() &&
          B->getBeginLoc().isFileID() && B->getEndLoc().isFileID() &&
          LText.find("...") == std::string::npos)
        R.Suggestion = {"write '" + LText + " & (" + DText +
                            " - 1)': the same value for a power of two",
                        FixItHint::CreateReplacement(
                            B->getSourceRange(),
                            "(" + LText + " & (" + DText + " - 1))"),
                        Proven};
    };
    switch (Site.Why) {
    case PowerOfTwoDivisor::WarpSize: {
      unsigned W = target(Ctx).WarpSize;
      R.Message = "integer " + Op +
                  " by warpSize compiles to a multi-instruction sequence: "
                  "nvcc reads warpSize from a register and does not fold it; "
                  "with the literal " +
                  std::to_string(W) + " it becomes a " +
                  (Rem ? "mask" : "shift") + Sign;
      const auto *Ref = cast<DeclRefExpr>(D->IgnoreParenImpCasts());
      if (Ref->getLocation().isFileID())
        R.Suggestion = {"write " + std::to_string(W) +
                            ": the warp size of every CUDA GPU",
                        FixItHint::CreateReplacement(
                            CharSourceRange::getTokenRange(Ref->getLocation(),
                                                           Ref->getLocation()),
                            std::to_string(W)),
                        /*Safe=*/true}; // warpSize is 32 on every CUDA GPU
      break;
    }
    case PowerOfTwoDivisor::LoopMade:
      R.Message = "integer " + Op + " by '" + DText +
                  "', a power of two that the loop makes: " + Replacement +
                  " does it in one instruction" + Sign +
                  "; nvcc does not see it and emits a division sequence in "
                  "the loop";
      R.Notes.push_back({Site.Loop->getForLoc(),
                         "the loop starts the counter at a power of two and "
                         "multiplies it by one each iteration"});
      SuggestMask(/*Proven=*/true);
      break;
    case PowerOfTwoDivisor::Masked:
      R.Message = "integer " + Op + " by '" + DText +
                  "', which the code treats as a power of two: " +
                  Replacement + " does it in one instruction" + Sign +
                  "; the compiler cannot see that '" + DText +
                  "' is a power of two";
      R.Notes.push_back({Site.Mask->getOperatorLoc(),
                         "the code masks with '" + DText +
                             " - 1' here, which is right only for a power of "
                             "two"});
      SuggestMask(/*Proven=*/false);
      break;
    }
    report(R, SM);
  }
}

} // namespace warplint
