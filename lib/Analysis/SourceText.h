//===- SourceText.h - An expression as its source spells it -----*- C++ -*-===//
//
// Part of warplint. The text of an expression as written in the file, for
// messages and for comparing two expressions the way a reader would (the
// divisor `n` and the mask `n - 1`).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_SOURCETEXT_H
#define WARPLINT_ANALYSIS_SOURCETEXT_H

#include <string>

namespace clang {
class ASTContext;
class Expr;
} // namespace clang

namespace warplint {

/// The expression as written, whitespace runs collapsed to one space and cut
/// to \p Max characters ("..." appended); empty when it is not in a file.
std::string sourceText(const clang::Expr *E, const clang::ASTContext &Ctx,
                       unsigned Max = 48);

} // namespace warplint

#endif
