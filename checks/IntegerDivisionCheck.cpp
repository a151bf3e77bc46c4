//===- IntegerDivisionCheck.cpp -------------------------------------------===//
//
// The guide's rule (modern §11.1.1, 2.3 §5.1.1, Low): "Use shift operations to
// avoid expensive division and modulo calculations. ... If n is a power of 2,
// (i / n) is equivalent to (i >> log2 n) and (i % n) is equivalent to
// (i & (n - 1)). The compiler will perform these conversions if n is literal."
//
// So literals, constant variables and template arguments are the compiler's
// job and are not findings. A divisor is reported when the code itself treats
// it as a power of two that the compiler cannot see:
//  * it masks with the same value minus one somewhere in the function
//    (`x & (n - 1)`, which also covers `__builtin_assume((n & (n - 1)) == 0)`
//    and asserts: nvcc does not use the assumption, SASS div_assumed_slow);
//  * it is warpSize, which nvcc reads from a register rather than folding
//    (div_warpsize: 26 SASS instructions against 15 for the literal 32).
// A divisor with no such statement is not reported: nothing says a shift
// would be right.
//
//===----------------------------------------------------------------------===//
#include "checks/IntegerDivisionCheck.h"

#include "Frontend/ConstantValue.h"
#include "Frontend/LoopInduction.h"
#include "Frontend/MutationCache.h"
#include "checks/DeviceCode.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MathExtras.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace warplint {

IntegerDivisionCheck::IntegerDivisionCheck(llvm::StringRef Name,
                                           tidy::ClangTidyContext *Context)
    : DeviceFunctionCheckBase(Name, Context) {}

/// The divisor as a comparable text, when it is a value that stays the same
/// through the function: an unmodified variable or parameter, or a blockDim /
/// gridDim component.
static std::string stableDivisor(const Expr *D, const Stmt *Body,
                                 ASTContext &Ctx, MutationCache &Mutations) {
  const Expr *B = D->IgnoreParenImpCasts();
  std::string Text = sourceText(B, Ctx, 200);
  if (Text.empty())
    return "";
  if (const auto *DRE = dyn_cast<DeclRefExpr>(B)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    // Cached per (function, variable): a function with thousands of
    // divisions by one variable asks once, not once per division.
    if (!V || Mutations.isMutated(*V, *Body, Ctx))
      return "";
    return Text;
  }
  llvm::StringRef T(Text);
  if (T.starts_with("blockDim.") || T.starts_with("gridDim."))
    return Text;
  return "";
}

static bool isPowerOfTwo(std::optional<double> V, double Min) {
  return V && *V >= Min && *V == double(int64_t(*V)) &&
         llvm::isPowerOf2_64(uint64_t(*V));
}

/// For `2 * s`, `s`, `s << 1` where a `for` loop around \p Use starts `s` at a
/// power of two and multiplies it by one (`s *= 2`, `s <<= 1`): that loop. nvcc
/// does not carry the fact into the division (nvcc 13 -O3 for sm_90 emits the
/// full I2F/MUFU.RCP/IMAD.HI sequence for the reduction's `tid % (2 * s)`:
/// validation/host-checks/results/reduction_modulo_sm90.sass).
static const ForStmt *
loopMadePowerOfTwo(const Expr *D, const BinaryOperator &Use,
                   llvm::ArrayRef<const ForStmt *> Loops, ASTContext &Ctx) {
  const Expr *E = D->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    const Expr *L = B->getLHS()->IgnoreParenImpCasts();
    const Expr *R = B->getRHS()->IgnoreParenImpCasts();
    if (B->getOpcode() == BO_Mul) {
      if (isPowerOfTwo(constantValue(L, Ctx), 1))
        E = R;
      else if (isPowerOfTwo(constantValue(R, Ctx), 1))
        E = L;
      else
        return nullptr;
    } else if (B->getOpcode() == BO_Shl && constantValue(R, Ctx)) {
      E = L;
    } else {
      return nullptr;
    }
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V)
    return nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const ForStmt *FS : Loops) {
    std::optional<ForInduction> I = forInduction(*FS);
    if (!I || I->Var != V || I->Step.Additive || !I->Init || !FS->getBody())
      continue;
    std::optional<double> Factor = constantValue(I->Step.Factor, Ctx);
    bool Grows = (I->Step.GeometricOp == BO_Mul && isPowerOfTwo(Factor, 2)) ||
                 (I->Step.GeometricOp == BO_Shl && Factor && *Factor >= 1);
    if (!Grows || !isPowerOfTwo(constantValue(I->Init, Ctx), 1))
      continue;
    SourceRange Body = FS->getBody()->getSourceRange();
    if (SM.isBeforeInTranslationUnit(Use.getBeginLoc(), Body.getBegin()) ||
        SM.isBeforeInTranslationUnit(Body.getEnd(), Use.getEndLoc()))
      continue;
    return FS;
  }
  return nullptr;
}

