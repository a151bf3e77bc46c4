//===- OutputFormats.h - The formats of --format, listed once ---*- C++ -*-===//
//
// Part of warplint. Every output format the binary writes, in one table: its
// name, what --help says of it, and its emitter. The option's help, the check
// of its value and the report's dispatch all read the table.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_OUTPUTFORMATS_H
#define WARPLINT_TOOLS_OUTPUTFORMATS_H

#include "Findings/Emitters.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace warplint {

/// One value of --format.
struct OutputFormat {
  llvm::StringRef Name;
  /// What --help adds after the name ("(GitLab Code Quality)"), or empty.
  llvm::StringRef Help;
  /// Writes the findings to a stream; null for the two that are not one
  /// call: clang's text (streamed per file as files finish) and the HTML
  /// report (a directory of pages, given with -o).
  void (*Emit)(llvm::raw_ostream &, llvm::ArrayRef<Finding>, const RunInfo &);
};

/// Every format, the default (clang) first.
llvm::ArrayRef<OutputFormat> outputFormats();
/// The format named \p Name, or null.
const OutputFormat *findOutputFormat(llvm::StringRef Name);
/// --format's help: "Output format: clang (default), sarif, ...".
llvm::StringRef outputFormatsHelp();
/// The names for an error message: "clang, sarif, ... or html".
std::string outputFormatNames();

} // namespace warplint

#endif
