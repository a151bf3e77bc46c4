//===- IntegerDivision.cpp - Divisions that could be shifts ---------------===//
//
// Literals, constant variables and template arguments are the compiler's job
// (it shifts and masks by itself) and are not sites. A divisor is one when the
// code itself treats it as a power of two that the compiler cannot see:
//  * it masks with the same value minus one somewhere in the function
//    (`x & (n - 1)`, which also covers `__builtin_assume((n & (n - 1)) == 0)`
//    and asserts: nvcc does not use the assumption, SASS div_assumed_slow);
//  * it is warpSize, which nvcc reads from a register rather than folding
//    (div_warpsize: 26 SASS instructions against 15 for the literal 32);
//  * a for loop around the division starts it at a power of two and
//    multiplies it by one (the reduction's `tid % (2 * s)`).
// A divisor with no such statement is not a site: nothing says a shift would
// be right.
//
//===----------------------------------------------------------------------===//
#include "Analysis/instructions/IntegerDivision.h"

#include "Analysis/SourceText.h"
#include "Analysis/instructions/DeviceStatements.h"
#include "Frontend/ConstantValue.h"
#include "Frontend/LoopInduction.h"
#include "Frontend/MutationCache.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MathExtras.h"

using namespace clang;

namespace warplint {

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

std::vector<DivisionSite> findPowerOfTwoDivisions(const FunctionDecl &F,
                                                  const DeviceStatements &S,
                                                  ASTContext &Ctx,
                                                  MutationCache &Mutations) {
  std::vector<DivisionSite> Out;
  const Stmt *Body = F.getBody();

  // "n - 1" operands of masks: the text of n and where the first mask is.
  llvm::StringMap<const BinaryOperator *> Masked;
  for (const BinaryOperator *M : S.Masks)
    for (const Expr *Side : {M->getLHS(), M->getRHS()}) {
      const auto *Sub = dyn_cast<BinaryOperator>(Side->IgnoreParenImpCasts());
      if (!Sub || Sub->getOpcode() != BO_Sub)
        continue;
      std::optional<double> One = constantValue(Sub->getRHS(), Ctx);
      if (One && *One == 1)
        Masked.try_emplace(
            sourceText(Sub->getLHS()->IgnoreParenImpCasts(), Ctx, 200), M);
    }

  for (const BinaryOperator *B : S.IntegerDivisions) {
    const Expr *D = B->getRHS();
    if (constantValue(D, Ctx))
      continue; // the compiler's job
    DivisionSite Site;
    Site.Op = B;
    if (isWarpSize(D)) {
      Site.Why = PowerOfTwoDivisor::WarpSize;
      Out.push_back(Site);
      continue;
    }
    if (const ForStmt *Loop = loopMadePowerOfTwo(D, *B, S.ForLoops, Ctx)) {
      Site.Why = PowerOfTwoDivisor::LoopMade;
      Site.Loop = Loop;
      Out.push_back(Site);
      continue;
    }
    if (Masked.empty())
      continue;
    std::string Key = stableDivisor(D, Body, Ctx, Mutations);
    if (Key.empty())
      continue;
    auto MaskIt = Masked.find(Key);
    if (MaskIt == Masked.end())
      continue;
    Site.Why = PowerOfTwoDivisor::Masked;
    Site.Mask = MaskIt->second;
    Out.push_back(Site);
  }
  return Out;
}

} // namespace warplint