void IntegerDivisionCheck::checkFunction(const FunctionDecl &Fn, ASTContext &Ctx) {
  const FunctionDecl *FD = &Fn;
  const SourceManager &SM = Ctx.getSourceManager();
  const Stmt *Body = FD->getBody();

  struct Finder : RecursiveASTVisitor<Finder> {
    llvm::SmallVector<const BinaryOperator *, 8> Divs, Masks;
    llvm::SmallVector<const ForStmt *, 4> Loops;
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
    bool VisitForStmt(ForStmt *FS) {
      Loops.push_back(FS);
      return true;
    }
    bool VisitBinaryOperator(BinaryOperator *B) {
      switch (B->getOpcode()) {
      case BO_Div:
      case BO_Rem:
      case BO_DivAssign:
      case BO_RemAssign:
        if (B->getType()->isIntegerType())
          Divs.push_back(B);
        break;
      case BO_And:
      case BO_AndAssign:
        Masks.push_back(B);
        break;
      default:
        break;
      }
      return true;
    }
  } F;
  F.TraverseStmt(const_cast<Stmt *>(Body));

  // "n - 1" operands of masks: the text of n and where the first mask is.
  llvm::StringMap<const BinaryOperator *> Masked;
  for (const BinaryOperator *M : F.Masks)
    for (const Expr *Side : {M->getLHS(), M->getRHS()}) {
      const auto *Sub = dyn_cast<BinaryOperator>(Side->IgnoreParenImpCasts());
      if (!Sub || Sub->getOpcode() != BO_Sub)
        continue;
      std::optional<double> One = constantValue(Sub->getRHS(), Ctx);
      if (One && *One == 1)
        Masked.try_emplace(
            sourceText(Sub->getLHS()->IgnoreParenImpCasts(), Ctx, 200), M);
    }

  for (const BinaryOperator *B : F.Divs) {
    const Expr *D = B->getRHS();
    if (constantValue(D, Ctx))
      continue; // the compiler's job
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
    if (isWarpSize(D)) {
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
      report(R, SM);
      continue;
    }
    if (const ForStmt *Loop = loopMadePowerOfTwo(D, *B, F.Loops, Ctx)) {
      R.Message = "integer " + Op + " by '" + DText +
                  "', a power of two that the loop makes: " + Replacement +
                  " does it in one instruction" + Sign +
                  "; nvcc does not see it and emits a division sequence in "
                  "the loop";
      R.Notes.push_back({Loop->getForLoc(),
                         "the loop starts the counter at a power of two and "
                         "multiplies it by one each iteration"});
      SuggestMask(/*Proven=*/true);
      report(R, SM);
      continue;
    }
    if (Masked.empty())
      continue;
    std::string Key =
        stableDivisor(D, Body, Ctx, analysis(Ctx).mutations());
    if (Key.empty())
      continue;
    auto MaskIt = Masked.find(Key);
    if (MaskIt == Masked.end())
      continue;
    const BinaryOperator *Mask = MaskIt->second;
    R.Message = "integer " + Op + " by '" + DText +
                "', which the code treats as a power of two: " + Replacement +
                " does it in one instruction" + Sign +
                "; the compiler cannot see that '" + DText +
                "' is a power of two";
    R.Notes.push_back({Mask->getOperatorLoc(),
                       "the code masks with '" + DText +
                           " - 1' here, which is right only for a power of "
                           "two"});
    SuggestMask(/*Proven=*/false);
    report(R, SM);
  }
}

} // namespace warplint
