//===- LineFilter.h - --line-filter and --diff -----------------*- C++ -*-===//
//
// Reporting only findings on some lines: clang-tidy's --line-filter JSON, or
// the lines a unified diff adds or changes (--diff REF runs git; --diff - reads
// the diff on stdin). A finding passes when its own location does, as in
// clang-tidy (notes elsewhere do not count).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_LINEFILTER_H
#define WARPLINT_TOOLS_LINEFILTER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <utility>
#include <vector>

namespace warplint {

/// Files, each with the lines whose findings are reported.
struct LineFilter {
  struct File {
    std::string Name; ///< Matched against the end of a finding's path.
    bool AllLines = false;
    std::vector<std::pair<unsigned, unsigned>> Ranges; ///< Inclusive.
  };
  std::vector<File> Files;

  /// True when a finding at \p Line of \p Path is reported: the first file
  /// whose name ends \p Path decides (clang-tidy's rule).
  bool passes(llvm::StringRef Path, unsigned Line) const;
  /// The files named, for --diff with no input file.
  std::vector<std::string> names() const;
};

/// clang-tidy's syntax:
/// [{"name":"a.cu","lines":[[1,3],[5,7]]},{"name":"b.cuh"}] (a file without
/// "lines": all of them).
llvm::Expected<LineFilter> parseLineFilter(llvm::StringRef Json);

/// The lines a unified diff adds or changes in the new files ("+++ b/path"),
/// named \p Root + path. Deleted files and pure deletions add nothing.
LineFilter lineFilterFromDiff(llvm::StringRef Diff, llvm::StringRef Root);

/// `git diff REF` of the working tree (the repository of the current
/// directory), as a filter with absolute paths. Errors: not a repository, an
/// unknown ref.
llvm::Expected<LineFilter> lineFilterFromGit(llvm::StringRef Ref);

} // namespace warplint

#endif
