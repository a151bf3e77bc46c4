//===- PythonSources.h - CUDA C++ held in Python strings --------*- C++ -*-===//
//
// `warplint model.py`: the CUDA C++ that a Python program compiles at run
// time, found in the string constants it passes to
// torch.utils.cpp_extension.load_inline(cuda_sources=...), CuPy's RawKernel
// and RawModule, and PyCUDA's SourceModule (docs/python.md). A small,
// deterministic scanner of Python's tokens and string literals: no Python at
// run time, no evaluation of the program. Each source becomes a virtual .cu
// file beside the .py; every position in what the analysis reports is mapped
// back to the line and column of the .py that holds that character.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_PYTHONSOURCES_H
#define WARPLINT_TOOLS_PYTHONSOURCES_H

#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace warplint {

struct RunResult;

/// One CUDA source a Python file hands to a compiler at run time.
struct EmbeddedCuda {
  /// What receives it: "load_inline cuda_sources", "RawKernel",
  /// "RawModule", "SourceModule".
  std::string Api;
  unsigned Line = 0, Column = 0; ///< The argument, in the .py (1-based).
  /// The source as the program builds it (load_inline's: torch's three
  /// #include lines, then the strings joined by newlines).
  std::string Text;
  /// PyOffsets[i]: the byte offset in the .py of the character Text[i]
  /// stands for (its literal's character; for what the scanner adds, the
  /// argument's); one more entry for the end.
  std::vector<unsigned> PyOffsets;
  /// Not empty: the value could not be read from the file (an f-string with
  /// replacement fields, a name bound to nothing the scanner reads, a
  /// string built by a call); Text is then empty.
  std::string Problem;
};

/// Every CUDA source in \p Python, in the order of the calls.
std::vector<EmbeddedCuda> findEmbeddedCuda(llvm::StringRef Python);

/// Whether \p Path names a Python file (.py, .pyi).
bool isPythonSourceName(llvm::StringRef Path);

/// The virtual .cu file the \p Index-th source of \p PyPath is parsed as:
/// beside the .py, so that its quoted #includes resolve there.
std::string embeddedSourcePath(llvm::StringRef PyPath, unsigned Index);

/// Maps positions in virtual files back to their .py files.
class EmbeddedSourceMap {
public:
  /// Registers \p Virtual, parsed from \p Source of \p PyPath, whose text is
  /// \p PyText.
  void add(const std::string &Virtual, const std::string &PyPath,
           const EmbeddedCuda &Source, llvm::StringRef PyText);
  bool empty() const { return Entries.empty(); }
  /// The .py a path stands for; \p Path itself if it is not virtual.
  std::string pyPathOf(const std::string &Path) const;
  /// Rewrites every position (findings, notes, errors, coverage) that lies
  /// in a virtual file into its .py; merges each .py's coverage records into
  /// one. Fix-its inside the virtual text are dropped: an edit of the C++
  /// is not an edit of the Python literal that spells it.
  void remap(RunResult &R) const;

  /// \p Text with each virtual file's name (and "name:line") replaced by
  /// its .py's: messages that name the file.
  std::string remapText(std::string Text) const;

private:
  struct Entry {
    std::string Virtual, PyPath;
    std::vector<unsigned> VirtualLineStarts, PyLineStarts, PyOffsets;
  };
  const Entry *find(const std::string &Path) const;
  std::vector<Entry> Entries;
};

} // namespace warplint

#endif
