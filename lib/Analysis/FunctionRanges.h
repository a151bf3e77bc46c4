//===- FunctionRanges.h - Where each analysed function is -------*- C++ -*-===//
//
// Part of warplint. clang drops some statements with errors from the AST
// altogether (`return x + undeclared;` leaves an empty body), so a function
// can look valid and still have an error of its own. The analysis publishes
// the source range of every kernel and device function it admitted; the
// standalone binary, which has every compiler error's position, counts a
// function with an error inside its range as not analysed and drops its
// findings (tools/warplint/PartialAnalysis).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_FUNCTIONRANGES_H
#define WARPLINT_ANALYSIS_FUNCTIONRANGES_H

#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace warplint {

/// A stretch of a file, as lines and columns (both ends included).
struct SourceSpan {
  unsigned BeginLine = 0, BeginColumn = 0, EndLine = 0, EndColumn = 0;
  bool contains(unsigned Line, unsigned Column) const {
    if (Line < BeginLine || Line > EndLine)
      return false;
    if (Line == BeginLine && Column < BeginColumn)
      return false;
    return !(Line == EndLine && Column > EndColumn);
  }
};

/// One kernel or device function definition, as lines and columns.
struct FunctionRange {
  std::string Name; ///< "kernel 'k' (k.cu:3)", as Coverage names it.
  std::string Identifier; ///< "k".
  std::string File; ///< Absolute.
  unsigned BeginLine = 0, BeginColumn = 0, EndLine = 0, EndColumn = 0;
  bool Kernel = false;
  bool Admitted = false; ///< Analysed (no error of its own in the AST).
  /// Where an error leaves the AST whole (Frontend/FunctionErrors'
  /// wholeDespiteErrors: inline asm nvcc accepts): an error there does not
  /// withdraw the function. In File.
  std::vector<SourceSpan> Whole;
  bool contains(llvm::StringRef F, unsigned Line, unsigned Column) const {
    if (F != File)
      return false;
    return SourceSpan{BeginLine, BeginColumn, EndLine, EndColumn}.contains(
        Line, Column);
  }
  /// Whether an error at this position leaves the function's AST whole.
  bool wholeDespite(llvm::StringRef F, unsigned Line, unsigned Column) const {
    if (F != File)
      return false;
    for (const SourceSpan &S : Whole)
      if (S.contains(Line, Column))
        return true;
    return false;
  }
};

/// Records \p R for \p MainFile (thread-safe).
void publishFunctionRange(llvm::StringRef MainFile, const FunctionRange &R);
/// Takes what was published for \p MainFile.
std::vector<FunctionRange> takeFunctionRanges(llvm::StringRef MainFile);

} // namespace warplint

#endif
