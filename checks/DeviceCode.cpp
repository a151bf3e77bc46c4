//===- DeviceCode.cpp - What the instruction checks share -----------------===//
#include "checks/DeviceCode.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include <cstdio>

using namespace clang;
using namespace clang::ast_matchers;

namespace warplint {

namespace {
AST_MATCHER(FunctionDecl, isDependent) { return Node.isDependentContext(); }
} // namespace

DeclarationMatcher deviceFunctionDefinitions() {
  return functionDecl(isDefinition(),
                      anyOf(hasAttr(attr::CUDAGlobal), hasAttr(attr::CUDADevice)),
                      unless(isDependent()))
      .bind("fn");
}

std::string sourceText(const Expr *E, const ASTContext &Ctx, unsigned Max) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = CharSourceRange::getTokenRange(E->getSourceRange());
  R = Lexer::makeFileCharRange(R, SM, Ctx.getLangOpts());
  if (R.isInvalid())
    return "";
  StringRef Text = Lexer::getSourceText(R, SM, Ctx.getLangOpts());
  std::string Out;
  bool Space = false;
  for (char C : Text) {
    if (llvm::isSpace(C)) {
      Space = !Out.empty();
      continue;
    }
    if (Space)
      Out += ' ';
    Space = false;
    Out += C;
  }
  if (Out.size() > Max)
    Out = Out.substr(0, Max - 3) + "...";
  return Out;
}

std::optional<double> constantValue(const Expr *E, const ASTContext &Ctx) {
  if (!E || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  if (isWarpSize(E))
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsRValue(R, Ctx) || R.HasSideEffects)
    return std::nullopt;
  if (R.Val.isFloat())
    return R.Val.getFloat().convertToDouble();
  if (R.Val.isInt())
    return double(R.Val.getInt().getSExtValue());
  return std::nullopt;
}

bool isWarpSize(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE && DRE->getDecl()->getName() == "warpSize" &&
         DRE->getDecl()->getDeclContext()->isTranslationUnit();
}

std::string formatNumber(double V) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%.9g", V);
  return Buf;
}

} // namespace warplint
