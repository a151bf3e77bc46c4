//===- SourceFiles.h - The text of the files findings point into -*- C++
//-*-===//
#ifndef WARPLINT_FINDINGS_SOURCEFILES_H
#define WARPLINT_FINDINGS_SOURCEFILES_H

#include "llvm/ADT/StringRef.h"
#include <string>
#include <utility>

namespace warplint {

/// 1-based line and byte column of \p Offset in \p File (0, 0 if unreadable).
std::pair<unsigned, unsigned> lineAndColumn(llvm::StringRef File,
                                            unsigned Offset);

/// The text of line \p Line (1-based) of \p File, without its newline; empty if
/// unreadable.
std::string sourceLine(llvm::StringRef File, unsigned Line);

} // namespace warplint

#endif
