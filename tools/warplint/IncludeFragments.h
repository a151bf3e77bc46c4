//===- IncludeFragments.h - Files analysed through an includer --*- C++ -*-===//
//
// Part of warplint. CUDA code is often not a translation unit of its own: a
// kernel .cu meant to be #included by the program's main .cu (Rodinia's
// srad_v1, bfs, heartwall, b+tree), a .cuh with template kernels. Parsed alone
// such a file fails (its types and macros come from the includer) or says
// little (its templates are never instantiated, its kernels never launched).
// This finds, for each such input, a translation unit that #includes it,
// directly or through other headers, so that the Runner can analyse it there
// and report its own findings (docs/compatibility.md "Include-only fragments
// and headers").
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_INCLUDEFRAGMENTS_H
#define WARPLINT_TOOLS_INCLUDEFRAGMENTS_H

#include "clang/Tooling/CompilationDatabase.h"
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace warplint {

/// The trees a run has indexed, kept across the searches of one run (each
/// tree is listed and read once per run).
struct FragmentTrees;
std::shared_ptr<FragmentTrees> makeFragmentTrees();

/// Where and how to look for includers.
struct FragmentSearch {
  /// Commands of the files (their -I directories resolve #includes) and the
  /// translation units the database lists (getAllFiles).
  const clang::tooling::CompilationDatabase *Compilations = nullptr;
  /// --source-root (absolute), or empty: the scan is bounded by the source
  /// root when it holds the file, else the git top level, else the current
  /// directory when it holds the file, else the file's parent directory.
  std::string SourceRoot;
  /// The run's inputs (absolute): preferred as includers (no extra parse).
  std::vector<std::string> Inputs;
  /// Of the inputs, those to find an includer for (absolute); empty: all of
  /// them. The others are still preferred as includers.
  std::vector<std::string> Searched;
  /// The result cache's directory, or empty: where each tree's index is kept
  /// between runs (one file per tree), so that a later search re-reads only
  /// the files whose size or modification time changed.
  std::string IndexDirectory;
  /// The trees indexed by earlier searches of this run, or null: every
  /// search lists and reads its trees.
  std::shared_ptr<FragmentTrees> Trees;
};

/// What the searches of a run did (--verbose).
struct FragmentSearchStats {
  unsigned Searched = 0;   ///< Inputs searched for an includer.
  unsigned FilesRead = 0;  ///< Sources and headers read for their #includes.
  unsigned FilesReused = 0; ///< Taken from a kept index, unchanged.
};

/// For each input that is not a translation unit of its own (not listed by
/// the compilation database) and that another file #includes: the
/// translation unit to analyse it through. Inputs with no includer are
/// absent (they are analysed alone, as before). Deterministic.
std::map<std::string, std::string>
findIncluders(const FragmentSearch &Search,
              FragmentSearchStats *Stats = nullptr);

/// Whether \p Name is a header (.cuh, .h, ...): never a translation unit by
/// itself, so always searched for an includer. Other inputs are searched only
/// when their own parse says an includer can matter (Runner.h).
bool isHeaderName(llvm::StringRef Name);

/// The nearest directory at or above \p Path holding a .git entry (the git
/// top level), or empty.
std::string gitTopLevel(llvm::StringRef Path);

} // namespace warplint

#endif
