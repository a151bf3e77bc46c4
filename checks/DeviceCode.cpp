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

std::string formatNumber(double V) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%.9g", V);
  return Buf;
}

} // namespace warplint
