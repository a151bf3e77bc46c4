//===- SourceText.cpp - An expression as its source spells it -------------===//
#include "Analysis/SourceText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace warplint {

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

} // namespace warplint
